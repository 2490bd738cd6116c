// `<base>/<id>/llms-full.txt` on a site of several APIs: one API's current reference in one Markdown
// file (site/agents/llms.ts `llmsFullTxt`, without the guides, which the site's /llms-full.txt holds).
import type { APIRoute, GetStaticPaths } from 'astro';
import { llmsFullTxt } from '../../agents/llms.ts';
import { sitePages } from '../../agents/site.ts';
import { apiById, apis } from '../../config.ts';
import { referenceModel } from '../loaded-description.ts';
import { versionSet } from '../versions.ts';

export const prerender = true;

export const getStaticPaths = (() => apis.map((api) => ({ params: { api: api.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const api = apiById(params.api);
  const older = (await versionSet(api)).versions.filter((v) => !v.current).map((v) => v.version);
  return new Response(
    llmsFullTxt(await referenceModel(api), await sitePages(api, false), site?.href ?? 'http://localhost/', older),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
};
