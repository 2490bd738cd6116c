// Build-time wiring of the try-it client's browser bundle (site/reference/browser/tryit.ts: Scalar's
// request client, its workspace store and Vue, about 3 MB of minified JavaScript from thousands of
// modules). Scalar ships no prebuilt request client, and bundling it was most of the site's client
// build, in time and in memory (~700 MB of a 1.4 GB peak on the Petstore), on every build, although
// it changes only with a dependency update. It is bundled once (Vite, with the dependency versions the
// site build uses) into node_modules/.cache and reused while none of its inputs changed
// (`browserBundles`). The explorer's Scalar stays in the site's own Vite build: Scalar's prebuilt
// `dist/browser/standalone.esm.js` carries the dependency versions Scalar built it with (the
// explorer's tag groups came out differently), and a cached bundle of it rendered more slowly than
// the site build's chunks in the explorer's browser tests.
//
// The build copies the bundle into dist/client/_astro/bundles.<key>/ (content-keyed, so the
// immutable caching of `/_astro/*` stays right); TryIt.astro imports it from the URL given as
// `__TRYIT_URL__`; `astro dev` serves it from the cache (Vite's `/@fs/`).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { build } from 'vite';

/** The bundles' entries: the output file name (without `.js`) and the module. */
const ENTRIES = {
  tryit: fileURLToPath(new URL('../reference/browser/tryit.ts', import.meta.url)),
};
const SELF = fileURLToPath(import.meta.url);

/** Where built bundles are kept between builds, relative to the project root. */
export const BUNDLES_CACHE = join('node_modules', '.cache', 'petstore-docs', 'browser-bundles');

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

/** Built bundles: their folder (one `<entry>.js` per entry, shared chunks, assets) and their key. */
export interface BrowserBundles {
  dir: string;
  key: string;
  reused: boolean;
}

/**
 * The bundles for the current sources: the cached ones when the packages (lock file), this file and
 * every module of ours they were built from are unchanged, else new ones (Vite build, ES modules,
 * minified, no source maps, relative URLs between their files).
 * @param root the project root
 * @throws {Error} when the bundle cannot be built
 */
export async function browserBundles(root: string): Promise<BrowserBundles> {
  const cache = join(root, BUNDLES_CACHE);
  const base = baseKey(root);
  const inputsFile = join(cache, `${base}.${INPUTS}`);
  if (existsSync(inputsFile)) {
    const key = fullKey(root, base, JSON.parse(readFileSync(inputsFile, 'utf8')) as string[]);
    const complete = key && Object.keys(ENTRIES).every((name) => existsSync(join(cache, key, `${name}.js`)));
    if (key && complete) return { dir: join(cache, key), key, reused: true };
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
        input: ENTRIES,
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
export default function browserBundlesIntegration(): AstroIntegration {
  let bundles: BrowserBundles | undefined;
  let base = '/_astro/bundles/';
  return {
    name: 'petstore:browser-bundles',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        if (command === 'build' || command === 'dev') {
          bundles = await browserBundles(fileURLToPath(config.root));
          report(logger, bundles);
          base = command === 'dev' ? `/@fs${bundles.dir}/` : `/_astro/bundles.${bundles.key.slice(0, 10)}/`;
        }
        updateConfig({
          vite: {
            define: {
              __TRYIT_URL__: JSON.stringify(`${base}tryit.js`),
            },
          },
        });
      },
      'astro:build:done': ({ dir }) => {
        if (!bundles) return;
        const target = join(fileURLToPath(dir), base);
        mkdirSync(target, { recursive: true });
        cpSync(bundles.dir, target, { recursive: true });
      },
    },
  };
}

function report(logger: AstroIntegrationLogger, bundles: BrowserBundles): void {
  logger.info(`try-it client bundle ${bundles.reused ? 'unchanged: reused from' : 'built into'} ${bundles.dir}`);
}
