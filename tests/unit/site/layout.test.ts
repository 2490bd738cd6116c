// The API value and the release record sit below the reference and the mock's hosts: site/apis decides
// an API's published releases and their files without a reference model, and site/changelog is the
// changelog's pure model; neither imports site/reference or site/mock/hosts. The build's shared state is
// kept in one module: only site/build-context.ts and the highlighter's pool touch globalThis.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every file below `folder` (relative to the root) with a TypeScript, JavaScript or Astro source. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|mjs|astro)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The files a source imports by relative path, relative to the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/\b(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    relative(ROOT, resolve(dirname(join(ROOT, file)), m[1] as string)),
  );
}

for (const folder of ['site/apis', 'site/changelog']) {
  test(`${folder} imports nothing of site/reference or the mock's hosts`, () => {
    const files = sources(folder);
    assert.ok(files.length > 0);
    const above = files.flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('site/reference/') || t.startsWith('site/mock/hosts/'))
        .map((t) => `${f} imports ${t}`),
    );
    assert.deepEqual(above, []);
  });
}

test("only the build context and the highlighter's pool keep state on globalThis", () => {
  const keeping = [...sources('site'), ...sources('descriptions'), ...sources('scripts')].filter((f) =>
    // Calling Node's `gc` (exposed with --expose-gc) reads globalThis and keeps nothing there.
    /Symbol\.for\(|globalThis\s*(?:as\s+(?!\{\s*gc\?)|\[)/.test(readFileSync(join(ROOT, f), 'utf8')),
  );
  assert.deepEqual(keeping.sort(), ['site/build-context.ts', 'site/reference/highlighter/pool.ts']);
});
