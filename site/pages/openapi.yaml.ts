// GET /openapi.yaml: the Petstore API description exactly as written in spec/openapi.yaml,
// prerendered to a static file at a stable URL.
import type { APIRoute } from 'astro';
import text from '../../spec/openapi.yaml?raw';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(text, { headers: { 'Content-Type': 'application/yaml; charset=utf-8' } });
