// Build-time wiring of the serving rules (site/serving/): after the build, every text file of
// dist/client gets its precompressed `.br`/`.gz` variants and dist/client/_headers gets the caching
// and security rules (with the hashes of the inline scripts the pages actually contain), so a
// static host serves the site as `npm start` does. Also puts one small inline script in every
// page's <head> that keeps zod (bundled inside Scalar's reference and request client) from probing
// `new Function`: under a CSP without 'unsafe-eval' that probe is reported as a violation although
// zod catches it and falls back to its non-compiling path (zod's `jitless` setting, read from
// `globalThis.__zod_globalConfig`). Compressed bodies are kept between builds in
// node_modules/.cache (serving/build.ts `PRECOMPRESS_CACHE`): Scalar's bundles alone took most of the
// build at brotli quality 11, and they only change with a dependency update. The pages are compressed
// once they are written (`astro:build:generated`) and the search index, started then, is written
// (integrations/search-index.ts `searchIndexWritten`): each keeps both cores of a small machine busy, and
// together they took longer than one after the other; a large description has hundreds of megabytes of
// pages to compress. Most of those are compressed earlier, while the build still renders: each page the
// build writes (integrations/incremental-build.ts `onPageWritten`) goes to a low-priority child process
// (serving/early-compression.ts) that fills the same cache, and is stopped when the compression above
// starts; a small site's are compressed in this process, on zlib's thread pool, as are the site's scripts
// and styles from the moment Vite writes them. The inline scripts' hashes are read as soon as the pages
// are written, while Pagefind runs.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Api } from '../apis/api.ts';
import { type RememberedFile, rememberDigests, rememberedDigests } from '../build-cache.ts';
import { loadForBuild } from '../reference/loaded-description.ts';
import {
  PRECOMPRESS_CACHE,
  type PrecompressReport,
  policyInputs,
  precompress,
  writeHeadersFile,
} from '../serving/build.ts';
import { EarlyCompression } from '../serving/early-compression.ts';
import type { PolicyInputs } from '../serving/rules.ts';
import { onPageWritten } from './incremental-build.ts';
import { type PageDigest, searchIndexWritten } from './search-index.ts';

/**
 * What the CSP of `_headers` is made from (serving/build.ts `policyInputs`): the inline scripts of the
 * pages in `client` and the servers of the site's APIs' descriptions.
 */
async function pagePolicy(client: string, apis: readonly Api[]): Promise<PolicyInputs> {
  const servers: Array<Parameters<typeof policyInputs>[1][number]> = [];
  for (const api of apis) {
    const { document } = await loadForBuild(api.description);
    if (Array.isArray(document.servers)) servers.push(...(document.servers as typeof servers));
  }
  return policyInputs(client, servers);
}

/**
 * What this build remembers of its output for the next one (build-cache.ts `rememberDigests`): every file
 * compressed, with the digest the compression named its bodies by, and for the pages the search index
 * read, the indexes they ask for.
 * @param report the last compression of the whole output folder
 * @param pages the pages the search index read in this build
 */
export function rememberedOf(report: PrecompressReport, pages: readonly PageDigest[]): Map<string, RememberedFile> {
  const byFile = new Map(pages.map((page) => [page.file, page]));
  const out = new Map<string, RememberedFile>();
  for (const [file, { stamp, sha256 }] of report.done) {
    if (!sha256) continue;
    const page = byFile.get(file);
    out.set(file, page?.stamp === stamp ? { stamp, sha256, indexes: page.indexes ?? 0 } : { stamp, sha256 });
  }
  return out;
}

/** Sets zod's global `jitless` before any bundle that contains zod runs. */
export const ZOD_JITLESS =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';

/**
 * The Astro integration: add it last, so Pagefind's and the sitemap's files are there to compress.
 * @param apis the site's APIs: try-it may send to their descriptions' servers (the CSP's `connect-src`)
 */
