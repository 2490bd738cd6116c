// Builds the site (`astro build`) when dist/ is missing or older than any of the site's inputs.
// Used by `npm start` and the test commands that need the built site, so a fresh clone needs no
// separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Everything `astro build` reads: the site (srcDir), the spec it renders and mocks, Astro's and
 * Expressive Code's configs, the locked dependencies and Astro's public/ folder (when there is one).
 * The CLI in tools/, the tests and scripts/serve.ts (read at run time, not built) are not inputs.
 */
export const SITE_INPUTS = [
  'site',
  'descriptions',
  'spec',
  'public',
  'astro.config.mjs',
  'ec.config.mjs',
  'package-lock.json',
];

/**
 * Newest modification time (ms since epoch) of `path` or any file or folder below it, at most `depth`
 * folders down; 0 when it does not exist.
 * @param {string} path
 * @param {number} [depth]
 * @returns {number}
 */
function newest(path, depth = Number.POSITIVE_INFINITY) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  if (depth <= 0) return max;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    max = Math.max(max, newest(join(path, entry), depth - 1));
  }
  return max;
}

/**
 * The build output folder: `DIST_DIR` (relative to the root) when set, as astro.config.mjs reads it
 * (tests build other descriptions beside the main build), `dist/` otherwise.
 * @param {string} root the repository root
 * @param {Record<string, string | undefined>} [env]
 */
export function distDir(root, env = process.env) {
  return resolve(root, env.DIST_DIR || 'dist');
}

/**
 * The file in the output folder that names the APIs it was built from (site/integrations/built-from.ts
 * writes it as a complete build's last step): its time is the build's.
 */
const MARKER = '.built-from.json';

/**
 * Whether the output folder is missing, older than an input, or built under another configuration:
 * the environment variables the build's configuration read (recorded in the marker with their values:
 * `PETSTORE_SPEC`, `PETSTORE_CHANGELOG`, `PETSTORE_VERSIONS`…) now say something else, or a file of an
 * API the build showed is newer (its description and the files beside it, a split description's parts;
 * its release record and the `released/` descriptions beside it; an event API's AsyncAPI description, the
 * files beside it and every file its `$ref`s reach).
 * @param {string} root the repository root
 * @param {Record<string, string | undefined>} [env]
 */
export function isStale(root, env = process.env) {
  const dist = distDir(root, env);
  const record = join(dist, MARKER);
  const built = existsSync(record) ? statSync(record).mtimeMs : 0;
  let marker;
  try {
    marker = JSON.parse(readFileSync(record, 'utf8'));
  } catch {
    marker = undefined;
  }
  if (!marker || typeof marker.env !== 'object' || !Array.isArray(marker.apis)) return true;
  for (const [name, value] of Object.entries(marker.env)) if ((env[name]?.trim() ?? '') !== value) return true;
  const files = marker.apis.flatMap(({ api }) => {
    const out = [newest(api.description), newest(dirname(api.description), 3)];
    if (api.changelog) out.push(newest(api.changelog), newest(join(dirname(api.changelog), 'released')));
    return out;
  });
  // Event APIs (AsyncAPI): their description and its folder as for an API, and every file it references.
  const events = Array.isArray(marker.site?.events) ? marker.site.events : [];
  for (const api of events) files.push(newest(api.description), newest(dirname(api.description), 3));
  for (const { files: parts } of Array.isArray(marker.events) ? marker.events : []) {
    for (const file of Array.isArray(parts) ? parts : []) files.push(newest(file));
  }
  return built <= Math.max(...files, ...SITE_INPUTS.map((s) => newest(join(root, s))));
}

/**
 * Runs `astro build` in `root` unless the output's record (`.built-from.json`) is newer than every input.
 * @param {string} root the repository root
 * @param {{force?: boolean}} [options]
 * @returns {boolean} whether a build ran
 * @throws {Error} when the build fails
 */
export function buildIfStale(root, options = {}) {
  if (!options.force && !isStale(root)) return false;
  const dist = distDir(root);
  // A failed build must not leave a half-written site that the next start would serve.
  rmSync(join(dist, MARKER), { force: true });
  process.stderr.write('Building the site (astro build)...\n');
  // Astro's own CLI under this Node, so it works without node_modules/.bin on PATH.
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const r = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) {
    rmSync(join(dist, MARKER), { force: true });
    throw new Error(`astro build failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`})`);
  }
  // The build wrote MARKER itself (site/integrations/built-from.ts).
  return true;
}
