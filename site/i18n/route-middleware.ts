// Starlight route middleware (astro.config.mjs `routeMiddleware`): on a locale's page, the sidebar's links
// to the description's downloads lose the locale prefix Starlight gives every sidebar link
// (`/fr/openapi.yaml` → `/openapi.yaml`): the downloads are one for every language and never below a
// locale (the URL layout). They are the sidebar's links with a `download` attribute (navigation.ts).
import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import { siteLocales, splitLocale } from './locales.ts';

type SidebarEntry = StarlightRouteData['sidebar'][number];

/**
 * The sidebar with each download link's locale prefix taken off. Pure.
 * @param keys the site's locale keys (`fr`, `pt-br`)
 */
export function downloadsUnprefixed(entries: readonly SidebarEntry[], keys: readonly string[]): SidebarEntry[] {
  return entries.map((e) => {
    if (e.type === 'group') return { ...e, entries: downloadsUnprefixed(e.entries, keys) };
    return 'download' in e.attrs ? { ...e, href: splitLocale(e.href, keys).path } : e;
  });
}

export const onRequest = defineRouteMiddleware((context) => {
  const keys = siteLocales().map((l) => l.key as string);
  if (keys.length === 0 || !splitLocale(context.url.pathname, keys).key) return;
  const route = context.locals.starlightRoute;
  route.sidebar = downloadsUnprefixed(route.sidebar, keys);
});