export default function serving(apis: readonly Api[]): AstroIntegration {
  let root = process.cwd();
  /** Where the pages are written (the output folder of a static build, its `client/` with an adapter). */
  let pagesDir = '';
  /** The pages compressed while the others render (serving/early-compression.ts). */
  let early: EarlyCompression | undefined;
  /** How many files it compressed, for the build log. */
  let compressedEarly = 0;
  /**
   * The pages' compression, started when they are written and awaited after the other integrations, with
   * how long it took (seconds), for the build log.
   */
  let pages: Promise<PrecompressReport & { seconds: number }> | undefined;
  /** The inline scripts' hashes and the APIs' origins, read from the pages once they are written. */
  let policy: Promise<PolicyInputs> | undefined;
  /** The pages the search index read (none when it did not run in this build). */
  let readPagesOf: readonly PageDigest[] = [];
  return {
    name: 'petstore:serving',
    hooks: {
      'astro:config:setup': ({ injectScript, updateConfig }) => {
        injectScript('head-inline', ZOD_JITLESS);
        // The site's scripts and styles are compressed as soon as Vite writes them, before the pages.
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'petstore:early-compression',
                applyToEnvironment: (environment) => environment.name === 'client',
                writeBundle(options, bundle) {
                  const out = options.dir;
                  if (out) for (const file of Object.keys(bundle)) early?.add(join(out, file));
                },
              },
            ],
          },
        });
      },
      'astro:config:done': ({ config, buildOutput }) => {
        root = fileURLToPath(config.root);
        pagesDir = fileURLToPath(buildOutput === 'static' && !config.adapter ? config.outDir : config.build.client);
      },
      'astro:build:start': () => {
        const compression = new EarlyCompression(pagesDir, join(root, PRECOMPRESS_CACHE));
        early = compression;
        onPageWritten((file) => compression.add(file));
      },
      'astro:build:generated': ({ dir }) => {
        // After the search index, which starts in this same hook (integrations/search-index.ts).
        pages = searchIndexWritten().then(async (read) => {
          // What the child did not compress yet, the compression below does.
          compressedEarly = (await early?.stop()) ?? 0;
          const started = performance.now();
          // The pages the search index read and hashed, and what the last build remembered of the other
          // files (build-cache.ts `rememberedDigests`: a file restored unchanged keeps its stamp): a file
          // whose digest is known and whose compression is kept is not read again.
          readPagesOf = read;
          const digests = new Map<string, { stamp: string; sha256: string }>(rememberedDigests(root, pagesDir));
          for (const page of read) digests.set(page.file, { stamp: page.stamp, sha256: page.sha256.toString('hex') });
          const report = await precompress(fileURLToPath(dir), { cacheDir: join(root, PRECOMPRESS_CACHE), digests });
          return { ...report, seconds: (performance.now() - started) / 1000 };
        });
        // Awaited in astro:build:done; until then a failure must not count as unhandled.
        pages.catch(() => undefined);
        // The pages are final: their inline scripts are read while Pagefind, a process of its own, indexes
        // them (this thread would otherwise wait for it), not after the compression.
        policy = new Promise<void>((resolve) => setImmediate(resolve)).then(() => pagePolicy(fileURLToPath(dir), apis));
        policy.catch(() => undefined);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const earlier = await pages;
        const inputs = await (policy ?? pagePolicy(client, apis));
        for (const problem of writeHeadersFile(client, inputs)) logger.warn(problem);
        const started = performance.now();
        const r = await precompress(client, { cacheDir: join(root, PRECOMPRESS_CACHE), earlier });
        rememberDigests(root, client, rememberedOf(r, readPagesOf));
        const kib = (n: number): string => `${(n / 1024).toFixed(0)} KiB`;
        // The seconds the compression itself took: the pages' (beside Pagefind), then the files written after them.
        const seconds = ((earlier?.seconds ?? 0) + (performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `_headers written (${inputs.scriptHashes.length} inline script hashes); ${r.files} files precompressed in ${seconds} s${compressedEarly ? ` (${compressedEarly} of them beforehand, beside the prerender)` : ''}: ${kib(r.rawBytes)} → br ${kib(r.brBytes)}, gzip ${kib(r.gzBytes)}`,
        );
      },
    },
  };
}
