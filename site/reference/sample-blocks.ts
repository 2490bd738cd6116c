/**
 * The code sample blocks the build highlights: each block's HTML kept, so that a page showing a block
 * another page showed (an older version's pages show mostly the same samples as the current one's)
 * takes it instead of highlighting it again, and what the build log says about them (how many blocks,
 * how many distinct, how many highlighted and the time in the highlighter).
 *
 * A block's HTML depends on its language, its code and the page's language (the copy button's words);
 * Expressive Code adds its stylesheet and script to the first block of a page, so a page's first block is
 * always highlighted and never kept (components/reference/Spliced.astro). The kept blocks and the counts
 * are the build's state (site/build-context.ts), where the reference integration reads the counts at the
 * end of the build (Astro's config and its prerender bundle are separate module instances).
 */
import { createHash } from 'node:crypto';
import { buildSlot, currentBuild } from '../build-context.ts';
import { type HighlighterStats, runningHighlighter } from './highlighter/pool.ts';

/** The kept blocks' HTML stops growing at this many UTF-16 code units (about 128 MB). */
const KEEP_LIMIT = 64 * 1024 * 1024;
/** The pages (their `Astro.locals`, one object per rendered page) that showed a block already. */
const pagesWithBlock = new WeakSet<object>();

interface BlockStats {
  blocks: number;
  /** SHA-1 of each distinct block's key */
  distinct: Set<string>;
  highlighted: number;
  /** milliseconds between the start and the end of each highlighting, summed */
  ms: number;
  /** blocks taken from the highlighter's worker thread */
  fromWorker: number;
}

/** A build's sample blocks: the counts, the kept blocks' HTML by key, and the checked pairs. */
interface BuildBlocks {
  stats: BlockStats;
  kept: Map<string, string>;
  /** UTF-16 code units of the kept HTML */
  keptSize: number;
  /**
   * Per page language and block language (`<page>\n<block>`): whether the worker's blocks were checked
   * against the page's own highlighting of the same block and came out the same bytes.
   */
  checked: Set<string>;
}

const BLOCKS = buildSlot(
  'reference.sample-blocks',
  (): BuildBlocks => ({
    stats: { blocks: 0, distinct: new Set(), highlighted: 0, ms: 0, fromWorker: 0 },
    kept: new Map(),
    keptSize: 0,
    checked: new Set(),
  }),
);

const blocks = (): BuildBlocks => currentBuild().state(BLOCKS);
const stats = (): BlockStats => blocks().stats;

/**
 * Whether the page showed a block before this one; marks it as having shown one.
 * @param page the page's `Astro.locals` (one object per rendered page)
 */
export function pageHadBlock(page: object): boolean {
  if (pagesWithBlock.has(page)) return true;
  pagesWithBlock.add(page);
  return false;
}

/** Per page (its `Astro.locals`): the end of the last sample set's turn to render its tabs. */
const tabTurns = new WeakMap<object, Promise<void>>();

/**
 * A sample set's turn to render Starlight's Tabs on its page. Tabs numbers its panels and writes its
 * scripts into the first Tabs of a page in the order Tabs render; a page's sample sets highlight their
 * blocks concurrently, and one whose blocks were kept from another page would finish first, so the
 * numbering and the scripts' place would depend on which pages rendered before. Turns are taken in the
 * order the sets start rendering (the page's order): each waits for the previous one's `done`.
 * @param page the page's `Astro.locals`
 * @returns `ready`, resolved when the earlier sets of the page rendered their tabs, and `done`, to call
 *   once this set rendered its own (also when it failed, so the page's later sets are not held)
 */
export function tabsTurn(page: object): { ready: Promise<void>; done: () => void } {
  const ready = tabTurns.get(page) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  tabTurns.set(
    page,
    ready.then(() => mine),
  );
  return { ready, done };
}

/**
 * A block's HTML as a page highlighted it before, or undefined. Counts the block.
 * @param key the block's key ({@link blockKey})
 */
export function keptBlock(key: string): string | undefined {
  const s = stats();
  s.blocks += 1;
  s.distinct.add(createHash('sha1').update(key).digest('base64'));
  return blocks().kept.get(key);
}

