// Build-time wiring of the two browser bundles made of Scalar's packages: the try-it client
// (site/reference/browser/tryit.ts: Scalar's request client, its workspace store and Vue, megabytes
// of minified JavaScript) and the explorer's script (site/reference/browser/explorer.ts: Scalar's API
// reference and its styles). Bundling those thousands of modules was most of the site's client build,
// in time and in memory (half the Petstore build's peak), on every build, although they change only with
// a dependency update. Both are bundled together, once, apart from the site's build (one Rolldown build
// with two entries, set as Vite's production build sets it, with the dependency versions the site build
// uses) into node_modules/.cache and reused while none of their inputs changed (`browserBundles`); `npm ci` makes
// them already (scripts/prepare-bundles.mjs), since they change with the installed
// packages. One build, not one per entry: the explorer holds most of what the try-it client is made of
// (Scalar's API reference embeds its request client), and a second build read, transformed and minified
// those modules again for nearly as long as the first. Each entry still loads only the modules it
// imports: what both import sits in chunks of their own. Rolldown is called without Vite: nothing in the
// bundles needs Vite's plugins but two stylesheets, and Vite's pipeline cost as much CPU as the bundling.
// The bundles' key, and so their URL, is known before they are built (`bundleKey`: the packages, the
// settings and our modules the entries import, found by following their relative imports), so a build
// that must make them (its cache was cleared, `npm ci` could not prepare them) starts a child process at
// a lower CPU priority (site/background.ts) and goes on: the pages only need their URLs, the explorer's
// stylesheet keeps a name known in advance (`EXPLORER_STYLESHEET`), and `astro:build:done` waits for the
// bundles before copying them. The child also compresses their files into the precompression cache, so
// the build's own precompression finds them (on its own thread, one file at a time: serving/build.ts
// `onThisThread`).
// Scalar's own prebuilt `dist/browser/standalone.esm.js` is not used: it carries the dependency
// versions Scalar built it with, and the explorer's tag groups came out differently.
//
// The build hard-links the bundles into dist/client/_astro/bundles.<key>/ (content-keyed, so the
// immutable caching of `/_astro/*` stays right). TryIt.astro imports the try-it client on the first
// click from `__TRYIT_URL__`; the explorer page links `__EXPLORER_STYLES__` in its head and loads
// `__EXPLORER_URL__` as its module script, as the site build's own output would. `astro dev` serves
// both from the cache (Vite's `/@fs/`).

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { RolldownOutput, Plugin as RolldownPlugin } from 'rolldown';
import { childEnv, inBackground } from '../background.ts';
import { BUILD_CACHE, cacheKey, linkFromCacheSync, publishEntry, temporaryName } from '../build-cache.ts';
import { listFiles, PRECOMPRESS_CACHE } from '../serving/build.ts';

/** The bundles' entries: each is `<name>.js` in the built folder. */
export const BUNDLES = {
  /** Scalar's request client for the try-it buttons, imported on the first click. */
  tryit: fileURLToPath(new URL('../reference/browser/tryit.ts', import.meta.url)),
  /** The explorer's script (Scalar's API reference and its styles), the module script of the explorer page. */
  explorer: fileURLToPath(new URL('../reference/browser/explorer.ts', import.meta.url)),
} as const;
export type BundleName = keyof typeof BUNDLES;
const NAMES = Object.keys(BUNDLES) as BundleName[];
const SELF = fileURLToPath(import.meta.url);

/** Where built bundles are kept between builds, relative to the project root. */
export const BUNDLES_CACHE = join(BUILD_CACHE, 'browser-bundles');

/**
 * The one stylesheet the explorer's script loads (Scalar's styles and ours), named before the bundles are
 * built: the explorer page links it whether or not they are built yet.
 */
export const EXPLORER_STYLESHEET = 'explorer.css';

/** The file in the built folder that names, per entry, the stylesheets it loads. */
const STYLES = 'styles.json';

/**
 * The key of everything outside our own modules that decides the bundles: the Node version, the lock file
 * (every package's version) and this file (the bundler settings).
 */
