// An API's changelog as an RSS 2.0 feed (@astrojs/rss), one item per release, newest first,
// prerendered from its release record like its changelog page: `/changelog.xml` on a site of one API,
// `/changelog/<id>.xml` on a site of several. One feed for every language, in the root locale's (the
// release record's notes are written in it; feeds are never below a locale in the URL layout): each
// locale's changelog page links it saying so.
import rss from '@astrojs/rss';
import type { APIContext, GetStaticPaths } from 'astro';
import { feedItems } from '../../../changelog/model.ts';
import { site as siteApis } from '../../../config.ts';
import { translator } from '../../../i18n/catalogue.ts';
import { ROOT_LOCALE } from '../../../i18n/locales.ts';
import { changelog, changelogApi, changelogApis, changelogTitle, pageLookup } from '../../changelog-pages.ts';

export const prerender = true;

/** One path per API on a site of several (`[api]`); ignored by Astro for the one API's static path. */
export const getStaticPaths = (() =>
  changelogApis(siteApis).map((api) => ({ params: { api: api.id } }))) satisfies GetStaticPaths;

export async function GET(context: APIContext): Promise<Response> {
  const api = changelogApi(siteApis, context.params.api);
  const title = await changelogTitle(api);
  const site = context.site ?? 'http://localhost:4321';
  const t = translator(ROOT_LOCALE.lang);
  return rss({
    title: t('changelog.feed.title', { title }),
    description: t('changelog.feed.description', { title }),
    site,
    items: feedItems(changelog(api), await pageLookup(api), title, site, api.changes.page),
    customData: `<language>${ROOT_LOCALE.lang}</language>`,
  });
}
