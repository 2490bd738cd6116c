// `npm run build`: `astro build`, then the site's search index in a process of its own.
//
// Pagefind reads every page of the output and, for a large site (GitHub's description, two releases),
// holds about as much memory as the build's own process, which at that point still holds everything the
// build made (its heap, Vite's bundler). Run inside `astro build`'s last hook, as Starlight does, the two
// peaks add up. Here `astro build` runs with PETSTORE_SEARCH_INDEX=after-build (its search step then
// writes nothing: site/integrations/search-index.ts) and, once it has exited, this process writes
// `<output>/client/pagefind/` (from the search index cache when the pages are the same as an earlier
// build's) and its `.br`/`.gz` variants, as the build would have. The output is the same either way;
// `astro build` run by itself indexes in its own hook. Plain JavaScript: a TypeScript entry costs this
// process, which waits beside the build, Node's type stripper; the site's modules it needs after the
// build are loaded then.
//
// Usage: npm run build [-- <astro build options>]   (e.g. npm run build -- --force)
// The output folder is DIST_DIR's, or dist/, as astro.config.mjs decides.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');

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
// `AFTER_BUILD`): that module, and the others this step needs, are loaded once the build has ended, so
// this process stays small beside it.
const args = process.argv.slice(2);
const build = spawnSync(process.execPath, [ASTRO, 'build', ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PETSTORE_SEARCH_INDEX: 'after-build' },
});
if (build.status !== 0) process.exit(build.status ?? 1);
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
