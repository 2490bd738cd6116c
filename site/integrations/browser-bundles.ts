// Build-time wiring of the two browser bundles made of Scalar's packages: the try-it client
// (site/reference/browser/tryit.ts: Scalar's request client, its workspace store and Vue, megabytes
// of minified JavaScript) and the explorer's script (site/reference/browser/explorer.ts: Scalar's API
// reference and its styles). Bundling those thousands of modules was most of the site's client build,
// in time and in memory (half the Petstore build's peak), on every build, although they
// change only with a dependency update. Each is bundled once, apart from the other (Vite, with the
// dependency versions the site build uses, so the code is the same) into node_modules/.cache and
// reused while none of its inputs changed (`browserBundle`); `npm ci` makes them already
// (scripts/prepare-bundles.mjs, `prepareBundles`), since they change with the installed packages.
// Scalar's own prebuilt `dist/browser/standalone.esm.js` is not used: it carries the dependency
// versions Scalar built it with, and the explorer's tag groups came out differently.
//
// The build copies each bundle into dist/client/_astro/bundles.<key>/ (content-keyed, so the
// immutable caching of `/_astro/*` stays right). TryIt.astro imports the try-it client on the first
// click from `__TRYIT_URL__`; the explorer page links `__EXPLORER_STYLES__` in its head and loads
// `__EXPLORER_URL__` as its module script, as the site build's own output would. `astro dev` serves
// both from the cache (Vite's `/@fs/`).

import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { BUILD_CACHE, cacheKey, publishEntry, temporaryName } from '../build-cache.ts';

/** The bundles: each is built apart (no chunk shared between them) from one entry module. */
export const BUNDLES = {
  /** Scalar's request client for the try-it buttons, imported on the first click. */
  tryit: fileURLToPath(new URL('../reference/browser/tryit.ts', import.meta.url)),
  /** The explorer's script (Scalar's API reference and its styles), the module script of the explorer page. */
  explorer: fileURLToPath(new URL('../reference/browser/explorer.ts', import.meta.url)),
} as const;
export type BundleName = keyof typeof BUNDLES;
const SELF = fileURLToPath(import.meta.url);

/** Where built bundles are kept between builds, relative to the project root. */
export const BUNDLES_CACHE = join(BUILD_CACHE, 'browser-bundles');

/** The file of a cache entry that lists the project's own modules the bundle was built from. */
const INPUTS = 'inputs.json';
/** The file in a built bundle's folder that names the stylesheets its entry imports. */
const STYLES = 'styles.json';

/**
 * The key of everything outside our own modules that decides a bundle: its name, the Node version,
 * the lock file (every package's version) and this file (the bundler settings).
 */
function baseKey(root: string, name: BundleName): string {
  const lock = join(root, 'package-lock.json');
  return cacheKey(name, process.version, existsSync(lock) ? readFileSync(lock) : '', readFileSync(SELF));
}

/** The full key: the base key and the bytes of each of our modules in the bundle (paths from the root). */
function fullKey(root: string, base: string, inputs: readonly string[]): string | undefined {
  const parts: (string | Buffer)[] = [base];
  for (const file of inputs) {
    const abs = join(root, file);
    if (!existsSync(abs)) return undefined;
    parts.push(file, readFileSync(abs));
  }
  return cacheKey(...parts);
}

/**
 * A built bundle: its folder (`<name>.js`, shared chunks, assets), its key, the file names (in the
 * folder) of the stylesheets its entry imports, in order, and whether it came from the cache.
 */
export interface BrowserBundle {
  name: BundleName;
  dir: string;
  key: string;
  styles: string[];
  reused: boolean;
}

/**
 * The bundle `name` for the current sources: the cached one when the packages (lock file), this file
 * and every module of ours it was built from are unchanged, else a new one (Vite build, ES modules,
 * minified, no source maps, relative URLs between its files).
 * @param root the project root
 * @param name which bundle (`BUNDLES`)
 * @throws {Error} when the bundle cannot be built
 */
export async function browserBundle(root: string, name: BundleName): Promise<BrowserBundle> {
  return cachedBundle(root, name) ?? (await bundleInChild(root, name));
}

/** The cached bundle `name` for the current sources, or undefined when it must be built. */
function cachedBundle(root: string, name: BundleName): BrowserBundle | undefined {
  const cache = join(root, BUNDLES_CACHE);
  const base = baseKey(root, name);
  const inputsFile = join(cache, `${base}.${INPUTS}`);
  if (!existsSync(inputsFile)) return undefined;
  const key = fullKey(root, base, JSON.parse(readFileSync(inputsFile, 'utf8')) as string[]);
  const dir = key && join(cache, key);
  if (!dir || !existsSync(join(dir, `${name}.js`)) || !existsSync(join(dir, STYLES))) return undefined;
  const styles = JSON.parse(readFileSync(join(dir, STYLES), 'utf8')) as string[];
  return { name, dir, key, styles, reused: true };
}

/**
 * Builds the bundle in a child process (this file run by Node): bundling Scalar's thousands of modules
 * takes hundreds of megabytes, which the build's own process would keep for the rest of the build (V8 and the
 * bundler's allocator return little of it); a child gives it all back when it exits.
 */
function bundleInChild(root: string, name: BundleName): Promise<BrowserBundle> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [SELF, root, name], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) done(JSON.parse(last) as BrowserBundle);
      else fail(new Error(`bundling the ${name} bundle failed (exit ${code}): ${out.slice(-2000)}`));
    });
  });
}

