/**
 * Compression of a site's pages while the build still renders the others.
 *
 * The build's last steps index the pages for search, then give every text file its `.br`/`.gz`
 * variants (build.ts `precompress`): for GitHub's description, 350 MB of pages and about 19 s of CPU, at
 * the end, after the pages are written. Meanwhile, for most of the prerendering, one of a two-core
 * machine's cores has little to do: the build renders on one thread. So the pages written by then are
 * compressed into the precompression cache by a child process at a lower priority (site/background.ts),
 * as the build announces them (integrations/incremental-build.ts `onPageWritten`). When the pages are
 * all written the child is stopped, and `precompress` finds those bodies in the cache, links them and
 * compresses the rest itself. The output is the same bytes either way: a body's cache entry is named by
 * the SHA-256 of the page and the settings (build.ts `cacheEntryNames`).
 *
 * Until {@link EARLY_COMPRESSION_MIN_PAGES} files were announced, they are compressed in the build's own
 * process instead, on zlib's thread pool, and a small site never starts the child: its files compress in
 * a fraction of a second, less than a process costs to start, but that fraction was most of what the
 * build did after its last page. The site's scripts and styles are announced too, as soon as Vite writes
 * them (integrations/serving.ts): at brotli quality 11 they are the costliest of a small site's files.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, inBackground } from '../background.ts';
import { writeEntry } from '../build-cache.ts';
import { brotliBody, cacheEntryNames, compressible, gzipBody } from './build.ts';

const SELF = fileURLToPath(import.meta.url);

/** Files announced before the child starts: fewer are compressed in the build's own process. */
export const EARLY_COMPRESSION_MIN_PAGES = 300;

/**
 * Files compressed at once in the build's process: two keep zlib's thread pool busy between the moments the
 * build's thread, rendering, gets to hand it the next file.
 */
const IN_PROCESS_AT_ONCE = 2;

/** At most this many pages are sent to the child in one message (those waiting when it starts). */
const BATCH = 32;

/** A page for the child: its absolute path and its path below the output folder (`/`-separated). */
type Page = [file: string, path: string];
type ToChild = { pages: Page[] } | { end: true };
type FromChild = { compressed: number };

/**
 * Makes the cache entries of a file's two bodies that the cache does not hold yet, as `precompress`
 * would (same qualities, same names).
 * @param cacheDir the precompression cache (absolute; made when missing)
 * @param file the file (absolute path)
 * @param path its path below the output folder, `/`-separated (it decides the brotli quality)
 * @param onPool compress on zlib's thread pool (the calling thread stays free) instead of on the calling thread
 * @returns whether the file was compressible (false: nothing made)
 * @throws {Error} when the file cannot be read or an entry cannot be written
 */
export async function compressIntoCache(
  cacheDir: string,
  file: string,
  path: string,
  onPool = false,
): Promise<boolean> {
  const raw = onPool ? await readFile(file) : readFileSync(file);
  if (!compressible(path, raw.length)) return false;
  const names = cacheEntryNames(path, raw.length, createHash('sha256').update(raw).digest('hex'));
  mkdirSync(cacheDir, { recursive: true });
  const br = resolve(cacheDir, names.br);
  if (!existsSync(br)) await writeEntry(br, await brotliBody(path, raw, !onPool));
  const gz = resolve(cacheDir, names.gz);
  if (!existsSync(gz)) await writeEntry(gz, await gzipBody(raw, !onPool));
  return true;
}

/**
 * The pages of one build compressed beside it: {@link add} each page written, {@link stop} once they
 * all are.
 */
export class EarlyCompression {
  private readonly waiting: Page[] = [];
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  /** The compressions running in this process: how many, and their ends. */
  private draining = 0;
  private readonly drains = new Set<Promise<void>>();
  private announced = 0;
  private compressed = 0;
  private stopped = false;

  private readonly client: string;
  private readonly cacheDir: string;

