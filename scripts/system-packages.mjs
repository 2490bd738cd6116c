#!/usr/bin/env node
// The Debian packages the integration and browser tests use, and the one installer for them: what
// `npm test` (scripts/test.mjs) and CI (.ci/run, .github/workflows/site.yml) run before the tests.
//
// Where the machine lets it (root, or `sudo` without a password, and `apt-get` present) the missing
// packages are installed, with a line saying which and why; elsewhere, or when PETSTORE_NO_SYSTEM_INSTALL
// is set, it stops with the one command to run. The decision is a pure function of what is missing and
// what the machine allows (`decide`); the probes and the commands are injected, so the tests fake them.
//
// Plain JavaScript with no dependencies: .ci/run calls it right after setup-node, before `npm ci`.
//
// Usage: node scripts/system-packages.mjs [--install | --check] [--json] [integration|browser ...]
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The environment variable that turns installing off: the tests then stop and name the command. */
export const OPT_OUT = 'PETSTORE_NO_SYSTEM_INSTALL';

/**
 * @typedef {'integration' | 'browser'} Suite
 * @typedef {{ env: NodeJS.ProcessEnv, onPath: (cmd: string) => boolean, file: (path: string) => boolean, python: () => boolean, sudo: () => boolean }} Probe
 *   what is on the machine: executables, files, Python with requests, sudo without a password
 * @typedef {{ name: string, suite: Suite, why: string, present: (probe: Probe) => boolean, optional?: boolean }} SystemPackage
 *   `optional`: installed like the others, but a machine without it still runs the suite; the tests
 *   that need it skip themselves, with a reason tests/allowed-skips.json declares
 */

/**
 * Every Debian package a test suite uses, with why and how to tell it is there (the one list).
 * @type {readonly SystemPackage[]}
 */
