// GET /reference/explorer/document.json: the description as the Scalar explorer renders it (tag
// groups, badges, servers with the mock first; reference/explorer/map.ts). Loaded by URL, so the explorer page
// stays small and the document is cached on its own.
import type { APIRoute, GetStaticPaths } from 'astro';
import { apiById, apis, localeKeys } from '../../../config.ts';
import { splitLocale } from '../../../i18n/locales.ts';
import { mappedReference } from '../../loaded-description.ts';

/** The locale a URL path is in (`/fr/reference/…` → `fr`), undefined for the root locale. */
const pathLocale = (path: string) => splitLocale(path, localeKeys).key;

export const prerender = true;

/** One document per API on a site of several (`[api]`); ignored by Astro for the one API's static path. */
export const getStaticPaths = (() => apis.map((api) => ({ params: { api: api.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, url }) =>
  new Response(
    JSON.stringify((await mappedReference(apiById(params.api), undefined, pathLocale(url.pathname))).document),
    {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    },
  );