  /**
   * @param client the output folder the pages are written to (absolute)
   * @param cacheDir the precompression cache (absolute)
   * @param minPages pages announced before the child starts
   */
  private readonly minPages: number;

  constructor(client: string, cacheDir: string, minPages = EARLY_COMPRESSION_MIN_PAGES) {
    this.client = client;
    this.cacheDir = cacheDir;
    this.minPages = minPages;
  }

  /**
   * A file the build wrote (absolute path): a page, or one of the site's scripts and styles. Until
   * `minPages` were announced it is compressed in this process, on zlib's thread pool
   * ({@link IN_PROCESS_AT_ONCE} files at a time); then the child starts and takes every file still
   * waiting and each one after.
   */
  add(file: string): void {
    if (this.stopped) return;
    const path = relative(this.client, file);
    if (path.startsWith('..') || isAbsolute(path)) return;
    this.waiting.push([file, path.split(sep).join('/')]);
    this.announced += 1;
    if (!this.child && this.announced >= this.minPages) this.start();
    if (this.child) this.send();
    else {
      while (this.draining < IN_PROCESS_AT_ONCE && this.waiting.length > 0) {
        this.draining += 1;
        const drain = this.drain();
        this.drains.add(drain);
        void drain.then(() => this.drains.delete(drain));
      }
    }
  }

  /**
   * Stops the compression after the file it is at (the build's own compression does the rest).
   * @returns how many files were compressed, here and in the child
   */
  async stop(): Promise<number> {
    this.stopped = true;
    this.waiting.length = 0;
    this.child?.send({ end: true } satisfies ToChild);
    await Promise.all([this.exited, ...this.drains]);
    return this.compressed;
  }

  /** Compresses waiting files on zlib's thread pool, one after another, while no child runs. */
  private async drain(): Promise<void> {
    try {
      while (!this.child && !this.stopped) {
        const page = this.waiting.shift();
        if (!page) break;
        try {
          if (await compressIntoCache(this.cacheDir, page[0], page[1], true)) this.compressed += 1;
        } catch {
          // Left to the build's own compression.
        }
      }
    } finally {
      this.draining -= 1;
    }
  }

  private start(): void {
    const child = spawn(process.execPath, [SELF, this.cacheDir], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: childEnv(),
    });
    inBackground(child.pid);
    this.child = child;
    child.on('message', (message: FromChild) => {
      this.compressed += message.compressed;
    });
    // A child that fails only leaves more for the build's own compression.
    child.on('error', () => undefined);
    child.stderr?.resume();
    this.exited = new Promise((done) => child.on('close', () => done()));
  }

  private send(): void {
    const pages = this.waiting.splice(0);
    for (let i = 0; i < pages.length; i += BATCH) {
      this.child?.send({ pages: pages.slice(i, i + BATCH) } satisfies ToChild);
    }
  }
}

// Run as `node early-compression.ts <cache folder>` (EarlyCompression): compresses the pages it is sent,
// one at a time, until told to end.
if (process.argv[1] && resolve(process.argv[1]) === SELF && process.send) {
  const cacheDir = process.argv[2] as string;
  const queue: Page[] = [];
  let ending = false;
  let running = false;
  const report = (message: FromChild) => process.send?.(message);
  const drain = async () => {
    if (running) return;
    running = true;
    for (let page = queue.shift(); page && !ending; page = queue.shift()) {
      try {
        if (await compressIntoCache(cacheDir, page[0], page[1])) report({ compressed: 1 });
      } catch {
        // Left to the build's own compression.
      }
      // Lets an `end` message in between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    running = false;
    // Closing the channel ends the process once the last report is sent.
    if (ending) process.disconnect();
  };
  // The build ended (or failed) without a word: nothing more to do.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ToChild) => {
    if ('end' in message) {
      ending = true;
      if (!running) process.disconnect();
      return;
    }
    queue.push(...message.pages);
    void drain();
  });
}
