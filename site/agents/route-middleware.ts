// Starlight route middleware: adds the Markdown alternate link and the Open Graph image tags
// (head.ts) to every page that has a Markdown twin; registered in astro.config.mjs `routeMiddleware`.
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { site as apis, locales } from '../config.ts';
import { agentHead } from './head.ts';
import { canonicalPagePath } from './paths.ts';
import { sitePage } from './site.ts';

export const onRequest = defineRouteMiddleware(async (context) => {
  const page = await sitePage(apis, locales, canonicalPagePath(context.url.pathname));
  if (!page) return;
  const site = context.site?.href ?? `${context.url.origin}/`;
  const route = context.locals.starlightRoute;
  const description = route.entry.data.description ?? page.description;
  route.head.push(...agentHead(page, site, description).map((e) => ({ ...e, content: '' })));
});
