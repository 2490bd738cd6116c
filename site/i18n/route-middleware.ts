// Starlight route middleware (astro.config.mjs `routeMiddleware`): on a locale's page, the sidebar's links
// to the description's downloads lose the locale prefix Starlight gives every sidebar link
// (downloads-links.ts).
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { localeKeys } from '../config.ts';
import { downloadsUnprefixed } from './downloads-links.ts';
import { splitLocale } from './locales.ts';

export const onRequest = defineRouteMiddleware((context) => {
  if (localeKeys.length === 0 || !splitLocale(context.url.pathname, localeKeys).key) return;
  const route = context.locals.starlightRoute;
  route.sidebar = downloadsUnprefixed(route.sidebar, localeKeys);
});
