// The build's code-sample highlighter (site/reference/highlighter/): Expressive Code's renderer made as
// Starlight's <Code> makes it, run on a worker thread, and the pages' check of its blocks
// (site/reference/sample-blocks.ts): a page uses a worker's block only once the same block, highlighted
// by the page itself, came out the same bytes for that page language and block language.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runningHighlighter, startHighlighter } from '../../../site/reference/highlighter/pool.ts';
import { createBlockRenderer, type HighlighterConfig } from '../../../site/reference/highlighter/renderer.ts';
import { blockKey, checkedBlock, workerBlock } from '../../../site/reference/sample-blocks.ts';
import { ROOT } from '../../support/server.ts';

const CONFIG: HighlighterConfig = {
  root: ROOT,
  defaultLang: 'en',
  locales: { root: 'en', fr: 'fr' },
  texts: { en: {}, fr: { copyButtonTooltip: 'Copier dans le presse-papiers', copyButtonCopied: 'Copié !' } },
};

const CURL = "curl -sS --fail-with-body 'https://api.example.com/v1/pets?limit=10'";
const PYTHON = 'import requests\n\nresponse = requests.get("https://api.example.com/v1/pets")\nprint(response.json())';

describe("the highlighter's renderer", () => {
  test("writes a block as Starlight writes a page's later block: highlighted, wrapped, with a copy button, without the page's stylesheet or script", async () => {
    const render = await createBlockRenderer(CONFIG);
    const html = await render({ code: PYTHON, lang: 'python', locale: 'en' });
    assert.match(html, /^<div class="expressive-code"><figure class="frame not-content">/);
    assert.match(html, /data-language="python"/);
    assert.match(html, /class="wrap"/, 'ec.config.mjs wraps lines');
    assert.match(html, /<button title="Copy to clipboard" data-copied="Copied!"/);
    // Two themes: each token carries the dark and the light colour.
    assert.match(html, /style="--0:#[0-9A-F]{6};--1:#[0-9A-F]{6}">import</);
    assert.doesNotMatch(html, /<link|<script|<style/);
  });

  test("speaks the page's language on the copy button, with Starlight's words for it", async () => {
    const render = await createBlockRenderer(CONFIG);
    const fr = await render({ code: CURL, lang: 'sh', locale: 'fr' });
    assert.match(fr, /<button title="Copier dans le presse-papiers" data-copied="Copié !"/);
    const en = await render({ code: CURL, lang: 'sh', locale: 'en' });
    assert.equal(en.replace('Copy to clipboard', 'Copier dans le presse-papiers').replace('Copied!', 'Copié !'), fr);
  });
});

describe('Ruby blocks', () => {
  // As @scalar/snippetz writes a Ruby sample's JSON body, and a heredoc of SQL, which Ruby's grammar embeds.
  const RUBY_JSON =
    'request = Net::HTTP::Post.new(url)\nrequest["Content-Type"] = \'application/json\'\nrequest.body = <<~JSON\n  {\n    "name": "Coco"\n  }\nJSON\n';
  const RUBY_SQL = "rows = db.exec(<<~SQL)\n  SELECT name FROM pets WHERE status = 'available'\nSQL\n";

  test("are highlighted as Expressive Code highlights them by itself, heredocs' embedded languages included", async () => {
    // The same options without ec.config.mjs's own loading of Ruby, in a folder whose packages are the project's.
    const stockRoot = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'ec-stock-'));
    try {
      const options = readFileSync(join(ROOT, 'ec.config.mjs'), 'utf8');
      const stockOptions = options.replace(/^ {4}langs: .*\n/m, '');
      assert.notEqual(stockOptions, options);
      writeFileSync(join(stockRoot, 'ec.config.mjs'), stockOptions);
      const ours = await createBlockRenderer(CONFIG);
      const stock = await createBlockRenderer({ ...CONFIG, root: stockRoot });
      for (const code of [RUBY_JSON, RUBY_SQL]) {
        assert.equal(
          await ours({ code, lang: 'ruby', locale: 'en' }),
          await stock({ code, lang: 'ruby', locale: 'en' }),
        );
      }
      // The SQL is coloured as SQL, not as one string.
      assert.match(await ours({ code: RUBY_SQL, lang: 'ruby', locale: 'en' }), /<span style="[^"]*">SELECT<\/span>/);
    } finally {
      rmSync(stockRoot, { recursive: true, force: true });
    }
  });

  test("load Ruby's grammars without the languages they only reference lazily", async () => {
    const { default: options } = (await import('../../../ec.config.mjs')) as {
      default: {
        shiki: { langs: Array<() => Promise<{ default: Array<{ name: string; embeddedLangsLazy?: string[] }> }>> };
      };
    };
    const grammars = (await Promise.all(options.shiki.langs.map(async (load) => (await load()).default))).flat();
    assert.ok(grammars.some((grammar) => grammar.name === 'ruby'));
    assert.ok(grammars.some((grammar) => grammar.name === 'sql'));
    assert.deepEqual(
      grammars.filter((grammar) => grammar.embeddedLangsLazy?.length).map((grammar) => grammar.name),
      [],
    );
  });
});

