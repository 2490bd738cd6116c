import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHighlighter } from 'shiki';
import { rememberingSearch, rememberScannerSearches } from '../../../site/integrations/highlighting.ts';

test('a scanner answers a question asked before from memory, and tells other questions apart', () => {
  let searches = 0;
  const search = function (this: object, string: string | { content: string }, start: number, options?: number) {
    searches += 1;
    const text = typeof string === 'string' ? string : string.content;
    return { index: searches, captureIndices: [{ start, end: text.length + (options ?? 0), length: 0 }] };
  };
  const remembered = rememberingSearch(search);
  const a = {};
  const b = {};
  const first = remembered.call(a, 'import requests', 0, 0);
  assert.equal(remembered.call(a, { content: 'import requests' }, 0, 0), first);
  assert.equal(searches, 1);
  for (const [scanner, string, start, options] of [
    [b, 'import requests', 0, 0],
    [a, 'import requests', 1, 0],
    [a, 'import requests', 0, 4],
    [a, 'import request', 0, 0],
  ] as const) {
    assert.notEqual(remembered.call(scanner, string, start, options), first);
  }
  assert.equal(searches, 5);
  // Flags beyond Oniguruma's four (1, 2, 4, 8) are asked every time, never confused with a position.
  remembered.call(a, 'import requests', 1, 16);
  remembered.call(a, 'import requests', 1, 16);
  assert.equal(searches, 7);
});

test('past its limit, a scanner forgets and searches again', () => {
  let searches = 0;
  const remembered = rememberingSearch(() => {
    searches += 1;
    return null;
  }, 2);
  const s = {};
  remembered.call(s, 'a', 0);
  remembered.call(s, 'b', 0);
  remembered.call(s, 'c', 0);
  remembered.call(s, 'a', 0);
  assert.equal(searches, 4);
});

test("Shiki's scanners remember their searches, and the tokens stay the same", async () => {
  const code = [
    'import requests\n\nresponse = requests.get("https://api.github.com/repos/%3Cowner%3E/issues")\nprint(response.json())',
    'curl https://api.github.com/repos/%3Cowner%3E/issues \\\n  --header "Authorization: Bearer $PETSTORE_TOKEN"',
    'const r = await fetch("https://x/" + id, { method: "DELETE" }) // ok\n/* a\n b */ console.log(r.status)',
  ];
  const tokens = async () => {
    const hl = await createHighlighter({ langs: ['python', 'sh', 'js'], themes: ['night-owl', 'min-light'] });
    const out = (['python', 'sh', 'js'] as const).flatMap((lang, i) =>
      (['night-owl', 'min-light', 'night-owl'] as const).map((theme) =>
        // No time limit: a busy machine must not cut a line's tokenizing short in one run and not the other.
        hl.codeToTokensBase(code[i] ?? '', { lang, theme, tokenizeTimeLimit: 0 }),
      ),
    );
    hl.dispose();
    return JSON.stringify(out);
  };
  const before = await tokens();
  // False would mean a Shiki release renamed the scanner's search: the build would highlight more slowly.
  assert.equal(await rememberScannerSearches(), true);
  assert.equal(await rememberScannerSearches(), true);
  assert.equal(await tokens(), before);
});