function baseKey(root: string): string {
  const lock = join(root, 'package-lock.json');
  return cacheKey('browser-bundles', process.version, existsSync(lock) ? readFileSync(lock) : '', readFileSync(SELF));
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

/** Our modules the bundles are made of: both entries and every file of the project they import ({@link moduleInputs}). */
const bundleInputs = (root: string): string[] =>
  [...new Set(NAMES.flatMap((name) => moduleInputs(root, BUNDLES[name])))].sort();

/**
 * The bundles' key for the current sources, known before they are built: the base key (packages, Node,
 * the bundler settings) and the path and bytes of each of our modules in them ({@link bundleInputs}).
 * @param root the project root
 * @returns 64 hexadecimal digits
 */
export function bundleKey(root: string): string {
  const parts: (string | Buffer)[] = [baseKey(root)];
  for (const file of bundleInputs(root)) parts.push(file, readFileSync(join(root, file)));
  return cacheKey(...parts);
}

/**
 * The built bundles: their folder (`<name>.js` for each entry, the chunks they share, assets), their key,
 * the file names (in the folder) of the stylesheets each entry loads, in order, and whether they came
 * from the cache.
 */
export interface BrowserBundles {
  dir: string;
  key: string;
  styles: Record<BundleName, string[]>;
  reused: boolean;
}

/**
 * The bundles for the current sources: the cached ones when the packages (lock file), this file and
 * every module of ours they are built from are unchanged, else new ones (Rolldown, ES modules,
 * minified, no source maps, relative URLs between their files), built in a child process.
 * @param root the project root
 * @throws {Error} when they cannot be built
 */
export async function browserBundles(root: string): Promise<BrowserBundles> {
  return cachedBundles(root, bundleKey(root)) ?? (await bundleInChild(root, false));
}

/** The folder of the cache entry `key`. */
const entryDir = (root: string, key: string): string => join(root, BUNDLES_CACHE, key);

/** The cached bundles with key `key`, or undefined when they must be built. */
function cachedBundles(root: string, key: string): BrowserBundles | undefined {
  const dir = entryDir(root, key);
  if (!NAMES.every((name) => existsSync(join(dir, `${name}.js`))) || !existsSync(join(dir, STYLES))) return undefined;
  const styles = JSON.parse(readFileSync(join(dir, STYLES), 'utf8')) as Record<BundleName, string[]>;
  return { dir, key, styles, reused: true };
}

/**
 * Rolldown's thread pools (its Tokio runtime and Rayon's) cut to one thread for a build beside the site's:
 * at a lower priority its threads are preempted whenever the site's build wants a core, and with more
 * than one they spend a good part of their time waking and waiting for each other (several times the
 * system time of the bundling alone). One thread does the same work in less CPU; the files are the same.
 * `npm ci`'s prepare step, alone on the machine, keeps every core.
 */
const ONE_THREAD = { ROLLDOWN_WORKER_THREADS: '1', TOKIO_WORKER_THREADS: '1', RAYON_NUM_THREADS: '1' } as const;

/**
 * Builds the bundles in a child process (this file run by Node) at a lower CPU priority than the build
 * (site/background.ts): bundling Scalar's thousands of modules takes hundreds of megabytes, which the
 * build's own process would keep for the rest of the build (V8 and the bundler's allocator return little
 * of it), and a core the build's thread wants for its pages; a child gives the memory back when it exits
 * and takes only the cycles the build leaves. Its allocator settings are the build's, inherited
 * (scripts/build-env.mjs: mimalloc commits lazily). Eagerly committed arenas, which mimalloc has the
 * kernel back with transparent huge pages, took far fewer page faults, but more memory and, where a
 * fault is cheap, more system time (site/README.md "Build cost").
 * @param besideBuild whether the site's build runs beside it: the child then bundles on one thread
 *   ({@link ONE_THREAD}); `npm ci`'s prepare step keeps every thread
 */
function bundleInChild(root: string, besideBuild: boolean): Promise<BrowserBundles> {
  const child = spawn(process.execPath, [SELF, root, 'build'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: childEnv(besideBuild ? ONE_THREAD : {}),
  });
  inBackground(child.pid);
  return new Promise<BrowserBundles>((resolveDone, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolveDone(JSON.parse(last) as BrowserBundles);
      else fail(new Error(`bundling Scalar's browser bundles failed (exit ${code}): ${out.slice(-2000)}`));
    });
  });
}

