// Rebuilding a site: pages generated from an unchanged description are copied from the previous build
// (Astro's incremental build, keyed by site/reference/page-cache-key.ts) and come out byte for byte as
// rendered; a change to one operation renders that operation's routes again (and the pages listing the
// whole description) and copies the other operations', tags' and schemas' pages, and every rebuild is byte
// for byte what a build from scratch of the same description gives: no page is ever stale.
import assert from 'node:assert/strict';
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { cacheDirFor } from '../../../site/integrations/incremental-build.ts';
import { assertSameOutput, buildDescription, builtRoutes, outputFiles } from '../../support/built-pages.ts';
import { ROOT } from '../../support/server.ts';

const OUT = join(ROOT, '.test-dist', 'incremental');
const DIST = join(OUT, 'dist');
const SPEC = join(OUT, 'swagger-2.0.yaml');
after(() => rmSync(OUT, { recursive: true, force: true }));

/** Runs `astro build` of SPEC into `dist` (default DIST): the routes it rendered and copied from the previous build. */
function build(dist = DIST): ReturnType<typeof builtRoutes> {
  const { status, output } = buildDescription(SPEC, dist, { BUILD_DATE: '2026-06-01' });
  assert.equal(status, 0, output.slice(-3000));
  return builtRoutes(output);
}

/** The same description built from scratch (an output folder of its own, so no previous build): its files. */
function fromScratch(): Map<string, Buffer> {
  const dist = join(OUT, 'scratch');
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(ROOT, cacheDirFor(relative(ROOT, dist))), { recursive: true, force: true });
  build(dist);
  const files = snapshot(dist);
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(ROOT, cacheDirFor(relative(ROOT, dist))), { recursive: true, force: true });
  return files;
}

/** Every file of the published folder, by relative path, with its bytes. */
function snapshot(dist = DIST): Map<string, Buffer> {
  return outputFiles(join(dist, 'client'));
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
    const { copied } = build();
    assert.ok(copied.length >= 10, `only ${copied.length} routes copied from the previous build`);
    assertSameOutput(snapshot(), first, 'the rebuild');
    // Linked from the kept copies, not copied.
    assert.ok(statSync(join(DIST, 'client/reference/add-pet/index.html')).nlink >= 2, 'a copied page is a hard link');
  });

  test("a change to one operation's description renders that operation's routes and copies the others'", () => {
    // The page as the previous output has it, linked from elsewhere (a deployed copy, say): the rebuild
    // that renders it again must not write through the kept copy the previous output links.
    const previous = join(DIST, 'client/reference/find-pets-by-status/index.html');
    const elsewhere = join(OUT, 'deployed-find-pets-by-status.html');
    rmSync(elsewhere, { force: true });
    linkSync(previous, elsewhere);
    const before = readFileSync(elsewhere);
    writeFileSync(
      SPEC,
      readFileSync(SPEC, 'utf8').replace(
        'summary: Finds pets by status',
        'summary: Finds pets by status\n      description: Changed by the incremental-build test.',
      ),
    );
    const { rendered, copied } = build();
    for (const route of ['/reference/find-pets-by-status/index.html', '/reference/find-pets-by-status.md']) {
      assert.ok(rendered.includes(route), `${route} rendered again`);
    }
    assert.ok(rendered.includes('/reference/tryit/find-pets-by-status.json'), 'its try-it document rendered again');
    // Other operations, the tag pages (which show summaries, not descriptions) and the schema pages.
    for (const route of [
      '/reference/add-pet/index.html',
      '/reference/add-pet.md',
      '/reference/get-inventory/index.html',
      '/reference/tags/pet/index.html',
      '/reference/tags/pet.md',
      '/reference/schemas/pet/index.html',
      '/reference/schemas/pet.md',
    ]) {
      assert.ok(copied.includes(route), `${route} copied from the previous build`);
    }
    const after = snapshot();
    assert.match(
      after.get('reference/find-pets-by-status/index.html')?.toString() ?? '',
      /Changed by the incremental-build test/,
    );
    assert.deepEqual(readFileSync(elsewhere), before, "the previous output's page keeps its bytes");
    assertSameOutput(after, fromScratch(), 'the rebuild after the change');
  });

  test('a changed summary renders again the pages that show it: no page is stale', () => {
    writeFileSync(
      SPEC,
      readFileSync(SPEC, 'utf8').replace('summary: Add a new pet to the store', 'summary: Register a pet'),
    );
    const { copied } = build();
    // The summary is in the sidebar of every page of its tag, and in the tag and index pages.
    for (const route of [
      '/reference/add-pet/index.html',
      '/reference/get-pet-by-id/index.html',
      '/reference/tags/pet/index.html',
    ]) {
      assert.ok(!copied.includes(route), `${route} rendered again`);
    }
    const after = snapshot();
    assert.match(after.get('reference/add-pet/index.html')?.toString() ?? '', /Register a pet/);
    assert.match(after.get('reference/add-pet.md')?.toString() ?? '', /Register a pet/);
    assert.doesNotMatch(after.get('reference/add-pet/index.html')?.toString() ?? '', /Add a new pet to the store/);
    assert.doesNotMatch(
      after.get('reference/get-inventory/index.html')?.toString() ?? '',
      /Add a new pet to the store/,
    );
    assertSameOutput(after, fromScratch(), 'the rebuild after the change');
  });
});
