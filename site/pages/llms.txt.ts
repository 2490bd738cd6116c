// `/llms.txt` (llmstxt.org): the site's pages as links to their Markdown twins. site/agents/llms.ts.
import type { APIRoute } from 'astro';
import { llmsTxt } from '../agents/llms.ts';
import { sitePages } from '../agents/site.ts';
import { referenceModel } from '../reference/loaded-description.ts';

export const GET: APIRoute = async ({ site }) =>
  new Response(llmsTxt(await referenceModel(), await sitePages(), site?.href ?? 'http://localhost/'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
