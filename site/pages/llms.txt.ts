// `/llms.txt` (llmstxt.org): the site's pages as links to their Markdown twins, and the published
// versions' reference indexes. site/agents/llms.ts.
import type { APIRoute } from 'astro';
import { llmsTxt } from '../agents/llms.ts';
import { sitePages } from '../agents/site.ts';
import { apiById } from '../apis/site.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { versionSet } from '../reference/versions.ts';

export const GET: APIRoute = async ({ site }) => {
  const api = apiById();
  const versions = (await versionSet(api)).versions.map((v) => ({
    version: v.version,
    current: v.current,
    indexUrl: `${v.base}/`,
  }));
  return new Response(
    llmsTxt(await referenceModel(api), await sitePages(api), site?.href ?? 'http://localhost/', versions),
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
};
