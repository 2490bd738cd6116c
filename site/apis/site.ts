// The site's APIs as Astro's routes and components read them: the `virtual:petstore/apis` module the
// reference integration writes (virtual.ts). Only code Astro runs imports this file; everything else
// takes an `Api` as an argument.
import { apis, site } from 'virtual:petstore/apis';
import type { Api } from './api.ts';

export { apis, site };

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
