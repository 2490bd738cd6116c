/**
 * The build's code-sample highlighter: a worker thread that highlights the reference's code samples
 * (Expressive Code, as Starlight's `<Code>` does: renderer.ts) while the build's own thread renders
 * pages. Highlighting is most of what a page with eight sample tabs costs; on two cores the build's
 * thread renders pages while the other core highlights the blocks they will show.
 *
 * The reference integration starts it when the build starts and sends it every block of the reference
 * (`add`); a page takes its blocks from it ({@link Highlighter.take}), asking for a block it waits on
 * to go first. Blocks are the build's own work either way: a block the worker has not got, or could not
 * highlight, is highlighted by the page as before. The instance lives on `globalThis`, where the
 * prerender bundle's module finds it (Astro's config and its bundle are separate module instances): it
 * owns a thread, which must be ended once, so it is the one object besides the build context
 * (site/build-context.ts) kept there.
 */
import { Worker } from 'node:worker_threads';
import type { BlockInput, HighlighterConfig } from './renderer.ts';

/** A block sent to the worker: what to render, and the key the build knows it by. */
export interface QueuedBlock extends BlockInput {
  /** The page's language, the block's language and its code (reference/sample-blocks.ts). */
  key: string;
}

/** Messages to the worker. */
export type ToWorker = { type: 'add'; blocks: QueuedBlock[] } | { type: 'first'; key: string };

/** Messages from the worker. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  /** `html` undefined: the block could not be highlighted there. `ms`: the worker's time on it. */
  | { type: 'block'; key: string; html: string | undefined; ms: number };

/** What the highlighter did, for the build log. */
export interface HighlighterStats {
  /** blocks sent to the worker */
  sent: number;
  /** blocks it highlighted */
  highlighted: number;
  /** its time highlighting them, milliseconds */
  ms: number;
  /** why it stopped before the pages were written, if it did (its renderer could not be made, a block differed…) */
  stopped?: string;
}

/**
 * The worker's heap, in MB. Highlighting makes short-lived objects by the million: unbounded, V8 lets
 * the worker's heap grow to several times its live objects, beside the build's own heap (site/README.md
 * "Build cost"). A worker that runs out ends with an error, and the pages highlight their blocks themselves.
 */
export const WORKER_HEAP_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16 } as const;

const INSTANCE = Symbol.for('petstore-docs.reference.highlighter');
type Store = { [INSTANCE]?: Highlighter };

/** A block the worker was sent: its HTML once highlighted, and who waits for it. */
interface Pending {
  html?: string | undefined;
  done: boolean;
  waiters: Array<(html: string | undefined) => void>;
}

/** The worker and the blocks it was sent. */
export class Highlighter {
  readonly #worker: Worker;
  readonly #blocks = new Map<string, Pending>();
  readonly stats: HighlighterStats = { sent: 0, highlighted: 0, ms: 0 };
  /** whether the worker was ended or stopped */
  #over = false;

  /**
   * Starts the worker thread (it does not keep the process alive).
   * @param config what its renderer is made from (renderer.ts)
   */
  constructor(config: HighlighterConfig) {
    this.#worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: config,
      resourceLimits: WORKER_HEAP_LIMITS,
    });
    this.#worker.unref();
    this.#worker.on('message', (message: FromWorker) => {
      if (message.type === 'block') {
        this.stats.highlighted += message.html === undefined ? 0 : 1;
        this.stats.ms += message.ms;
        this.#settle(message.key, message.html);
      } else if (message.type === 'failed') {
        this.stop(`its renderer could not be made: ${message.message}`);
      }
    });
    this.#worker.on('error', (error) => this.stop(`it failed: ${error.message}`));
    this.#worker.on('exit', () => this.stop('it ended'));
  }

  #settle(key: string, html: string | undefined): void {
    const pending = this.#blocks.get(key);
    if (!pending || pending.done) return;
    pending.done = true;
    pending.html = html;
    for (const waiter of pending.waiters.splice(0)) waiter(html);
  }

  /** Sends blocks to highlight, after those sent before; a key sent before is not sent again. */
  add(blocks: readonly QueuedBlock[]): void {
    if (this.#over) return;
    const fresh = blocks.filter((b) => !this.#blocks.has(b.key));
    for (const b of fresh) this.#blocks.set(b.key, { done: false, waiters: [] });
    if (fresh.length === 0) return;
    this.stats.sent += fresh.length;
    this.#worker.postMessage({ type: 'add', blocks: fresh } satisfies ToWorker);
  }

  /**
   * A block's HTML from the worker, which forgets it. Undefined when the block was never sent (the page
   * highlights it); a promise of undefined when the worker could not highlight it or stopped first.
   * A block not highlighted yet goes first.
   * @param key the block's key ({@link QueuedBlock.key})
   */
  take(key: string): Promise<string | undefined> | undefined {
    const pending = this.#blocks.get(key);
    if (!pending) return undefined;
    if (pending.done) {
      this.#blocks.delete(key);
      return Promise.resolve(pending.html);
    }
    this.#worker.postMessage({ type: 'first', key } satisfies ToWorker);
    return new Promise((resolve) => {
      pending.waiters.push((html) => {
        this.#blocks.delete(key);
        resolve(html);
      });
    });
  }

  /**
   * Ends the worker when the build no longer needs it (the pages are written); blocks not highlighted
   * yet are the pages' to highlight. Calling it again, or {@link stop} after it, changes nothing.
   */
  end(): void {
    if (this.#over) return;
    this.#over = true;
    void this.#worker.terminate();
    for (const key of [...this.#blocks.keys()]) this.#settle(key, undefined);
    this.#blocks.clear();
    if ((globalThis as Store)[INSTANCE] === this) delete (globalThis as Store)[INSTANCE];
  }

  /**
   * Ends the worker before its work is done, recording why in {@link HighlighterStats.stopped}.
   * @param reason why, for the build log
   */
  stop(reason: string): void {
    if (this.#over) return;
    this.stats.stopped = reason;
    this.end();
  }
}

/**
 * Starts the build's highlighter; the pages find it with {@link runningHighlighter}.
 * @param config what its renderer is made from
 */
export function startHighlighter(config: HighlighterConfig): Highlighter {
  const store = globalThis as Store;
  store[INSTANCE]?.stop('another was started');
  const highlighter = new Highlighter(config);
  store[INSTANCE] = highlighter;
  return highlighter;
}

/** The highlighter the build started and has not stopped, if any. */
export function runningHighlighter(): Highlighter | undefined {
  return (globalThis as Store)[INSTANCE];
}
