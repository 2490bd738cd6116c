// Build-time wiring of the event try-it's panel client (site/events/browser/tryit.ts): bundled apart from
// the site's own scripts with esbuild (a few modules of ours, no dependency) and written to
// dist/client/_astro/event-tryit.<hash>.js (content-keyed, so the immutable caching of `/_astro/*` stays
// right); EventTryIt.astro imports it on the first press from `__EVENT_TRYIT_URL__`, as TryIt.astro does the
// REST try-it's bundle. Left to Vite, the loader's `import()` would make Vite split its preload helper into
// a chunk of its own that other pages' scripts (Search's) then import too: a page without event try-it
// would carry more script before any interaction than in a site without event APIs. `astro dev` serves the
// client from its source (Vite's `/@fs/`). A site without event APIs bundles nothing.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import type { Api } from '../apis/api.ts';

/** The panel client's entry module. */
export const EVENT_TRYIT_ENTRY = fileURLToPath(new URL('../events/browser/tryit.ts', import.meta.url));

/**
 * The panel client bundled (esbuild: one ES module, minified, ES2022, for the browser).
 * @returns its code and its URL path below the site (`/_astro/event-tryit.<hash>.js`, the hash of the code)
 * @throws {Error} when the bundle fails
 */
export async function eventTryItBundle(): Promise<{ code: string; path: string }> {
  const result = await build({
    entryPoints: [EVENT_TRYIT_ENTRY],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
  return { code, path: `/_astro/event-tryit.${hash}.js` };
}

/**
 * The Astro integration.
 * @param events the site's event APIs: without any, nothing is bundled
 */
export default function eventTryIt(events: readonly Api[] = []): AstroIntegration {
  let bundle: { code: string; path: string } | undefined;
  return {
    name: 'petstore:event-tryit',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig }) => {
        let url = '';
        if (events.length > 0 && command === 'build') {
          bundle = await eventTryItBundle();
          url = bundle.path;
        } else if (events.length > 0 && command === 'dev') {
          url = `/@fs${EVENT_TRYIT_ENTRY}`;
        }
        updateConfig({ vite: { define: { __EVENT_TRYIT_URL__: JSON.stringify(url) } } });
      },
      'astro:build:done': ({ dir }) => {
        if (!bundle) return;
        const file = join(fileURLToPath(dir), bundle.path);
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, bundle.code);
      },
    },
  };
}
