#!/usr/bin/env node
// Launcher of the docs-domains CLI (package.json "bin"): plain JavaScript so that any Node can read it.
// Refuses Node < 22.12; runs the TypeScript entry with Node's type stripping, re-spawning itself with
// --experimental-strip-types on Node 22.12-22.17, where stripping is not on by default.
import { spawn } from 'node:child_process';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `docs-domains needs Node.js >= 22.12 (this is ${process.version}).\n` +
      'Install Node 24 (see .nvmrc), or in the repository: npm install --no-save --prefix .tools node@24 && export PATH="$PWD/.tools/node_modules/.bin:$PATH"\n',
  );
  process.exit(2);
}

if (process.features.typescript) {
  // Cache compiled (and type-stripped) modules on disk: halves the start-up time of every later run.
  module.enableCompileCache?.();
  const { run } = await import('../docs-domains/cli.ts');
  await run();
} else {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', self, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  const forward = (sig) => {
    if (child.exitCode === null) child.kill(sig);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward);
  child.on('error', (err) => {
    process.stderr.write(`docs-domains: cannot start ${process.execPath}: ${err.message}\n`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(sig, forward);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
