/**
 * Content negotiation of pages (RFC 9110 §12.5.1): a page URL asked for with an `Accept` that
 * prefers `text/markdown` gets the page's Markdown twin. Pure.
 */

import { acceptRanges, type MediaRange } from '../../descriptions/media.ts';

function quality(ranges: readonly MediaRange[], type: string): number {
  const [major] = type.split('/');
  const exact = ranges.find((r) => r.range === type);
  if (exact) return exact.q;
  const partial = ranges.find((r) => r.range === `${major}/*`);
  if (partial) return partial.q;
  return ranges.find((r) => r.range === '*/*')?.q ?? 0;
}

/**
 * Whether a request prefers Markdown: `text/markdown` is named explicitly (a wildcard never
 * chooses it), with a quality above 0 and at least that of `text/html`. So `text/markdown`,
 * `text/markdown, text/html` and `text/markdown` with any wildcard get Markdown; a browser's
 * `text/html` with a wildcard at q=0.8, and a missing header, get HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = acceptRanges(accept);
  const md = ranges.find((r) => r.range === 'text/markdown')?.q ?? 0;
  return md > 0 && md >= quality(ranges, 'text/html');
}
