// The description's downloads are one for every language and never below a locale (the URL layout):
// on a locale's page, the sidebar's links to them lose the locale prefix Starlight gives every sidebar
// link (`/fr/openapi.yaml` → `/openapi.yaml`). They are the sidebar's links with a `download`
// attribute (navigation.ts). Pure; the route middleware (route-middleware.ts) applies it.
import type { StarlightRouteData } from '@astrojs/starlight/route-data';
import { splitLocale } from './locales.ts';

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
