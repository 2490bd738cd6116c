#!/usr/bin/env node
// Runs a command with a Node.js that meets package.json's `engines.node` floor.
//
// This file must itself run on old Node versions (the machine's Node may be 20), so it is plain
// JavaScript with no dependencies. When the running Node is below the floor it uses, or installs once,
// the major version named in .nvmrc in .tools/ (ignored by git) from the npm registry, the same step
// .ci/run takes, and puts it first on PATH. node_modules/.bin comes next, so `astro`, `playwright` and
// `biome` resolve as in an npm script.
//
// The command runs without a shell: each argument reaches it as given, spaces and quotes included
// (`npm test -- --test-name-pattern="cname mismatch"`). A bare command name is looked up on that PATH.
//
// The command also gets the build environment of scripts/build-env.mjs (allocator settings that lower
// a build's peak memory).
//
// Usage: node scripts/with-node.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { withBuildEnv } from './build-env.mjs';
import { formatFloor, installMajor, nodeFloor, ROOT, satisfies } from './node-version.mjs';

const floor = nodeFloor();

/** `.tools/package.json`: what npm reads as the policy of the install into .tools/. */
const TOOLS_PACKAGE = { private: true, allowScripts: { node: true } };

/** The bin folder of a Node that meets the floor in .tools/, installing node@<.nvmrc> there when needed. */
function toolsNodeBin() {
  const bin = join(ROOT, '.tools', 'node_modules', '.bin');
  const node = join(bin, 'node');
  if (existsSync(node)) {
    const r = spawnSync(node, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && satisfies(r.stdout.trim(), floor)) return bin;
  }
  const major = installMajor();
  // .tools/ is a project of its own to npm (--prefix): its package.json allows the one install script
  // there, node's preinstall, which fetches the binary for this platform; without it npm's install
  // ends with a warning about a script nobody reviewed.
  mkdirSync(join(ROOT, '.tools'), { recursive: true });
  writeFileSync(join(ROOT, '.tools', 'package.json'), `${JSON.stringify(TOOLS_PACKAGE, null, 2)}\n`);
  process.stderr.write(
    `Node ${process.versions.node} is older than ${formatFloor(floor)}: installing node@${major} into .tools/ (once)...\n`,
  );
  const r = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', join(ROOT, '.tools'), `node@${major}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0 || !existsSync(node)) {
    process.stderr.write(
      `Could not install node@${major}. Install Node.js >= ${formatFloor(floor)} yourself (.nvmrc names the version).\n`,
    );
    process.exit(1);
  }
  return bin;
}

/** `command` itself when it names a path; otherwise the first executable file of that name on `path`. */
function resolveCommand(command, path) {
  if (command.includes('/') || isAbsolute(command)) return command;
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node scripts/with-node.mjs <command> [args...]\n');
  process.exit(2);
}
const env = withBuildEnv({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1' });
const pathParts = [join(ROOT, 'node_modules', '.bin')];
if (!satisfies(process.versions.node, floor)) pathParts.unshift(toolsNodeBin());
env.PATH = [...pathParts, env.PATH ?? ''].join(delimiter);

const file = resolveCommand(command, env.PATH);
if (!file) {
  process.stderr.write(`with-node: command not found: ${command} (looked in node_modules/.bin and PATH)\n`);
  process.exit(127);
}
const r = spawnSync(file, args, { stdio: 'inherit', env });
if (r.error) {
  process.stderr.write(`with-node: cannot run ${command}: ${r.error.message}\n`);
  process.exit(126);
}
if (r.signal) process.kill(process.pid, r.signal);
process.exit(r.status ?? 1);
