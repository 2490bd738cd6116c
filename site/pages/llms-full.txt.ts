// `/llms-full.txt`: the guides and the current version's reference in one Markdown file. site/agents/llms.ts.
import type { APIRoute } from 'astro';
import { llmsFullTxt } from '../agents/llms.ts';
import { sitePages } from '../agents/site.ts';
import { apiById } from '../apis/site.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { versionSet } from '../reference/versions.ts';

export const GET: APIRoute = async ({ site }) => {
  const api = apiById();
  const older = (await versionSet(api)).versions.filter((v) => !v.current).map((v) => v.version);
  return new Response(
    llmsFullTxt(await referenceModel(api), await sitePages(api), site?.href ?? 'http://localhost/', older),
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
};
