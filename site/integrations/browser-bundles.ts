// Build-time wiring of the two browser bundles made of Scalar's packages: the try-it client
// (site/reference/browser/tryit.ts: Scalar's request client, its workspace store and Vue, megabytes
// of minified JavaScript) and the explorer's script (site/reference/browser/explorer.ts: Scalar's API
// reference and its styles). Bundling those thousands of modules was most of the site's client build,
// in time and in memory (half the Petstore build's peak), on every build, although they
// change only with a dependency update. Each is bundled once, apart from the other (Vite, with the
// dependency versions the site build uses, so the code is the same) into node_modules/.cache and
// reused while none of its inputs changed (`browserBundle`); `npm ci` makes them already
// (scripts/prepare-bundles.mjs, `prepareBundles`), since they change with the installed packages.
// A bundle's key, and so its URL, is known before it is built (`bundleKey`: the packages, the settings
// and our modules it imports, found by following their relative imports), so a build that must make one
// (its cache was cleared, `npm ci` could not prepare it) starts a child process for it and goes on: the
// pages only need its URL, the explorer page its stylesheets' names (awaited when that page renders,
// reference/explorer/styles.ts), and `astro:build:done` waits for it before copying it. The child also
// compresses its files into the precompression cache, so the build's own precompression finds them.
// Scalar's own prebuilt `dist/browser/standalone.esm.js` is not used: it carries the dependency
// versions Scalar built it with, and the explorer's tag groups came out differently.
//
// The build copies each bundle into dist/client/_astro/bundles.<key>/ (content-keyed, so the
// immutable caching of `/_astro/*` stays right). TryIt.astro imports the try-it client on the first
// click from `__TRYIT_URL__`; the explorer page links `__EXPLORER_STYLES__` in its head and loads
// `__EXPLORER_URL__` as its module script, as the site build's own output would. `astro dev` serves
// both from the cache (Vite's `/@fs/`).

import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { BUILD_CACHE, cacheKey, publishEntry, temporaryName } from '../build-cache.ts';
import { setExplorerStyles } from '../reference/explorer/styles.ts';

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

/** Extensions tried, in order, for an import written without one, and the files whose imports are followed. */
const RESOLVE_SUFFIXES = ['', '.ts', '.js', '.mjs', '/index.ts', '/index.js'];
const SCRIPT = /\.(?:ts|js|mjs)$/;
/** Type-only imports and exports (`import type … from '…';`): erased, never in a bundle. */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\b[^;]*;/gm;
/** Relative module specifiers of `import … from`, `export … from`, `import '…'` and `import('…')`. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"\n]+)['"]/g;

/**
 * Our modules a bundle is made of: its entry and every file of the project it imports, found by following
 * relative imports from the entry, type-only ones aside (imports in comments count: a key over more files
 * than the bundle holds only misses more often). Package imports are covered by the lock file; a file
 * that is not a script (`./style.css?url`) counts with its bytes and is not read for imports.
 * @param root the project root
 * @param entry the entry module (absolute)
 * @returns paths relative to the root, `/`-separated, sorted
 */
export function moduleInputs(root: string, entry: string): string[] {
  const found = new Set<string>();
  const todo = [entry];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    const rel = relative(root, file).split(sep).join('/');
    if (found.has(rel) || rel.startsWith('..') || rel.includes('node_modules/')) continue;
    found.add(rel);
    if (!SCRIPT.test(file)) continue;
    for (const [, spec] of readFileSync(file, 'utf8').replace(TYPE_ONLY, '').matchAll(RELATIVE_IMPORT)) {
      const target = resolve(dirname(file), (spec ?? '').split('?')[0] ?? '');
      const hit = RESOLVE_SUFFIXES.map((suffix) => target + suffix).find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (hit) todo.push(hit);
    }
  }
  return [...found].sort();
}

/** Our modules bundle `name` is made of ({@link moduleInputs} from its entry). */
const bundleInputs = (root: string, name: BundleName): string[] => moduleInputs(root, BUNDLES[name]);

/**
 * The key of bundle `name` for the current sources, known before it is built: the base key (packages,
 * Node, the bundler settings) and the path and bytes of each of our modules in it ({@link bundleInputs}).
 * @param root the project root
 */
