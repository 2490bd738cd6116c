// Build-time wiring of the in-browser mock: after the build, bundles site/mock/worker.ts with the
// definition precompiled from the spec (site/mock/precompile.ts) into dist/client at
// `<base>/mock-sw.js` (the reference's base path), where the try-it client registers it on static hosts. Runs before the serving
// integration, so the worker is precompressed and covered by _headers like every other file.
//
// The bundle depends only on the description, the mock's sources and the installed packages, so it
// is kept in node_modules/.cache under a hash of those (`workerInputsKey`) and copied from there when
// none of them changed: compiling GitHub's ~1,100 operations' validators is seconds of every build.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { loadDescription } from '../../spec/loader/index.ts';
import { loadMockDescription } from '../mock/load.ts';
import { mockWorkerPaths } from '../mock/mount.ts';
import { bundleMock } from '../mock/precompile.ts';

const WORKER_ENTRY = fileURLToPath(new URL('../mock/worker.ts', import.meta.url));
const MOCK_DIR = fileURLToPath(new URL('../mock/', import.meta.url));
const SPEC_DIR = fileURLToPath(new URL('../../spec/', import.meta.url));

/** Where built workers are kept between builds, relative to the project root. */
export const MOCK_WORKER_CACHE = join('node_modules', '.cache', 'petstore-docs', 'mock-worker');

/** Every `.ts` file below `dir` (sorted, absolute). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) out.push(join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/**
 * The cache key of a worker bundle: SHA-256 over everything that decides its bytes (every file of the
 * description, every TypeScript source of site/mock/ and spec/, the lock file that pins ajv, esbuild
 * and openapi-backend, and the Node version). Any change to one of them gives another key.
 * @param root the project root
 * @param descriptionFiles the description's files (the entry and every file it `$ref`s)
 */
export function workerInputsKey(root: string, descriptionFiles: readonly string[]): string {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  add('node', process.version);
  for (const file of descriptionFiles) add('description', readFileSync(file));
  const lock = join(root, 'package-lock.json');
  if (existsSync(lock)) add('lock', readFileSync(lock));
  for (const file of [...sources(MOCK_DIR), ...sources(SPEC_DIR)]) add(file.slice(root.length), readFileSync(file));
  return hash.digest('hex');
}

/** What a cache entry remembers: the bundle's size, or why the description has no worker. */
interface CacheRecord {
  bytes?: number;
  error?: string;
  /** what the bundler warned about (schemas left unchecked) */
  warnings?: string[];
}

/**
 * The Astro integration: add it before `serving()`.
 * @param referenceBase the reference's base path (its `base` option): the worker is written below it
 */
export default function mockWorker(referenceBase = '/reference'): AstroIntegration {
  const workerUrl = mockWorkerPaths(referenceBase).url;
  let root = process.cwd();
  return {
    name: 'petstore:mock-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outfile = join(fileURLToPath(dir), workerUrl);
        mkdirSync(dirname(outfile), { recursive: true });
        const cacheDir = join(root, MOCK_WORKER_CACHE);
        const key = workerInputsKey(root, (await loadDescription()).files);
        const recordFile = join(cacheDir, `${key}.json`);
        const bundleFile = join(cacheDir, `${key}.js`);
        let record: CacheRecord | undefined;
        try {
          record = JSON.parse(readFileSync(recordFile, 'utf8')) as CacheRecord;
          if (record.bytes !== undefined) copyFileSync(bundleFile, outfile);
        } catch {
          record = undefined;
        }
        const reused = record !== undefined;
        if (!record) {
          try {
            const warnings: string[] = [];
            const bytes = await bundleMock(await loadMockDescription(), {
              entry: WORKER_ENTRY,
              outfile,
              format: 'iife',
              onWarn: (message) => warnings.push(message),
            });
            record = { bytes, warnings };
          } catch (err) {
            record = { error: (err as Error).message };
          }
          mkdirSync(cacheDir, { recursive: true });
          if (record.bytes !== undefined) copyFileSync(outfile, bundleFile);
          // The record last, renamed into place: it is what says the entry is complete.
          writeFileSync(`${recordFile}.${process.pid}.tmp`, JSON.stringify(record));
          renameSync(`${recordFile}.${process.pid}.tmp`, recordFile);
        }
        // The bundler's warnings, again when the bundle comes from the cache.
        for (const message of record.warnings ?? []) logger.warn(`in-browser mock: ${message}`);
        if (record.error !== undefined) {
          // A description the bundle cannot be made from still builds a site: without the worker,
          // try-it on a static host says the mock is unavailable, as it does in a browser without
          // service workers. (A schema Ajv cannot compile only leaves that request unchecked.)
          logger.warn(`${workerUrl} not written, the in-browser mock is off for this description: ${record.error}`);
          return;
        }
        const gz = gzipSync(readFileSync(outfile), { level: 9 }).length;
        logger.info(
          `${workerUrl} written${reused ? ' (inputs unchanged: from the cache)' : ''}: ${((record.bytes ?? 0) / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzip`,
        );
      },
    },
  };
}
