// The build cache: what a build keeps between builds below node_modules/.cache/petstore-docs/ (the
// browser bundles, the search index, the compressed variants, the in-browser mock, the Open Graph
// cards), how an entry is named (`cacheKey`), written (`writeEntry`, `publishEntry`) and put into the
// output (`linkFromCache`, `linkTree`).
//
// Several writers may make the same entry at once: two output files with the same bytes compressed
// side by side, the in-browser mock's child process and the build itself, two builds of one checkout.
// So every write goes to a temporary name of its own (process, write and random part) and is renamed
// into place; an entry another writer finished first is simply used. A reader never sees half an entry.
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, renameSync, rmSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder of every build cache, relative to the project root. */
export const BUILD_CACHE = join('node_modules', '.cache', 'petstore-docs');

/**
 * The key of a build cache entry: SHA-256, hex, over parts each prefixed with its length, so that no
 * two different lists of parts give the same bytes to hash (`'ab', 'c'` and `'a', 'bc'` differ). Pure.
 * @param parts strings (UTF-8) or bytes, in a fixed order
 * @returns 64 hex digits
 */
export function cacheKey(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(`${part.length}\0`);
    hash.update(part);
  }
  return hash.digest('hex');
}

/**
 * A temporary name beside `path` that no other write uses, in this process or another: the final
 * name, the process id, a random part and `.tmp` (which cache pruning recognises as left by a stopped
 * write).
 */
export function temporaryName(path: string): string {
  return `${path}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
}

/**
 * Writes the cache entry `entry` (a file) with `body`: to a temporary name of its own, then renamed
 * into place, so a build stopped halfway never leaves a truncated entry and two writers of the same
 * entry never take each other's file. An entry that exists when the write ends was finished by
 * another writer with the same key (the same bytes): it is kept and this write dropped.
 * @param entry the entry's absolute path (its folder exists)
 * @param body the bytes
 * @throws {Error} when the file cannot be written (disk full, no permission)
 */
export async function writeEntry(entry: string, body: string | Uint8Array): Promise<void> {
  const tmp = temporaryName(entry);
  try {
    await writeFile(tmp, body);
    if (!existsSync(entry)) await rename(tmp, entry);
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * Moves a folder made under a temporary name (see {@link temporaryName}) into place as the cache
 * entry `entry`. A folder cannot replace a folder that holds files, so when another writer finished
 * the same entry first, that one is kept and `tmp` removed.
 * @param tmp the finished folder
 * @param entry the entry's absolute path
 * @param replace remove an existing entry first (an entry whose key does not decide all its content)
 * @returns true when `tmp` became the entry, false when another writer's entry was kept
 * @throws {Error} when the rename fails for another reason than an existing entry
 */
export function publishEntry(tmp: string, entry: string, replace = false): boolean {
  if (replace) rmSync(entry, { recursive: true, force: true });
  try {
    renameSync(tmp, entry);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if ((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(entry)) {
      rmSync(tmp, { recursive: true, force: true });
      return false;
    }
    throw err;
  }
}

/**
 * Puts a file kept in the build cache into the build output: a hard link, so no bytes are copied
 * (a large description has tens of megabytes of compressed variants and Open Graph images), or a copy
 * where links are refused (the output on another file system). An existing `dest` is removed first,
 * never written through: it may itself be a link to a kept file, and writing into it would change the
 * cache. Linking changes the kept file's change time (ctime), which cache pruning can read as "last used".
 * @param kept the cached file (absolute path)
 * @param dest where the output needs it (absolute path; its folder exists)
 */
export async function linkFromCache(kept: string, dest: string): Promise<void> {
  try {
    await link(kept, dest);
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return copyFile(kept, dest);
  }
  await rm(dest, { force: true });
  await linkFromCache(kept, dest);
}

/**
 * {@link linkFromCache} on the calling thread, for callers that link thousands of kept files at once
 * (a rebuild's precompressed variants): each file system call made synchronously costs a fraction of a
 * call's round trip through the thread pool.
 * @param kept the cached file (absolute path)
 * @param dest where the output needs it (absolute path; its folder exists)
 * @throws when `kept` does not exist (another build pruned it meanwhile) or cannot be read
 */
export function linkFromCacheSync(kept: string, dest: string): void {
  try {
    linkSync(kept, dest);
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      copyFileSync(kept, dest);
      return;
    }
  }
  rmSync(dest, { force: true });
  linkFromCacheSync(kept, dest);
}

/**
 * Puts a folder's files at the same places below `to`, each by {@link linkFromCache} (a hard link, or a
 * copy where links are refused): a cache entry of hundreds of files (a search index) goes into the
 * output, or from it into the cache, without copying its bytes. Neither side may be written through
 * afterwards; every writer of the cache and of the output replaces a file instead.
 * @param from the folder (absolute path)
 * @param to where its tree goes (absolute path; made, with every folder below it)
 * @param skip folders or files of `from` to leave out (absolute paths)
 */
export async function linkTree(from: string, to: string, skip: ReadonlySet<string> = new Set()): Promise<void> {
  await mkdir(to, { recursive: true });
  await Promise.all(
    (await readdir(from, { withFileTypes: true })).map(async (entry) => {
      const source = join(from, entry.name);
      if (skip.has(source)) return;
      const target = join(to, entry.name);
      if (entry.isDirectory()) await linkTree(source, target, skip);
      else await linkFromCache(source, target);
    }),
  );
}