export function bundleKey(root: string, name: BundleName): string {
  const parts: (string | Buffer)[] = [baseKey(root, name)];
  for (const file of bundleInputs(root, name)) parts.push(file, readFileSync(join(root, file)));
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
 * and every module of ours it is built from are unchanged, else a new one (Vite build, ES modules,
 * minified, no source maps, relative URLs between its files).
 * @param root the project root
 * @param name which bundle (`BUNDLES`)
 * @throws {Error} when the bundle cannot be built
 */
export async function browserBundle(root: string, name: BundleName): Promise<BrowserBundle> {
  return cachedBundle(root, name, bundleKey(root, name)) ?? (await bundleInChild(root, name));
}

/** The folder of the cache entry `key`. */
const entryDir = (root: string, key: string): string => join(root, BUNDLES_CACHE, key);

/** The cached bundle `name` with key `key`, or undefined when it must be built. */
function cachedBundle(root: string, name: BundleName, key: string): BrowserBundle | undefined {
  const dir = entryDir(root, key);
  if (!existsSync(join(dir, `${name}.js`)) || !existsSync(join(dir, STYLES))) return undefined;
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

/**
 * Builds the bundle `name` in this process into the cache (Vite), under the key {@link bundleKey} gave
 * before the build.
 * @throws {Error} when Vite fails, or when the bundle holds a module of ours that {@link bundleInputs} did
 *   not find (an import {@link moduleInputs} cannot follow): the key would not change with that module
 */
async function buildBundle(root: string, name: BundleName): Promise<BrowserBundle> {
  const key = bundleKey(root, name);
  const inputs = new Set(bundleInputs(root, name));
  const dir = entryDir(root, key);
  const tmp = temporaryName(dir);
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
        const rel = relative(root, file).split(sep).join('/');
        if (!rel.startsWith('..')) ours.add(rel);
      }
    }
  }
  const missed = [...ours].filter((file) => !inputs.has(file));
  if (missed.length) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(
      `the ${name} bundle holds ${missed.join(', ')}, which its key does not cover: import our modules by relative paths (browser-bundles.ts moduleInputs)`,
    );
  }
  writeFileSync(join(tmp, STYLES), JSON.stringify(styles));
  publishEntry(tmp, dir, true);
  return { name, dir, key, styles, reused: false };
}

/** The Astro integration. */
export default function browserBundlesIntegration(): AstroIntegration {
  let bundles: Promise<BrowserBundle>[] = [];
  return {
    name: 'petstore:browser-bundles',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        const defines: Record<string, string> = {};
        bundles = [];
        /** The bundles built in this build, one child after the other: each takes a core the pages leave. */
        let previous: Promise<unknown> = Promise.resolve();
        // The explorer first: its page waits for its stylesheets' names.
        for (const name of ['explorer', 'tryit'] as const) {
          let base = `/_astro/bundles/${name}/`;
          let bundle: Promise<BrowserBundle> | undefined;
          if (command === 'build' || command === 'dev') {
            const key = bundleKey(root, name);
            const cached = cachedBundle(root, name, key);
            if (cached) {
              bundle = Promise.resolve(cached);
              report(logger, cached);
            } else {
              logger.info(`${name} bundle: building into ${entryDir(root, key)}, beside the build`);
              bundle = previous.then(() => bundleInChild(root, name));
              previous = bundle.then(
                (built) => report(logger, built),
                () => {},
              );
              // `astro dev` serves it from the cache at once.
              if (command === 'dev') await bundle;
            }
            bundles.push(bundle);
            base = command === 'dev' ? `/@fs${entryDir(root, key)}/` : `/${bundleOutputDir({ key })}`;
          }
          defines[`__${name.toUpperCase()}_URL__`] = JSON.stringify(`${base}${name}.js`);
          if (name === 'explorer') {
            const styles = bundle ? bundle.then((b) => b.styles) : Promise.resolve([]);
            setExplorerStyles(styles.then((files) => files.map((file) => `${base}${file}`)));
          }
        }
        updateConfig({ vite: { define: defines } });
      },
      'astro:build:done': async ({ dir }) => {
        for (const bundle of bundles) copyBundle(await bundle, fileURLToPath(dir));
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
 * `.br`/`.gz` bodies there: compressing Scalar's bundles is the largest compression of a build.
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
    // Its `.br`/`.gz` bodies too, so the build that waits for it finds them compressed.
    await precompressBundles(root, [bundle]);
    process.stdout.write(`${JSON.stringify(bundle)}\n`);
  }
}
