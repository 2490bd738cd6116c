// Build-time wiring of the in-browser mock: bundles site/mock/hosts/worker.ts with the definitions precompiled
// from each API's description (site/mock/hosts/bundle.ts) into dist/client at `<base>/mock-sw.js` (the API's
// reference base path: a reader downloads the mock of the API read, not every API's), where the try-it
// client registers it on static hosts; and each event API's site/mock/hosts/events-worker.ts below its own
// base the same way, with the model the build parsed (site/events/data.ts) and its messages' validators
// compiled (`eventApiModules`), where the event try-it registers it. Runs before the serving integration,
// so the workers are precompressed and covered by _headers like every other file.
//
// The bundle depends only on the description, the mock's sources and the installed packages, so it
// is kept in node_modules/.cache under a hash of those (`workerInputsKey`) and copied from there when
// none of them changed; a bundle made again from the same definitions (a change to the description's prose
// only) is the earlier one, linked (`definitionsKey`). When it must be made (for a large description,
// compiling every operation's validators and bundling them is one of the heaviest steps of the build), two
// child processes (mock-worker-definitions.ts, then mock-worker-bundle.ts) make it from the start of the
// build, on the core the prerender leaves idle, instead of on the build's own thread at its end;
// `astro:build:done` waits for them, and makes the bundle itself if they left no cache entry.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { eventDescriptionFiles } from '../../descriptions/asyncapi/files.ts';
import type { JsonObject } from '../../descriptions/json.ts';
import type { Api } from '../apis/api.ts';
import type { ReleasedFile } from '../apis/releases.ts';
import { childEnv, inBackground } from '../background.ts';
import { BUILD_CACHE, temporaryName } from '../build-cache.ts';
import { currentBuild } from '../build-context.ts';
import { eventData } from '../events/data.ts';
import { localePrefix } from '../i18n/locales.ts';
import { mockWorkerPaths } from '../mock/hosts/mount.ts';
import { siteMockTable } from '../mock/hosts/table.ts';
import { withoutOperationProse } from '../mock/request/prose.ts';
import { loadForBuild } from '../reference/loaded-description.ts';
import { bundleEntry, type CacheRecord, type Definitions, definitionsFile, entryFiles } from './mock-worker-bundle.ts';
import { makeDefinitions, type WorkerMount } from './mock-worker-definitions.ts';

export type { WorkerMount };

