// Build-time wiring of the Open Graph images (`/og/<page>.jpg`, one per page; what a card says:
// site/og/card.ts; drawing and the cache: site/og/images.ts). Drawing costs CPU per card in
// CanvasKit, after a slow start: on a large description, a long part of the build on its one thread
// as a prerendered route (figures in site/README.md). So
// the build draws them in child processes, started when Astro reads the config (the reference model
// is loaded by then, for the sidebar), on the cores the build leaves idle while Vite bundles and
// Astro prerenders the pages. Each child takes the next card when it has drawn one; when the build reaches
// `astro:build:done` its own core is free, and one more child joins while enough cards are left. The
// images are kept in node_modules/.cache, so a card drawn by any build before is not drawn again.
// Once the pages are written (`astro:build:generated`), every image is copied into `<dist>/og/` as soon as
// the children have drawn them, beside the other integrations' last steps; `astro:build:done` (before
// the serving integration lists and precompresses the output) waits for that. `astro dev` serves the same images
// from an injected route (site/og/route.ts) that draws on request.
//
// A child that fails (CanvasKit, a font, the disk) fails the build with its message, before any
// image is copied and before the serving rules and `.built-from.json` are written.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, utimesSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { OGImageOptions } from 'astro-og-canvas';
import type { SiteApis } from '../apis/api.ts';
import { childEnv, inBackground } from '../background.ts';
import { linkFromCache } from '../build-cache.ts';
import { OG_FONTS, ogImages } from './card.ts';
import { drawOgImage, ogCached, ogCacheFile, ogDrawingKey, ogImageKey, pruneOgCache } from './images.ts';

const SELF = fileURLToPath(import.meta.url);

/** One image for a child to draw: its cache key and astro-og-canvas's options. */
interface DrawJob {
  key: string;
  options: OGImageOptions;
}
/** Parent → child: draw this, or exit once the drawn ones are written. */
type ToChild = { draw: DrawJob } | { end: true };
/** Child → parent: this key's image is in the cache; or, last, the CPU time it used (microseconds). */
type FromChild = { drawn: string } | { cpu: NodeJS.CpuUsage };

/** Jobs a child is sent ahead of the one it draws, so it never waits for the next. */
const AHEAD = 2;
/**
 * Node's flags for a drawing child. CanvasKit runs as WebAssembly, first compiled by V8's baseline
 * compiler, and each function that has run long enough is compiled again by its optimizing compiler on
 * V8's background threads. For drawing cards the optimized code is barely faster than the baseline
 * code, and a child draws for a few seconds: with V8's default budget (roughly bytes of code executed
 * before a function is optimized) it spent a good part of its CPU time optimizing CanvasKit's functions.
 * With a budget of 100 million it optimizes far fewer (bench/og-cards.ts: the same bytes, less CPU for a
 * few dozen cards, the same for hundreds; site/README.md "Open Graph images").
 */
export const CHILD_NODE_FLAGS = ['--wasm-tiering-budget=100000000'] as const;
/** A child joins at `astro:build:done` only while at least this many images are left (its start costs about 8 images' time). */
const JOIN_MIN_LEFT = 16;
/**
 * Up to this many cards to draw (a few seconds of CPU), the children run at the build's priority
 * (site/background.ts): short work is done while Vite bundles, and its memory is gone before the build's
 * own and the in-browser mock's bundling peak; at a lower priority, a few hundred cards were drawn over
 * the whole prerender, the child's memory beside that peak.
 */
const SHORT_DRAWING = 300;

/** Options of the integration. */
export interface OgImagesOptions {
  /** The site's APIs (the reference integration's `site`): their pages get cards. */
  site: SiteApis;
  /** Child processes drawing while the build runs; default: the cores but one (`os.availableParallelism() - 1`), at least 1. */
  workers?: number;
}

/**
 * Child processes drawing `jobs` into the cache: each is sent the next job when it reports one drawn.
 * `done` settles when every job is drawn and every child has exited, or rejects with the first
 * child's failure (its exit code and the end of its output); the other children are then stopped.
 */
class DrawingPool {
  readonly done: Promise<void>;
  private next = 0;
  private drawn = 0;
  private failed = false;
  private readonly children = new Set<ChildProcess>();
  /** Child processes started, and the CPU time (ms) of those that finished. */
  started = 0;
  cpuMs = 0;
  private settle!: { resolve: () => void; reject: (error: Error) => void };
  private readonly root: string;
  private readonly jobs: readonly DrawJob[];