/**
 * The environment variable by which `npm run build` (scripts/build.mjs) names the process it started,
 * before `astro build`, to make the bundles when they are not in the cache (`node browser-bundles.ts
 * <root> early`): Astro takes a second or two to start and load the configuration, with a core idle
 * meanwhile, and the bundling is the longest work beside the build.
 */
export const EARLY_BUNDLER_ENV = 'PETSTORE_BUNDLER_PID';

/**
 * Whether process `pid` still runs: it can be signalled (one that cannot, another user's, counts as
 * running) and, where `/proc` tells, it is not a zombie (ended, its parent not told yet).
 */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** How often the build looks whether the early bundling process has ended (milliseconds). */
const EARLY_POLL_MS = 100;

/**
 * The bundles of key `key`, once the process `npm run build` started for them ({@link EARLY_BUNDLER_ENV})
 * has ended: it has then written them and their compressed bodies. When it ended without them (it failed
 * or was stopped), they come from `otherwise` (the build: bundled in a child, as without an early
 * process, so a failure is the build's own).
 * @param root the project root
 * @param key the bundles' key ({@link bundleKey})
 * @param pid the early process
 * @param otherwise makes the bundles when the early process left none
 * @param pollMs how often to look whether the process has ended (milliseconds)
 */
export function afterEarlyBundler(
  root: string,
  key: string,
  pid: number,
  otherwise: () => Promise<BrowserBundles> = () => bundleInChild(root, true),
  pollMs = EARLY_POLL_MS,
): Promise<BrowserBundles> {
  return new Promise((done, fail) => {
    const timer = setInterval(() => {
      if (running(pid)) return;
      clearInterval(timer);
      const cached = cachedBundles(root, key);
      if (cached) done({ ...cached, reused: false });
      else otherwise().then(done, fail);
    }, pollMs);
  });
}

/**
 * The early bundling process named by {@link EARLY_BUNDLER_ENV}, when it is set and still runs.
 * @param env the environment to read (this process's by default)
 * @returns its process id, or undefined
 */
export function earlyBundler(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const pid = Number(env[EARLY_BUNDLER_ENV]);
  return Number.isInteger(pid) && pid > 0 && running(pid) ? pid : undefined;
}

/** What {@link entryStyles} reads of the bundler's output: a chunk's file, static imports and stylesheets. */
interface OutputChunk {
  fileName: string;
  imports: readonly string[];
  importedCss: readonly string[];
}

/**
 * The stylesheets an entry chunk loads: its own and those of every chunk it imports statically, depth
 * first in import order (the order the browser evaluates them), each once. With two entries, a module
 * both import, and the stylesheet it imports, sits in a shared chunk; the entry's page needs it all the same.
 * @param entry the entry chunk's file name
 * @param chunks every chunk of the build, by file name
 */
export function entryStyles(entry: string, chunks: ReadonlyMap<string, OutputChunk>): string[] {
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string): void => {
    const chunk = chunks.get(file);
    if (!chunk || seen.has(file)) return;
    seen.add(file);
    for (const imported of chunk.imports) visit(imported);
    for (const css of chunk.importedCss) if (!styles.includes(css)) styles.push(css);
  };
  visit(entry);
  return styles;
}

/**
 * What Vite's production build of a browser bundle sets that the bundles' code reads or is shaped by,
 * set the same way here: `process.env` (`NODE_ENV` alone) and `import.meta.env` (Scalar's packages read
 * `import.meta.env.DEV`), the browser's resolve conditions and package fields in Vite's order, and Vite's
 * default syntax target (browsers widely available since 2023).
 */
const VITE_LIKE = {
  define: {
    'process.env.NODE_ENV': '"production"',
    'process.env': '{}',
    'import.meta.env': JSON.stringify({ BASE_URL: './', MODE: 'production', DEV: false, PROD: true, SSR: false }),
  },
  conditionNames: ['module', 'browser', 'production', 'import', 'default'],
  mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'],
  target: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
};

/** Module id suffixes the stylesheet plugin gives CSS: imported for its effect (`import 'x.css'`), or as a URL. */
const CSS_EFFECT = '?stylesheet';
const CSS_URL = '?url';
const CSS_IMPORT = /\.css(?:\?url)?$/;
const CSS_MODULE = /\.css\?(?:stylesheet|url)$/;

