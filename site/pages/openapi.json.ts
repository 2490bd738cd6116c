// GET /openapi.json: spec/openapi.yaml converted to JSON (same content), prerendered to a static file.
import type { APIRoute } from 'astro';
import { parseSpec } from '../../spec/load.ts';
import text from '../../spec/openapi.yaml?raw';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(parseSpec(text), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
