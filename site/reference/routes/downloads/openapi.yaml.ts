// An API's description exactly as written (its entry file), prerendered to a static file at a stable
// URL: `/openapi.yaml` on a site of one API, `<base>/<id>/openapi.yaml` on a site of several.
import type { APIRoute, GetStaticPaths } from 'astro';
import { apiById, apis } from '../../../config.ts';
import { specText } from '../../loaded-description.ts';

export const prerender = true;

/** One path per API on a site of several (`[api]`); ignored by Astro for the one API's static path. */
export const getStaticPaths = (() => apis.map((api) => ({ params: { api: api.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(await specText(apiById(params.api)), {
    headers: { 'Content-Type': 'application/yaml; charset=utf-8' },
  });
