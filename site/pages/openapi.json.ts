// GET /openapi.json: the API description converted to JSON (same content), prerendered to a static file.
import type { APIRoute } from 'astro';
import { apiById } from '../apis/site.ts';
import { sourceDocument } from '../reference/loaded-description.ts';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(`${JSON.stringify(await sourceDocument(apiById()), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
