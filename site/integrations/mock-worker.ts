// Build-time wiring of the in-browser mock: after the build, bundles site/mock/worker.ts with the
// definition precompiled from the spec (site/mock/precompile.ts) into dist/client at
// `<base>/mock-sw.js` (the reference's base path), where the try-it client registers it on static hosts. Runs before the serving
// integration, so the worker is precompressed and covered by _headers like every other file.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { loadMockDescription } from '../mock/load.ts';
import { mockWorkerPaths } from '../mock/mount.ts';
import { bundleMock } from '../mock/precompile.ts';

const WORKER_ENTRY = fileURLToPath(new URL('../mock/worker.ts', import.meta.url));

/**
 * The Astro integration: add it before `serving()`.
 * @param referenceBase the reference's base path (its `base` option): the worker is written below it
 */
export default function mockWorker(referenceBase = '/reference'): AstroIntegration {
  const workerUrl = mockWorkerPaths(referenceBase).url;
  return {
    name: 'petstore:mock-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outfile = join(fileURLToPath(dir), workerUrl);
        mkdirSync(dirname(outfile), { recursive: true });
        let bytes: number;
        try {
          bytes = await bundleMock(await loadMockDescription(), {
            entry: WORKER_ENTRY,
            outfile,
            format: 'iife',
            onWarn: (message) => logger.warn(`in-browser mock: ${message}`),
          });
        } catch (err) {
          // A description the bundle cannot be made from still builds a site: without the worker,
          // try-it on a static host says the mock is unavailable, as it does in a browser without
          // service workers. (A schema Ajv cannot compile only leaves that request unchecked.)
          logger.warn(
            `${workerUrl} not written, the in-browser mock is off for this description: ${(err as Error).message}`,
          );
          return;
        }
        const gz = gzipSync(readFileSync(outfile), { level: 9 }).length;
        logger.info(`${workerUrl} written: ${(bytes / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzip`);
      },
    },
  };
}
