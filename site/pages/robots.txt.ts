// `/robots.txt` (RFC 9309): everything may be crawled, under the Content Signals the site states
// (contentsignals.org; the `agents.contentSignals` option of astro.config.mjs, site/agents/options.ts); the sitemap
// Starlight writes, as an absolute URL on the primary domain (`site` in astro.config.mjs).
import type { APIRoute } from 'astro';
import { robotsTxt } from '../agents/discovery.ts';
import { agents } from '../config.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site?.href ?? 'http://localhost/', agents.contentSignals), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
