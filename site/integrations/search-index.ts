// The site's search index. Starlight runs Pagefind over every HTML file of the build in its
// `astro:build:done` hook; this module takes that step over (`cacheSearchIndex`) to run it the same way
// (`indexDirectory`) with three differences:
// - Pagefind's output depends only on the HTML it reads and Pagefind's version, so it is kept in
//   node_modules/.cache under a hash of those (`searchIndexKey`) and copied into `<dist>/pagefind/` when
//   a build produced the same pages;
// - a large site's pages ask for several indexes (reference/model/search-indexes.ts), each made or reused
//   on its own, since Pagefind cannot update an index: a rebuild after one page changed indexes again
//   only that page's share of the site;
// - it starts as soon as every page is written (`astro:build:generated`), beside the build's last steps,
//   rather than in Starlight's `astro:build:done` after them; with `PETSTORE_SEARCH_INDEX=after-build`,
//   `npm run build` (scripts/build.mjs) runs it once `astro build` has exited instead, so its memory and
//   the build's never add up.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  BUILD_CACHE,
  linkTree,
  publishEntry,
  type RememberedFile,
  rememberedDigests,
  temporaryName,
} from '../build-cache.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import {
  MAX_SEARCH_INDEXES,
  MERGED_INDEXES_FOLDER,
  searchIndexFolder,
  searchIndexOf,
} from '../reference/model/search-indexes.ts';
import { listFiles } from '../serving/build.ts';

/** Where indexes are kept between builds, relative to the project root. */
export const SEARCH_INDEX_CACHE = join(BUILD_CACHE, 'search-index');

/**
 * How many indexes the cache keeps (the most recently used ones): each index of eight sites built lately
 * (the tests build several descriptions; a large site has up to {@link MAX_SEARCH_INDEXES} indexes).
 */
export const SEARCH_INDEX_KEEP = 8 * MAX_SEARCH_INDEXES;

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

/** The HTML files Pagefind reads: every `.html` file of the output outside `pagefind/`, sorted. */
function htmlPages(dir: string): string[] {
  return listFiles(dir).filter((file) => file.endsWith('.html') && !file.startsWith(`${OUTPUT}/`));
}

/** A page Pagefind reads, as the index step knows it after reading it once. */
export interface PageDigest {
  /** its path in the output folder (`reference/list-pets/index.html`) */
  file: string;
  /** SHA-256 of its bytes */
  sha256: Buffer;
  /** its size in bytes and modification time in ms when it was read (`<size>:<mtimeMs>`, as serving/build.ts `precompress` stamps files) */
  stamp: string;
  /** the search indexes its `<site-search>` asks for (`data-search-indexes`, 1 without it); none without search */
  indexes?: number;
}

/** The attribute of `<site-search>` that says how many indexes a page's search merges (WithSearchScope.astro). */
const INDEXES_ATTRIBUTE = /\sdata-search-indexes="(\d+)"/;
const SEARCH_ELEMENT = Buffer.from('<site-search');

/**
 * Reads each page once: its digest and the search indexes it asks for. A page whose stamp is the one the
 * last build remembered (`remembered`, build-cache.ts `rememberedDigests`) is not read: its digest and
 * indexes are the remembered ones.
 * @param dir the build output folder (dist/client)
 * @param files its HTML pages, relative to it
 * @param remembered what the last build into `dir` remembered of its files, by path relative to it
 */
export function readPages(
  dir: string,
  files: readonly string[] = htmlPages(dir),
  remembered: ReadonlyMap<string, RememberedFile> = new Map(),
): PageDigest[] {
  return files.map((file) => {
    const path = join(dir, file);
    const { size, mtimeMs } = statSync(path);
    const stamp = `${size}:${mtimeMs}`;
    const known = remembered.get(file);
    if (known?.stamp === stamp && known.indexes !== undefined) {
      const page: PageDigest = { file, sha256: Buffer.from(known.sha256, 'hex'), stamp };
      if (known.indexes > 0) page.indexes = known.indexes;
      return page;
    }
    const bytes = readFileSync(path);
    const page: PageDigest = { file, sha256: createHash('sha256').update(bytes).digest(), stamp };
    const at = bytes.indexOf(SEARCH_ELEMENT);
    if (at >= 0) {
      const tag = bytes.toString('latin1', at, bytes.indexOf('>', at) + 1);
      page.indexes = Number(INDEXES_ATTRIBUTE.exec(tag)?.[1] ?? 1);
    }
    return page;
  });
}