describe('the worker thread', () => {
  after(() => runningHighlighter()?.stop('the tests ended'));

  test('gives every block it was sent, as the renderer writes it, the one waited on first', async () => {
    const render = await createBlockRenderer(CONFIG);
    const highlighter = startHighlighter(CONFIG);
    const blocks = Array.from({ length: 40 }, (_, i) => ({
      key: blockKey('en', 'python', `${PYTHON}\n# ${i}`),
      code: `${PYTHON}\n# ${i}`,
      lang: 'python',
      locale: 'en',
    }));
    highlighter.add(blocks);
    const last = blocks.at(-1) as (typeof blocks)[number];
    // The last block sent, asked for at once: it is highlighted before most of the ones queued ahead of it.
    const html = await highlighter.take(last.key);
    assert.ok(
      highlighter.stats.highlighted < blocks.length / 2,
      `${highlighter.stats.highlighted} blocks were highlighted first`,
    );
    assert.equal(html, await render(last));
    const middle = blocks[20] as (typeof blocks)[number];
    assert.equal(await highlighter.take(middle.key), await render(middle));
    assert.equal(highlighter.take(blockKey('en', 'python', 'never sent')), undefined);
    highlighter.stop('done');
    assert.equal(runningHighlighter(), undefined);
    assert.equal(
      highlighter.take((blocks[30] as (typeof blocks)[number]).key),
      undefined,
      'a stopped worker has no blocks',
    );
  });

  test('a renderer that cannot be made stops it, saying why; a page waiting for a block highlights it itself', async () => {
    const root = mkdtempSync(join(tmpdir(), 'highlighter-'));
    try {
      writeFileSync(join(root, 'ec.config.mjs'), "throw new Error('broken options file');\n");
      const highlighter = startHighlighter({ ...CONFIG, root });
      highlighter.add([{ key: blockKey('en', 'sh', CURL), code: CURL, lang: 'sh', locale: 'en' }]);
      assert.equal(await highlighter.take(blockKey('en', 'sh', CURL)), undefined);
      assert.match(highlighter.stats.stopped ?? '', /renderer could not be made: broken options file/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the pages' check of the worker's blocks", () => {
  after(() => runningHighlighter()?.stop('the tests ended'));

  const send = (codes: string[], lang = 'sh', pageLang = 'en') => {
    const highlighter = runningHighlighter() ?? startHighlighter(CONFIG);
    const blocks = codes.map((code) => ({ key: blockKey(pageLang, lang, code), code, lang, locale: pageLang }));
    highlighter.add(blocks);
    return blocks.map((b) => b.key);
  };

  test('the first block of a page language and block language is checked; once the same, the others of the pair are not', async () => {
    const [a, b] = send([`${CURL} # a`, `${CURL} # b`]) as [string, string];
    const first = await workerBlock(a);
    assert.equal(first?.unchecked, true);
    checkedBlock(a, first?.html ?? '', first?.html ?? '');
    assert.equal((await workerBlock(b))?.unchecked, false);
    // Another page language, or another block language: checked again.
    const [fr] = send([`${CURL} # a`], 'sh', 'fr') as [string];
    assert.equal((await workerBlock(fr))?.unchecked, true);
    const [js] = send(['fetch("/pets")'], 'js') as [string];
    assert.equal((await workerBlock(js))?.unchecked, true);
  });

  test("a worker's block unlike the page's own stops the worker for the build: every later block is the page's", async () => {
    const [c, d] = send([`${CURL} # c`, `${CURL} # d`], 'bash') as [string, string];
    const worker = await workerBlock(c);
    assert.ok(worker);
    const highlighter = runningHighlighter();
    // Astro's slots render to a String object: compared as text, the same bytes pass.
    checkedBlock(c, worker.html, new String(worker.html) as unknown as string);
    assert.equal(runningHighlighter(), highlighter);
    checkedBlock(c, worker.html, worker.html.replace('curl', 'wget'));
    assert.equal(runningHighlighter(), undefined);
    assert.match(highlighter?.stats.stopped ?? '', /block differed from the page's \(en, bash\)/);
    assert.equal(await workerBlock(d), undefined);
  });
});
