/**
 * What search knows of a page's version: Pagefind's `version` filter of each page (written by the Banner
 * override), the version a result shows, and the version the search dialog keeps to by default (the
 * Search override). Pure.
 */

import type { VersionPages } from './pages.ts';

/** What search knows of a page's version (Pagefind's `version` filter and meta). */
export interface SearchScope {
  /** The version search keeps to by default on this page: the page's own, the current one elsewhere. */
  reading: string;
  /** The page's `version` filter values: its version for a reference page, every version for any other page. */
  filters: string[];
  /** The version a result shows (Pagefind meta `version`): reference pages only. */
  meta?: string;
}

/**
 * The search scope of a page at a URL path: a page below an older version's base belongs to that
 * version, one below the reference's base to the current version, and any other page (guides, the
 * changelog, home) to every version, so that searching one version still finds the guides. Pure.
 * @param path the page's URL path (`/reference/1.0.0/list-pets/`)
 * @param versions the published versions (current first or not)
 * @returns undefined when fewer than two versions are published: search then has no version at all
 */
export function searchScope(
  path: string,
  versions: ReadonlyArray<Pick<VersionPages, 'version' | 'base' | 'current'>>,
): SearchScope | undefined {
  const current = versions.find((v) => v.current);
  if (versions.length < 2 || !current) return undefined;
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  const own = versions.find((v) => !v.current && under(v.base)) ?? (under(current.base) ? current : undefined);
  if (own) return { reading: own.version, filters: [own.version], meta: own.version };
  return { reading: current.version, filters: versions.map((v) => v.version) };
}
