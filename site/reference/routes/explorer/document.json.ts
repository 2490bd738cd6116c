// GET /reference/explorer/document.json: the description as the Scalar explorer renders it (tag
// groups, badges, servers with the mock first; reference/explorer/map.ts). Loaded by URL, so the explorer page
// stays small and the document is cached on its own.
import type { APIRoute } from 'astro';
import { apiById } from '../../../apis/site.ts';
import { mappedReference } from '../../loaded-description.ts';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(JSON.stringify((await mappedReference(apiById())).document), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