/**
 * The bundler plugin for the stylesheets the entries import (Scalar's packages import none themselves):
 * `import 'x.css'` becomes an empty module kept in its chunk, whose stylesheets {@link entryStyles}
 * collects after the build; `import url from 'x.css?url'` emits the file, minified, as a hashed asset
 * and gives its URL, relative to the importing chunk.
 */
function stylesheetPlugin(): RolldownPlugin {
  return {
    name: 'petstore:stylesheets',
    resolveId: {
      filter: { id: CSS_IMPORT },
      async handler(source, importer) {
        const asUrl = source.endsWith(CSS_URL);
        const resolved = await this.resolve(asUrl ? source.slice(0, -CSS_URL.length) : source, importer, {
          skipSelf: true,
        });
        return resolved ? { id: `${resolved.id}${asUrl ? CSS_URL : CSS_EFFECT}` } : null;
      },
    },
    load: {
      filter: { id: CSS_MODULE },
      async handler(id) {
        if (id.endsWith(CSS_EFFECT)) return { code: '', moduleSideEffects: 'no-treeshake' };
        const file = id.slice(0, -CSS_URL.length);
        const ref = this.emitFile({ type: 'asset', name: basename(file), source: await minifiedStyles([file]) });
        return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
      },
    },
  };
}

/**
 * {@link VITE_LIKE}'s target as Lightning CSS takes browser versions (`major << 16 | minor << 8`, iOS
 * Safari named `ios_saf`), as Vite converts its own.
 */
const CSS_TARGETS = Object.fromEntries(
  VITE_LIKE.target.map((target) => {
    const [, browser = '', major = '0', minor = '0'] = /^([a-z]+)(\d+)(?:\.(\d+))?$/.exec(target) ?? [];
    return [browser === 'ios' ? 'ios_saf' : browser, (Number(major) << 16) | (Number(minor) << 8)];
  }),
);

/**
 * An entry's stylesheets as one file, minified by Lightning CSS for {@link VITE_LIKE}'s target, as Vite
 * minifies a bundle's CSS.
 * @param files the stylesheets (absolute), in the order the page applies them
 * @throws {Error} when a stylesheet does not parse
 */
async function minifiedStyles(files: readonly string[]): Promise<string> {
  const { transform } = await import('lightningcss');
  const source = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  const { code } = transform({
    filename: files[0] ?? 'styles.css',
    code: Buffer.from(source),
    minify: true,
    targets: CSS_TARGETS,
  });
  return `${Buffer.from(code).toString('utf8')}\n`;
}

/**
 * Builds the bundles in this process into the cache, under the key {@link bundleKey} gave before the
 * build, by Rolldown without Vite (why: the header of this file). Each entry's stylesheets are one file,
 * `<entry>.css`, written after the build.
 * @throws {Error} when Rolldown fails, or when the bundles hold a module of ours that {@link bundleInputs}
 *   did not find (an import {@link moduleInputs} cannot follow): the key would not change with that module
 */
