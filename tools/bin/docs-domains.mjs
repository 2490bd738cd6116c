#!/usr/bin/env node
// Launcher of the docs-domains CLI (package.json "bin"): plain JavaScript so that any Node can read it.
// Below package.json's engines floor (scripts/node-version.mjs, shared with the npm scripts and CI) it
// runs itself again through scripts/with-node.mjs, which uses, or installs once, the Node that .nvmrc
// names in .tools/. It runs the TypeScript entry with Node's type stripping, re-spawning itself with
// --experimental-strip-types on Node 22.12-22.17, where stripping is not on by default.
import { spawn } from 'node:child_process';
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
} else if (process.features.typescript) {
  // Cache compiled (and type-stripped) modules on disk: halves the start-up time of every later run.
  module.enableCompileCache?.();
  const { run } = await import('../docs-domains/cli.ts');
  await run();
} else {
  relaunch(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', self, ...args]);
}
