// GET /openapi.yaml: the API description exactly as written (spec/openapi.yaml, or PETSTORE_SPEC),
// prerendered to a static file at a stable URL.
import type { APIRoute } from 'astro';
import { specText } from '../reference/loaded-description.ts';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(await specText(), { headers: { 'Content-Type': 'application/yaml; charset=utf-8' } });
