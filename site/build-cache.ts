// The build cache: what a build keeps between builds below node_modules/.cache/petstore-docs/ (the
// browser bundles, the search index, the compressed variants, the in-browser mock, the Open Graph
// cards), how an entry is named (`cacheKey`), written (`writeEntry`, `publishEntry`) and put into the
// output (`linkFromCache`, `linkTree`), and the digests of an output's files remembered for the next build
// (`rememberedDigests`, `rememberDigests`).
//
// Several writers may make the same entry at once: two output files with the same bytes compressed
// side by side, the in-browser mock's child process and the build itself, two builds of one checkout.
// So every write goes to a temporary name of its own (process, write and random part) and is renamed
// into place; an entry another writer finished first is simply used. A reader never sees half an entry.
import { createHash, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

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

/** Where the digests of an output folder's files are remembered between builds, relative to the project root. */
export const DIGESTS_CACHE = join(BUILD_CACHE, 'digests');

/** What a build remembers of one file of its output, for the next build into the same folder. */
export interface RememberedFile {
  /** `<size>:<mtimeMs>` of the file when it was read (as serving/build.ts `precompress` stamps files) */
  stamp: string;
  /** SHA-256 of its bytes, hex */
  sha256: string;
  /**
   * For a page the search index read: the search indexes its `<site-search>` asks for, 0 when it has
   * none (integrations/search-index.ts `readPages`); absent for the other files.
   */
  indexes?: number;
}

/** The file that remembers the digests of output folder `outDir`'s files. */
function digestsFile(root: string, outDir: string): string {
  return join(root, DIGESTS_CACHE, `${cacheKey(resolve(outDir))}.json`);
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The digests the last build remembered of the files of output folder `outDir` ({@link rememberDigests}),
 * by path relative to it. A rebuild puts most of its pages into the output as hard links to the files the
 * incremental build keeps (integrations/incremental-build.ts), and a link keeps its file's modification
 * time: a file whose stamp is still the one remembered has the bytes it had, and its digest is taken from
 * here instead of reading it again. A file written anew has another modification time and is read.
 * @param root the project root (the cache is below its node_modules)
 * @returns the remembered files; empty when nothing was remembered or the file cannot be read (an entry
 *   that is not one is left out)
 */
export function rememberedDigests(root: string, outDir: string): Map<string, RememberedFile> {
  const out = new Map<string, RememberedFile>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(digestsFile(root, outDir), 'utf8'));
  } catch {
    return out;
  }
  if (typeof parsed !== 'object' || parsed === null) return out;
  for (const [file, value] of Object.entries(parsed as Record<string, unknown>)) {
    const { stamp, sha256, indexes } = (value ?? {}) as Partial<Record<keyof RememberedFile, unknown>>;
    if (typeof stamp !== 'string' || typeof sha256 !== 'string' || !SHA256_HEX.test(sha256)) continue;
    if (indexes !== undefined && !(Number.isInteger(indexes) && (indexes as number) >= 0)) continue;
    out.set(file, indexes === undefined ? { stamp, sha256 } : { stamp, sha256, indexes: indexes as number });
  }
  return out;
}

/** An output folder's remembered digests not written for this long (milliseconds, 14 days) are removed. */
export const DIGESTS_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

/**
 * Remembers the digests of the files of output folder `outDir` for the next build
 * ({@link rememberedDigests}), in place of what was remembered before, so a file no longer in the output
 * is forgotten. Written under a temporary name and renamed, so a reader never sees half of it. What other
 * output folders remembered is removed once not written for {@link DIGESTS_MAX_AGE_MS} (a folder no
 * longer built, a test's temporary one).
 * @param files by path relative to `outDir`
 * @throws {Error} when the file cannot be written (disk full, no permission)
 */
export function rememberDigests(root: string, outDir: string, files: ReadonlyMap<string, RememberedFile>): void {
  const file = digestsFile(root, outDir);
  const folder = join(root, DIGESTS_CACHE);
  mkdirSync(folder, { recursive: true });
  const tmp = temporaryName(file);
  try {
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(files)));
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  const before = Date.now() - DIGESTS_MAX_AGE_MS;
  for (const entry of readdirSync(folder)) {
    const other = join(folder, entry);
    if ((statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY) < before) {
      rmSync(other, { force: true });
    }
  }
}
