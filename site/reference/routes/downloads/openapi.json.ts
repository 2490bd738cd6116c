// An API's description converted to JSON (same content), prerendered to a static file:
// `/openapi.json` on a site of one API, `<base>/<id>/openapi.json` on a site of several.
import type { APIRoute, GetStaticPaths } from 'astro';
import { apiById, apis } from '../../../config.ts';
import { sourceDocument } from '../../loaded-description.ts';

export const prerender = true;

/** One path per API on a site of several (`[api]`); ignored by Astro for the one API's static path. */
export const getStaticPaths = (() => apis.map((api) => ({ params: { api: api.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(`${JSON.stringify(await sourceDocument(apiById(params.api)), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
