// The second of the two child processes that make the in-browser mock's cache entry (mock-worker.ts
// `makeEntryInChild`): bundles the definitions the first one wrote with the worker's code. Apart from
// mock-worker.ts so that it loads esbuild and nothing of the mock or the site: its memory sits beside
// esbuild's, which holds the whole bundle's syntax tree.
//
//   node site/integrations/mock-worker-bundle.ts <cacheDir> <key>   (run by the build)
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { temporaryName, writeEntry } from '../build-cache.ts';
import { bundleModules } from '../mock/hosts/bundle-modules.ts';

const WORKER_ENTRY = fileURLToPath(new URL('../mock/hosts/worker.ts', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/** What a cache entry remembers: the bundle's size, or why the description has no worker. */
export interface CacheRecord {
  bytes?: number;
  /** the bundle's size gzipped at level 9, as the build reports it */
  gzipBytes?: number;
  error?: string;
  /** what the bundler warned about (schemas left unchecked) */
  warnings?: string[];
}

/** The files of cache entry `key`: the bundle, and its record (written last: it says the entry is complete). */
export function entryFiles(cacheDir: string, key: string): { bundleFile: string; recordFile: string } {
  return { bundleFile: join(cacheDir, `${key}.js`), recordFile: join(cacheDir, `${key}.json`) };
}

/** Where the first child leaves the definitions for the second (beside the entry, removed by the second). */
export function definitionsFile(cacheDir: string, key: string): string {
  return join(cacheDir, `${key}.definitions.json`);
}

/** What the first step of making an entry leaves for the second: the definitions' modules, or why there are none. */
export interface Definitions {
  modules?: Record<string, string>;
  warnings: string[];
  error?: string;
}

/**
 * The second step of making cache entry `key`: bundles the definitions with the worker's code, then writes
 * the bundle and its record, each renamed into place (a record with the reason when there is no bundle).
 * @param entry the worker's module (default the REST mock's, site/mock/hosts/worker.ts; an event API's is
 *   events-worker.ts)
 * @returns the record written
 */
export async function bundleEntry(
  cacheDir: string,
  key: string,
  definitions: Definitions,
  entry: string = WORKER_ENTRY,
): Promise<CacheRecord> {
  const { bundleFile, recordFile } = entryFiles(cacheDir, key);
  mkdirSync(cacheDir, { recursive: true });
  const { modules, warnings, error } = definitions;
  let record: CacheRecord;
  const tmp = temporaryName(bundleFile);
  try {
    if (error !== undefined || !modules) throw new Error(error ?? 'no definitions');
    const bytes = await bundleModules(modules, { entry, outfile: tmp, format: 'iife' });
    const gzipBytes = gzipSync(readFileSync(tmp), { level: 9 }).length;
    renameSync(tmp, bundleFile);
    record = { bytes, gzipBytes, warnings };
  } catch (err) {
    await rm(tmp, { force: true });
    record = { error: (err as Error).message };
  }
  await writeEntry(recordFile, JSON.stringify(record));
  return record;
}

if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  const [cacheDir, key] = process.argv.slice(2);
  if (!cacheDir || !key) {
    process.stderr.write('usage (run by the build): node site/integrations/mock-worker-bundle.ts <cacheDir> <key>\n');
    process.exit(2);
  }
  const file = definitionsFile(cacheDir, key);
  await bundleEntry(cacheDir, key, JSON.parse(readFileSync(file, 'utf8')) as Definitions);
  await rm(file, { force: true });
}
