// The one Node.js version floor of the repository: package.json `engines.node` (`>=MAJOR.MINOR`).
// Read by scripts/with-node.mjs, tools/bin/docs-domains.mjs and .ci/run (`node scripts/node-version.mjs
// --check`), so the floor is stated once. `.nvmrc` names only the major version to install when the
// running Node is below the floor.
//
// Plain JavaScript with no dependencies: it must run on whatever old Node the machine has.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where package.json and .nvmrc are). */
export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * Parses an `engines.node` range of the form `>=MAJOR[.MINOR[.PATCH]]`.
 * @param {string} range e.g. `>=22.12`
 * @returns {[number, number, number]} the floor as [major, minor, patch]
 * @throws {Error} for any other form of range (we state a floor, nothing else)
 */
export function parseFloor(range) {
  const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (!m) throw new Error(`package.json engines.node must be ">=MAJOR.MINOR" (got ${JSON.stringify(range)})`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/**
 * Whether a Node version (`v22.12.0` or `22.12.0`) is at or above the floor.
 * @param {string} version
 * @param {[number, number, number]} floor
 */
export function satisfies(version, floor) {
  const v = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const have = v[i] ?? 0;
    const want = floor[i] ?? 0;
    if (have !== want) return have > want;
  }
  return true;
}

/** The floor from `<root>/package.json` `engines.node`, e.g. [22, 12, 0]. */
export function nodeFloor(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return parseFloor(String(pkg.engines?.node ?? ''));
}

/** `22.12` for [22, 12, 0]; the patch only when it is not 0. */
export function formatFloor(floor) {
  return floor[2] ? floor.join('.') : `${floor[0]}.${floor[1]}`;
}

/** The major version to install (`.nvmrc`, e.g. `24`). */
export function installMajor(root = ROOT) {
  return readFileSync(join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
}

// `node scripts/node-version.mjs --check`: exit 0 when this Node meets the floor, 1 otherwise (for .ci/run).
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--check') {
  process.exit(satisfies(process.versions.node, nodeFloor()) ? 0 : 1);
}
