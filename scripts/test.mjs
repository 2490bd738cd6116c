// `npm test`: checks the system packages the tests use, builds the site when
// needed, then runs every test file (unit, integration, browser) with node:test.
// Extra arguments are passed to `node --test` (e.g. `npm test -- tests/unit`).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
function pythonHasRequests() {
  return (
    spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0 ||
    spawnSync('/usr/bin/python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0
  );
}

// Debian package -> is it there?
const needs = {
  chromium: () => executable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  knot: () => onPath('knotd') || executable('/usr/sbin/knotd'),
  curl: () => onPath('curl'),
  'python3-requests': pythonHasRequests,
  openssl: () => onPath('openssl'),
};
const missing = Object.entries(needs)
  .filter(([, present]) => !present())
  .map(([pkg]) => pkg);
if (missing.length > 0) {
  const canApt = process.getuid?.() === 0 && onPath('apt-get');
  if (!canApt) {
    process.stderr.write(
      `The tests need these Debian packages: ${missing.join(' ')}\nInstall them: sudo apt-get install -y ${missing.join(' ')}\n`,
    );
    process.exit(1);
  }
  process.stderr.write(`Installing the test dependencies: ${missing.join(' ')}\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(1);
}

try {
  buildIfStale(root);
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}

// `node --test` does not expand a directory: turn `tests/mock` into `tests/mock/**/*.test.ts`.
const extra = process.argv
  .slice(2)
  .map((arg) =>
    !arg.startsWith('-') && existsSync(arg) && statSync(arg).isDirectory()
      ? `${arg.replace(/\/+$/, '')}/**/*.test.ts`
      : arg,
  );
const files = extra.some((a) => !a.startsWith('-')) ? extra : [...extra, 'tests/**/*.test.ts'];
// Node 22.12-22.17 strip TypeScript types only behind a flag (on by default from 22.18).
const tsFlag = process.features.typescript ? [] : ['--experimental-strip-types'];
const r = spawnSync(process.execPath, [...tsFlag, '--test', '--test-reporter=spec', ...files], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