/** Builds the bundle `name` in this process into the cache (Vite). */
async function buildBundle(root: string, name: BundleName): Promise<BrowserBundle> {
  const cache = join(root, BUNDLES_CACHE);
  const base = baseKey(root, name);
  const inputsFile = join(cache, `${base}.${INPUTS}`);
  const tmp = temporaryName(join(cache, base));
  const ours = new Set<string>();
  const styles: string[] = [];
  const { build } = await import('vite');
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
        input: { [name]: BUNDLES[name] },
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
      if (item.isEntry) styles.push(...(item.viteMetadata?.importedCss ?? []));
      for (const id of item.moduleIds) {
        const file = id.split('?')[0] ?? id;
        if (!isAbsolute(file) || file.includes(`${'/'}node_modules${'/'}`)) continue;
        const rel = relative(root, file);
        if (!rel.startsWith('..')) ours.add(rel);
      }
    }
  }
  writeFileSync(join(tmp, STYLES), JSON.stringify(styles));
  const inputs = [...ours].sort();
  const key = fullKey(root, base, inputs) ?? base;
  const dir = join(cache, key);
  publishEntry(tmp, dir, true);
  writeFileSync(inputsFile, JSON.stringify(inputs));
  return { name, dir, key, styles, reused: false };
}

/** The Astro integration. */
export default function browserBundlesIntegration(): AstroIntegration {
  const bundles: BrowserBundle[] = [];
  return {
    name: 'petstore:browser-bundles',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        const defines: Record<string, string> = {};
        for (const name of Object.keys(BUNDLES) as BundleName[]) {
          let base = `/_astro/bundles/${name}/`;
          let styles: string[] = [];
          if (command === 'build' || command === 'dev') {
            const bundle = await browserBundle(fileURLToPath(config.root), name);
            bundles.push(bundle);
            report(logger, bundle);
            base = command === 'dev' ? `/@fs${bundle.dir}/` : `/${bundleOutputDir(bundle)}`;
            styles = bundle.styles;
          }
          defines[`__${name.toUpperCase()}_URL__`] = JSON.stringify(`${base}${name}.js`);
          defines[`__${name.toUpperCase()}_STYLES__`] = JSON.stringify(styles.map((file) => `${base}${file}`));
        }
        updateConfig({ vite: { define: defines } });
      },
      'astro:build:done': ({ dir }) => {
        for (const bundle of bundles) copyBundle(bundle, fileURLToPath(dir));
      },
    },
  };
}

function report(logger: AstroIntegrationLogger, bundle: BrowserBundle): void {
  logger.info(`${bundle.name} bundle ${bundle.reused ? 'unchanged: reused from' : 'built into'} ${bundle.dir}`);
}

/** Where the build copies a bundle, below the output folder: `_astro/bundles.<key>/` (content-keyed). */
export function bundleOutputDir(bundle: Pick<BrowserBundle, 'key'>): string {
  return `_astro/bundles.${bundle.key.slice(0, 10)}/`;
}

/** Copies a bundle into an output folder at {@link bundleOutputDir}, without the cache's own files. */
function copyBundle(bundle: BrowserBundle, outDir: string): void {
  const target = join(outDir, bundleOutputDir(bundle));
  mkdirSync(target, { recursive: true });
  cpSync(bundle.dir, target, { recursive: true, filter: (src) => !src.endsWith(STYLES) });
}

/**
 * Compresses the bundles' files into the build's precompression cache (serving/build.ts
 * `precompress`, `PRECOMPRESS_CACHE`), laid out as the build will copy them, so that a build finds their
 * `.br`/`.gz` bodies there: brotli at quality 10–11 of Scalar's bundles is the costliest compression of a build.
 */
export async function precompressBundles(root: string, bundles: readonly BrowserBundle[]): Promise<void> {
  const { PRECOMPRESS_CACHE, precompress } = await import('../serving/build.ts');
  const cache = join(root, PRECOMPRESS_CACHE);
  // Beside the cache folder, not in it: precompress prunes the cache folder's files.
  mkdirSync(join(root, BUNDLES_CACHE), { recursive: true });
  const out = mkdtempSync(join(root, BUNDLES_CACHE, 'tmp-precompress-'));
  try {
    for (const bundle of bundles) copyBundle(bundle, out);
    await precompress(out, { cacheDir: cache });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Makes sure every bundle is in the cache for the current sources (the install's `prepare` step,
 * scripts/prepare-bundles.mjs): each missing one is built in a child process, one after the other.
 * @returns the bundles, with `reused` false for those just built
 * @throws {Error} when a bundle fails to build
 */
export async function prepareBundles(root: string): Promise<BrowserBundle[]> {
  const bundles: BrowserBundle[] = [];
  for (const name of Object.keys(BUNDLES) as BundleName[]) bundles.push(await browserBundle(root, name));
  return bundles;
}

// Run as `node browser-bundles.ts <root> <name>` (bundleInChild): build the bundle, print it as JSON;
// as `node browser-bundles.ts <root> all` (prepare-bundles.mjs): every bundle not in the cache yet.
if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  const [root, name] = process.argv.slice(2) as [string, BundleName | 'all'];
  if (!root || !(name === 'all' || name in BUNDLES)) {
    process.stderr.write('usage: node site/integrations/browser-bundles.ts <root> <tryit|explorer|all>\n');
    process.exit(2);
  }
  if (name === 'all') {
    const bundles = await prepareBundles(root);
    for (const bundle of bundles) {
      process.stdout.write(`${bundle.name}: ${bundle.reused ? 'in the cache' : 'built into'} ${bundle.dir}\n`);
    }
    await precompressBundles(root, bundles);
  } else {
    const bundle = await buildBundle(root, name);
    process.stdout.write(`${JSON.stringify(bundle)}\n`);
  }
}
