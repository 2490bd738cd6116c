// `<base>/<id>/llms-full.txt` on a site of several APIs: one API's current reference in one Markdown
// file (site/agents/llms.ts `llmsFullTxt`, without the guides, which the site's /llms-full.txt holds).
import type { APIRoute, GetStaticPaths } from 'astro';
import { llmsFullTxt } from '../../agents/llms.ts';
import { sitePages } from '../../agents/site.ts';
import { apiById, apis, site as config } from '../../config.ts';
import { eventData } from '../../events/data.ts';
import { eventAgentPages } from '../../events/markdown.ts';
import { eventPageKey } from '../../events/page-cache-key.ts';
import { referenceModel } from '../loaded-description.ts';
import { versionSet } from '../versions.ts';

export const prerender = true;

export const getStaticPaths = (async () => {
  const paths: { params: { api: string }; cacheKey?: string }[] = apis.map((api) => ({ params: { api: api.id } }));
  // An event API's is copied from the previous build while its inputs are unchanged (site/events/page-cache-key.ts).
  for (const api of config.events ?? [])
    paths.push({ params: { api: api.id }, cacheKey: await eventPageKey(config, api) });
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  // An event API's (site/events/): its pages' Markdown in one file.
  const events = config.events?.find((a) => a.id === params.api);
  if (events) {
    const { view } = await eventData(events);
    const text = eventAgentPages(view)
      .map((p) => p.markdown())
      .join('\n\n---\n\n');
    return new Response(`${text}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const api = apiById(params.api);
  const older = (await versionSet(api)).versions.filter((v) => !v.current).map((v) => v.version);
  return new Response(
    llmsFullTxt(await referenceModel(api), await sitePages(api, false), site?.href ?? 'http://localhost/', older),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
};
