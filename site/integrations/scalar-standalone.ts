// Build-time wiring of Scalar's explorer bundle: `@scalar/api-reference` ships a prebuilt browser
// build (dist/browser/standalone.esm.js, its styles inside, and content-hashed chunks it imports
// lazily). The explorer page (pages/reference/explorer/) loads that build instead of having Vite
// bundle the package's thousands of modules again on every site build: this integration copies it
// into dist/client/_astro/ under a folder named by the entry's hash (so the immutable caching of
// `/_astro/*` stays right across Scalar updates) and gives the browser code its URL as
// `__SCALAR_REFERENCE_URL__`. Under `astro dev` the URL points into node_modules (Vite's `/@fs/`).
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The folder of `@scalar/api-reference`'s prebuilt browser build. */
export function standaloneDir(): string {
  // The package's exports have no ./package.json: its main module sits in dist/.
  return join(dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))), 'browser');
}

/**
 * The URL path the explorer loads the standalone entry from in a build: under `/_astro/`, in a
 * folder named by the first 10 hex digits of the entry's SHA-256 (the chunks it imports carry
 * their own hashes in their names).
 * @param entry the bytes of standalone.esm.js
 */
export function standaloneUrl(entry: Buffer): string {
  const hash = createHash('sha256').update(entry).digest('hex').slice(0, 10);
  return `/_astro/scalar-api-reference.${hash}/standalone.esm.js`;
}

/** The Astro integration. */
export default function scalarStandalone(): AstroIntegration {
  const dir = standaloneDir();
  const entry = join(dir, 'standalone.esm.js');
  let url = '';
  return {
    name: 'petstore:scalar-standalone',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        url = command === 'dev' ? `/@fs${entry}` : standaloneUrl(readFileSync(entry));
        updateConfig({ vite: { define: { __SCALAR_REFERENCE_URL__: JSON.stringify(url) } } });
      },
      'astro:build:done': ({ dir: out, logger }) => {
        const target = join(fileURLToPath(out), dirname(url));
        mkdirSync(join(target, 'chunks'), { recursive: true });
        copyFileSync(entry, join(target, 'standalone.esm.js'));
        // Source maps stay behind: 15 MB that no reader loads.
        const chunks = readdirSync(join(dir, 'chunks')).filter((f) => f.endsWith('.js'));
        for (const f of chunks) copyFileSync(join(dir, 'chunks', f), join(target, 'chunks', f));
        logger.info(`${url} and ${chunks.length} chunks copied from @scalar/api-reference`);
      },
    },
  };
}
