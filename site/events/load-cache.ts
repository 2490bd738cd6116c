/**
 * The loaded AsyncAPI descriptions kept between builds (node_modules/.cache/petstore-docs/event-descriptions/):
 * `@asyncapi/parser` (and `@asyncapi/converter` for 2.x) validates and resolves a description, which takes
 * the build about a second per description and loads the parser's whole module graph first. What the
 * loader returns is pure JSON (the text, the source, the upgrade and its resolved form, the model, the
 * warnings), so it is kept
 * as one JSON file per key, and a build whose event descriptions are unchanged runs no parser at all.
 *
 * The key ({@link eventLoadKey}) covers everything that decides the loader's answer: every file of the
 * description (the entry and each local file its `$ref`s reach, descriptions/asyncapi/files.ts) by path
 * and bytes, and the code that reads it ({@link eventLoaderDigest}: the description library's TypeScript
 * sources, this file, the lock file and the installed versions of the parser, the converter and the
 * specification's schemas). A load that fails is not kept: a broken description stops every build.
 *
 * The value a build uses is always the entry's JSON parsed, whether the entry was just written or read:
 * a build from scratch and a build from the cache read the very same value, so their pages are the
 * same bytes.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { eventDescriptionFiles } from '../../descriptions/asyncapi/files.ts';
import { type LoadedEventDescription, loadEventDescription } from '../../descriptions/asyncapi/load.ts';
import { BUILD_CACHE, cacheKey, writeEntry } from '../build-cache.ts';

/** The folder of the kept loads, relative to the project root. */
export const EVENT_LOAD_CACHE = join(BUILD_CACHE, 'event-descriptions');

/** Entries neither written nor read for this long (milliseconds, 14 days) are removed when an entry is written. */
export const EVENT_LOAD_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Bump when what an entry holds changes shape. */
const KEY_VERSION = 'event-description/1';

/** The packages whose code decides a load's answer besides ours. */
const PACKAGES = ['@asyncapi/parser', '@asyncapi/converter', '@asyncapi/specs'] as const;

/**
 * The key of a description's load: SHA-256 hex over the loader's digest and each file's absolute path and
 * bytes (a missing file counts as missing: creating it changes the key). Reads the files.
 * @param files the description's files, the entry first (descriptions/asyncapi/files.ts `eventDescriptionFiles`)
 * @param loader {@link eventLoaderDigest}
 */
export function eventLoadKey(files: readonly string[], loader: string): string {
  const parts: (string | Buffer)[] = [KEY_VERSION, loader];
  for (const file of files) parts.push(file, existsSync(file) ? readFileSync(file) : '\0missing');
  return cacheKey(...parts);
}

/** Every `.ts` file below `dir` (sorted, absolute). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) out.push(join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/**
 * SHA-256 hex over the code that makes a load's answer: every TypeScript source of `descriptions/` (the
 * loader, the model, the helpers they share), `site/events/load-cache.ts`, the lock file, and the
 * versions installed of the AsyncAPI parser, converter and specification schemas.
 * @param root the project root
 * @returns undefined when `root` holds no description library (a process started elsewhere: no cache)
 */
export function eventLoaderDigest(root: string): string | undefined {
  const library = join(root, 'descriptions');
  const self = join(root, 'site', 'events', 'load-cache.ts');
  if (!existsSync(join(library, 'asyncapi', 'load.ts')) || !existsSync(self)) return undefined;
  const parts: (string | Buffer)[] = [];
  for (const file of [...sources(library), self]) parts.push(file.slice(root.length), readFileSync(file));
  const lock = join(root, 'package-lock.json');
  parts.push('lock', existsSync(lock) ? readFileSync(lock) : '');
  for (const name of PACKAGES) {
    const manifest = join(root, 'node_modules', name, 'package.json');
    parts.push(name, existsSync(manifest) ? String(JSON.parse(readFileSync(manifest, 'utf8')).version) : '');
  }
  return cacheKey(...parts);
}

/** A load and where it came from. */
export interface CachedLoad {
  readonly loaded: LoadedEventDescription;
  /** true when the entry was read from the cache (no parser ran) */
  readonly cached: boolean;
}

/**
 * A description's load through the cache folder `dir`: the entry `key` parsed when it is there (and marked
 * used), else `load()`'s answer written as the entry and parsed back. An unreadable entry counts as absent.
 * @param dir the cache folder (absolute, or relative to the working directory)
 * @param key {@link eventLoadKey}
 * @param load the loader (descriptions/asyncapi `loadEventDescription` of the description)
 * @throws what `load` throws (nothing is written then)
 */
export async function cachedLoad(
  dir: string,
  key: string,
  load: () => Promise<LoadedEventDescription>,
): Promise<CachedLoad> {
  const entry = join(dir, `${key}.json`);
  if (existsSync(entry)) {
    try {
      const loaded = JSON.parse(readFileSync(entry, 'utf8')) as LoadedEventDescription;
      const now = new Date();
      utimesSync(entry, now, now);
      return { loaded, cached: true };
    } catch {
      // A damaged entry is made again below.
    }
  }
  const text = JSON.stringify(await load());
  mkdirSync(dir, { recursive: true });
  await writeEntry(entry, text);
  pruneEventLoads(dir);
  return { loaded: JSON.parse(text) as LoadedEventDescription, cached: false };
}

/**
 * Removes the entries of `dir` neither written nor read for `maxAgeMs`, and temporary files a stopped
 * write left.
 * @returns the number of files removed
 */
export function pruneEventLoads(dir: string, maxAgeMs = EVENT_LOAD_MAX_AGE_MS, now = Date.now()): number {
  let removed = 0;
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const file = join(dir, name);
    try {
      if (name.endsWith('.tmp') || now - statSync(file).mtimeMs > maxAgeMs) {
        rmSync(file, { force: true });
        removed++;
      }
    } catch {
      // Removed by another build meanwhile.
    }
  }
  return removed;
}

/** The loader's digest of each project root, computed once per process. */
const digests = new Map<string, string | undefined>();

/**
 * An AsyncAPI description loaded through the build cache of the project in the working directory: read
 * from node_modules/.cache/petstore-docs/event-descriptions/ when its files and the loader's code are
 * unchanged, else loaded with the parser and kept. Outside a project (no description library in the
 * working directory) it is loaded without the cache.
 * @param path the description's entry file (absolute)
 * @throws {DescriptionError} when the description cannot be loaded (file, line, column, pointer)
 */
export async function loadEventDescriptionCached(path: string): Promise<CachedLoad> {
  const root = process.cwd();
  if (!digests.has(root)) digests.set(root, eventLoaderDigest(root));
  const loader = digests.get(root);
  if (loader === undefined) {
    // The same JSON round trip as an entry's, so that the value is the same with or without the cache.
    return { loaded: JSON.parse(JSON.stringify(await loadEventDescription(path))), cached: false };
  }
  return cachedLoad(join(root, EVENT_LOAD_CACHE), eventLoadKey(eventDescriptionFiles(path), loader), () =>
    loadEventDescription(path),
  );
}
