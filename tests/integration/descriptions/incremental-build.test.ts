// Rebuilding a site: pages generated from an unchanged description are copied from the previous build
// (Astro's incremental build, keyed by site/reference/page-cache-key.ts) and come out byte for byte as
// rendered; a changed description renders them again, so no page is ever stale.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { cacheDirFor } from '../../../site/integrations/incremental-build.ts';
import { listFiles } from '../../../site/serving/build.ts';
import { buildDescription } from '../../support/built-pages.ts';
import { ROOT } from '../../support/server.ts';

const OUT = join(ROOT, '.test-dist', 'incremental');
const DIST = join(OUT, 'dist');
const SPEC = join(OUT, 'swagger-2.0.yaml');
after(() => rmSync(OUT, { recursive: true, force: true }));

/** Runs `astro build` of SPEC into DIST; returns how many routes Astro copied instead of rendering. */
function build(): number {
  const { status, output } = buildDescription(SPEC, DIST, { BUILD_DATE: '2026-06-01' });
  assert.equal(status, 0, output.slice(-3000));
  return (output.match(/\((?:cached|restored)\)/g) ?? []).length;
}

/** Every file of the published folder, by relative path, with its bytes. */
function snapshot(): Map<string, Buffer> {
  const dir = join(DIST, 'client');
  return new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f))]));
}

describe('a rebuild of the same description', { timeout: 900_000 }, () => {
  mkdirSync(OUT, { recursive: true });
  copyFileSync(join(ROOT, 'tests/fixtures/descriptions/swagger-2.0.yaml'), SPEC);
  // An earlier run of this test must not count as this run's previous build.
  rmSync(join(ROOT, cacheDirFor(relative(ROOT, DIST))), { recursive: true, force: true });

  let first: Map<string, Buffer>;

  test('the first build renders every page', () => {
    build();
    first = snapshot();
    const page = first.get('reference/add-pet/index.html')?.toString() ?? '';
    assert.match(page, /Add a new pet to the store/);
  });

  test('the second copies the generated pages, and the output is the same bytes', () => {
    const copied = build();
    assert.ok(copied >= 10, `only ${copied} routes copied from the previous build`);
    const second = snapshot();
    assert.deepEqual([...second.keys()], [...first.keys()], 'the same files');
    for (const [file, bytes] of first) {
      assert.ok(bytes.equals(second.get(file) ?? Buffer.alloc(0)), `${file} differs from the first build`);
    }
  });

  test('a changed description renders its pages again: no page is stale', () => {
    writeFileSync(
      SPEC,
      readFileSync(SPEC, 'utf8').replace('summary: Add a new pet to the store', 'summary: Register a pet'),
    );
    const copied = build();
    assert.equal(copied, 0, 'no generated page copied from the build of the other description');
    const third = snapshot();
    assert.match(third.get('reference/add-pet/index.html')?.toString() ?? '', /Register a pet/);
    assert.match(third.get('reference/add-pet.md')?.toString() ?? '', /Register a pet/);
    assert.doesNotMatch(third.get('reference/add-pet/index.html')?.toString() ?? '', /Add a new pet to the store/);
  });
});