/**
 * The cache key of a search index: SHA-256 over the versions of Pagefind and Starlight (which call
 * and configure it), this file, the index's place among the site's (`n` of `count`), and the path and
 * digest of every HTML file it reads. Any changed page gives another key.
 * @param pages the index's pages ({@link readPages})
 */
export function indexKey(pages: readonly PageDigest[], n = 0, count = 1): string {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  add('pagefind', packageVersion('pagefind'));
  add('starlight', packageVersion('@astrojs/starlight'));
  add('self', readFileSync(SELF));
  if (count > 1) add('index', `${n}/${count}`);
  for (const page of pages) add(page.file, page.sha256);
  return hash.digest('hex');
}

/**
 * The cache key of the search index of a whole output folder of one index ({@link indexKey} of every page).
 * @param dir the build output folder (dist/client)
 */
export function searchIndexKey(dir: string): string {
  return indexKey(readPages(dir));
}

/**
 * How many search indexes the pages ask for (1 when none says). Pages without a search element
 * (redirects) say nothing.
 * @throws {Error} naming two pages when they ask for different counts (a page kept from an earlier build
 *   whose count differs: its index would not be written)
 */
export function requestedIndexCount(pages: readonly PageDigest[]): number {
  let found: PageDigest | undefined;
  for (const page of pages) {
    if (page.indexes === undefined) continue;
    if (!found) found = page;
    else if (found.indexes !== page.indexes) {
      throw new Error(
        `the pages disagree on how many search indexes there are: ${found.file} asks for ${found.indexes}, ${page.file} for ${page.indexes}`,
      );
    }
  }
  return found?.indexes ?? 1;
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

/** Pagefind's Node API, as loaded for one run. */
type PagefindApi = typeof import('pagefind');

/** Seconds or milliseconds, as Starlight's log line writes them. */
const took = (ms: number) => (ms < 750 ? `${Math.round(ms)}ms` : `${(ms / 1e3).toFixed(2)}s`);

/**
 * Fails on Pagefind's errors, each logged.
 * @throws {Error} "Pagefind response contained errors."
 */
function checked<T extends { errors: string[] }>(response: T, logger: IndexLogger): T {
  if (response.errors.length > 0) {
    for (const error of response.errors) logger.error(`Pagefind error: ${error}`);
    throw new Error('Pagefind response contained errors.');
  }
  return response;
}

/**
 * Runs Pagefind over every HTML file of `client` into `<client>/pagefind/`, as Starlight's own
 * `astro:build:done` hook does (its `starlightPagefind`: the default index options, the whole output
 * folder, the same log lines), so the same pages give the same index whether it runs in the build or
 * after it.
 */
async function indexDirectory(pagefind: PagefindApi, client: string, logger: IndexLogger): Promise<void> {
  const started = performance.now();
  logger.info('Building search index with Pagefind...');
  const { index } = checked(await pagefind.createIndex(), logger);
  if (!index) throw new Error('Pagefind made no index.');
  const { page_count } = checked(await index.addDirectory({ path: client }), logger);
  logger.info(`Found ${page_count} HTML files.`);
  checked(await index.writeFiles({ outputPath: join(client, OUTPUT) }), logger);
  logger.info(`Finished building search index in ${took(performance.now() - started)}.`);
}

/** Characters a glob reads as syntax: a page whose path has one is given to Pagefind by its content. */
const GLOB_SYNTAX = /[\\{}[\]*?,!]/;

/**
 * Runs Pagefind over some of the HTML files of `client` (one of a large site's indexes) into `output`,
 * with the default index options: `addDirectory` over the whole folder with a glob naming the files, so
 * Pagefind reads them itself and makes each page's URL as for the whole folder (handing it every page's
 * content took twice as long); a file whose path a glob cannot name goes by `addHTMLFile` with its path.
 */
async function indexFiles(
  pagefind: PagefindApi,
  client: string,
  files: readonly string[],
  output: string,
  logger: IndexLogger,
): Promise<void> {
  const { index } = checked(await pagefind.createIndex(), logger);
  if (!index) throw new Error('Pagefind made no index.');
  const named = files.filter((file) => !GLOB_SYNTAX.test(file));
  if (named.length > 0) checked(await index.addDirectory({ path: client, glob: `{${named.join(',')}}` }), logger);
  for (const file of files.filter((f) => GLOB_SYNTAX.test(f))) {
    checked(await index.addHTMLFile({ sourcePath: file, content: readFileSync(join(client, file), 'utf8') }), logger);
  }
  checked(await index.writeFiles({ outputPath: output }), logger);
  await index.deleteIndex();
}

/**
 * Writes `<client>/pagefind/`: copied from the cache when an earlier build indexed the same pages
 * ({@link searchIndexKey}), else made by Pagefind and kept in the cache for the next build.
 *
 * A large site's pages ask for several indexes (`data-search-indexes`, reference/model/search-indexes.ts):
 * each page goes to one by its slug, the first is written into `pagefind/` and the others into
 * `pagefind/indexes/<n>/`, each reused from the cache or made on its own, so a rebuild that changed one
 * page runs Pagefind over that page's index only.
 * @param client the build's output folder for the browser (dist/client)
 * @param root the project root (the cache is below its node_modules)
 * @param logger where the progress goes (Starlight's `starlight:pagefind` lines, and whether the cache served)
 * @throws {Error} "Failed to run Pagefind." when Pagefind fails (nothing is kept in the cache then), or
 *   when the pages disagree on the number of indexes ({@link requestedIndexCount})
 */
export async function writeSearchIndex(client: string, root: string, logger: IndexLogger): Promise<PageDigest[]> {
  const cache = join(root, SEARCH_INDEX_CACHE);
  const pages = readPages(client, undefined, rememberedDigests(root, client));
  const count = requestedIndexCount(pages);
  const groups: PageDigest[][] = Array.from({ length: count }, () => []);
  for (const page of pages) groups[searchIndexOf(page.file, count)]?.push(page);
  const empty = groups.findIndex((group) => group.length === 0);
  if (count > 1 && empty >= 0) {
    throw new Error(
      `search index ${empty} of ${count} would hold no page: the pages ask for more indexes than they fill`,
    );
  }
  const output = join(client, OUTPUT);
  rmSync(output, { recursive: true, force: true });
  const started = performance.now();
  if (count > 1) logger.info(`Building search index with Pagefind: ${pages.length} HTML files in ${count} indexes...`);
  let pagefind: PagefindApi | undefined;
  const reused: number[] = [];
  try {
    for (const [n, group] of groups.entries()) {
      const key = indexKey(group, n, count);
      const entry = join(cache, key);
      const target = join(output, searchIndexFolder(n));
      if (existsSync(join(entry, 'pagefind-entry.json'))) {
        await linkTree(entry, target);
        // The folder's time marks the entry used (pruneCache keeps the most recent).
        const now = new Date();
        utimesSync(entry, now, now);
        if (count === 1) logger.info(`pages unchanged: Pagefind's index reused from ${entry}`);
        reused.push(n);
        continue;
      }
      pagefind ??= await import('pagefind');
      if (count === 1) await indexDirectory(pagefind, client, logger);
      else
        await indexFiles(
          pagefind,
          client,
          group.map((page) => page.file),
          target,
          logger,
        );
      if (!existsSync(join(target, 'pagefind-entry.json'))) continue;
      mkdirSync(cache, { recursive: true });
      // Copied beside and renamed, so a build stopped halfway never leaves a partial entry; the first
      // index's folder holds the others' below it, which are kept apart.
      const tmp = temporaryName(entry);
      await linkTree(target, tmp, new Set([join(target, MERGED_INDEXES_FOLDER)]));
      publishEntry(tmp, entry, true);
    }
    if (count > 1) {
      logger.info(
        `Finished building search index in ${took(performance.now() - started)}: ${pages.length} HTML files in ` +
          `${count} indexes (${groups.map((g) => g.length).join(', ')} pages), ${count - reused.length} made, ` +
          `${reused.length} unchanged and reused.`,
      );
    }
  } catch (cause) {
    throw new Error('Failed to run Pagefind.', { cause });
  } finally {
    await pagefind?.close();
  }
  if (existsSync(cache)) pruneCache(cache, SEARCH_INDEX_KEEP);
  return pages;
}

/**
 * The environment variable that moves the search index out of `astro build`: with the value
 * {@link AFTER_BUILD}, the build writes no `pagefind/` and `npm run build` (scripts/build.mjs) writes
 * it once `astro build` has exited, so that the build's memory and Pagefind's never add up (a machine
 * short of memory). By default (`in-build`) the index is made beside the build's last steps.
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

/** The search index this build is writing, for the steps that wait for it (site/build-context.ts). */
const WRITTEN = buildSlot('search.index-written', () => ({
  index: undefined as Promise<PageDigest[]> | undefined,
}));

/**
 * Settles when this build's search index, started as soon as the pages were written, is written (or has
 * failed: its own hook reports that); at once when none was started. The pages' precompression
 * (integrations/serving.ts) waits for it: Pagefind and the compression each keep both cores of a small
 * machine busy, and run together they took longer than one after the other.
 * @returns the pages the index read, with their digests (so the compression does not hash them again);
 *   none when no index was started or it failed
 */
export async function searchIndexWritten(): Promise<readonly PageDigest[]> {
  try {
    return (await currentBuild().state(WRITTEN).index) ?? [];
  } catch {
    // Its own hook reports the failure.
    return [];
  }
}

/**
 * Replaces Starlight's search index step (its `astro:build:done` hook, which only runs Pagefind) with
 * {@link writeSearchIndex}: reused from the cache when the build's HTML is the same as a build's
 * before, and left to `npm run build`'s step after the build when {@link indexAfterBuild}.
 *
 * Every page is written when `astro:build:generated` runs, so the index is started there and awaited in
 * Starlight's `astro:build:done` slot: it is made while the other integrations' last steps run (the Open
 * Graph images, the in-browser mock, the sitemap), and is written before the serving integration
 * compresses the output. A large site's indexes are made one after the other, each a small share of the
 * pages, so Pagefind's memory beside the build's stays small.
 * @param starlight the integration `starlight()` returned
 * @param root the project root (the cache is below its node_modules)
 * @returns the same integration object, its `astro:build:done` hook replaced and an `astro:build:generated` hook added
 */
export function cacheSearchIndex(starlight: AstroIntegration, root: string): AstroIntegration {
  if (!starlight.hooks['astro:build:done']) return starlight;
  let started: Promise<PageDigest[]> | undefined;
  const generated = starlight.hooks['astro:build:generated'];
  starlight.hooks['astro:build:generated'] = async (options) => {
    await generated?.(options);
    if (indexAfterBuild()) return;
    started = writeSearchIndex(fileURLToPath(options.dir), root, options.logger.fork('starlight:pagefind'));
    // Awaited in astro:build:done; until then a failure must not count as unhandled.
    started.catch(() => undefined);
    currentBuild().state(WRITTEN).index = started;
  };
  starlight.hooks['astro:build:done'] = async ({ dir, logger }) => {
    if (indexAfterBuild()) {
      logger.fork('petstore:search-index').info('the search index is written after the build (npm run build)');
      return;
    }
    await (started ?? writeSearchIndex(fileURLToPath(dir), root, logger.fork('starlight:pagefind')));
    started = undefined;
  };
  return starlight;
}