export const PACKAGES = [
  {
    name: 'knot',
    suite: 'integration',
    why: 'the DNS server the docs-domains checks are tested against',
    present: (p) => p.onPath('knotd') || p.onPath('/usr/sbin/knotd'),
  },
  {
    name: 'redis-server',
    suite: 'integration',
    why: "the Redis the mock's shared sandbox store is tested against (two instances, crashes, outages)",
    present: (p) => p.onPath('redis-server') || p.onPath('/usr/bin/redis-server'),
  },
  {
    name: 'curl',
    suite: 'integration',
    why: 'runs the cURL code samples and fetches the built site',
    present: (p) => p.onPath('curl'),
  },
  {
    name: 'openssl',
    suite: 'integration',
    why: 'makes the test certificates for the TLS checks',
    present: (p) => p.onPath('openssl'),
  },
  {
    name: 'python3-requests',
    suite: 'integration',
    why: 'runs the Python code samples against the mock',
    present: (p) => p.python(),
  },
  {
    name: 'golang-go',
    suite: 'integration',
    why: 'runs the generated Go code samples against the mock',
    present: (p) => p.onPath('go'),
    optional: true,
  },
  {
    name: 'default-jdk-headless',
    suite: 'integration',
    why: 'runs the generated Java code samples against the mock',
    present: (p) => p.onPath('java') && p.onPath('javac'),
    optional: true,
  },
  {
    name: 'libokhttp-java',
    suite: 'integration',
    why: 'OkHttp, the library of the generated Java samples',
    present: (p) => p.file('/usr/share/java/okhttp.jar') && p.file('/usr/share/java/okio.jar'),
    optional: true,
  },
  {
    name: 'ruby',
    suite: 'integration',
    why: 'runs the generated Ruby code samples against the mock',
    present: (p) => p.onPath('ruby'),
    optional: true,
  },
  {
    name: 'php-cli',
    suite: 'integration',
    why: 'runs the generated PHP code samples against the mock',
    present: (p) => p.onPath('php'),
    optional: true,
  },
  {
    name: 'php-guzzlehttp-guzzle',
    suite: 'integration',
    why: 'Guzzle, the library of the generated PHP samples',
    present: (p) => p.file('/usr/share/php/GuzzleHttp/autoload.php'),
    optional: true,
  },
  {
    name: 'mono-mcs',
    suite: 'integration',
    why: "compiles the generated C# code samples (Mono's C# compiler)",
    present: (p) => p.onPath('mcs'),
  },
  {
    name: 'mono-runtime',
    suite: 'integration',
    why: 'runs the generated C# code samples against the mock',
    present: (p) => p.onPath('mono'),
  },
  {
    name: 'libmono-system-net-http4.0-cil',
    suite: 'integration',
    why: 'System.Net.Http (HttpClient), the library of the generated C# samples',
    present: (p) => p.file('/usr/lib/mono/4.5/System.Net.Http.dll'),
  },
  {
    name: 'chromium',
    suite: 'browser',
    why: 'the browser the Playwright tests drive',
    present: (p) => p.onPath(p.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  },
];

/** The suites that use system packages, in the order `npm test` runs them. */
export const SUITES = /** @type {const} */ (['integration', 'browser']);

/**
 * Whether an executable named `cmd` is on `env.PATH`, or is the absolute path given.
 * @param {string} cmd
 * @param {NodeJS.ProcessEnv} env
 */
export function onPath(cmd, env) {
  const dirs = cmd.startsWith('/') ? [''] : (env.PATH ?? '').split(delimiter).filter(Boolean);
  return dirs.some((dir) => {
    try {
      accessSync(join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The probe of a real machine: executables on `env.PATH`, Python (`env.PYTHON`, default
 * /usr/bin/python3) able to import requests, and `sudo -n true` succeeding (sudo without a password).
 * Each probe runs only when asked.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Probe}
 */
export function systemProbe(env) {
  return {
    env,
    onPath: (cmd) => onPath(cmd, env),
    file: (path) => {
      try {
        accessSync(path, constants.R_OK);
        return true;
      } catch {
        return false;
      }
    },
    python: () =>
      spawnSync(env.PYTHON ?? '/usr/bin/python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0,
    sudo: () => onPath('sudo', env) && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', env }).status === 0,
  };
}

/**
 * The packages the given suites use that are missing, in list order.
 * @param {readonly string[]} suites suite names; names without system packages (`unit`) add none
 * @param {Probe} probe
 * @returns {SystemPackage[]}
 */
export function missingPackages(suites, probe) {
  return PACKAGES.filter((p) => suites.includes(p.suite) && !p.present(probe));
}

/**
 * @typedef {{ uid: number | undefined, aptGet: boolean, sudo: boolean, optOut: boolean, checkOnly?: boolean }} Machine
 *   what the machine allows: the user id (undefined off POSIX), whether `apt-get` is on PATH, whether
 *   `sudo -n true` succeeds (sudo without a password), whether the opt-out variable is set, whether the
 *   caller asked only to check (`--check`)
 * @typedef {{ status: 'ready' }
 *   | { status: 'install', as: 'root' | 'sudo', packages: SystemPackage[] }
 *   | { status: 'stop', code: StopCode, packages: SystemPackage[] }} Decision
 * @typedef {'check-only' | 'opt-out' | 'no-apt-get' | 'no-privilege'} StopCode
 */

/**
 * What to do about the missing packages: nothing, install them (as root or through sudo), or stop.
 * A check-only call and the opt-out win over everything; then apt-get must be there; then root or
 * sudo without a password.
 * @param {readonly SystemPackage[]} missing
 * @param {Machine} machine
 * @returns {Decision}
 */
export function decide(missing, machine) {
  const packages = [...missing];
  if (packages.length === 0) return { status: 'ready' };
  if (machine.checkOnly) return { status: 'stop', code: 'check-only', packages };
  if (machine.optOut) return { status: 'stop', code: 'opt-out', packages };
  if (!machine.aptGet) return { status: 'stop', code: 'no-apt-get', packages };
  if (machine.uid === 0) return { status: 'install', as: 'root', packages };
  if (machine.sudo) return { status: 'install', as: 'sudo', packages };
  return { status: 'stop', code: 'no-privilege', packages };
}

/** Whether an opt-out value means "do not install": set, and not empty, `0` or `false`. */
export function optedOut(/** @type {string | undefined} */ value) {
  return value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase());
}

/**
 * The command a person runs to install `packages` (`sudo` unless root).
 * @param {readonly SystemPackage[]} packages
 * @param {number | undefined} uid
 */
export function installCommand(packages, uid) {
  return `${uid === 0 ? '' : 'sudo '}apt-get install -y ${packages.map((p) => p.name).join(' ')}`;
}

/** `knot (the DNS server …), curl (…)` */
function described(/** @type {readonly SystemPackage[]} */ packages) {
  return packages.map((p) => `${p.name} (${p.why})`).join(', ');
}

/** `integration and browser` */
function suitesOf(/** @type {readonly SystemPackage[]} */ packages) {
  return SUITES.filter((s) => packages.some((p) => p.suite === s)).join(' and ');
}

/** @type {Record<StopCode, string>} */
const STOP_REASON = {
  'check-only': 'only checking (--check)',
  'opt-out': `${OPT_OUT} is set`,
  'no-apt-get': 'there is no apt-get on this machine to install them with (the names are Debian packages)',
  'no-privilege': 'installing them needs root or sudo without a password, and neither is available here',
};

/**
 * The message for a decision (empty when ready). For `stop`, it ends with the one command to run.
 * @param {Decision} decision
 * @param {number | undefined} uid
 * @returns {string}
 */
export function render(decision, uid) {
  if (decision.status === 'ready') return '';
  const head = `The ${suitesOf(decision.packages)} tests need Debian packages that are missing: ${described(decision.packages)}.\n`;
  if (decision.status === 'install') {
    const how = decision.as === 'root' ? 'apt-get' : 'sudo apt-get';
    return `${head}Installing them with ${how} (set ${OPT_OUT}=1 to install them yourself instead)...\n`;
  }
  return (
    `${head}Not installing them: ${STOP_REASON[decision.code]}. Install them, then run the tests again:\n\n` +
    `  ${installCommand(decision.packages, uid)}\n\n`
  );
}

/**
 * @typedef {{ status: number | null, error?: Error }} RunResult
 * @typedef {{
 *   env: NodeJS.ProcessEnv,
 *   uid: number | undefined,
 *   probe: Probe,
 *   run: (command: string, args: string[], env: NodeJS.ProcessEnv) => RunResult,
 *   write: (text: string) => void,
 *   install: boolean,
 * }} Deps
 */

/**
 * The real machine: `process.env`, the user id, the system probe, commands with inherited output.
 * @param {Partial<Deps>} [overrides]
 * @returns {Deps}
 */
export function systemDeps(overrides = {}) {
  const env = overrides.env ?? process.env;
  return {
    env,
    uid: process.getuid?.(),
    probe: systemProbe(env),
    run: (command, args, runEnv) => spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: runEnv }),
    write: (text) => process.stderr.write(text),
    install: true,
    ...overrides,
  };
}

/**
 * @typedef {{ ok: true, installed: string[], without?: string[] }
 *   | { ok: false, code: StopCode | 'install-failed' | 'still-missing', missing: string[] }} EnsureResult
 *   `without`: optional packages still missing (their tests skip themselves)
 */

/**
 * The result once the packages still missing are known: ready when none is required.
 * @param {readonly SystemPackage[]} missing
 * @param {StopCode | 'install-failed' | 'still-missing'} code
 * @param {(text: string) => void} write
 * @returns {EnsureResult}
 */
function without(missing, code, write) {
  const names = missing.map((p) => p.name);
  if (missing.some((p) => !p.optional)) return { ok: false, code, missing: names };
  write(`Running without ${names.join(', ')}: the tests that need them skip themselves (tests/allowed-skips.json).\n`);
  return { ok: true, installed: [], without: names };
}

/**
 * Makes sure the packages the suites use are there: installs the missing ones where the machine
 * allows (and `deps.install`), otherwise writes the command to run. Never throws for a missing package:
 * the result says what happened, and every message has been written through `deps.write`.
 * @param {readonly string[]} suites
 * @param {Deps} deps
 * @returns {EnsureResult}
 */
export function ensurePackages(suites, deps) {
  const { env, uid, probe, run, write } = deps;
  const missing = missingPackages(suites, probe);
  const checkOnly = !deps.install;
  const optOut = optedOut(env[OPT_OUT]);
  const aptGet = !checkOnly && !optOut && missing.length > 0 && probe.onPath('apt-get');
  const sudo = aptGet && uid !== 0 && probe.sudo();
  const decision = decide(missing, { uid, aptGet, sudo, optOut, checkOnly });
  write(render(decision, uid));
  if (decision.status === 'ready') return { ok: true, installed: [] };
  const names = decision.packages.map((p) => p.name);
  if (decision.status === 'stop') return without(decision.packages, decision.code, write);

  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  /** @param {string[]} args */
  const apt = (args) =>
    decision.as === 'root'
      ? run('apt-get', args, aptEnv)
      : run('sudo', ['-n', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args], aptEnv);
  const ok = (/** @type {RunResult} */ r) => r.status === 0 && !r.error;
  if (!ok(apt(['update', '-qq'])) || !ok(apt(['install', '-y', '-qq', '--no-install-recommends', ...names]))) {
    write(
      `apt-get failed (its output is above). Install them yourself, then run the tests again:\n\n  ${installCommand(decision.packages, uid)}\n\n`,
    );
    return without(missingPackages(suites, probe), 'install-failed', write);
  }
  const still = missingPackages(suites, probe);
  if (still.length > 0) {
    const chromium =
      still.some((p) => p.name === 'chromium') && env.CHROMIUM_PATH ? ` (CHROMIUM_PATH is ${env.CHROMIUM_PATH})` : '';
    write(`Installed, but still not found: ${still.map((p) => p.name).join(', ')}${chromium}.\n`);
    return without(still, 'still-missing', write);
  }
  write(`Installed ${names.join(', ')}.\n`);
  return { ok: true, installed: names };
}

const HELP = `Usage: node scripts/system-packages.mjs [--install | --check] [--json] [integration|browser ...]

The Debian packages the integration and browser tests use (all suites when none is named):
${PACKAGES.map((p) => `  ${p.name.padEnd(22)} ${p.suite.padEnd(12)} ${p.why}${p.optional ? ' (optional: its tests skip without it)' : ''}`).join('\n')}

  --install   install the missing ones with apt-get, as root or through sudo without a password
              (the default; what npm test and CI do); ${OPT_OUT}=1 turns installing off
  --check     never install: list what is missing and print the command that installs it
  --json      print the result as JSON on stdout ({ ok, installed } or { ok, code, missing })
  --help      this text

Exit status: 0 when every package is there, 1 when one is still missing, 2 on a usage error.

Examples:
  node scripts/system-packages.mjs                  # what npm test does before the tests
  node scripts/system-packages.mjs --check browser  # is Chromium there?
  ${OPT_OUT}=1 npm test          # never install: stop with the command instead
`;

/**
 * The command line: returns the exit status.
 * @param {string[]} argv
 * @param {Deps} deps
 */
export function main(argv, deps) {
  const suites = [];
  let install = true;
  let json = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(HELP);
      return 0;
    }
    if (arg === '--install') install = true;
    else if (arg === '--check') install = false;
    else if (arg === '--json') json = true;
    else if (/** @type {readonly string[]} */ (SUITES).includes(arg)) suites.push(arg);
    else {
      process.stderr.write(`system-packages: unknown argument ${JSON.stringify(arg)} (--help lists the options)\n`);
      return 2;
    }
  }
  const asked = suites.length > 0 ? suites : SUITES;
  const result = ensurePackages(asked, { ...deps, install });
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else if (result.ok && result.installed.length === 0) {
    const names = PACKAGES.filter((p) => asked.includes(p.suite)).map((p) => p.name);
    deps.write(`Debian packages the ${asked.join(' and ')} tests use, all there: ${names.join(', ')}.\n`);
  }
  return result.ok ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2), systemDeps()));
