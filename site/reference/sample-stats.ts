/**
 * What the build log says about the code samples: how many blocks the pages highlighted, how many of
 * them were distinct, and the time spent in the highlighter. Recorded by the pages
 * (components/reference/Spliced.astro) and logged by the reference integration at the end of the build;
 * on `globalThis`, because Astro's config and its prerender bundle are separate module instances.
 */
import { createHash } from 'node:crypto';

interface SampleStats {
  blocks: number;
  /** SHA-1 of each distinct block's language and code */
  distinct: Set<string>;
  /** milliseconds between the start and the end of each block's highlighting, summed */
  ms: number;
}

const STATS = Symbol.for('petstore-docs.reference.sample-stats');
type Store = { [STATS]?: SampleStats };

function stats(): SampleStats {
  const store = globalThis as Store;
  store[STATS] ??= { blocks: 0, distinct: new Set(), ms: 0 };
  return store[STATS];
}

/**
 * Counts one highlighted block.
 * @param id the block's language and code (what makes two blocks the same)
 * @param ms how long its highlighting took, milliseconds
 */
export function recordHighlight(id: string, ms: number): void {
  const s = stats();
  s.blocks += 1;
  s.distinct.add(createHash('sha1').update(id).digest('base64'));
  s.ms += ms;
}

/** The log line, or undefined when no block was highlighted. */
export function sampleStatsLine(): string | undefined {
  const s = stats();
  if (s.blocks === 0) return undefined;
  const n = (x: number) => x.toLocaleString('en-US');
  // Pages render a few at a time, so a block's time can include another page's work: an upper bound.
  return `code samples: ${n(s.blocks)} blocks (${n(s.distinct.size)} distinct), highlighted in ${(s.ms / 1000).toFixed(1)} s (at most: pages render four at a time)`;
}
