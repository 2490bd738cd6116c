// `/llms-full.txt`: the guides and the reference in one Markdown file. site/agents/llms.ts.
import type { APIRoute } from 'astro';
import { llmsFullTxt } from '../agents/llms.ts';
import { sitePages } from '../agents/site.ts';
import { referenceModel } from '../reference/loaded-description.ts';

export const GET: APIRoute = async ({ site }) =>
  new Response(llmsFullTxt(await referenceModel(), await sitePages(), site?.href ?? 'http://localhost/'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
