// GET /changelog.xml: the changelog as an RSS 2.0 feed (@astrojs/rss), one item per release, newest first,
// prerendered from spec/changelog.json like the /changelog/ page.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { apiById } from '../apis/site.ts';
import { changelog, pageLookup } from '../changelog/data.ts';
import { feedItems } from '../changelog/model.ts';
import { referenceModel } from '../reference/loaded-description.ts';

export const prerender = true;

export async function GET(context: APIContext): Promise<Response> {
  const api = apiById();
  const model = await referenceModel(api);
  const site = context.site ?? 'http://localhost:4321';
  return rss({
    title: `${model.title} changelog`,
    description: `Released versions of the ${model.title} description: operations added, changed, deprecated and removed.`,
    site,
    items: feedItems(changelog(api), await pageLookup(api), model.title, site),
    customData: '<language>en</language>',
  });
}
