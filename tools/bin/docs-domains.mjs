#!/usr/bin/env node
// Launcher of the docs-domains CLI (package.json "bin"): plain JavaScript so that any Node can read it.
// Below package.json's engines floor (scripts/node-version.mjs, shared with the npm scripts and CI) it
// runs itself again through scripts/with-node.mjs, which uses, or installs once, the Node that .nvmrc
// names in .tools/. It runs the precompiled bundle (tools/docs-domains/dist/, written by
// scripts/build-cli.mjs on `npm ci`) while it is newer than every file it was built from; otherwise
// (no bundle, an edited source, DOCS_DOMAINS_SOURCE=1) the TypeScript entry with Node's type
// stripping, re-spawning itself with --experimental-strip-types on Node 22.12-22.17, where stripping
// is not on by default.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { formatFloor, installMajor, nodeFloor, satisfies } from '../../scripts/node-version.mjs';

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const BOOTSTRAPPED = 'DOCS_DOMAINS_NODE_BOOTSTRAP';

/** Runs `file args` with this terminal, forwards SIGINT/SIGTERM/SIGHUP, and exits as it exits. */
function relaunch(file, childArgs, env = process.env) {
  const child = spawn(file, childArgs, { stdio: 'inherit', env });
  const forward = (sig) => {
    if (child.exitCode === null) child.kill(sig);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward);
  child.on('error', (err) => {
    process.stderr.write(`docs-domains: cannot start ${file}: ${err.message}\n`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(sig, forward);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}

/**
 * The bundle's URL when it may run: it exists, DOCS_DOMAINS_SOURCE is not set, and none of the files
 * listed in dist/inputs.json (repository paths) is newer than it or missing. A few dozen stat calls.
 */
function freshBundle() {
  if (process.env.DOCS_DOMAINS_SOURCE) return undefined;
  const dist = new URL('../docs-domains/dist/', import.meta.url);
  const root = new URL('../../', import.meta.url);
  try {
    const bundle = new URL('cli.mjs', dist);
    const built = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('inputs.json', dist), 'utf8'));
    for (const file of inputs) if (statSync(new URL(file, root)).mtimeMs > built) return undefined;
    return bundle;
  } catch {
    return undefined;
  }
}

const floor = nodeFloor();
if (!satisfies(process.versions.node, floor)) {
  if (process.env[BOOTSTRAPPED]) {
    const major = installMajor();
    process.stderr.write(
      `docs-domains needs Node.js >= ${formatFloor(floor)} (this is ${process.version}).\n` +
        `Install Node ${major} (see .nvmrc), or in the repository: npm install --no-save --prefix .tools node@${major} && export PATH="$PWD/.tools/node_modules/.bin:$PATH"\n`,
    );
    process.exit(2);
  }
  const withNode = fileURLToPath(new URL('../../scripts/with-node.mjs', import.meta.url));
  relaunch(process.execPath, [withNode, 'node', self, ...args], { ...process.env, [BOOTSTRAPPED]: '1' });
} else {
  const bundle = freshBundle();
  if (bundle || process.features.typescript) {
    // Cache compiled (and type-stripped) modules on disk: halves the start-up time of every later run.
    module.enableCompileCache?.();
    const { run } = await import(bundle ? bundle.href : '../docs-domains/cli.ts');
    await run();
  } else {
    relaunch(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', self, ...args]);
  }
}