  constructor(root: string, jobs: readonly DrawJob[]) {
    this.root = root;
    this.jobs = jobs;
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    if (jobs.length === 0) this.settle.resolve();
    // A build stopped by an error elsewhere ends the children with it.
    process.once('exit', () => this.stop());
  }

  /** Images not yet drawn. */
  get left(): number {
    return this.jobs.length - this.drawn;
  }

  /** Jobs no child has been sent yet. */
  get unsent(): number {
    return this.jobs.length - this.next;
  }

  get size(): number {
    return this.children.size;
  }

  /**
   * Starts one more child process (this file run by Node), fed until the jobs run out.
   * @param background whether it runs below the build's priority (site/background.ts): the
   *   children started while the build prerenders do, unless the cards are few ({@link SHORT_DRAWING});
   *   the one that joins when it waits does not
   */
  add(background = true): void {
    if (this.failed || this.unsent === 0) return;
    const child = spawn(process.execPath, [...CHILD_NODE_FLAGS, SELF, this.root], {
      cwd: this.root,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    if (background) inBackground(child.pid);
    this.children.add(child);
    this.started++;
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let outstanding = 0;
    const feed = () => {
      while (outstanding < AHEAD && this.next < this.jobs.length) {
        const job = this.jobs[this.next++] as DrawJob;
        outstanding++;
        child.send({ draw: job } satisfies ToChild);
      }
      if (outstanding === 0) child.send({ end: true } satisfies ToChild);
    };
    child.on('message', (message: FromChild) => {
      if ('cpu' in message) {
        this.cpuMs += (message.cpu.user + message.cpu.system) / 1000;
        return;
      }
      outstanding--;
      this.drawn++;
      feed();
    });
    child.on('error', (error) => this.fail(error));
    child.on('close', (code, signal) => {
      this.children.delete(child);
      if (code !== 0 || outstanding !== 0) {
        const why = signal ? `signal ${signal}` : `exit ${code}`;
        this.fail(new Error(`a child process drawing Open Graph images failed (${why}):\n${output.trim()}`));
      }
      if (!this.failed && this.drawn === this.jobs.length && this.children.size === 0) this.settle.resolve();
    });
    feed();
  }

  private fail(error: Error): void {
    // A child failing after every image was written (each is renamed into place before it is reported) loses nothing.
    if (this.failed || this.drawn === this.jobs.length) return;
    this.failed = true;
    this.stop();
    this.settle.reject(error);
  }

  /** Ends every child. */
  stop(): void {
    for (const child of this.children) child.kill();
    this.children.clear();
  }
}

/** What the build copies into `<dist>/og/`: each image's file below it and its cache key. */
interface Planned {
  files: { file: string; key: string }[];
  /** Distinct images already in the cache, and to draw. */
  cached: number;
  toDraw: number;
  started: number;
  pool: DrawingPool;
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Lists every page's image, looks each up in the cache and starts drawing the others.
 * @throws {Error} when the pages cannot be listed or a font file cannot be read
 */
async function plan(root: string, workers: number, site: SiteApis): Promise<Planned> {
  const started = performance.now();
  // Imported here, not above: the child processes run this file and need none of the site's model.
  const { allPages } = await import('../agents/site.ts');
  const { referenceModel } = await import('../reference/loaded-description.ts');
  const { currentBuild } = await import('../build-context.ts');
  const locales = currentBuild().config?.locales ?? [];
  const [pages, model] = await Promise.all([allPages(site, locales), referenceModel(site.apis[0])]);
  const drawingKey = ogDrawingKey(OG_FONTS);
  const files: Planned['files'] = [];
  const jobs = new Map<string, DrawJob>();
  let cached = 0;
  const seen = new Set<string>();
  const { siteTagCards } = await import('./tag-cards.ts');
  for (const { file, options } of ogImages(pages, model.title, await siteTagCards(site))) {
    const key = ogImageKey(drawingKey, options);
    files.push({ file, key });
    if (seen.has(key)) continue;
    seen.add(key);
    if (ogCached(key)) cached++;
    else jobs.set(key, { key, options });
  }
  const pool = new DrawingPool(root, [...jobs.values()]);
  for (let i = 0; i < Math.min(workers, Math.ceil(jobs.size / JOIN_MIN_LEFT)); i++) pool.add(jobs.size > SHORT_DRAWING);
  return { files, cached, toDraw: jobs.size, started, pool };
}

/** Puts every image from the cache into `<client>/og/` (hard links: {@link linkFromCache}), marking the entries used. */
async function copyImages(client: string, files: Planned['files']): Promise<void> {
  const now = new Date();
  const made = new Set<string>();
  for (const { file, key } of files) {
    const target = join(client, 'og', file);
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    const source = ogCacheFile(key);
    await linkFromCache(source, target);
    utimesSync(source, now, now);
  }
}

/** The Astro integration: add it before the serving integration (which lists the output). */
export default function ogImagesIntegration(options: OgImagesOptions): AstroIntegration {
  const workers = Math.max(1, options.workers ?? availableParallelism() - 1);
  let planned: Promise<Planned> | undefined;
  /** The images copied into the output, started when the pages are written. */
  let copied: Promise<void> | undefined;
  return {
    name: 'petstore:og',
    hooks: {
      'astro:config:setup': ({ command, config, injectRoute, logger }) => {
        if (command === 'dev') {
          injectRoute({
            pattern: '/og/[...route]',
            entrypoint: fileURLToPath(new URL('./route.ts', import.meta.url)),
          });
        }
        if (command !== 'build') return;
        planned = plan(fileURLToPath(config.root), workers, options.site);
        planned.then(
          (p) => {
            const drawing = p.toDraw
              ? `, drawing ${count(p.toDraw)} in ${p.pool.size} child process${p.pool.size === 1 ? '' : 'es'}`
              : '';
            logger.info(`${count(p.files.length)} cards: ${count(p.cached)} from the cache${drawing}`);
            p.pool.done.catch((error: Error) => logger.error(error.message));
          },
          () => {},
        );
      },
      'astro:build:generated': ({ dir }) => {
        if (!planned) return;
        // The images go into the output once drawn, from here on: beside the other integrations' last steps.
        const current = planned;
        copied = (async () => {
          const p = await current;
          await p.pool.done;
          await copyImages(fileURLToPath(dir), p.files);
          pruneOgCache();
        })();
        // Awaited in astro:build:done; until then a failure must not count as unhandled.
        copied.catch(() => undefined);
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!planned) return;
        const p = await planned;
        // This process waits from here on: its core can draw too.
        if (p.pool.unsent >= JOIN_MIN_LEFT) p.pool.add(false);
        if (p.pool.left && p.pool.size)
          logger.info(`waiting for ${count(p.pool.left)} cards still being drawn (${p.pool.size} child processes)`);
        try {
          await p.pool.done;
        } catch (error) {
          throw new Error(`[petstore:og] the Open Graph images could not be drawn: ${(error as Error).message}`);
        }
        if (copied) await copied;
        else {
          await copyImages(fileURLToPath(dir), p.files);
          pruneOgCache();
        }
        copied = undefined;
        report(logger, p);
      },
    },
  };
}

function report(logger: AstroIntegrationLogger, p: Planned): void {
  const seconds = ((performance.now() - p.started) / 1000).toFixed(1);
  const cpu = p.pool.started
    ? ` (${(p.pool.cpuMs / 1000).toFixed(1)} s of CPU in ${p.pool.started} child process${p.pool.started === 1 ? '' : 'es'})`
    : '';
  logger.info(
    `${count(p.files.length)} cards: ${count(p.toDraw)} drawn, ${count(p.cached)} from the cache, ${seconds} s${cpu}`,
  );
}

// Run as `node images.ts <root>` with an IPC channel (DrawingPool): draws each job it is sent,
// in order, into the cache and reports it; exits on `end` or when the parent goes away.
if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  if (!process.send) {
    process.stderr.write('usage: run by the og-images integration (needs an IPC channel)\n');
    process.exit(2);
  }
  const queue: ToChild[] = [];
  let busy = false;
  const pump = async () => {
    if (busy) return;
    busy = true;
    for (let message = queue.shift(); message; message = queue.shift()) {
      if ('end' in message) {
        // The parent counts the CPU time of the children (the summary line).
        process.send?.({ cpu: process.cpuUsage() } satisfies FromChild, () => process.exit(0));
        return;
      }
      await drawOgImage(message.draw.key, message.draw.options);
      process.send?.({ drawn: message.draw.key } satisfies FromChild);
    }
    busy = false;
  };
  process.on('message', (message: ToChild) => {
    queue.push(message);
    pump().catch((error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exit(1);
    });
  });
  process.on('disconnect', () => process.exit(0));
}
