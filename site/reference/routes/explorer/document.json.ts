// GET /reference/explorer/document.json: the description as the Scalar explorer renders it (tag
// groups, badges, servers with the mock first; reference/explorer/map.ts). Loaded by URL, so the explorer page
// stays small and the document is cached on its own.
import type { APIRoute, GetStaticPaths } from 'astro';
import { apiById, apis } from '../../../apis/site.ts';
import { mappedReference } from '../../loaded-description.ts';

export const prerender = true;

/** One document per API on a site of several (`[api]`); ignored by Astro for the one API's static path. */
export const getStaticPaths = (() => apis.map((api) => ({ params: { api: api.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(JSON.stringify((await mappedReference(apiById(params.api))).document), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
