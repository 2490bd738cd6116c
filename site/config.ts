// The site's configuration as Astro's routes, components and route middleware read it: the
// `virtual:petstore/config` module (site/build-context.ts `configModule`) that the site-config
// integration writes. Only code Astro runs imports this file; everything else takes the values as
// arguments.
import { agents, apis, locales, site } from 'virtual:petstore/config';
import type { Api } from './apis/api.ts';

export { agents, apis, locales, site };

/**
 * The API with that id, else the site's first (the API a guide or a site-wide page shows when it
 * names none).
 * @param id the API's id; undefined: the site's first API
 * @throws {Error} when no API has that id (names the ids)
 */
export function apiById(id?: string): Api {
  const api = id === undefined ? apis[0] : apis.find((a) => a.id === id);
  if (!api) throw new Error(`No API ${JSON.stringify(id)} in this site (APIs: ${apis.map((a) => a.id).join(', ')})`);
  return api;
}

/** The locale keys of the site beside the root one (`fr`, `pt-br`). */
export const localeKeys: readonly string[] = locales.map((l) => l.key as string);
