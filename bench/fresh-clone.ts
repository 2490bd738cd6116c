// What the build benchmarks (site.ts, build-scale.ts) do to measure a fresh clone's first build: clear
// every build cache of the site, then make what `npm ci` makes before any build (its `prepare` step); or
// clear every cache a build can find, prepared bundles included (`clearEveryCache`: a first build without
// `npm ci`'s prepare step, or a CI run whose cache missed).
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirFor } from '../site/integrations/incremental-build.ts';
import { ROOT } from '../tests/support/server.ts';

/**
 * Removes node_modules/.cache/petstore-docs (browser bundles, search index, precompression, in-browser
 * mock, Open Graph images) and the pages Astro's incremental build kept for each output folder.
 * @param outDirs the output folders (`DIST_DIR`s) the next builds write
 */
export function clearSiteCaches(outDirs: readonly string[]): void {
  rmSync(join(ROOT, 'node_modules', '.cache', 'petstore-docs'), { recursive: true, force: true });
  for (const dir of outDirs) rmSync(join(ROOT, cacheDirFor(dir)), { recursive: true, force: true });
}

/**
 * Runs what `npm ci` prepares for the build (scripts/prepare-bundles.mjs: Scalar's bundles, compressed).
 * @returns its wall time in seconds
 * @throws {Error} when it fails
 */
export function prepareAsNpmCi(): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'prepare-bundles.mjs'), '--quiet'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`scripts/prepare-bundles.mjs failed (exit ${r.status})`);
  return (performance.now() - t0) / 1000;
}

/** What {@link clearEveryCache} leaves in node_modules/.cache: the benchmarks' own downloads (GitHub's description), not a build cache. */
const BENCH_INPUTS = 'petstore-bench';

/**
 * Clears every cache a build can find, as a machine that never built the site has none: the output folders,
 * `.astro/`, `node_modules/.astro/` (Astro's incremental build, every output folder's), `node_modules/.vite/`
 * and `node_modules/.cache/` (the site's kept results, Scalar's bundles included: no `npm ci` prepare step
 * after it), except the benchmarks' own downloads there.
 * @param outDirs the output folders (`DIST_DIR`s) the next builds write
 */
export function clearEveryCache(outDirs: readonly string[]): void {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
  for (const dir of ['.astro', join('node_modules', '.astro'), join('node_modules', '.vite')]) {
    rmSync(join(ROOT, dir), { recursive: true, force: true });
  }
  const cache = join(ROOT, 'node_modules', '.cache');
  let entries: string[] = [];
  try {
    entries = readdirSync(cache);
  } catch {
    // no cache folder
  }
  for (const name of entries) if (name !== BENCH_INPUTS) rmSync(join(cache, name), { recursive: true, force: true });
}