async function buildBundles(root: string): Promise<BrowserBundles> {
  const key = bundleKey(root);
  const inputs = new Set(bundleInputs(root));
  const dir = entryDir(root, key);
  const tmp = temporaryName(dir);
  const ours = new Set<string>();
  const chunks = new Map<string, OutputChunk>();
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: BUNDLES,
    cwd: root,
    platform: 'browser',
    logLevel: 'warn',
    preserveEntrySignatures: 'strict',
    resolve: { conditionNames: VITE_LIKE.conditionNames, mainFields: VITE_LIKE.mainFields },
    transform: { define: VITE_LIKE.define, target: VITE_LIKE.target },
    plugins: [stylesheetPlugin()],
    // Rolldown's lazy barrels (rolldown.rs "Lazy Barrel Optimization"): a module a side-effect-free
    // package re-exports is compiled only when something imports it. Scalar's packages import their
    // icons from `@scalar/icons`, whose index re-exports about 3,000 components, of which the bundles
    // hold about 200: without it, Rolldown reads, parses and drops the others, a quarter of the
    // bundling's memory. The bundles hold the same modules either way.
    experimental: { lazyBarrel: true },
  });
  let output: RolldownOutput;
  try {
    output = await bundle.write({
      dir: tmp,
      format: 'es',
      minify: true,
      sourcemap: false,
      entryFileNames: '[name].js',
      chunkFileNames: '[name].[hash].js',
      assetFileNames: '[name].[hash][extname]',
    });
  } finally {
    await bundle.close();
  }
  for (const item of output.output) {
    if (item.type !== 'chunk') continue;
    chunks.set(item.fileName, {
      fileName: item.fileName,
      imports: item.imports,
      importedCss: item.moduleIds.filter((id) => id.endsWith(CSS_EFFECT)).map((id) => id.slice(0, -CSS_EFFECT.length)),
    });
    for (const id of item.moduleIds) {
      const file = id.split('?')[0] ?? id;
      if (!isAbsolute(file) || file.includes(`${'/'}node_modules${'/'}`)) continue;
      const rel = relative(root, file).split(sep).join('/');
      if (!rel.startsWith('..')) ours.add(rel);
    }
  }
  const missed = [...ours].filter((file) => !inputs.has(file));
  if (missed.length) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(
      `Scalar's browser bundles hold ${missed.join(', ')}, which their key does not cover: import our modules by relative paths (browser-bundles.ts moduleInputs)`,
    );
  }
  const styles = {} as Record<BundleName, string[]>;
  for (const name of NAMES) {
    const sheets = entryStyles(`${name}.js`, chunks);
    styles[name] = sheets.length ? [`${name}.css`] : [];
    if (sheets.length) writeFileSync(join(tmp, `${name}.css`), await minifiedStyles(sheets));
  }
  if (styles.explorer.join() !== EXPLORER_STYLESHEET) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(
      `the explorer's script loads the stylesheets ${JSON.stringify(styles.explorer)}, not ${EXPLORER_STYLESHEET} alone, which its page links (browser-bundles.ts EXPLORER_STYLESHEET)`,
    );
  }
  writeFileSync(join(tmp, STYLES), JSON.stringify(styles));
  publishEntry(tmp, dir, true);
  return { dir, key, styles, reused: false };
}

/**
 * The Astro integrations: `start` sets the bundles' URLs up and starts building them when they are not
 * in the cache (early in the list: as soon as the build sets up); `copy` waits for them and copies them
 * into the output (late in the list, before the serving rules list the output's files: the hooks of
 * `astro:build:done` run one after the other, and the search index, the sitemap and the other
 * integrations' last steps need not wait for Scalar's bundles).
 */
export default function browserBundlesIntegration(): { start: AstroIntegration; copy: AstroIntegration } {
  let bundles: Promise<BrowserBundles> | undefined;
  const start: AstroIntegration = {
    name: 'petstore:browser-bundles',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        bundles = undefined;
        let base = '/_astro/bundles/';
        if (command === 'build' || command === 'dev') {
          const key = bundleKey(root);
          const cached = cachedBundles(root, key);
          if (cached) {
            bundles = Promise.resolve(cached);
            report(logger, cached);
          } else {
            const early = command === 'build' ? earlyBundler() : undefined;
            logger.info(
              `Scalar's bundles: building into ${entryDir(root, key)}, beside the build${early ? ' (begun before it)' : ''}`,
            );
            bundles = early ? afterEarlyBundler(root, key, early) : bundleInChild(root, true);
            bundles.then(
              (built) => report(logger, built),
              () => {},
            );
            // `astro dev` serves them from the cache at once.
            if (command === 'dev') await bundles;
          }
          base = command === 'dev' ? `/@fs${entryDir(root, key)}/` : `/${bundleOutputDir({ key })}`;
        }
        const defines = Object.fromEntries(
          NAMES.map((name) => [`__${name.toUpperCase()}_URL__`, JSON.stringify(`${base}${name}.js`)]),
        );
        // Known before the bundles are built: the explorer page never waits for them.
        defines.__EXPLORER_STYLES__ = JSON.stringify(bundles ? [`${base}${EXPLORER_STYLESHEET}`] : []);
        updateConfig({ vite: { define: defines } });
      },
    },
  };
  const copy: AstroIntegration = {
    name: 'petstore:browser-bundles-copy',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        if (bundles) copyBundles(await bundles, fileURLToPath(dir));
      },
    },
  };
  return { start, copy };
}

function report(logger: AstroIntegrationLogger, bundles: BrowserBundles): void {
  logger.info(`Scalar's bundles ${bundles.reused ? 'unchanged: reused from' : 'built into'} ${bundles.dir}`);
}

