// `/robots.txt` (RFC 9309): everything may be crawled; the sitemap Starlight writes, as an absolute
// URL on the primary domain (`site` in astro.config.mjs).
import type { APIRoute } from 'astro';
import { robotsTxt } from '../agents/discovery.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site?.href ?? 'http://localhost/'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
