// `/llms-full.txt`: the guides and the current version's reference in one Markdown file; on a site of
// several APIs the guides and the catalog, naming each API's own file (`<base>/<id>/llms-full.txt`).
// site/agents/llms.ts.
import type { APIRoute } from 'astro';
import { llmsFullTxt, llmsFullTxtOfApis } from '../agents/llms.ts';
import { guidesAndCatalog, sitePages } from '../agents/site.ts';
import { site as apis, locales } from '../config.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { versionSet } from '../reference/versions.ts';

export const GET: APIRoute = async ({ site }) => {
  const origin = site?.href ?? 'http://localhost/';
  const [first] = apis.apis;
  let text: string;
  if (!apis.catalog) {
    const older = (await versionSet(first)).versions.filter((v) => !v.current).map((v) => v.version);
    text = llmsFullTxt(await referenceModel(first), await sitePages(first), origin, older);
  } else {
    const { guides, catalog } = await guidesAndCatalog(apis, locales);
    const files = [];
    for (const api of apis.apis) {
      files.push({ title: api.title ?? (await referenceModel(api)).title, fullUrl: `${api.base}/llms-full.txt` });
    }
    text = llmsFullTxtOfApis(guides, catalog, files, origin);
  }
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
