// Builds the site (`astro build`) when dist/ is missing or older than any of the site's inputs.
// Used by `npm start` and the test commands that need the built site, so a fresh clone needs no
// separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything `astro build` reads: the site (srcDir), the spec it renders and mocks, Astro's config,
 * the locked dependencies and Astro's public/ folder (when there is one). The CLI in tools/, the
 * tests and scripts/serve.ts (read at run time, not built) are not inputs.
 */
export const SITE_INPUTS = ['site', 'spec', 'public', 'astro.config.mjs', 'package-lock.json'];

/** Newest modification time (ms since epoch) of `path` or any file or folder below it; 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/**
 * Whether dist/ is missing or older than an input.
 * @param {string} root the repository root
 */
export function isStale(root) {
  const entry = join(root, 'dist', 'server', 'entry.mjs');
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  return built <= Math.max(...SITE_INPUTS.map((s) => newest(join(root, s))));
}

/**
 * Runs `astro build` in `root` unless dist/server/entry.mjs is newer than every input.
 * @param {string} root the repository root
 * @param {{force?: boolean}} [options]
 * @returns {boolean} whether a build ran
 * @throws {Error} when the build fails
 */
export function buildIfStale(root, options = {}) {
  if (!options.force && !isStale(root)) return false;
  process.stderr.write('Building the site (astro build)...\n');
  // Astro's own CLI under this Node, so it works without node_modules/.bin on PATH.
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const r = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) throw new Error(`astro build failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`})`);
  return true;
}
