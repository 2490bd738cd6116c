/**
 * How a large site's search is split into several Pagefind indexes. Pure.
 *
 * Pagefind has no incremental mode: one changed page means indexing every page again, which on a
 * description of a thousand operations costs more than the rest of a rebuild. A large site's pages are
 * therefore split into a few indexes, each kept in the build cache by the bytes of its own pages
 * (site/integrations/search-index.ts), so a rebuild indexes again only the index of the pages that
 * changed. The reader's search merges them: the first index is Pagefind's usual `/pagefind/` bundle, the
 * others are `mergeIndex` bundles below it (reference/browser/search-scope.ts), searched together with
 * the same filters and their results ranked together (Pagefind's "multisite search").
 *
 * Merging costs the reader a few more requests on the first search (each index's entry file, its
 * WebAssembly and its metadata), so a site has one index until it has many pages: one per
 * {@link PAGES_PER_SEARCH_INDEX} pages, at most {@link MAX_SEARCH_INDEXES}.
 *
 * A page goes to an index by its slug (the last segment of its URL path), so a page's translations and
 * its other versions (`/fr/reference/list-pets/`, `/reference/v1/list-pets/`) share its index: every
 * index then holds every locale, which Pagefind needs (a merged index without the page's language falls
 * back to another language's).
 */

/** Pages per search index: a site gets a second index at twice this many pages. */
export const PAGES_PER_SEARCH_INDEX = 250;

/** The most indexes a site's search is split into (each adds requests to a reader's first search). */
export const MAX_SEARCH_INDEXES = 6;

/** The folder of the indexes after the first, inside `pagefind/`: `pagefind/indexes/<n>/`. */
export const MERGED_INDEXES_FOLDER = 'indexes';

/**
 * How many search indexes a site of `pages` searchable pages gets: one per
 * {@link PAGES_PER_SEARCH_INDEX} (rounded down), at least 1 and at most {@link MAX_SEARCH_INDEXES}.
 * @param pages the site's pages, counted as the build counts them before rendering (site/reference/search-indexes.ts)
 */
export function searchIndexCount(pages: number): number {
  if (!Number.isFinite(pages) || pages < 0) throw new RangeError(`page count ${pages}: expected a number ≥ 0`);
  return Math.min(MAX_SEARCH_INDEXES, Math.max(1, Math.floor(pages / PAGES_PER_SEARCH_INDEX)));
}

/**
 * The index (0 to `count - 1`) a page belongs to: FNV-1a (32 bits) of its slug, modulo `count`. Stable:
 * the same path always goes to the same index of the same count.
 * @param path the page's file in the build output (`reference/list-pets/index.html`) or its URL path
 * @param count the site's index count ({@link searchIndexCount})
 */
export function searchIndexOf(path: string, count: number): number {
  if (count <= 1) return 0;
  const segments = path
    .replace(/(?:^|\/)index\.html$/, '')
    .replace(/\.html$/, '')
    .split('/')
    .filter(Boolean);
  const slug = segments.at(-1) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) {
    hash ^= slug.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

/**
 * Where index `n` is written, relative to the search bundle (`pagefind/`): '' for the first (Pagefind's
 * own bundle, which the reader's search loads), `indexes/<n>/` for the others.
 */
export function searchIndexFolder(n: number): string {
  return n === 0 ? '' : `${MERGED_INDEXES_FOLDER}/${n}/`;
}

/**
 * The bundle paths the reader's search merges into the first index (Pagefind UI's `mergeIndex`), for a
 * site of `count` indexes whose first bundle is at `bundlePath` (`/pagefind/`, or below the site's base).
 */
export function mergedIndexPaths(bundlePath: string, count: number): string[] {
  const base = bundlePath.endsWith('/') ? bundlePath : `${bundlePath}/`;
  return Array.from({ length: Math.max(0, count - 1) }, (_, i) => `${base}${searchIndexFolder(i + 1)}`);
}
