/**
 * What search knows of a page's API on a site of several APIs: Pagefind's `api` filter of each page
 * (written by the Banner override), the API a result shows, and the API the search dialog keeps to by
 * default (the Search override). Pure.
 */
import type { Api } from '../../apis/api.ts';
import { apiAt } from '../../apis/paths.ts';

/** What search knows of a page's API (Pagefind's `api` filter and meta). */
export interface ApiSearchScope {
  /** The API search keeps to by default on this page (its name); none outside every API. */
  reading?: string;
  /** The page's `api` filter values: its API's name, or every API's outside every API (guides, the catalog). */
  filters: string[];
  /** The API a result shows (Pagefind meta `api`): pages of an API only. */
  meta?: string;
}

/**
 * The API search scope of a page at a URL path: a page of an API belongs to it; any other page (guides,
 * the catalog, the changelogs' list) to every API, so that searching one API still finds the guides.
 * @param apis the site's APIs with their names (configured title, else `info.title`)
 * @returns undefined on a site of one API: search then has no API filter at all
 */
export function apiSearchScope(
  path: string,
  apis: ReadonlyArray<{ api: Api; title: string }>,
): ApiSearchScope | undefined {
  if (apis.length < 2) return undefined;
  const api = apiAt(
    apis.map((a) => a.api),
    path,
  );
  const own = api && apis.find((a) => a.api.id === api.id);
  if (own) return { reading: own.title, filters: [own.title], meta: own.title };
  return { filters: apis.map((a) => a.title) };
}
