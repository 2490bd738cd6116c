// GET /openapi.yaml: the API's description exactly as written (its entry file), prerendered to a
// static file at a stable URL.
import type { APIRoute } from 'astro';
import { apiById } from '../apis/site.ts';
import { specText } from '../reference/loaded-description.ts';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(await specText(apiById()), { headers: { 'Content-Type': 'application/yaml; charset=utf-8' } });
