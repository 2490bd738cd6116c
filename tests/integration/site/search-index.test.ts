// The site's search index (site/integrations/search-index.ts): written by Pagefind beside the build's last
// steps, or, with PETSTORE_SEARCH_INDEX=after-build under `npm run build` (scripts/build.mjs), after
// `astro build` has exited; reused from the cache when the pages are the same; a large site's split into
// several indexes, each reused or made on its own. Runs Pagefind itself on a few pages (no site build).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import {
  AFTER_BUILD,
  cacheSearchIndex,
  indexAfterBuild,
  SEARCH_INDEX_ENV,
  writeSearchIndex,
} from '../../../site/integrations/search-index.ts';
import { searchIndexOf } from '../../../site/reference/model/search-indexes.ts';
import { ROOT } from '../../support/server.ts';

const work = mkdtempSync(join(tmpdir(), 'petstore-search-index-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** An output folder of three pages, as the build writes them (Starlight marks the searchable part). */
function pages(name: string): string {
  const client = join(work, name, 'client');
  const written: Array<[path: string, title: string, text: string]> = [
    ['index.html', 'Petstore API', 'Adopt a pet from the store.'],
    ['reference/list-pets/index.html', 'List pets', 'Returns every pet in the store, a page at a time.'],
    ['reference/create-pet/index.html', 'Create a pet', 'Adds a pet; its name is required.'],
  ];
  for (const [path, title, text] of written) {
    const file = join(client, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(
      file,
      `<!doctype html><html lang="en"><title>${title}</title><main data-pagefind-body><h1>${title}</h1><p>${text}</p></main></html>`,
    );
  }
  return client;
}

const lines = () => {
  const seen: string[] = [];
  return { seen, logger: { info: (m: string) => seen.push(m), error: (m: string) => seen.push(`error: ${m}`) } };
};

/** Every file below a folder with its bytes, by relative path. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out.set(join(e.parentPath, e.name).slice(dir.length), readFileSync(join(e.parentPath, e.name), 'hex'));
  }
  return out;
}

/** Runs `run` with PETSTORE_SEARCH_INDEX set to `value` (unset: undefined) until what it returns has settled. */
async function withEnv<T>(value: string | undefined, run: () => T | Promise<T>): Promise<T> {
  const before = process.env[SEARCH_INDEX_ENV];
  if (value === undefined) delete process.env[SEARCH_INDEX_ENV];
  else process.env[SEARCH_INDEX_ENV] = value;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env[SEARCH_INDEX_ENV];
    else process.env[SEARCH_INDEX_ENV] = before;
  }
}

/** The slugs of a large site's pages: enough that each of three indexes gets some; one a glob cannot name. */
const SLUGS = [
  'list-pets',
  'create-pet',
  'get-pet',
  'delete-pet',
  'update-pet',
  'list-orders',
  'place-order',
  'get-order',
  'cancel-order',
  'get-inventory',
  'create-user',
  'login-user',
  'logout-user',
  'get-user',
  'odd,{pets}[1]',
];

/** An output folder of a site whose pages ask for `count` search indexes, each page in English and French. */
function largeSite(name: string, count: number | ((file: string) => number)): { client: string; files: string[] } {
  const client = join(work, name, 'client');
  const files: string[] = [];
  for (const slug of SLUGS) {
    for (const [prefix, lang] of [
      ['', 'en'],
      ['fr/', 'fr'],
    ] as const) {
      const file = `${prefix}reference/${slug}/index.html`;
      const n = typeof count === 'number' ? count : count(file);
      const search = `<site-search data-search-indexes="${n}" data-translations="{}"></site-search>`;
      mkdirSync(join(client, file, '..'), { recursive: true });
      writeFileSync(
        join(client, file),
        `<!doctype html><html lang="${lang}"><title>${slug}</title><header>${search}</header>` +
          `<main data-pagefind-body><h1>${slug}</h1><p>The ${slug.replace('-', ' ')} operation (${lang}).</p></main></html>`,
      );
      files.push(file);
    }
  }
  return { client, files };
}

/** The URLs of the pages an index folder holds (its fragments: gzip, then Pagefind's signature, then JSON). */
function indexedUrls(dir: string): string[] {
  return readdirSync(join(dir, 'fragment'))
    .map((f) => {
      const bytes = gunzipSync(readFileSync(join(dir, 'fragment', f)));
      return (JSON.parse(bytes.subarray(bytes.indexOf('{')).toString()) as { url: string }).url;
    })
    .sort();
}

/** A page's URL as Pagefind writes it: its folder, braces percent-encoded (as Pagefind's addDirectory does). */
const urlOf = (file: string) => `/${file.replace(/index\.html$/, '')}`.replaceAll('{', '%7B').replaceAll('}', '%7D');

describe('the search index', () => {
  test('Pagefind indexes every page, and the same pages later get the same index from the cache', async () => {
    const root = join(work, 'root-cache');
    const first = pages('first');
    const made = lines();
    await writeSearchIndex(first, root, made.logger);
    assert.ok(existsSync(join(first, 'pagefind', 'pagefind-entry.json')), 'pagefind/ written');
    assert.ok(made.seen.includes('Found 3 HTML files.'), made.seen.join('\n'));
    const second = pages('second');
    const reused = lines();
    await writeSearchIndex(second, root, reused.logger);
    assert.match(reused.seen.join('\n'), /Pagefind's index reused/);
    assert.deepEqual(tree(join(second, 'pagefind')), tree(join(first, 'pagefind')));
    // One changed page is another index.
    const third = pages('third');
    writeFileSync(join(third, 'index.html'), '<!doctype html><main data-pagefind-body><h1>Orders</h1></main>');
    const again = lines();
    await writeSearchIndex(third, root, again.logger);
    assert.ok(again.seen.includes('Found 3 HTML files.'), again.seen.join('\n'));
  });

  test('the build starts the index once its pages are written, before its last steps end; or leaves it to the step after the build when told to', async () => {
    const root = join(work, 'root-hook');
    const starlight: AstroIntegration = {
      name: '@astrojs/starlight',
      hooks: { 'astro:build:done': async () => assert.fail("Starlight's own step is replaced") },
    };
    const hooks = cacheSearchIndex(starlight, root).hooks;
    const generated = hooks['astro:build:generated'];
    const done = hooks['astro:build:done'];
    assert.ok(generated && done);
    const logged: string[] = [];
    const logger = { info: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
    const options = (client: string) =>
      ({ dir: pathToFileURL(`${client}/`), logger: { fork: () => logger } }) as unknown as Parameters<typeof done>[0] &
        Parameters<typeof generated>[0];

    const deferred = pages('deferred');
    await withEnv('after-build', async () => {
      await generated(options(deferred));
      await done(options(deferred));
    });
    assert.equal(existsSync(join(deferred, 'pagefind')), false, 'nothing written by the build');
    assert.match(logged.join('\n'), /written after the build/);

    // Started when the pages are written: the index appears while the build's last steps still run.
    const inBuild = pages('in-build');
    await withEnv(undefined, () => generated(options(inBuild)));
    const entry = join(inBuild, 'pagefind', 'pagefind-entry.json');
    for (let waited = 0; !existsSync(entry) && waited < 20_000; waited += 50) await setTimeout(50);
    assert.ok(existsSync(entry), 'written before astro:build:done');
    await withEnv(undefined, () => done(options(inBuild)));
    assert.ok(existsSync(entry), 'written by the build');

    // What scripts/build.mjs then writes into the deferred output is the build's own index.
    await writeSearchIndex(deferred, root, lines().logger);
    assert.deepEqual(tree(join(deferred, 'pagefind')), tree(join(inBuild, 'pagefind')));
  });

  test('PETSTORE_SEARCH_INDEX takes after-build or in-build, and names a wrong value', () => {
    assert.equal(indexAfterBuild({}), false);
    assert.equal(indexAfterBuild({ [SEARCH_INDEX_ENV]: 'in-build' }), false);
    assert.equal(indexAfterBuild({ [SEARCH_INDEX_ENV]: 'after-build' }), true);
    // npm run build's script names the variable and its value itself (it loads this module only after the build).
    const script = readFileSync(join(ROOT, 'scripts', 'build.mjs'), 'utf8');
    assert.ok(script.includes(`process.env.${SEARCH_INDEX_ENV} === '${AFTER_BUILD}'`), 'scripts/build.mjs reads it');
    assert.throws(
      () => indexAfterBuild({ [SEARCH_INDEX_ENV]: 'later' }),
      /PETSTORE_SEARCH_INDEX=later: expected after-build or in-build/,
    );
  });

  test("a large site's pages go to the indexes they ask for, with their translations, and a rebuild makes again only the changed page's index", async () => {
    const root = join(work, 'root-large');
    const { client, files } = largeSite('large', 3);
    const made = lines();
    await writeSearchIndex(client, root, made.logger);
    const log = made.seen.join('\n');
    assert.match(log, /30 HTML files in 3 indexes \(\d+, \d+, \d+ pages\), 3 made, 0 unchanged and reused/);
    const folders = [join(client, 'pagefind'), join(client, 'pagefind/indexes/1'), join(client, 'pagefind/indexes/2')];
    const held = folders.map(indexedUrls);
    // Every page is in exactly the index its slug names, and nowhere else; each index holds both languages.
    assert.deepEqual(held.flat().sort(), files.map(urlOf).sort());
    for (const file of files) assert.ok(held[searchIndexOf(file, 3)]?.includes(urlOf(file)), file);
    const holder = (url: string) => held.findIndex((urls) => urls.includes(url));
    for (const slug of SLUGS) {
      assert.equal(holder(urlOf(`fr/reference/${slug}/`)), holder(urlOf(`reference/${slug}/`)), slug);
    }
    for (const folder of folders) {
      const entry = JSON.parse(readFileSync(join(folder, 'pagefind-entry.json'), 'utf8')) as { languages: object };
      assert.deepEqual(Object.keys(entry.languages).sort(), ['en', 'fr'], folder);
    }
    // The first index's cache entry holds that index only, not the others below it.
    const second = largeSite('large-again', 3).client;
    await writeSearchIndex(second, root, lines().logger);
    assert.deepEqual(tree(join(second, 'pagefind')), tree(join(client, 'pagefind')));

    // One page changed: its index is made again, the two others come from the cache.
    const changed = 'reference/get-pet/index.html';
    const third = largeSite('large-changed', 3).client;
    writeFileSync(
      join(third, changed),
      readFileSync(join(third, changed), 'utf8').replace('</p>', ' Now with its vaccinations.</p>'),
    );
    const again = lines();
    await writeSearchIndex(third, root, again.logger);
    assert.match(again.seen.join('\n'), /3 indexes .*, 1 made, 2 unchanged and reused/);
    const n = searchIndexOf(changed, 3);
    for (const [i, folder] of ['pagefind', 'pagefind/indexes/1', 'pagefind/indexes/2'].entries()) {
      const same = JSON.stringify([...tree(join(third, folder))].filter(([f]) => !f.startsWith('/indexes/')));
      const before = JSON.stringify([...tree(join(client, folder))].filter(([f]) => !f.startsWith('/indexes/')));
      if (i === n) assert.notEqual(same, before, `index ${i} holds the change`);
      else assert.equal(same, before, `index ${i} is the cached one`);
    }
  });

  test('pages that disagree on the number of indexes stop the step, naming two of them', async () => {
    const { client } = largeSite('disagree', (file) => (file.startsWith('fr/') ? 2 : 3));
    await assert.rejects(
      writeSearchIndex(client, join(work, 'root-disagree'), lines().logger),
      /the pages disagree on how many search indexes there are: .*index\.html asks for \d, .*index\.html for \d/,
    );
  });
});
