// `/llms.txt` (llmstxt.org): the site's pages as links to their Markdown twins, and the published
// versions' reference indexes. site/agents/llms.ts.
import type { APIRoute } from 'astro';
import { llmsTxt } from '../agents/llms.ts';
import { sitePages } from '../agents/site.ts';
import { siteSkills } from '../agents/site-skills.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { versionSet } from '../reference/versions.ts';

export const GET: APIRoute = async ({ site }) => {
  const versions = (await versionSet()).versions.map((v) => ({
    version: v.version,
    current: v.current,
    indexUrl: `${v.base}/`,
  }));
  const origin = site?.href ?? 'http://localhost/';
  const skills = await siteSkills(origin);
  return new Response(llmsTxt(await referenceModel(), await sitePages(), origin, versions, skills), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
