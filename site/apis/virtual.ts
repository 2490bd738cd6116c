/**
 * Hands the site's APIs (config.ts) to Astro's prerender bundle and the dev server's routes as the
 * Vite virtual module `virtual:petstore/apis` (`export const apis`), the way Starlight hands its
 * configuration to its routes: Astro evaluates the config and the pages as separate module instances,
 * so the value is written into a module rather than read from a global.
 */
import type { SiteApis } from './api.ts';

/** The module's name, as routes and components import it (declared in virtual-module.d.ts). */
export const APIS_MODULE = 'virtual:petstore/apis';

/** A Vite plugin serving {@link APIS_MODULE} (`apis`, `site`) with the given APIs. */
export function apisModule(site: SiteApis): {
  name: string;
  resolveId(id: string): string | undefined;
  load(id: string): string | undefined;
} {
  const resolved = `\0${APIS_MODULE}`;
  return {
    name: 'petstore:apis',
    resolveId: (id) => (id === APIS_MODULE ? resolved : undefined),
    load: (id) =>
      id === resolved ? `export const site = ${JSON.stringify(site)};\nexport const apis = site.apis;\n` : undefined,
  };
}
