// What the CLI launchers (tools/bin/docs-domains.mjs, tools/bin/spec-diff.mjs) share: plain JavaScript, so
// that any Node can read it, and as little as possible on the way to the command, since every millisecond
// here is paid by every run.
//
// A CLI runs from its bundle (`<tool>/dist/cli.mjs`, written by scripts/build-cli.mjs on `npm ci`) while
// the bundle is fresh: dist/inputs.json lists the repository files it was built from, and none may be newer
// than it or missing (one stat each, a fraction of a millisecond for all of them). The Node.js floor is
// recorded there too (package.json's `engines.node` at build time; package.json is one of the inputs), so a
// fresh bundle's run reads one small JSON file and loads no other module of ours. Otherwise (no bundle, an
// edited source, `<NAME>_SOURCE=1`) the floor comes from scripts/node-version.mjs and the TypeScript entry
// runs with Node's type stripping, re-spawning itself with --experimental-strip-types on Node 22.12-22.17,
// where stripping is not on by default. Below the floor it runs itself again through scripts/with-node.mjs,
// which uses, or installs once, the Node that .nvmrc names in .tools/. node:child_process is loaded only
// for those re-runs.
// Built-in modules through process.getBuiltinModule where there is one (Node >= 22.3, 20.16): an ES import
// of node:fs would build its facade, which loads fs/promises and the streams besides.
const builtin = async (name) => process.getBuiltinModule?.(name) ?? (await import(name));
const { readFileSync, statSync } = await builtin('node:fs');
const { fileURLToPath } = await builtin('node:url');

/**
 * Whether a Node version is at or above a floor; the same rule as scripts/node-version.mjs `satisfies`,
 * which a fresh bundle's run does not load.
 * @param {string} version `22.12.0`
 * @param {number[]} floor `[22, 12, 0]`
 */
function atLeast(version, floor) {
  const v = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((v[i] ?? 0) !== (floor[i] ?? 0)) return (v[i] ?? 0) > (floor[i] ?? 0);
  return true;
}

/**
 * The bundle when it may run, with the floor it was built for; undefined when it is missing or stale.
 * @param {URL} dist the bundle's folder
 * @param {URL} root the repository root
 * @returns {{ href: string, floor: number[] } | undefined}
 */
export function freshBundle(dist, root) {
  try {
    const bundle = new URL('cli.mjs', dist);
    const built = statSync(bundle).mtimeMs;
    const { floor, inputs } = JSON.parse(readFileSync(new URL('inputs.json', dist), 'utf8'));
    for (const file of inputs) if (statSync(new URL(file, root)).mtimeMs > built) return undefined;
    return Array.isArray(floor) ? { href: bundle.href, floor } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `file args` with this terminal, forwards SIGINT/SIGTERM/SIGHUP, and exits as it exits.
 * @param {string} name the CLI's name, for the error message
 */
async function relaunch(name, file, childArgs, env = process.env) {
  const { spawn } = await import('node:child_process');
  const child = spawn(file, childArgs, { stdio: 'inherit', env });
  const forward = (sig) => {
    if (child.exitCode === null) child.kill(sig);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward);
  child.on('error', (err) => {
    process.stderr.write(`${name}: cannot start ${file}: ${err.message}\n`);
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
 * Runs a CLI: its bundle when fresh, else its TypeScript sources, on a Node that meets the floor.
 * @param {object} cli
 * @param {string} cli.name e.g. `spec-diff` (messages; `SPEC_DIFF_SOURCE=1` forces the sources)
 * @param {string} cli.launcher the launcher's own file URL (re-run below the floor)
 * @param {URL} cli.dist the bundle's folder
 * @param {URL} cli.sources the TypeScript entry; it exports `run()`, as the bundle does
 */
export async function launch({ name, launcher, dist, sources }) {
  const args = process.argv.slice(2);
  const root = new URL('../../', import.meta.url);
  const sourceVar = `${name.toUpperCase().replaceAll('-', '_')}_SOURCE`;
  const bundle = process.env[sourceVar] ? undefined : freshBundle(dist, root);
  const self = fileURLToPath(launcher);
  let floor = bundle?.floor;
  if (!floor) floor = (await import('../../scripts/node-version.mjs')).nodeFloor();
  if (!atLeast(process.versions.node, floor)) {
    const bootstrapped = `${name.toUpperCase().replaceAll('-', '_')}_NODE_BOOTSTRAP`;
    if (process.env[bootstrapped]) {
      const { formatFloor, installMajor } = await import('../../scripts/node-version.mjs');
      const major = installMajor();
      process.stderr.write(
        `${name} needs Node.js >= ${formatFloor(floor)} (this is ${process.version}).\n` +
          `Install Node ${major} (see .nvmrc), or in the repository: npm install --no-save --prefix .tools node@${major} && export PATH="$PWD/.tools/node_modules/.bin:$PATH"\n`,
      );
      process.exit(2);
    }
    const withNode = fileURLToPath(new URL('../../scripts/with-node.mjs', import.meta.url));
    await relaunch(name, process.execPath, [withNode, 'node', self, ...args], {
      ...process.env,
      [bootstrapped]: '1',
    });
  } else if (bundle || process.features.typescript) {
    // Cache compiled (and type-stripped) modules on disk: halves the start-up time of every later run.
    (await builtin('node:module')).enableCompileCache?.();
    const { run } = await import(bundle ? bundle.href : sources.href);
    await run();
  } else {
    await relaunch(name, process.execPath, [
      '--experimental-strip-types',
      '--disable-warning=ExperimentalWarning',
      self,
      ...args,
    ]);
  }
}
