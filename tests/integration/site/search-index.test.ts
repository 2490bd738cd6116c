// The site's search index (site/integrations/search-index.ts): written by Pagefind in the build's last
// hook, or, under `npm run build` (scripts/build.mjs), after `astro build` has exited, so the two large
// processes never hold their memory at once; reused from the cache when the pages are the same. Runs
// Pagefind itself on a few pages (no site build).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  AFTER_BUILD,
  cacheSearchIndex,
  indexAfterBuild,
  SEARCH_INDEX_ENV,
  writeSearchIndex,
} from '../../../site/integrations/search-index.ts';
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

function withEnv<T>(value: string | undefined, run: () => T): T {
  const before = process.env[SEARCH_INDEX_ENV];
  if (value === undefined) delete process.env[SEARCH_INDEX_ENV];
  else process.env[SEARCH_INDEX_ENV] = value;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env[SEARCH_INDEX_ENV];
    else process.env[SEARCH_INDEX_ENV] = before;
  }
}

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

  test("the build's hook leaves the index to the step after the build when told to, and writes it otherwise", async () => {
    const root = join(work, 'root-hook');
    const starlight: AstroIntegration = {
      name: '@astrojs/starlight',
      hooks: { 'astro:build:done': async () => assert.fail("Starlight's own step is replaced") },
    };
    const hook = cacheSearchIndex(starlight, root).hooks['astro:build:done'];
    assert.ok(hook);
    const logged: string[] = [];
    const logger = { info: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
    const options = (client: string) =>
      ({ dir: pathToFileURL(`${client}/`), logger: { fork: () => logger } }) as unknown as Parameters<typeof hook>[0];

    const deferred = pages('deferred');
    await withEnv('after-build', () => hook(options(deferred)));
    assert.equal(existsSync(join(deferred, 'pagefind')), false, 'nothing written by the build');
    assert.match(logged.join('\n'), /written after the build/);

    const inBuild = pages('in-build');
    await withEnv(undefined, () => hook(options(inBuild)));
    assert.ok(existsSync(join(inBuild, 'pagefind', 'pagefind-entry.json')), 'written by the build');

    // What scripts/build.mjs then writes into the deferred output is the build's own index.
    await writeSearchIndex(deferred, root, lines().logger);
    assert.deepEqual(tree(join(deferred, 'pagefind')), tree(join(inBuild, 'pagefind')));
  });

  test('PETSTORE_SEARCH_INDEX takes after-build or in-build, and names a wrong value', () => {
    assert.equal(indexAfterBuild({}), false);
    assert.equal(indexAfterBuild({ [SEARCH_INDEX_ENV]: 'in-build' }), false);
    assert.equal(indexAfterBuild({ [SEARCH_INDEX_ENV]: 'after-build' }), true);
    // npm run build's script names the variable itself (it loads this module only after the build).
    const script = readFileSync(join(ROOT, 'scripts', 'build.mjs'), 'utf8');
    assert.ok(script.includes(`${SEARCH_INDEX_ENV}: '${AFTER_BUILD}'`), 'scripts/build.mjs sets it');
    assert.throws(
      () => indexAfterBuild({ [SEARCH_INDEX_ENV]: 'later' }),
      /PETSTORE_SEARCH_INDEX=later: expected after-build or in-build/,
    );
  });
});
