// The folders of site/mock read in pipeline order: each imports only folders below it (the shared
// types, then the steps route, access, request, answer; the Petstore's behaviour above them; the
// composition at the root; the hosts on top), so no two folders import each other; and the general
// mock knows no API: only site/mock/behaviours.ts imports the Petstore's folder, and only that folder
// imports spec/ (the Petstore's error catalogue).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const MOCK = resolve(import.meta.dirname, '../../../site/mock');
/** The folders, lowest first ('' is site/mock itself). */
const ORDER = ['pipeline', 'route', 'access', 'request', 'answer', 'events', 'petstore', '', 'hosts'];

/** Every import of a file of site/mock into site/mock: [importing file, imported file], relative to site/mock. */
function imports(): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of readdirSync(MOCK, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\b(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), m[1] as string);
      if (target.startsWith(`${MOCK}/`)) out.push([relative(MOCK, file), relative(MOCK, target)]);
    }
  }
  return out;
}

const folderOf = (file: string): string => (file.includes('/') ? (file.split('/')[0] as string) : '');

test('every folder of site/mock imports only the folders below it in pipeline order', () => {
  const all = imports();
  assert.ok(all.length > 50, `found ${all.length} imports`);
  const upward = all.filter(([from, to]) => {
    const [a, b] = [ORDER.indexOf(folderOf(from)), ORDER.indexOf(folderOf(to))];
    assert.ok(a >= 0 && b >= 0, `${from} or ${to} is in a folder the order does not list`);
    return b > a;
  });
  assert.deepEqual(
    upward.map(([from, to]) => `${from} imports ${to}`),
    [],
  );
});

test('only site/mock/behaviours.ts plugs the Petstore into the general mock', () => {
  const outside = imports().filter(([from, to]) => folderOf(to) === 'petstore' && folderOf(from) !== 'petstore');
  assert.deepEqual(
    outside.map(([from]) => from),
    ['behaviours.ts'],
  );
});

test("the general mock imports nothing of the Petstore's spec/: only petstore/ reads its catalogue", () => {
  const SPEC = resolve(MOCK, '../../spec');
  const out: string[] = [];
  for (const entry of readdirSync(MOCK, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), m[1] as string);
      if (target.startsWith(`${SPEC}/`) && folderOf(relative(MOCK, file)) !== 'petstore')
        out.push(relative(MOCK, file));
    }
  }
  assert.deepEqual(out, []);
});
