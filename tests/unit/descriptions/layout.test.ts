// The description library stands alone: every part of the repository imports it, and it imports
// nothing of theirs (no file under site/, spec/, tools/, scripts/ or anywhere else outside its folder),
// so any API's description (the Petstore's is only one) goes through it the same way.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../../..');
const LIBRARY = join(ROOT, 'descriptions');

/** Every relative import (static, dynamic, `new URL`) of a file under `folder`: [file, target], relative to the root. */
function relativeImports(folder: string): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|js|mjs)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:\b(?:from|import)\s*\(?\s*|new URL\(\s*)'(\.{1,2}\/[^']+)'/g)) {
      out.push([relative(ROOT, file), relative(ROOT, resolve(dirname(file), m[1] as string))]);
    }
  }
  return out;
}

test('descriptions/ imports nothing from outside its own folder', () => {
  const all = relativeImports(LIBRARY);
  assert.ok(all.length > 20, `found ${all.length} imports`);
  const outside = all.filter(([, target]) => !target.startsWith('descriptions/'));
  assert.deepEqual(
    outside.map(([file, target]) => `${file} imports ${target}`),
    [],
  );
});

test('spec/ parses no description: its modules import no loader, overlay or walk of the library', () => {
  const parsing = relativeImports(join(ROOT, 'spec')).filter(([, target]) =>
    /^descriptions\/(loader|overlay)\b/.test(target),
  );
  assert.deepEqual(
    parsing.map(([file, target]) => `${file} imports ${target}`),
    [],
  );
});
