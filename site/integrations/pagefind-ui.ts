/**
 * Starlight's search creates Pagefind's UI in its own script (`import('@pagefind/default-ui')`, then
 * `new PagefindUI(…)`) and keeps it; search by version needs that UI (its `triggerFilters`). This
 * integration resolves the import of that one script to reference/browser/search-scope.ts, Pagefind UI
 * with the version scope added, so Starlight's Search is used as it is (components/overrides/Search.astro
 * wraps it). Every other import of `@pagefind/default-ui` (search-scope.ts's own among them) is left alone.
 * tests/unit/site/starlight-overrides.test.ts checks that the installed Starlight still imports it so.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The package Starlight's search script imports. */
export const PAGEFIND_UI = '@pagefind/default-ui';

/** Pagefind UI with the version scope (what Starlight's search script gets instead). */
export const SCOPED_PAGEFIND_UI = fileURLToPath(new URL('../reference/browser/search-scope.ts', import.meta.url));

/**
 * Whether a module id is the script of Starlight's Search component (`…/@astrojs/starlight/dist/
 * components/Search.astro?astro&type=script&index=0&lang.ts`), whatever the package manager's layout. Pure.
 */
export function isStarlightSearchScript(id: string): boolean {
  return /[\\/]@astrojs[\\/]starlight[\\/].*[\\/]components[\\/]Search\.astro\?astro&type=script/.test(id);
}

export default function pagefindUI(): AstroIntegration {
  return {
    name: 'petstore:pagefind-ui',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'petstore:pagefind-ui',
                enforce: 'pre',
                // Filtered on the specifier: the bundler calls it for that import only.
                resolveId: {
                  filter: { id: /^@pagefind\/default-ui$/ },
                  handler(source, importer) {
                    return source === PAGEFIND_UI && importer && isStarlightSearchScript(importer)
                      ? SCOPED_PAGEFIND_UI
                      : null;
                  },
                },
              },
            ],
          },
        });
      },
    },
  };
}
