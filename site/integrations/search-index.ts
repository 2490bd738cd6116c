// The site's search index. Starlight runs Pagefind over every HTML file of the build in its
// `astro:build:done` hook; this module takes that step over (`cacheSearchIndex`) to run it the same way
// (`runPagefind`) with two differences:
// - Pagefind's output depends only on the HTML it reads and Pagefind's version, so it is kept in
//   node_modules/.cache under a hash of those (`searchIndexKey`) and copied into `<dist>/pagefind/` when
//   a build produced the same pages;
// - under `npm run build` the step runs after `astro build` has exited (scripts/build.mjs,
//   `PETSTORE_SEARCH_INDEX=after-build`): for a large description Pagefind is a second process about as
//   large as the build's own, which in its last hook still holds everything the build made.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUILD_CACHE, publishEntry, temporaryName } from '../build-cache.ts';
import { listFiles } from '../serving/build.ts';

/** Where indexes are kept between builds, relative to the project root. */
export const SEARCH_INDEX_CACHE = join(BUILD_CACHE, 'search-index');

/** How many indexes the cache keeps (the most recently used ones): one per description built lately (the tests build several). */
export const SEARCH_INDEX_KEEP = 8;

/** The folder of the build output Pagefind writes (Starlight's `<dir>/pagefind/`). */
const OUTPUT = 'pagefind';

const SELF = fileURLToPath(import.meta.url);

/** The installed version of a package, or '' when it cannot be read. */
function packageVersion(name: string): string {
  try {
    const require = createRequire(SELF);
    return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    return '';
  }
}

/**
 * The cache key of a search index: SHA-256 over the versions of Pagefind and Starlight (which call
 * and configure it), this file, and the path and bytes of every HTML file Pagefind reads (every
 * `.html` file of the output outside `pagefind/`, sorted). Any changed page gives another key.
 * @param dir the build output folder (dist/client)
 */
export function searchIndexKey(dir: string): string {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  add('pagefind', packageVersion('pagefind'));
  add('starlight', packageVersion('@astrojs/starlight'));
  add('self', readFileSync(SELF));
  for (const file of listFiles(dir)) {
    if (file.endsWith('.html') && !file.startsWith(`${OUTPUT}/`)) add(file, readFileSync(join(dir, file)));
  }
  return hash.digest('hex');
}

