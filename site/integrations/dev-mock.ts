// The mock API in `astro dev`: its route (site/mock/hosts/astro-dev.ts, on demand) and Astro's Node adapter,
// which an on-demand route needs, added when the dev server starts and never in a build.
//
// A build has no on-demand route, so Astro builds only the pages and their client scripts, not a server
// besides them (a second Vite build, of Astro's runtime, Starlight's middleware and the mock, on the
// build's critical path): `npm start` (scripts/serve.ts) serves the built files and mounts the mock's
// core straight on node:http, and a static host runs the mock in the reader's browser. The output keeps
// its layout: the site in `<output>/client/` (astro.config.mjs), the build's record beside it
// (built-from.ts).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { MOCK_BASE } from '../mock/hosts/mount.ts';
import { parseStoreUrl } from '../mock/hosts/store-url.ts';

/** The dev server's mock route: every path below {@link MOCK_BASE}, every method. */
export const DEV_MOCK_ROUTE = {
  pattern: `${MOCK_BASE}/[...path]`,
  entrypoint: fileURLToPath(new URL('../mock/hosts/astro-dev.ts', import.meta.url)),
  prerender: false,
} as const;

/**
 * The Astro integration. In `astro dev` it checks PETSTORE_MOCK_STORE first: a value that is not a store
 * URL (site/mock/hosts/store-url.ts) stops the dev server at once, with what is wrong, not at the first request.
 * @throws {Error} `PETSTORE_MOCK_STORE: …` when `astro dev` starts with a store URL it cannot use
 */
export default function devMock(): AstroIntegration {
  return {
    name: 'petstore:dev-mock',
    hooks: {
      'astro:config:setup': async ({ command, injectRoute, updateConfig }) => {
        if (command !== 'dev') return;
        try {
          parseStoreUrl(process.env.PETSTORE_MOCK_STORE);
        } catch (err) {
          throw new Error(`PETSTORE_MOCK_STORE: ${err instanceof Error ? err.message : String(err)}`);
        }
        injectRoute(DEV_MOCK_ROUTE);
        // As the config's `adapter` (which Astro checks for an on-demand route) and as an integration
        // (whose hooks set the adapter up): Astro adds the config's adapter to the integrations before
        // this hook, not after.
        // Imported here: a build never needs the adapter, and its module loads `astro/config` (see astro.config.mjs).
        const { default: node } = await import('@astrojs/node');
        const adapter = node({ mode: 'standalone' });
        updateConfig({ adapter, integrations: [adapter] });
      },
    },
  };
}
