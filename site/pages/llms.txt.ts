// `/llms.txt` (llmstxt.org): the site's pages as links to their Markdown twins, and the published
// versions' reference indexes; on a site of several APIs a section per API. site/agents/llms.ts.
import type { APIRoute } from 'astro';
import { type LlmsApi, llmsTxt, llmsTxtOfApis } from '../agents/llms.ts';
import { allPages, guidesAndCatalog, localizedPages, sitePages } from '../agents/site.ts';
import { siteSkills } from '../agents/site-skills.ts';
import type { Api } from '../apis/api.ts';
import { site as apis, locales as siteLocales } from '../config.ts';
import { eventData } from '../events/data.ts';
import { eventAgentPages } from '../events/markdown.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { versionSet } from '../reference/versions.ts';

/** An API's published versions as llms.txt lists them. */
async function versionsOf(api: Api) {
  return (await versionSet(api)).versions.map((v) => ({
    version: v.version,
    current: v.current,
    indexUrl: `${v.base}/`,
  }));
}

export const GET: APIRoute = async ({ site }) => {
  const origin = site?.href ?? 'http://localhost/';
  const [first] = apis.apis;
  const skills = await siteSkills(origin);
  let text: string;
  if (!apis.catalog) {
    const localized = await localizedPages(first, siteLocales);
    const locales = siteLocales.map((l) => ({
      label: l.label,
      lang: l.lang,
      pages: localized.filter((p) => p.locale === l.key),
    }));
    text = llmsTxt(
      await referenceModel(first),
      await sitePages(first),
      origin,
      await versionsOf(first),
      locales,
      skills,
    );
  } else {
    const { guides, catalog } = await guidesAndCatalog(apis, siteLocales);
    const sections: LlmsApi[] = [];
    for (const api of apis.apis) {
      const model = await referenceModel(api);
      sections.push({
        title: api.title ?? model.title,
        model,
        pages: await sitePages(api, false),
        versions: await versionsOf(api),
        fullUrl: `${api.base}/llms-full.txt`,
        downloads: api.downloads,
        ...(skills.find((k) => k.api === api.id) ? { skill: skills.find((k) => k.api === api.id) } : {}),
      });
    }
    // Each locale's catalog first, then its APIs' pages in the site's order (only the current versions are translated).
    const all = await allPages(apis, siteLocales);
    const locales = siteLocales.map((l) => ({
      label: l.label,
      lang: l.lang,
      pages: all
        .filter((p) => p.locale === l.key && !p.version)
        .sort((a, b) => Number(b.kind === 'catalog') - Number(a.kind === 'catalog')),
    }));
    text = llmsTxtOfApis(guides, catalog, sections, origin, locales);
  }
  // The event APIs (AsyncAPI, site/events/): a section each, its pages' twins.
  for (const api of apis.events ?? []) {
    const { view } = await eventData(api);
    const links = eventAgentPages(view).map(
      (p) => `- [${p.title}](${new URL(p.mdUrl, origin).href}): ${p.description}`,
    );
    text += `\n## ${view.title} (event API, AsyncAPI ${view.asyncapi})\n\n${[
      `- [The whole API in one file](${new URL(`${api.base}/llms-full.txt`, origin).href})`,
      ...links,
    ].join('\n')}\n`;
  }
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