/** Keeps the `keep` most recently used entries of the cache folder. */
function pruneCache(cache: string, keep: number): void {
  const entries = readdirSync(cache, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.endsWith('.tmp'))
    .map((e) => ({ path: join(cache, e.name), used: statSync(join(cache, e.name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const entry of entries.slice(keep)) rmSync(entry.path, { recursive: true, force: true });
}

/** A logger as Astro's integrations get it: the lines the search index writes. */
export interface IndexLogger {
  info(message: string): void;
  error(message: string): void;
}

/**
 * Runs Pagefind over every HTML file of `client` into `<client>/pagefind/`, as Starlight's own
 * `astro:build:done` hook does (its `starlightPagefind`: the default index options, the whole output
 * folder, the same log lines), so the same pages give the same index whether it runs in the build or
 * after it.
 * @throws {Error} "Failed to run Pagefind." with Pagefind's errors as its cause (each logged)
 */
async function runPagefind(client: string, logger: IndexLogger): Promise<void> {
  const pagefind = await import('pagefind');
  const check = <T extends { errors: string[] }>(response: T): T => {
    if (response.errors.length > 0) {
      for (const error of response.errors) logger.error(`Pagefind error: ${error}`);
      throw new Error('Pagefind response contained errors.');
    }
    return response;
  };
  try {
    const started = performance.now();
    logger.info('Building search index with Pagefind...');
    const { index } = check(await pagefind.createIndex());
    if (!index) throw new Error('Pagefind made no index.');
    const { page_count } = check(await index.addDirectory({ path: client }));
    logger.info(`Found ${page_count} HTML files.`);
    check(await index.writeFiles({ outputPath: join(client, OUTPUT) }));
    const ms = performance.now() - started;
    logger.info(`Finished building search index in ${ms < 750 ? `${Math.round(ms)}ms` : `${(ms / 1e3).toFixed(2)}s`}.`);
  } catch (cause) {
    throw new Error('Failed to run Pagefind.', { cause });
  } finally {
    await pagefind.close();
  }
}

/**
 * Writes `<client>/pagefind/`: copied from the cache when an earlier build indexed the same pages
 * ({@link searchIndexKey}), else made by Pagefind and kept in the cache for the next build.
 * @param client the build's output folder for the browser (dist/client)
 * @param root the project root (the cache is below its node_modules)
 * @param logger where the progress goes (Starlight's `starlight:pagefind` lines, and whether the cache served)
 * @throws {Error} when Pagefind fails (nothing is kept in the cache then)
 */
export async function writeSearchIndex(client: string, root: string, logger: IndexLogger): Promise<void> {
  const cache = join(root, SEARCH_INDEX_CACHE);
  const key = searchIndexKey(client);
  const entry = join(cache, key);
  const target = join(client, OUTPUT);
  if (existsSync(join(entry, 'pagefind-entry.json'))) {
    rmSync(target, { recursive: true, force: true });
    cpSync(entry, target, { recursive: true });
    // The folder's time marks the entry used (pruneCache keeps the most recent).
    const now = new Date();
    utimesSync(entry, now, now);
    logger.info(`pages unchanged: Pagefind's index reused from ${entry}`);
    return;
  }
  await runPagefind(client, logger);
  if (!existsSync(join(target, 'pagefind-entry.json'))) return;
  mkdirSync(cache, { recursive: true });
  // Copied beside and renamed, so a build stopped halfway never leaves a partial entry.
  const tmp = temporaryName(entry);
  cpSync(target, tmp, { recursive: true });
  publishEntry(tmp, entry, true);
  pruneCache(cache, SEARCH_INDEX_KEEP);
}

/**
 * The environment variable that moves the search index out of `astro build`: with the value
 * {@link AFTER_BUILD}, the build writes no `pagefind/` and `npm run build` (scripts/build.mjs) writes
 * it once `astro build` has exited. Pagefind holds about as much memory as the build's own process
 * for a large site, and in the build the two would hold it at once.
 */
export const SEARCH_INDEX_ENV = 'PETSTORE_SEARCH_INDEX';
/** The value of {@link SEARCH_INDEX_ENV} that leaves the index to the step after the build. */
export const AFTER_BUILD = 'after-build';

/**
 * Whether this build leaves its search index to the step after it ({@link SEARCH_INDEX_ENV}).
 * @throws {Error} when the variable has a value other than {@link AFTER_BUILD} or `in-build`
 */
export function indexAfterBuild(env: Record<string, string | undefined> = process.env): boolean {
  const value = env[SEARCH_INDEX_ENV];
  if (value === undefined || value === '' || value === 'in-build') return false;
  if (value === AFTER_BUILD) return true;
  throw new Error(`${SEARCH_INDEX_ENV}=${value}: expected ${AFTER_BUILD} or in-build`);
}

/**
 * Replaces Starlight's search index step (its `astro:build:done` hook, which only runs Pagefind) with
 * {@link writeSearchIndex}: reused from the cache when the build's HTML is the same as a build's
 * before, and left to `npm run build`'s step after the build when {@link indexAfterBuild}.
 * @param starlight the integration `starlight()` returned
 * @param root the project root (the cache is below its node_modules)
 * @returns the same integration object, its `astro:build:done` hook replaced
 */
export function cacheSearchIndex(starlight: AstroIntegration, root: string): AstroIntegration {
  if (!starlight.hooks['astro:build:done']) return starlight;
  starlight.hooks['astro:build:done'] = async ({ dir, logger }) => {
    if (indexAfterBuild()) {
      logger.fork('petstore:search-index').info('the search index is written after the build (npm run build)');
      return;
    }
    await writeSearchIndex(fileURLToPath(dir), root, logger.fork('starlight:pagefind'));
  };
  return starlight;
}