const EVENTS_WORKER_ENTRY = fileURLToPath(new URL('../mock/hosts/events-worker.ts', import.meta.url));
const MOCK_DIR = fileURLToPath(new URL('../mock/', import.meta.url));
const DESCRIPTIONS_DIR = fileURLToPath(new URL('../../descriptions/', import.meta.url));
const SPEC_DIR = fileURLToPath(new URL('../../spec/', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const BUNDLE_STEP = fileURLToPath(new URL('./mock-worker-bundle.ts', import.meta.url));
const DEFINITIONS_STEP = fileURLToPath(new URL('./mock-worker-definitions.ts', import.meta.url));

/** Where built workers are kept between builds, relative to the project root. */
export const MOCK_WORKER_CACHE = join(BUILD_CACHE, 'mock-worker');

/** Every `.ts` file below `dir` (sorted, absolute). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) out.push(join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/**
 * SHA-256 over what a worker bundle is made with besides its description: the Node version, this file and
 * mock-worker-bundle.ts (which decide what an entry records), the lock file that pins ajv, esbuild and
 * openapi-backend, and every TypeScript source of site/mock/ and spec/.
 * @param root the project root
 */
export function workerCodeKey(root: string): string {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  add('node', process.version);
  add('integration', readFileSync(SELF));
  add('definitions step', readFileSync(DEFINITIONS_STEP));
  add('bundle step', readFileSync(BUNDLE_STEP));
  const lock = join(root, 'package-lock.json');
  if (existsSync(lock)) add('lock', readFileSync(lock));
  for (const file of [...sources(MOCK_DIR), ...sources(SPEC_DIR)]) add(file.slice(root.length), readFileSync(file));
  return hash.digest('hex');
}

/**
 * The cache key of a worker bundle: SHA-256 over everything that decides its bytes (every file of the
 * description and of its older published versions, the mount, and {@link workerCodeKey}). Any change to
 * one of them gives another key.
 * @param root the project root
 * @param descriptionFiles the description's files (the entry and every file it `$ref`s)
 * @param older the older published versions bundled beside it (their names and files)
 * @param mount where the bundle mounts the API and how it names the current version (default
 *   `/api/mock` and `current`)
 * @param code {@link workerCodeKey} of the root, when the caller has it already
 */
export function workerInputsKey(
  root: string,
  descriptionFiles: readonly string[],
  older: readonly ReleasedFile[] = [],
  mount: WorkerMount = {},
  code: string = workerCodeKey(root),
): string {
  const hash = createHash('sha256');
  if (mount.mount !== undefined) hash.update(`mount\0${mount.mount}\0`);
  if (mount.version !== undefined) hash.update(`version\0${mount.version}\0`);
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  add('code', code);
  for (const file of descriptionFiles) add('description', readFileSync(file));
  for (const { version, file } of older) add(`version ${version}`, readFileSync(file));
  return hash.digest('hex');
}

/**
 * The cache key of a bundle by the description it is made of, its operations' prose aside: SHA-256 over
 * {@link workerCodeKey}, the mount, the description without the summary and description of its paths and
 * operations (mock/request/precompile.ts `withoutOperationProse`, which the definitions leave out too) and
 * the older versions' files. A build whose description differs from an earlier one's in that prose alone
 * finds that build's bundle under this key, and runs no child process.
 * @param source the description as written, external `$ref`s bundled in (the loader's `source`)
 */
export function proseFreeKey(
  code: string,
  source: JsonObject,
  older: readonly ReleasedFile[] = [],
  mount: WorkerMount = {},
): string {
  const hash = createHash('sha256');
  hash.update(`prose-free\0${code}\0${mount.mount ?? ''}\0${mount.version ?? ''}\0`);
  hash.update(JSON.stringify(withoutOperationProse(source)));
  for (const { version, file } of older) hash.update(`\0${version}\0`).update(readFileSync(file));
  return `p-${hash.digest('hex')}`;
}

/**
 * The cache key of a bundle by what it is made of: SHA-256 over {@link workerCodeKey} and the definitions
 * the first step made (their file's bytes). A change to a description's prose alone (an operation's
 * summary or description) makes the same definitions (mock/request/precompile.ts `shipped`), so the
 * bundle an earlier build made from them is used again instead of bundling.
 */
export function definitionsKey(code: string, definitions: Buffer): string {
  return `d-${createHash('sha256').update(code).update('\0').update(definitions).digest('hex')}`;
}

/**
 * The cache key of an event API's worker bundle: SHA-256 over what decides its bytes (every file of the
 * description, the TypeScript sources of site/mock/ and descriptions/, which make its model and bundle
 * it, the lock file, the Node version, this file and mock-worker-bundle.ts, which bundles it, and the mount),
 * apart from every REST worker's key.
 * @param descriptionFiles the description's files (descriptions/asyncapi/files.ts `eventDescriptionFiles`)
 * @param sources {@link eventSourcesDigest} of the root, when the caller has it already
 */
export function eventWorkerInputsKey(
  root: string,
  descriptionFiles: readonly string[],
  mount: string,
  sources: string = eventSourcesDigest(root),
): string {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  add('event worker', mount);
  add('node', process.version);
  add('integration', readFileSync(SELF));
  add('bundle step', readFileSync(BUNDLE_STEP));
  for (const file of descriptionFiles) add('description', existsSync(file) ? readFileSync(file) : '');
  add('sources', sources);
  return hash.digest('hex');
}

/**
 * SHA-256 over what every event API's worker is made with, apart from its description: the lock file and the
 * TypeScript sources of site/mock/ and descriptions/ (a build computes it once for all its event APIs).
 */
export function eventSourcesDigest(root: string): string {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  const lock = join(root, 'package-lock.json');
  if (existsSync(lock)) add('lock', readFileSync(lock));
  for (const file of [...sources(MOCK_DIR), ...sources(DESCRIPTIONS_DIR)]) {
    add(file.slice(root.length), readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * The record of cache entry `key`, or undefined when there is none, it is unreadable, or its bundle is gone
 * (the entry is then made again rather than failing the build on the copy).
 */
function readRecord(cacheDir: string, key: string): CacheRecord | undefined {
  const { bundleFile, recordFile } = entryFiles(cacheDir, key);
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as CacheRecord;
    return record.bytes !== undefined && !existsSync(bundleFile) ? undefined : record;
  } catch {
    return undefined;
  }
}

/**
 * Makes cache entry `key` for a description (its file) and its older versions in this process: both steps
 * ({@link makeDefinitions}, {@link bundleEntry}). A description the bundle cannot be made from gets a
 * record with the reason.
 * @returns the record written
 */
async function makeEntry(
  cacheDir: string,
  key: string,
  description: string,
  older: readonly ReleasedFile[],
  mount: WorkerMount = {},
): Promise<CacheRecord> {
  return bundleEntry(cacheDir, key, await makeDefinitions(description, older, mount, loadForBuild));
}

/**
 * Makes cache entry `key` for an event API: its worker bundle (the model the build parsed, its validators
 * compiled, events-worker.ts), then its record; a failure gets a record with the reason.
 * @returns the record written
 */
async function makeEventEntry(cacheDir: string, key: string, api: Api): Promise<CacheRecord> {
  const warnings: string[] = [];
  let definitions: Definitions;
  try {
    const { eventApiModules } = await import('../mock/hosts/bundle.ts');
    const { model } = (await eventData(api)).loaded;
    definitions = { modules: eventApiModules([{ mount: api.mockBase, model }], (m) => warnings.push(m)), warnings };
  } catch (err) {
    definitions = { warnings, error: (err as Error).message };
  }
  return bundleEntry(cacheDir, key, definitions, EVENTS_WORKER_ENTRY);
}

/** How a child that makes a cache entry ended: its exit, and the end of its output for an error message. */
interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  /** seconds from its start to its end */
  seconds: number;
  /** false when the definitions were bundled before and that bundle was used */
  bundled?: boolean;
}

/**
 * Makes cache entry `key` in two child processes, one after the other: the first (mock-worker-definitions.ts)
 * makes the definitions and writes them to `definitionsFile`, the second (mock-worker-bundle.ts) bundles them. The
 * definitions are made of short-lived objects by the million and the bundler (esbuild, a process of its
 * own) holds the whole bundle's syntax tree: in one process, the first step's memory stayed with it while
 * the bundler ran beside it, and for a large description the two, beside the build, were the build's
 * largest moment. When an earlier build bundled the same definitions with the same code
 * ({@link definitionsKey}), its bundle and record are linked into the entry and the second child is not
 * run. Resolves when the entry is made or a child failed (never rejects).
 * @param code {@link workerCodeKey} of the root
 * @param background run both children at a lower CPU priority ({@link mockChildInBackground})
 */
export async function makeEntryInChild(
  cacheDir: string,
  key: string,
  description: string,
  older: readonly ReleasedFile[],
  mount: WorkerMount,
  code: string,
  background = false,
): Promise<ChildEnd> {
  const first = await runChild(
    DEFINITIONS_STEP,
    [cacheDir, key, description, JSON.stringify(older), JSON.stringify(mount)],
    background,
  );
  if (first.code !== 0 || first.signal) return first;
  const defined = definitionsFile(cacheDir, key);
  const same = existsSync(defined) ? definitionsKey(code, readFileSync(defined)) : undefined;
  if (same && readRecord(cacheDir, same)) {
    linkEntry(cacheDir, same, key);
    rmSync(defined, { force: true });
    return { ...first, bundled: false };
  }
  const second = await runChild(BUNDLE_STEP, [cacheDir, key], background);
  if (same && readRecord(cacheDir, key)) linkEntry(cacheDir, key, same);
  return { ...second, output: `${first.output}${second.output}`.slice(-4000), seconds: first.seconds + second.seconds };
}

/**
 * Puts cache entry `from`'s bundle and record at entry `to` (hard links, copies where links are refused),
 * the record last: it says the entry is complete.
 */
function linkEntry(cacheDir: string, from: string, to: string): void {
  const source = entryFiles(cacheDir, from);
  const target = entryFiles(cacheDir, to);
  for (const [a, b] of [
    [source.bundleFile, target.bundleFile],
    [source.recordFile, target.recordFile],
  ] as const) {
    if (!existsSync(a)) continue;
    const tmp = temporaryName(b);
    try {
      linkSync(a, tmp);
    } catch {
      copyFileSync(a, tmp);
    }
    renameSync(tmp, b);
  }
}

/**
 * Runs `script` as a child process with `args`; resolves when it ends (never rejects).
 * @param background run it at a lower CPU priority than the build (site/background.ts `inBackground`)
 */
function runChild(script: string, args: readonly string[], background = false): Promise<ChildEnd> {
  return new Promise((done) => {
    // For a large description it keeps the build's priority (unlike the Open Graph children,
    // site/background.ts): it should end early, while the build's own memory is small; slowed down, its
    // peak (and esbuild's) met the build's and Pagefind's at the end. A small description's children
    // hold little memory and run in the background ({@link mockChildInBackground}). The heap at most
    // doubles after a collection, as in the build's own process (astro.config.mjs): V8 may otherwise
    // quadruple it while the definitions are made. Its young generation is kept small
    // (`--max-semi-space-size`, far below what Node picks for a large heap): the definitions are made of
    // short-lived objects, so the child peaks lower for the same CPU time (site/README.md "Build cost").
    const nodeArgs = ['--heap-growing-percent=100', '--max-semi-space-size=8', script, ...args];
    const at = performance.now();
    const seconds = () => (performance.now() - at) / 1000;
    const child = spawn(process.execPath, nodeArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv(),
    });
    if (background) inBackground(child.pid);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => done({ code: null, signal: null, output: err.message, seconds: seconds() }));
    child.on('close', (code, signal) => done({ code, signal, output, seconds: seconds() }));
  });
}

/**
 * Description files (the working one and every older published one, in bytes) up to which the worker's
 * child processes run at a lower CPU priority than the build (site/background.ts): a small description's
 * definitions and bundle hold little memory, so nothing is gained by ending them early, and on two cores a
 * child at the build's priority takes cycles from the build's thread while it renders. A larger one keeps
 * the build's priority ({@link runChild}).
 */
export const BACKGROUND_MAX_DESCRIPTION_BYTES = 1024 * 1024;

/**
 * Whether a worker's child processes run in the background: its description files add up to
 * {@link BACKGROUND_MAX_DESCRIPTION_BYTES} or less.
 * @param bytes the size of every description file the worker is made from, in bytes
 */
export function mockChildInBackground(bytes: number): boolean {
  return bytes <= BACKGROUND_MAX_DESCRIPTION_BYTES;
}

/** One API's worker in a build: where it goes, what it bundles, its cache entry. */
interface WorkerJob {
  api: Api;
  /** The worker's URL path (`<base>/mock-sw.js`). */
  url: string;
  mount: WorkerMount;
  older: ReleasedFile[];
  key: string;
  /** {@link workerCodeKey} of the root */
  code: string;
  /** {@link proseFreeKey} of the description */
  same: string;
  /** Whether its entry was linked from {@link proseFreeKey}'s at the start of the build. */
  linked?: boolean;
  /** Whether its child processes run at a lower priority ({@link mockChildInBackground}). */
  background: boolean;
  /** The child making its cache entry, when it was not in the cache at the start of the build. */
  child?: Promise<ChildEnd>;
}

/**
 * The Astro integration: add it before `serving()`.
 * @param apis the site's APIs: each gets a worker running its own mock (its current and older published
 *   versions) below its reference's base path, so a reader of one API downloads that API's only
 * @param events the site's event APIs (AsyncAPI): each gets a worker running its event mock below its base
 */
export default function mockWorker(apis: readonly Api[], events: readonly Api[] = []): AstroIntegration {
  let root = process.cwd();
  let cacheDir = join(root, MOCK_WORKER_CACHE);
  /** This build's workers, from `astro:build:start`. */
  let started: WorkerJob[] | undefined;
  /** Each API's worker job: its row of the site's mock table (its versions) and its cache key. */
  const jobsOf = async (): Promise<WorkerJob[]> => {
    const table = await siteMockTable(apis, { load: loadForBuild });
    const code = workerCodeKey(root);
    return apis.map((api, i) => {
      const { current, older } = table[i] as (typeof table)[number];
      const mount: WorkerMount = { mount: api.mockBase, version: current.version };
      const key = workerInputsKey(root, current.description.files, older, mount, code);
      const same = proseFreeKey(code, current.description.source, older, mount);
      const bytes = [...current.description.files, ...older.map((o) => o.file)].reduce(
        (sum, file) => sum + statSync(file).size,
        0,
      );
      const background = mockChildInBackground(bytes);
      return { api, url: mockWorkerPaths(api.base).url, mount, older: [...older], key, code, same, background };
    });
  };
  return {
    name: 'petstore:mock-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = join(root, MOCK_WORKER_CACHE);
      },
      'astro:build:start': async () => {
        const jobs = await jobsOf();
        // One child at a time: each bundles on the core the prerender leaves idle.
        let previous: Promise<unknown> = Promise.resolve();
        for (const job of jobs) {
          if (readRecord(cacheDir, job.key)) continue;
          if (readRecord(cacheDir, job.same)) {
            linkEntry(cacheDir, job.same, job.key);
            job.linked = true;
            continue;
          }
          const child = previous.then(async (): Promise<ChildEnd> => {
            const end = await makeEntryInChild(
              cacheDir,
              job.key,
              job.api.description,
              job.older,
              job.mount,
              job.code,
              job.background,
            );
            if (readRecord(cacheDir, job.key)) linkEntry(cacheDir, job.key, job.same);
            return end;
          });
          job.child = child;
          previous = child;
        }
        started = jobs;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const jobs = started ?? (await jobsOf());
        started = undefined;
        for (const job of jobs) {
          const { key, child, older, url } = job;
          const outfile = join(fileURLToPath(dir), url);
          mkdirSync(dirname(outfile), { recursive: true });
          const end = child && (await child);
          let record = readRecord(cacheDir, key);
          const reused = record !== undefined && !end;
          if (!record && end) {
            const why = end.signal ? `signal ${end.signal}` : `exit ${end.code}`;
            logger.warn(
              `the child process bundling the in-browser mock ended (${why}) without a result; bundling it here. Its output ended with:\n${end.output.trim()}`,
            );
          }
          /** Seconds the making took (in the child, or below), when it was made in this build. */
          let made = end?.seconds;
          if (!record) {
            const at = performance.now();
            record = await makeEntry(cacheDir, key, job.api.description, older, job.mount);
            linkEntry(cacheDir, key, job.same);
            made = (made ?? 0) + (performance.now() - at) / 1000;
          }
          // The bundler's warnings, again when the bundle comes from the cache.
          for (const message of record.warnings ?? []) logger.warn(`in-browser mock: ${message}`);
          if (record.error !== undefined) {
            // A description the bundle cannot be made from still builds a site: without the worker,
            // try-it on a static host says the mock is unavailable, as it does in a browser without
            // service workers. (A schema Ajv cannot compile only leaves that request unchecked.)
            logger.warn(`${url} not written, the in-browser mock is off for this description: ${record.error}`);
            continue;
          }
          copyFileSync(entryFiles(cacheDir, key).bundleFile, outfile);
          // A service worker controls only the pages below its own folder: each locale's reference
          // (`/fr/reference/…`) gets the same worker below its own base (site/i18n/locales.ts).
          for (const { key: locale } of currentBuild().config?.locales ?? []) {
            const localized = join(fileURLToPath(dir), localePrefix(locale), url);
            mkdirSync(dirname(localized), { recursive: true });
            copyFileSync(outfile, localized);
          }
          logger.info(
            `${url} written${older.length ? ` (versions ${older.map((o) => o.version).join(', ')} beside the current one)` : ''}${reused ? (job.linked ? " (the description's operations' prose alone changed: the bundle made before)" : ' (inputs unchanged: from the cache)') : ''}${made === undefined ? '' : ` (made in ${made.toFixed(1)} s${end?.bundled === false ? ': the same definitions as an earlier build, whose bundle is used' : ''})`}: ${((record.bytes ?? 0) / 1024).toFixed(1)} KiB, ${((record.gzipBytes ?? 0) / 1024).toFixed(1)} KiB gzip`,
          );
        }
        // Each event API's worker: small (no parser, no schema compiler), made here when not in the cache.
        const eventSources = events.length > 0 ? eventSourcesDigest(root) : '';
        for (const api of events) {
          const url = mockWorkerPaths(api.base).url;
          const key = eventWorkerInputsKey(root, eventDescriptionFiles(api.description), api.mockBase, eventSources);
          let record = readRecord(cacheDir, key);
          const reused = record !== undefined;
          const at = performance.now();
          record ??= await makeEventEntry(cacheDir, key, api);
          for (const message of record.warnings ?? []) logger.warn(`in-browser event mock: ${message}`);
          if (record.error !== undefined) {
            // The event try-it then says on a static host that the mock is not available.
            logger.warn(`${url} not written, the in-browser event mock is off for this API: ${record.error}`);
            continue;
          }
          const outfile = join(fileURLToPath(dir), url);
          mkdirSync(dirname(outfile), { recursive: true });
          copyFileSync(entryFiles(cacheDir, key).bundleFile, outfile);
          logger.info(
            `${url} written (event mock${reused ? ', inputs unchanged: from the cache' : `, made in ${((performance.now() - at) / 1000).toFixed(1)} s`}): ${((record.bytes ?? 0) / 1024).toFixed(1)} KiB, ${((record.gzipBytes ?? 0) / 1024).toFixed(1)} KiB gzip`,
          );
        }
      },
    },
  };
}
