// Starlight route middleware: adds the Markdown alternate link and the Open Graph image tags
// (head.ts) to every page that has a Markdown twin; registered in astro.config.mjs `routeMiddleware`.
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { site as apis, locales } from '../config.ts';
import { siteTagCards } from '../og/tag-cards.ts';
import { agentHead } from './head.ts';
import { canonicalPagePath } from './paths.ts';
import { sitePage } from './site.ts';

export const onRequest = defineRouteMiddleware(async (context) => {
  const page = await sitePage(apis, locales, canonicalPagePath(context.url.pathname));
  if (!page) return;
  const site = context.site?.href ?? `${context.url.origin}/`;
  const route = context.locals.starlightRoute;
  const description = route.entry.data.description ?? page.description;
  // The page whose card the page's image shows: an operation page of a large API shows its tag's.
  const card =
    page.operation && page.api && (await siteTagCards(apis)).has(page.api.id)
      ? await sitePage(apis, locales, page.operation.tagUrl)
      : undefined;
  route.head.push(...agentHead(page, site, description, card).map((e) => ({ ...e, content: '' })));
});
