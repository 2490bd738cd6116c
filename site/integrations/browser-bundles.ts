// Build-time wiring of the two browser bundles made of Scalar's packages: the try-it client
// (site/reference/browser/tryit.ts: Scalar's request client, its workspace store and Vue, about 3 MB of
// minified JavaScript) and the explorer's Scalar (site/bundles/scalar-reference.ts:
// @scalar/api-reference and its styles). Bundling those thousands of modules was most of the site's
// client build, in time and in memory (~700 MB of a 1.4 GB peak on the Petstore), on every build,
// although they change only with a dependency update. They are bundled once (Vite, the bundler and
// dependency versions the site build used, so the code is the same) into node_modules/.cache and
// reused while none of their inputs changed (`browserBundles`). Scalar's own prebuilt
// `dist/browser/standalone.esm.js` is not used: it carries the dependency versions Scalar built it
// with, and the explorer's tag groups came out differently.
//
// The build copies the bundles into dist/client/_astro/bundles.<key>/ (content-keyed, so the
// immutable caching of `/_astro/*` stays right); TryIt.astro and reference/browser/explorer.ts import them from
// the URLs given as `__TRYIT_URL__` and `__SCALAR_REFERENCE_URL__`; `astro dev` serves them from the
// cache (Vite's `/@fs/`).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { build } from 'vite';

/** The bundles' entries: the output file name (without `.js`) and the module. */
const ENTRIES = {
  tryit: fileURLToPath(new URL('../reference/browser/tryit.ts', import.meta.url)),
  'scalar-reference': fileURLToPath(new URL('../bundles/scalar-reference.ts', import.meta.url)),
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
              __SCALAR_REFERENCE_URL__: JSON.stringify(`${base}scalar-reference.js`),
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
  logger.info(`Scalar's bundles ${bundles.reused ? 'unchanged: reused from' : 'built into'} ${bundles.dir}`);
}
