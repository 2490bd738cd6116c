// Builds the site (`astro build`) when dist/ is missing or older than its sources.
// Used by `npm start` and `npm test` so a fresh clone needs no separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['site', 'spec', 'tools', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Newest modification time (ms since epoch) of any file below `path`; 0 when it does not exist. */
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
 * Runs `astro build` in `root` unless dist/server/entry.mjs is newer than every source file.
 * @param {string} root the repository root
 * @param {{force?: boolean}} [options]
 * @returns {boolean} whether a build ran
 * @throws {Error} when the build fails
 */
export function buildIfStale(root, options = {}) {
  const entry = join(root, 'dist', 'server', 'entry.mjs');
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (!options.force && built > sources) return false;
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
