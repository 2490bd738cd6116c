// The file-system side of the serving rules (rules.ts): reads a built dist/client to get the
// policy inputs, writes the precompressed `.br`/`.gz` files and `_headers`. Used by the build
// (site/integrations/serving.ts) and by scripts/serve.ts at start-up, so both derive the same
// policy from the same files.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { BUILD_CACHE, linkFromCache, linkFromCacheSync, writeEntry } from '../build-cache.ts';
import {
  COMPRESSIBLE,
  headersFile,
  headersFileProblems,
  inlineScriptHashes,
  MIN_COMPRESS_BYTES,
  type PolicyInputs,
  serverOrigins,
} from './rules.ts';

/**
 * The folder of the prerendering's server chunks, which Astro writes into a static build's output folder
 * and deletes once the pages are written (astro/dist/prerender/utils.js `getPrerenderOutputDirectory`):
 * never part of the site, and still there when the build's last steps start reading the output.
 */
export const ASTRO_PRERENDER_DIR = '.prerender';

/**
 * Every file below `dir`, as paths relative to it with `/` separators, sorted; Astro's
 * {@link ASTRO_PRERENDER_DIR} at its top is left out.
 */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (d === dir && entry.name === ASTRO_PRERENDER_DIR) continue;
      const abs = join(d, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isFile()) out.push(relative(dir, abs).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

const SCRIPT_OPEN = [Buffer.from('<script'), Buffer.from('<SCRIPT')];
const SCRIPT_CLOSE = [Buffer.from('</script'), Buffer.from('</SCRIPT')];

/**
 * Finds the first of several byte strings from a position on, each searched again only when the
 * position passes its last hit: a needle that is absent (upper-case tags, usually) is searched once per
 * file, not once per script.
 */
function firstOf(bytes: Buffer, needles: readonly Buffer[]): (from: number) => number {
  const hits = needles.map(() => -2); // -2: not searched yet; -1: absent from here on
  return (from) => {
    let best = -1;
    needles.forEach((needle, k) => {
      let hit = hits[k] ?? -2;
      if (hit === -2 || (hit !== -1 && hit < from)) hit = bytes.indexOf(needle, from);
      hits[k] = hit;
      if (hit !== -1 && (best === -1 || hit < best)) best = hit;
    });
    return best;
  };
}

/**
 * The text of an HTML file from each `<script` to the end of the `</script>` that follows it (tags in
 * lower or upper case), decoded one by one: the parts {@link inlineScriptHashes} reads. Decoding a whole
 * page costs several times reading it (UTF-8 with non-ASCII text takes V8's slow path), and scripts are a
 * small part of a page.
 * @param html the file's bytes
 */
export function scriptSegments(html: Buffer): string[] {
  const out: string[] = [];
  const open = firstOf(html, SCRIPT_OPEN);
  const close = firstOf(html, SCRIPT_CLOSE);
  for (let start = open(0); start !== -1; ) {
    const closing = close(start);
    const gt = closing === -1 ? -1 : html.indexOf(0x3e, closing); // '>'
    const end = gt === -1 ? html.length : gt + 1;
    out.push(html.toString('utf8', start, end));
    start = open(end);
  }
  return out;
}

/**
 * The policy inputs of a built site: the hashes of the inline scripts of every HTML file, and the
 * origins of the spec's servers.
 * @param dir the published folder (dist/client)
 * @param servers the spec's `servers`
 */
export function policyInputs(
  dir: string,
  servers: readonly { url: string; variables?: Record<string, { default: string }> }[],
): PolicyInputs {
  const hashes = new Set<string>();
  for (const f of listFiles(dir)) {
    if (!f.endsWith('.html')) continue;
    for (const segment of scriptSegments(readFileSync(join(dir, f)))) {
      for (const h of inlineScriptHashes(segment, sha256)) hashes.add(h);
    }
  }
  return { scriptHashes: [...hashes].sort(), apiOrigins: serverOrigins(servers) };
}

/** What {@link precompress} did. */
export interface PrecompressReport {
  files: number;
  rawBytes: number;
  brBytes: number;
  gzBytes: number;
  /**
   * Each file compressed, by its path relative to the folder, with what it was then: size in bytes
   * and modification time in ms (`<size>:<mtimeMs>`), the variants' sizes in bytes and, with a cache
   * folder, the SHA-256 of its bytes (hex). A later call given it as {@link PrecompressOptions.earlier}
   * skips the files still the same.
   */
  done: Map<string, { stamp: string; raw: number; br: number; gz: number; sha256?: string }>;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * A file's brotli body at the quality its path and size call for ({@link brotliQuality}).
 * @param path the file's path below the output folder, `/`-separated
 * @param raw its bytes
 * @param onThisThread compress with zlib's synchronous function, on the calling thread, instead of on
 *   zlib's thread pool
 */
export async function brotliBody(path: string, raw: Buffer, onThisThread = false): Promise<Buffer> {
  const settings = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path, raw.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  };
  return onThisThread ? brotliCompressSync(raw, settings) : brotli(raw, settings);
}

/**
 * A file's gzip body at {@link GZIP_LEVEL}.
 * @param raw the file's bytes
 * @param onThisThread compress on the calling thread instead of on zlib's thread pool
 */
export async function gzipBody(raw: Buffer, onThisThread = false): Promise<Buffer> {
  const settings = { level: GZIP_LEVEL };
  return onThisThread ? gzipSync(raw, settings) : gz(raw, settings);
}

/** Assets under `_astro/` from this size (bytes) are compressed at brotli quality 10, not 11. */
export const LARGE_ASSET_BYTES = 256 * 1024;

/** Where Scalar's browser bundles are copied below the output folder (integrations/browser-bundles.ts `bundleOutputDir`). */
const BROWSER_BUNDLES = /^_astro\/bundles\.[0-9a-f]+\//;

/** Brotli quality of the files of Scalar's bundles (see {@link brotliQuality}). */
export const BUNDLE_BROTLI_QUALITY = 6;

/**
 * Brotli quality for a file:
 * - 11 (the smallest output) for the content-hashed assets under `_astro/` smaller than
 *   {@link LARGE_ASSET_BYTES}: the scripts and styles every page loads, cached for a year;
 * - 10 for the larger ones (the site's own scripts and styles past that size);
 * - 6 for every file of Scalar's bundles (`_astro/bundles.<key>/`, megabytes of scripts that only try-it
 *   and the explorer load, on the reader's first click or on the explorer page): quality 10 or 11 on them
 *   is the costliest work of a build whose cache lost them, many times quality 6's CPU, for output 7–9 %
 *   smaller; quality 7 took about twice quality 6's CPU for output under 1 % smaller, and quality 8 about
 *   1.4 times quality 7's for a quarter of a percent less again;
 * - 5 for pages and data, which are many (thousands of files for a large description): higher
 *   qualities cost several times the CPU for files slightly smaller.
 * @param file the path below the output folder, `/`-separated
 * @param bytes the file's size
 */
export function brotliQuality(file: string, bytes: number): number {
  if (!file.startsWith('_astro/')) return 5;
  if (BROWSER_BUNDLES.test(file)) return BUNDLE_BROTLI_QUALITY;
  return bytes < LARGE_ASSET_BYTES ? constants.BROTLI_MAX_QUALITY : 10;
}

/**
 * Gzip level of every file: 6, zlib's default. Gzip is the variant only clients without brotli get;
 * level 9 costs much more CPU for files barely smaller.
 */
export const GZIP_LEVEL = 6;

/**
 * The names in the precompression cache of a file's two bodies: the SHA-256 of its bytes and the settings.
 * @param file the path below the output folder, `/`-separated (it decides the brotli quality)
 * @param bytes the file's size
 * @param sha256 the SHA-256 of its bytes, hex
 */
export function cacheEntryNames(file: string, bytes: number, sha256: string): { br: string; gz: string } {
  return { br: `${sha256}.q${brotliQuality(file, bytes)}.br`, gz: `${sha256}.l${GZIP_LEVEL}.gz` };
}

/** Whether {@link precompress} gives a file of this path and size its `.br`/`.gz` variants. */
export function compressible(file: string, bytes: number): boolean {
  return COMPRESSIBLE.test(file) && bytes >= MIN_COMPRESS_BYTES;
}

/** Where {@link precompress} keeps compressed bodies between builds (see {@link PrecompressOptions.cacheDir}). */
export const PRECOMPRESS_CACHE = join(BUILD_CACHE, 'precompress');

/** Options of {@link precompress}. */
export interface PrecompressOptions {
  /**
   * A folder keeping every compressed body by the SHA-256 of its input and its settings, so a file
   * whose bytes did not change since an earlier build (Scalar's bundles, Pagefind's files, the pages
   * of an unchanged description) is copied instead of compressed again. Without it every file is
   * compressed. Entries not used by a build for {@link CACHE_MAX_AGE_MS} are removed.
   */
  cacheDir?: string;
  /**
   * The report of an earlier call on the same folder: files whose size and modification time did not
   * change since are not read again, and count in the report as they were. The build compresses the
   * pages while Pagefind indexes them (one core each), then everything else.
   */
  earlier?: PrecompressReport;
  /**
   * SHA-256 digests (hex) a caller already made of some files, by path relative to the folder, with the
   * stamp (`<size>:<mtimeMs>`) of the bytes it read: a file whose stamp still matches is read only when
   * its compression is not in the cache. The search index reads every page before the compression.
   */
  digests?: ReadonlyMap<string, { stamp: string; sha256: string }>;
  /**
   * Compress one body at a time, with zlib's synchronous functions, on the calling thread, instead of
   * on zlib's thread pool. For a process with nothing else to do (the child that bundles Scalar's code):
   * each brotli stream allocates its match finder's tables (megabytes at quality 7), and on the pool every
   * thread's allocator arena holds tables of its own, in pages touched for the first time, where one
   * thread reuses the same pages stream after stream. Page faults are a large part of a build's CPU time
   * on a virtual machine.
   */
  onThisThread?: boolean;
}

/**
 * Files {@link precompress} works on at once: twice the cores, at least 8. Compression runs on zlib's
 * thread pool either way; with a warm cache the work is reading and writing files, and a build of
 * GitHub's description (5,700 files) waited on one file system call at a time per core.
 */
const PRECOMPRESS_CONCURRENCY = Math.max(8, availableParallelism() * 2);

/**
 * Compressions {@link precompress} runs at once: one per core. zlib's thread pool runs four, and with
 * more streams than cores competing for them the same bodies took half as much CPU again, and longer.
 */
const COMPRESSIONS_AT_ONCE = Math.max(1, availableParallelism());

/**
 * A gate that runs at most `n` tasks at once, the others waiting their turn in order.
 * @param n tasks at once, at least 1
 */
function gate(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let free = n;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (free > 0) free -= 1;
    else await new Promise<void>((enter) => waiting.push(enter));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** Cache entries unused for this long (milliseconds, 14 days) are removed by {@link precompress}. */
export const CACHE_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

/**
 * Writes `<file>.br` (brotli, quality by {@link brotliQuality}) and `<file>.gz` (gzip, {@link GZIP_LEVEL})
 * beside every text file of at least {@link MIN_COMPRESS_BYTES} bytes, keeping a variant only when it
 * is smaller than the file. Existing `.br`/`.gz` files are replaced. Files are compressed on zlib's
 * thread pool, {@link PRECOMPRESS_CONCURRENCY} files at once and {@link COMPRESSIONS_AT_ONCE} compressions
 * (one at a time on the calling thread with {@link PrecompressOptions.onThisThread}). With `cacheDir`, each body is kept there
 * under the SHA-256 of its input and settings, and the variants are hard links to the kept bodies
 * ({@link linkFromCache}; linking marks an entry used, see {@link pruneCache}): a
 * file whose bytes an earlier build compressed costs a read, a hash and two links (the output is the
 * same bytes either way), all made on the calling thread before the pool starts ({@link linkKeptSync});
 * only the files with a body to make go to the pool.
 */
export async function precompress(dir: string, options: PrecompressOptions = {}): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0, done: new Map() };
  const count = (f: string, stamp: string, raw: number, br: number, gzipped: number, sha256?: string): void => {
    report.files += 1;
    report.rawBytes += raw;
    report.brBytes += br;
    report.gzBytes += gzipped;
    report.done.set(f, sha256 ? { stamp, raw, br, gz: gzipped, sha256 } : { stamp, raw, br, gz: gzipped });
  };
  const files: Array<{ f: string; stamp: string; size: number }> = [];
  for (const f of listFiles(dir)) {
    if (!COMPRESSIBLE.test(f)) continue;
    const st = statSync(join(dir, f));
    if (!compressible(f, st.size)) continue;
    const stamp = `${st.size}:${st.mtimeMs}`;
    const before = options.earlier?.done.get(f);
    if (before?.stamp === stamp) count(f, stamp, before.raw, before.br, before.gz, before.sha256);
    else files.push({ f, stamp, size: st.size });
  }
  const { cacheDir } = options;
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  /** Files to compress, or to link from the cache on the pool, with their digest when already made. */
  const pending: Array<{ f: string; stamp: string; size: number; digest?: string }> = [];
  for (const item of files) {
    if (!cacheDir) {
      pending.push(item);
      continue;
    }
    const abs = join(dir, item.f);
    const known = options.digests?.get(item.f);
    const digest =
      known?.stamp === item.stamp ? known.sha256 : createHash('sha256').update(readFileSync(abs)).digest('hex');
    const kept = linkKeptSync(cacheDir, cacheEntryNames(item.f, item.size, digest), abs, item.size);
    if (kept) count(item.f, item.stamp, item.size, kept.br, kept.gz, digest);
    else pending.push({ ...item, digest });
  }
  // Largest first: the longest compressions (Scalar's bundles) start at once instead of ending the run alone.
  pending.sort((a, b) => b.size - a.size || (a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
  const compressing = gate(COMPRESSIONS_AT_ONCE);
  /** Entries being made, by key: output files with the same bytes share one compression. */
  const making = new Map<string, Promise<void>>();
  /**
   * Writes the variant `dest` of a file of `rawSize` bytes when its body is smaller: from the cache
   * entry `key` when there is one, else made by `make` (and kept under `key`).
   * @returns the body's size in bytes, 0 when the variant is not kept
   */
  const variant = async (key: string, dest: string, rawSize: number, make: () => Promise<Buffer>): Promise<number> => {
    if (!cacheDir) {
      const body = await make();
      if (body.length >= rawSize) return 0;
      await writeFile(dest, body);
      return body.length;
    }
    const entry = join(cacheDir, key);
    let size: number;
    try {
      size = (await stat(entry)).size;
    } catch {
      let made = making.get(key);
      if (!made) {
        made = make().then((body) => writeEntry(entry, body));
        making.set(key, made);
      }
      await made;
      size = (await stat(entry)).size;
    }
    if (size >= rawSize) {
      await rm(dest, { force: true });
      return 0;
    }
    await linkFromCache(entry, dest);
    return size;
  };
  let next = 0;
  const work = async (): Promise<void> => {
    for (let item = pending[next++]; item !== undefined; item = pending[next++]) {
      const { f, stamp, size } = item;
      const abs = join(dir, f);
      let read: Promise<Buffer> | undefined;
      const raw = (): Promise<Buffer> => {
        read ??= readFile(abs);
        return read;
      };
      const digest = item.digest ?? '';
      const names = cacheEntryNames(f, size, digest);
      const [br, gzipped] = await Promise.all([
        variant(names.br, `${abs}.br`, size, async () => {
          const body = await raw();
          return options.onThisThread ? brotliBody(f, body, true) : compressing(() => brotliBody(f, body));
        }),
        variant(names.gz, `${abs}.gz`, size, async () => {
          const body = await raw();
          return options.onThisThread ? gzipBody(body, true) : compressing(() => gzipBody(body));
        }),
      ]);
      count(f, stamp, size, br, gzipped, item.digest);
    }
  };
  await Promise.all(Array.from({ length: PRECOMPRESS_CONCURRENCY }, work));
  if (cacheDir) pruneCache(cacheDir, Date.now() - CACHE_MAX_AGE_MS);
  return report;
}

/**
 * Puts a file's two variants from the cache into the output on the calling thread, when both bodies are
 * kept there (cache entries `names`, in `cacheDir`): `<abs>.br` and `<abs>.gz` become links to them
 * ({@link linkFromCacheSync}), or are removed when the body is not smaller than the file, as
 * {@link precompress} does on the pool. A rebuild finds most of its files' bodies kept, and linking
 * thousands of them one file system call at a time on this thread took a fraction of the time the same
 * calls took through the thread pool.
 * @param rawSize the file's size in bytes
 * @returns the variants' sizes in bytes (0: not kept), or undefined when a body is not in the cache (or
 *   was pruned meanwhile): the file is then left to the pool
 */
function linkKeptSync(
  cacheDir: string,
  names: { br: string; gz: string },
  abs: string,
  rawSize: number,
): { br: number; gz: number } | undefined {
  const br = join(cacheDir, names.br);
  const gz = join(cacheDir, names.gz);
  const brSize = statSync(br, { throwIfNoEntry: false })?.size;
  const gzSize = statSync(gz, { throwIfNoEntry: false })?.size;
  if (brSize === undefined || gzSize === undefined) return undefined;
  const place = (entry: string, size: number, dest: string): number => {
    if (size >= rawSize) {
      rmSync(dest, { force: true });
      return 0;
    }
    linkFromCacheSync(entry, dest);
    return size;
  };
  try {
    return { br: place(br, brSize, `${abs}.br`), gz: place(gz, gzSize, `${abs}.gz`) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Removes the entries of a cache folder last used before `before` (milliseconds since the epoch): last
 * written (modification time) or last linked into an output (change time). Other processes may write
 * the same folder meanwhile (a build and the child making Scalar's bundles compress at the same time):
 * an entry gone between the listing and its turn (a temporary file renamed) is passed over.
 */
function pruneCache(cacheDir: string, before: number): void {
  for (const entry of readdirSync(cacheDir)) {
    const file = join(cacheDir, entry);
    const st = statSync(file, { throwIfNoEntry: false });
    if (st && Math.max(st.mtimeMs, st.ctimeMs) < before) rmSync(file, { force: true });
  }
}

/**
 * The page paths of a build folder that have a Markdown twin beside them (`reference/list-pets/index.html`
 * and `reference/list-pets.md` → `/reference/list-pets/`; `index.html` and `index.md` → `/`), sorted.
 */
export function pagesWithTwins(dir: string): string[] {
  const files = new Set(listFiles(dir));
  const out: string[] = [];
  for (const f of files) {
    if (f !== 'index.html' && !f.endsWith('/index.html')) continue;
    const stem = f.slice(0, -'index.html'.length).replace(/\/$/, '');
    if (files.has(`${stem === '' ? 'index' : stem}.md`)) out.push(stem === '' ? '/' : `/${stem}/`);
  }
  return out.sort();
}

/**
 * Writes `<dir>/_headers` from the rules (rules.ts {@link headersFile}).
 * @returns what a host would have trouble with ({@link headersFileProblems}), empty when fine
 */
export function writeHeadersFile(dir: string, inputs: PolicyInputs): string[] {
  const text = headersFile(inputs, pagesWithTwins(dir));
  writeFileSync(join(dir, '_headers'), text);
  return headersFileProblems(text);
}
