// The Markdown twins as served: absolute links on the site (never inside code), and the agents'
// directive under the title (Agent-Friendly Documentation Spec: link portability, llms.txt directive).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { markdownTwin } from '../../../site/agents/directive.ts';
import { absoluteLinks } from '../../../site/agents/links.ts';

const SITE = 'https://docs.example.com/';

describe('absoluteLinks', () => {
  test('inline links, images and definitions become absolute', () => {
    assert.equal(
      absoluteLinks('See [a](/a.md), ![i](/i.png) and [b](</b c.md>).\n[d]: /d.md', SITE),
      'See [a](https://docs.example.com/a.md), ![i](https://docs.example.com/i.png) and [b](<https://docs.example.com/b c.md>).\n[d]: https://docs.example.com/d.md',
    );
  });
  test('absolute, protocol-relative and fragment links are kept', () => {
    const md = '[x](https://x.example/a) [y](//cdn.example/y) [z](#z) [w](mailto:w@example.com)';
    assert.equal(absoluteLinks(md, SITE), md);
  });
  test('code spans and fenced blocks are left as written', () => {
    const md = 'Use `[a](/a)` or ``[b](/b)``, not [c](/c).\n\n```md\n[d](/d)\n```\n\n~~~\n[e](/e)\n~~~\n[f](/f)';
    assert.equal(
      absoluteLinks(md, SITE),
      'Use `[a](/a)` or ``[b](/b)``, not [c](https://docs.example.com/c).\n\n```md\n[d](/d)\n```\n\n~~~\n[e](/e)\n~~~\n[f](https://docs.example.com/f)',
    );
  });
});

describe('markdownTwin', () => {
  test('the directive follows the title, names llms.txt and the page, and every link is absolute', () => {
    const md = markdownTwin('# List pets\n\nSee [Pet](/reference/schemas/pet.md).\n', '/reference/list-pets.md', SITE);
    const [title, blank, directive] = md.split('\n');
    assert.equal(title, '# List pets');
    assert.equal(blank, '');
    assert.match(directive ?? '', /^> For AI agents: .*\[llms\.txt\]\(https:\/\/docs\.example\.com\/llms\.txt\)/);
    assert.match(directive ?? '', /\(https:\/\/docs\.example\.com\/reference\/list-pets\.md\)/);
    assert.match(md, /\[Pet\]\(https:\/\/docs\.example\.com\/reference\/schemas\/pet\.md\)/);
  });
  test('a page without an H1 gets the directive first', () => {
    assert.match(markdownTwin('Hello', '/x.md', SITE), /^> For AI agents: /);
  });
});
