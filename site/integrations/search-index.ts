// Build-time cache of Starlight's search index. Starlight runs Pagefind over every HTML file of the
// build in its `astro:build:done` hook; for a large description (GitHub's) that is a large part of
// every build and a second process of its own. Pagefind's output depends only
// on the HTML it reads and Pagefind's version, so it is kept in node_modules/.cache under a hash of
// those (`searchIndexKey`) and copied into `<dist>/pagefind/` when a build produced the same pages;
// otherwise Starlight's own hook runs and its output is kept for the next build.
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

/**
 * Wraps Starlight's integration so its search index (its `astro:build:done` hook, which only runs
 * Pagefind) is reused from the cache when the build's HTML is the same as a build's before.
 * @param starlight the integration `starlight()` returned
 * @param root the project root (the cache is below its node_modules)
 * @returns the same integration object, its `astro:build:done` hook wrapped
 */
export function cacheSearchIndex(starlight: AstroIntegration, root: string): AstroIntegration {
  const index = starlight.hooks['astro:build:done'];
  if (!index) return starlight;
  starlight.hooks['astro:build:done'] = async (options) => {
    const client = fileURLToPath(options.dir);
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
      options.logger.fork('petstore:search-index').info(`pages unchanged: Pagefind's index reused from ${entry}`);
      return;
    }
    await index(options);
    if (!existsSync(join(target, 'pagefind-entry.json'))) return;
    mkdirSync(cache, { recursive: true });
    // Copied beside and renamed, so a build stopped halfway never leaves a partial entry.
    const tmp = temporaryName(entry);
    cpSync(target, tmp, { recursive: true });
    publishEntry(tmp, entry, true);
    pruneCache(cache, SEARCH_INDEX_KEEP);
  };
  return starlight;
}
