// Build-time wiring of the try-it client's browser bundle (site/reference/tryit.ts with Scalar's
// request client, its workspace store and Vue: about 3 MB of minified JavaScript from thousands of
// modules). Scalar ships no prebuilt browser build of the request client, and bundling it was most of
// the site's client build, in time and in memory. It depends only on the installed packages and a few
// of our modules, so it is bundled once (Vite, the same bundler as the rest of the site) into
// node_modules/.cache and reused while none of its inputs changed (`tryItBundle`). The build copies it
// into dist/client/_astro/tryit.<key>/ (content-keyed, so the immutable caching of `/_astro/*` stays
// right) and TryIt.astro imports it from the URL given as `__TRYIT_URL__`; `astro dev` serves it from
// the cache (Vite's `/@fs/`).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { build } from 'vite';

const ENTRY = fileURLToPath(new URL('../reference/tryit.ts', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/** Where built try-it bundles are kept between builds, relative to the project root. */
export const TRYIT_CACHE = join('node_modules', '.cache', 'petstore-docs', 'tryit');

/** The file of a cache entry that lists the project's own modules the bundle was built from. */
const INPUTS = 'inputs.json';

const sha256 = (...parts: (string | Buffer)[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(`${part.length}\0`);
    hash.update(part);
  }
  return hash.digest('hex');
};

/**
 * The key of everything outside our own modules that decides the bundle: the Node version, the lock
 * file (every package's version) and this file (the bundler settings).
 */
function baseKey(root: string): string {
  const lock = join(root, 'package-lock.json');
  return sha256(process.version, existsSync(lock) ? readFileSync(lock) : '', readFileSync(SELF));
}

/** The full key: the base key and the bytes of each of our modules in the bundle (paths from the root). */
function fullKey(root: string, base: string, inputs: readonly string[]): string | undefined {
  const parts: (string | Buffer)[] = [base];
  for (const file of inputs) {
    const abs = join(root, file);
    if (!existsSync(abs)) return undefined;
    parts.push(file, readFileSync(abs));
  }
  return sha256(...parts);
}

/** A built bundle: its folder (tryit.js and its chunks and assets) and its key. */
export interface TryItBundle {
  dir: string;
  key: string;
  reused: boolean;
}

/**
 * The try-it bundle for the current sources: the cached one when the packages (lock file), this file
 * and every module of ours it was built from are unchanged, else a new one (Vite build, ES modules,
 * minified, no source maps, relative URLs between its files).
 * @param root the project root
 * @throws {Error} when the bundle cannot be built
 */
export async function tryItBundle(root: string): Promise<TryItBundle> {
  const cache = join(root, TRYIT_CACHE);
  const base = baseKey(root);
  const inputsFile = join(cache, `${base}.${INPUTS}`);
  if (existsSync(inputsFile)) {
    const key = fullKey(root, base, JSON.parse(readFileSync(inputsFile, 'utf8')) as string[]);
    if (key && existsSync(join(cache, key, 'tryit.js'))) return { dir: join(cache, key), key, reused: true };
  }
  const tmp = join(cache, `tmp-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  const ours = new Set<string>();
  const result = await build({
    configFile: false,
    root,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: tmp,
      emptyOutDir: true,
      assetsDir: '',
      copyPublicDir: false,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: { tryit: ENTRY },
        preserveEntrySignatures: 'strict',
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          chunkFileNames: '[name].[hash].js',
          assetFileNames: '[name].[hash][extname]',
        },
      },
    },
  });
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) continue;
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      for (const id of item.moduleIds) {
        const file = id.split('?')[0] ?? id;
        if (!isAbsolute(file) || file.includes(`${'/'}node_modules${'/'}`)) continue;
        const rel = relative(root, file);
        if (!rel.startsWith('..')) ours.add(rel);
      }
    }
  }
  const inputs = [...ours].sort();
  const key = fullKey(root, base, inputs) ?? base;
  const dir = join(cache, key);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  writeFileSync(inputsFile, JSON.stringify(inputs));
  return { dir, key, reused: false };
}

/** The Astro integration. */
export default function tryItBundleIntegration(): AstroIntegration {
  let bundle: TryItBundle | undefined;
  let url = '';
  return {
    name: 'petstore:tryit-bundle',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        if (command === 'build' || command === 'dev') {
          bundle = await tryItBundle(fileURLToPath(config.root));
          report(logger, bundle);
        }
        url = !bundle
          ? '/_astro/tryit/tryit.js'
          : command === 'dev'
            ? `/@fs${bundle.dir}/tryit.js`
            : `/_astro/tryit.${bundle.key.slice(0, 10)}/tryit.js`;
        updateConfig({ vite: { define: { __TRYIT_URL__: JSON.stringify(url) } } });
      },
      'astro:build:done': ({ dir }) => {
        if (!bundle) return;
        const target = join(fileURLToPath(dir), url, '..');
        mkdirSync(target, { recursive: true });
        cpSync(bundle.dir, target, { recursive: true });
      },
    },
  };
}

function report(logger: AstroIntegrationLogger, bundle: TryItBundle): void {
  logger.info(`try-it client ${bundle.reused ? 'unchanged: bundle reused from' : 'bundled into'} ${bundle.dir}`);
}
