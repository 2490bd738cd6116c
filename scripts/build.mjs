// `npm run build`: `astro build`, and, when PETSTORE_SEARCH_INDEX=after-build, the site's search index in a
// process of its own once the build has exited.
//
// Before `astro build`, it starts the process that makes Scalar's browser bundles when they are not in
// the cache (site/integrations/browser-bundles.ts, `early`), and names it to the build
// (PETSTORE_BUNDLER_PID), which waits for it instead of starting its own: Astro takes a second or two
// to start and load the configuration on one core, and the bundling, the longest work beside the build,
// has the other one meanwhile. When the bundles are in the cache, that process only checks and exits.
//
// By default the build makes its search index itself, beside its last steps (site/integrations/
// search-index.ts): a large site's index is split into small ones made one after the other, so Pagefind's
// memory beside the build's stays small. On a machine short of memory, PETSTORE_SEARCH_INDEX=after-build
// moves it here: `astro build` then writes no index and, once it has exited, this process writes
// `<output>/client/pagefind/` (from the search index cache when the pages are the same as an earlier
// build's) and its `.br`/`.gz` variants, as the build would have. The output is the same either way.
// Plain JavaScript: a TypeScript entry costs this process, which waits beside the build, Node's type
// stripper; the site's modules it needs after the build are loaded then.
//
// Usage: npm run build [-- <astro build options>]   (e.g. npm run build -- --force)
// The output folder is DIST_DIR's, or dist/, as astro.config.mjs decides.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');

/**
 * Node's flags for `astro build`. V8's young generation at 32 MiB a semi-space, half of what V8 gives a
 * process whose heap may reach 4 GiB: its pages are memory the build touches, and on a virtual machine
 * mapping fresh memory is a good part of a build's system time. With the smaller one, collections of the
 * young generation are more frequent and each touches less memory; a cold Petstore build took fewer
 * page faults and less CPU (bench/peer-build.ts; 16 MiB was not clearly better than 32). A flag, not
 * `v8.setFlagsFromString` in the configuration: the young generation's size is fixed when the heap is made.
 */
const BUILD_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * The environment of `astro build`. On a first build into the output folder (a fresh clone, a CI run
 * without a cache: no `<output>/client/index.html` yet), the bundler's thread pool (Rolldown's, which
 * Vite bundles the site's code with) is one thread smaller than the machine: while Vite bundles, the
 * build's children (the Open Graph cards, the in-browser mock, Scalar's bundles) take a core, and
 * Rolldown's default pool, as many threads as cores and more, only preempted them; on two cores such a
 * build took more CPU time for the same files (bench/peer-build.ts). A rebuild finds their results kept
 * and nothing runs beside Vite: Rolldown keeps its default pool (site/README.md "Build cost"). A value
 * already set wins.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
function buildEnv(env) {
  const output = resolve(ROOT, env.DIST_DIR || 'dist', 'client', 'index.html');
  if (existsSync(output)) return env;
  return { ROLLDOWN_WORKER_THREADS: String(Math.max(1, availableParallelism() - 1)), ...env };
}

/**
 * Starts `node site/integrations/browser-bundles.ts <root> early`, with Node's compile cache where
 * Astro's command keeps it (`module.enableCompileCache()`: the system's temporary folder) unless one is set.
 * @returns the process, or undefined when it could not start (the build then bundles by itself)
 */
function startBundler() {
  const script = join(ROOT, 'site', 'integrations', 'browser-bundles.ts');
  const cache = process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  const child = spawn(process.execPath, [script, ROOT, 'early'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_COMPILE_CACHE: cache },
  });
  child.on('error', () => {});
  return child.pid === undefined ? undefined : child;
}

/**
 * Astro's own log line shape, so the step reads as part of the build.
 * @param {string} label
 */
function logger(label) {
  const time = () => new Date().toTimeString().slice(0, 8);
  return {
    /** @param {string} message */
    info: (message) => process.stdout.write(`${time()} [${label}] ${message}\n`),
    /** @param {string} message */
    error: (message) => process.stderr.write(`${time()} [${label}] ${message}\n`),
  };
}

// The environment variable and its value (site/integrations/search-index.ts `SEARCH_INDEX_ENV`,
// `AFTER_BUILD`), written out here: that module, and the others this step needs, are loaded once the
// build has ended, so this process stays small beside it. `astro build` reads the same variable.
const afterBuild = process.env.PETSTORE_SEARCH_INDEX === 'after-build';
const args = process.argv.slice(2);
const early = args.some((arg) => arg === '--help' || arg === '-h') ? undefined : startBundler();
const build = spawn(process.execPath, [...BUILD_NODE_FLAGS, ASTRO, 'build', ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env: buildEnv(early?.pid ? { ...process.env, PETSTORE_BUNDLER_PID: String(early.pid) } : process.env),
});
/** @type {number} */
const status = await new Promise((done) => {
  build.on('error', (error) => {
    process.stderr.write(`npm run build: astro build could not start: ${error.message}\n`);
    done(1);
  });
  build.on('close', (code) => done(code ?? 1));
});
if (status !== 0) {
  // A failed build has no use for the bundles half made.
  early?.kill('SIGTERM');
  process.exit(status);
}
if (!afterBuild) process.exit(0);
// `astro build --help` and the like build nothing.
const client = resolve(ROOT, process.env.DIST_DIR || 'dist', 'client');
if (!existsSync(join(client, 'index.html'))) process.exit(0);

try {
  const { writeSearchIndex } = await import('../site/integrations/search-index.ts');
  const { PRECOMPRESS_CACHE, precompress } = await import('../site/serving/build.ts');
  await writeSearchIndex(client, ROOT, logger('starlight:pagefind'));
  const started = performance.now();
  const r = await precompress(join(client, 'pagefind'), { cacheDir: join(ROOT, PRECOMPRESS_CACHE) });
  logger('petstore:serving').info(
    `search index: ${r.files} files precompressed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  const err = /** @type {Error} */ (error);
  const cause = /** @type {Error | undefined} */ (err.cause);
  process.stderr.write(
    `npm run build: the search index could not be written: ${err.message}${cause ? ` (${cause.message ?? cause})` : ''}\n`,
  );
  process.exit(1);
}