/**
 * Records a block just highlighted, and keeps its HTML for the next page that shows it.
 * @param key as for {@link keptBlock}
 * @param html the block's HTML; undefined for a page's first block (it carries the page's stylesheet and script)
 * @param ms how long its highlighting took, milliseconds
 */
export function highlightedBlock(key: string, html: string | undefined, ms: number): void {
  const s = stats();
  s.highlighted += 1;
  s.ms += ms;
  if (html !== undefined) keep(key, html);
}

/** Keeps a block's HTML for the next page that shows it, while the kept blocks are under {@link KEEP_LIMIT}. */
function keep(key: string, html: string): void {
  const b = blocks();
  if (b.keptSize + html.length > KEEP_LIMIT) return;
  b.kept.set(key, html);
  b.keptSize += html.length;
}

/**
 * A block's key: the page's language, the block's language and its code, one per line. The pages
 * (components/reference/Spliced.astro) and the highlighting thread's queue (the reference integration)
 * both name a block by it.
 */
export function blockKey(pageLang: string, lang: string, code: string): string {
  return `${pageLang}\n${lang}\n${code}`;
}

/** The page language and block language of a block's key (its first two lines). */
function pairOf(key: string): string {
  return key.slice(0, key.indexOf('\n', key.indexOf('\n') + 1));
}

/**
 * A block from the build's highlighter (highlighter/pool.ts), when it has it, and whether the page may
 * use it as it is. The first block of each page language and block language the worker gives is
 * `unchecked`: the page highlights it too and calls {@link checkedBlock} with both. Undefined when the
 * worker does not have the block (never sent, could not highlight it, or stopped): the page highlights it.
 * @param key as for {@link keptBlock}
 */
export async function workerBlock(key: string): Promise<{ html: string; unchecked: boolean } | undefined> {
  const html = await runningHighlighter()?.take(key);
  if (html === undefined) return undefined;
  return { html, unchecked: !blocks().checked.has(pairOf(key)) };
}

/**
 * Records a block taken from the worker (checked, or of a checked pair), and keeps it as {@link highlightedBlock} does.
 * @param key as for {@link keptBlock}
 */
export function tookWorkerBlock(key: string, html: string): void {
  stats().fromWorker += 1;
  keep(key, html);
}

/**
 * The check of a worker's block against the page's own highlighting of it: the same bytes trust the
 * worker for that page language and block language; other bytes stop the worker for the whole build
 * (its renderer is not the page's: a Starlight or Expressive Code release that configures blocks
 * differently), and every later block is highlighted by its page.
 * @param key as for {@link keptBlock}
 * @param fromWorker the worker's HTML
 * @param own the page's HTML for the same block
 */
export function checkedBlock(key: string, fromWorker: string, own: string): void {
  // `own` may be Astro's HTMLString (a String object): compared as text.
  if (fromWorker === String(own)) blocks().checked.add(pairOf(key));
  else runningHighlighter()?.stop(`its block differed from the page's (${key.split('\n', 2).join(', ')})`);
}

/**
 * The log line, or undefined when no page showed a block.
 * @param worker what the highlighter's worker did, when the build started one
 */
export function sampleBlocksLine(worker?: HighlighterStats): string | undefined {
  const s = stats();
  if (s.blocks === 0) return undefined;
  const n = (x: number) => x.toLocaleString('en-US');
  // Pages render a few at a time, so a block's time can include another page's work: an upper bound.
  const line = `code samples: ${n(s.blocks)} blocks, ${n(s.distinct.size)} distinct, ${n(s.highlighted)} highlighted in ${(s.ms / 1000).toFixed(1)} s (at most: pages render four at a time)`;
  if (!worker) return line;
  const stopped = worker.stopped ? `; it stopped: ${worker.stopped}` : '';
  return `${line}; ${n(s.fromWorker)} from the highlighting thread, which highlighted ${n(worker.highlighted)} of the ${n(worker.sent)} sent in ${(worker.ms / 1000).toFixed(1)} s${stopped}`;
}
