// Writes <outDir>/.built-from.json naming the description the build read, so `npm start` and the
// test commands (scripts/build-if-stale.mjs) rebuild when PETSTORE_SPEC names another one, whether
// the output came from `npm run build` or from them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { descriptionPath } from '../reference/loaded-description.ts';

/** The file build-if-stale reads; keep the two in step. */
export const BUILT_FROM = '.built-from.json';

/** The Astro integration: after a complete build only (a failed build writes nothing). */
export default function builtFrom(): AstroIntegration {
  let outDir = '';
  return {
    name: 'petstore:built-from',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': () => {
        writeFileSync(join(outDir, BUILT_FROM), `${JSON.stringify({ spec: descriptionPath() })}\n`);
      },
    },
  };
}
