#!/usr/bin/env node
// Runs a command with a Node.js that satisfies package.json's engines (>= 22.12).
//
// This file must itself run on old Node versions (the machine's Node may be 20),
// so it is plain JavaScript with no dependencies. When the running Node is too old
// it uses, or installs, the major version named in .nvmrc into .tools/ (ignored by
// git) from the npm registry, the same step .ci/run takes, and puts it first on PATH.
//
// Usage: node scripts/with-node.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const MIN = [22, 12];

function satisfies(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

function toolsNode() {
  const bin = join(root, '.tools', 'node_modules', '.bin');
  const node = join(bin, 'node');
  if (existsSync(node)) {
    const r = spawnSync(node, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && satisfies(r.stdout.trim())) return bin;
  }
  const major = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
  process.stderr.write(
    `Node ${process.versions.node} is older than ${MIN.join('.')}: installing node@${major} into .tools/ (once)...\n`,
  );
  const r = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', join(root, '.tools'), `node@${major}`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (r.status !== 0 || !existsSync(node)) {
    process.stderr.write(
      `Could not install node@${major}. Install Node.js >= ${MIN.join('.')} yourself (see .nvmrc).\n`,
    );
    process.exit(1);
  }
  return bin;
}

const args = process.argv.slice(2);
if (args.length === 0) {
  process.stderr.write('usage: node scripts/with-node.mjs <command> [args...]\n');
  process.exit(2);
}
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const pathParts = [join(root, 'node_modules', '.bin')];
if (!satisfies(process.versions.node)) pathParts.unshift(toolsNode());
env.PATH = [...pathParts, env.PATH ?? ''].join(delimiter);

const r = spawnSync(args.join(' '), { stdio: 'inherit', env, shell: true });
if (r.signal) process.kill(process.pid, r.signal);
process.exit(r.status ?? 1);