/** Where the build puts the bundles, below the output folder: `_astro/bundles.<key>/` (content-keyed). */
export function bundleOutputDir(bundles: Pick<BrowserBundles, 'key'>): string {
  return `_astro/bundles.${bundles.key.slice(0, 10)}/`;
}

/** The bundles' files, as paths below their folder (`/`-separated), without the cache's own {@link STYLES}. */
function bundleFiles(bundles: BrowserBundles): string[] {
  return listFiles(bundles.dir).filter((file) => file !== STYLES);
}

/**
 * Puts the bundles into an output folder at {@link bundleOutputDir}, each file hard-linked from the cache
 * (build-cache.ts `linkFromCacheSync`: copied where links are refused): megabytes the build's thread
 * would otherwise copy, at the end of the build, where nothing else runs beside it.
 */
function copyBundles(bundles: BrowserBundles, outDir: string): void {
  const target = join(outDir, bundleOutputDir(bundles));
  for (const file of bundleFiles(bundles)) {
    const dest = join(target, file);
    mkdirSync(dirname(dest), { recursive: true });
    linkFromCacheSync(join(bundles.dir, file), dest);
  }
}

/**
 * Compresses the bundles' files into the build's precompression cache (serving/build.ts
 * `PRECOMPRESS_CACHE`), each under the name its path in the output calls for ({@link bundleOutputDir};
 * serving/early-compression.ts `compressIntoCache`), so that a build finds their `.br`/`.gz` bodies
 * there: compressing Scalar's bundles is the largest compression of a build.
 * @param onThisThread compress one file at a time on this thread: in the child that bundles beside a
 *   build, which has nothing else to do; `npm ci`'s prepare step, alone on the machine, compresses a few
 *   files at once on zlib's thread pool
 */
export async function precompressBundles(root: string, bundles: BrowserBundles, onThisThread = false): Promise<void> {
  const { compressIntoCache } = await import('../serving/early-compression.ts');
  const cache = join(root, PRECOMPRESS_CACHE);
  const base = bundleOutputDir(bundles);
  const todo = bundleFiles(bundles);
  const compressNext = async (): Promise<void> => {
    for (let file = todo.shift(); file !== undefined; file = todo.shift()) {
      await compressIntoCache(cache, join(bundles.dir, file), `${base}${file}`, !onThisThread);
    }
  };
  // On the pool, as many files at once as the machine has cores: each brotli stream holds megabytes.
  await Promise.all(Array.from({ length: onThisThread ? 1 : availableParallelism() }, compressNext));
}

// Run as `node browser-bundles.ts <root> build` (bundleInChild): build the bundles, print them as JSON;
// as `node browser-bundles.ts <root> all` (prepare-bundles.mjs): build them if they are not in the cache;
// as `node browser-bundles.ts <root> early` (scripts/build.mjs, before `astro build`): the same, beside the
// build, as its child would (`bundleInChild`), printing nothing.
if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  const [root, what] = process.argv.slice(2);
  if (!root || !(what === 'all' || what === 'build' || what === 'early')) {
    process.stderr.write('usage: node site/integrations/browser-bundles.ts <root> <build|all|early>\n');
    process.exit(2);
  }
  if (what === 'early') {
    if (!cachedBundles(root, bundleKey(root))) {
      // Bundled here, as the child the build would start bundles (`bundleInChild`): the same settings
      // and priority, set before Rolldown's allocator and thread pools read them (`buildBundles` loads it),
      // without a second Node process to start and load this module again.
      Object.assign(process.env, ONE_THREAD);
      inBackground(process.pid);
      try {
        await precompressBundles(root, await buildBundles(root), true);
      } catch {
        // Reported by the build, which finds no bundles in the cache and bundles in a child of its own.
      }
    }
  } else if (what === 'all') {
    const bundles = await browserBundles(root);
    process.stdout.write(`Scalar's bundles: ${bundles.reused ? 'in the cache' : 'built into'} ${bundles.dir}\n`);
    await precompressBundles(root, bundles);
  } else {
    const bundles = await buildBundles(root);
    // Their `.br`/`.gz` bodies too, so the build that waits for them finds them compressed.
    await precompressBundles(root, bundles, true);
    process.stdout.write(`${JSON.stringify(bundles)}\n`);
  }
}
