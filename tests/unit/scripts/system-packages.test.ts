// The Debian packages the tests use and their one installer (scripts/system-packages.mjs): it installs
// what is missing where the machine lets it (root, or sudo without a password, and apt-get), says which
// and why, and otherwise stops with the one command to run; PETSTORE_NO_SYSTEM_INSTALL turns installing
// off. The machine is faked: injected probes and commands, or fake apt-get and sudo first on PATH.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ROOT } from '../../../scripts/node-version.mjs';
import { type Deps, decide, ensurePackages, OPT_OUT, PACKAGES } from '../../../scripts/system-packages.mjs';

const SCRIPT = join(ROOT, 'scripts', 'system-packages.mjs');
const byName = (...names: string[]) => PACKAGES.filter((p) => names.includes(p.name));

const EXECUTABLES: Record<string, string> = {
  knotd: 'knot',
  '/usr/sbin/knotd': 'knot',
  'redis-server': 'redis-server',
  '/usr/bin/redis-server': 'redis-server',
  curl: 'curl',
  openssl: 'openssl',
  go: 'golang-go',
  java: 'default-jdk-headless',
  javac: 'default-jdk-headless',
  ruby: 'ruby',
  php: 'php-cli',
  mcs: 'mono-mcs',
  mono: 'mono-runtime',
};
/** The files the package table asks for, by package. */
const FILES: Record<string, string> = {
  '/usr/share/java/okhttp.jar': 'libokhttp-java',
  '/usr/share/java/okio.jar': 'libokhttp-java',
  '/usr/share/php/GuzzleHttp/autoload.php': 'php-guzzlehttp-guzzle',
  '/usr/lib/mono/4.5/System.Net.Http.dll': 'libmono-system-net-http4.0-cil',
};

interface Fake {
  deps: Deps;
  /** Every command run, as one string each (`apt-get install -y …`). */
  calls: string[];
  output: () => string;
}

/**
 * A machine where the named packages are missing until an `apt-get install` names them (through
 * sudo or not); `apt-get` and `sudo -n` are there as told.
 */
function fakeMachine(opts: {
  missing: string[];
  uid: number;
  aptGet?: boolean;
  sudo?: boolean;
  env?: NodeJS.ProcessEnv;
  aptFails?: boolean;
}): Fake {
  const missing = new Set(opts.missing);
  const calls: string[] = [];
  let text = '';
  const deps: Deps = {
    env: opts.env ?? {},
    uid: opts.uid,
    probe: {
      env: opts.env ?? {},
      // The package table asks by executable (chromium by its path); map each back to its package.
      onPath: (cmd) => (cmd === 'apt-get' ? (opts.aptGet ?? true) : !missing.has(EXECUTABLES[cmd] ?? 'chromium')),
      file: (path) => !missing.has(FILES[path] ?? path),
      python: () => !missing.has('python3-requests'),
      sudo: () => opts.sudo ?? false,
    },
    run: (command, args) => {
      calls.push([command, ...args].join(' '));
      if (opts.aptFails) return { status: 100 };
      const i = args.indexOf('install');
      if (i >= 0) for (const name of args.slice(i + 1)) missing.delete(name);
      return { status: 0 };
    },
    write: (s) => {
      text += s;
    },
    install: true,
  };
  return { deps, calls, output: () => text };
}

describe('decide: install, or stop with the command', () => {
  const missing = byName('knot');
  const machine = { uid: 1000, aptGet: true, sudo: false, optOut: false };

  test('nothing missing: ready, whatever the machine', () => {
    assert.deepEqual(decide([], { ...machine, optOut: true }), { status: 'ready' });
  });

  test('root with apt-get installs as root; sudo without a password installs through sudo', () => {
    assert.deepEqual(decide(missing, { ...machine, uid: 0 }), { status: 'install', as: 'root', packages: missing });
    assert.deepEqual(decide(missing, { ...machine, sudo: true }), { status: 'install', as: 'sudo', packages: missing });
  });

  test('no root and no sudo, no apt-get, the opt-out, or --check: stop, each with its own code', () => {
    assert.equal(decide(missing, machine).status, 'stop');
    assert.deepEqual(decide(missing, machine), { status: 'stop', code: 'no-privilege', packages: missing });
    assert.deepEqual(decide(missing, { ...machine, uid: 0, aptGet: false }), {
      status: 'stop',
      code: 'no-apt-get',
      packages: missing,
    });
    assert.deepEqual(decide(missing, { ...machine, uid: 0, optOut: true }), {
      status: 'stop',
      code: 'opt-out',
      packages: missing,
    });
    assert.deepEqual(decide(missing, { ...machine, uid: 0, checkOnly: true }), {
      status: 'stop',
      code: 'check-only',
      packages: missing,
    });
  });
});

describe('ensurePackages on a faked machine', () => {
  test('root with apt-get: installs only the missing ones, saying which and why, then finds them', () => {
    const fake = fakeMachine({ missing: ['knot', 'chromium'], uid: 0 });
    const result = ensurePackages(['integration', 'browser'], fake.deps);
    assert.deepEqual(result, { ok: true, installed: ['knot', 'chromium'] });
    assert.deepEqual(fake.calls, [
      'apt-get update -qq',
      'apt-get install -y -qq --no-install-recommends knot chromium',
    ]);
    assert.match(fake.output(), /missing: knot \(the DNS server [^)]+\), chromium \(the browser [^)]+\)/);
    assert.match(fake.output(), /Installing them with apt-get \(set PETSTORE_NO_SYSTEM_INSTALL=1 to install/);
    assert.match(fake.output(), /Installed knot, chromium\./);
  });

  test('only the packages of the suites asked for', () => {
    const fake = fakeMachine({ missing: ['knot', 'chromium'], uid: 0 });
    assert.deepEqual(ensurePackages(['unit', 'browser'], fake.deps), { ok: true, installed: ['chromium'] });
    assert.deepEqual(ensurePackages(['unit'], fakeMachine({ missing: ['knot'], uid: 0 }).deps), {
      ok: true,
      installed: [],
    });
  });

  test('not root, sudo without a password: the same commands through sudo -n', () => {
    const fake = fakeMachine({ missing: ['curl'], uid: 1000, sudo: true });
    assert.deepEqual(ensurePackages(['integration'], fake.deps), { ok: true, installed: ['curl'] });
    assert.deepEqual(fake.calls, [
      'sudo -n DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      'sudo -n DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends curl',
    ]);
    assert.match(fake.output(), /Installing them with sudo apt-get/);
  });

  test('neither root nor sudo: runs nothing, stops with the one command', () => {
    const fake = fakeMachine({ missing: ['python3-requests', 'chromium'], uid: 1000, sudo: false });
    const result = ensurePackages(['integration', 'browser'], fake.deps);
    assert.deepEqual(result, { ok: false, code: 'no-privilege', missing: ['python3-requests', 'chromium'] });
    assert.deepEqual(fake.calls, []);
    assert.match(fake.output(), /needs root or sudo without a password/);
    assert.match(fake.output(), /^ {2}sudo apt-get install -y python3-requests chromium$/m);
  });

  test('only optional toolchains missing and nothing may install: the suite runs without them, saying so', () => {
    const fake = fakeMachine({ missing: ['golang-go', 'php-guzzlehttp-guzzle'], uid: 1000, sudo: false });
    assert.deepEqual(ensurePackages(['integration'], fake.deps), {
      ok: true,
      installed: [],
      without: ['golang-go', 'php-guzzlehttp-guzzle'],
    });
    assert.match(fake.output(), /^ {2}sudo apt-get install -y golang-go php-guzzlehttp-guzzle$/m);
    assert.match(
      fake.output(),
      /Running without golang-go, php-guzzlehttp-guzzle: the tests that need them skip themselves/,
    );
    const required = fakeMachine({ missing: ['ruby', 'curl'], uid: 1000, sudo: false });
    assert.deepEqual(ensurePackages(['integration'], required.deps), {
      ok: false,
      code: 'no-privilege',
      missing: ['curl', 'ruby'],
    });
    const root = fakeMachine({ missing: ['ruby'], uid: 0 });
    assert.deepEqual(
      ensurePackages(['integration'], root.deps),
      { ok: true, installed: ['ruby'] },
      'installed where it may',
    );
  });

  test('the opt-out, even as root with apt-get: runs nothing, stops with the command', () => {
    for (const value of ['1', 'yes']) {
      const fake = fakeMachine({ missing: ['openssl'], uid: 0, env: { [OPT_OUT]: value } });
      assert.deepEqual(ensurePackages(['integration'], fake.deps), {
        ok: false,
        code: 'opt-out',
        missing: ['openssl'],
      });
      assert.deepEqual(fake.calls, []);
      assert.match(fake.output(), /PETSTORE_NO_SYSTEM_INSTALL is set/);
      assert.match(fake.output(), /^ {2}apt-get install -y openssl$/m);
    }
    // `0` and an empty value leave installing on.
    for (const value of ['0', '']) {
      const fake = fakeMachine({ missing: ['openssl'], uid: 0, env: { [OPT_OUT]: value } });
      assert.equal(ensurePackages(['integration'], fake.deps).ok, true);
    }
  });

  test('no apt-get: runs nothing, names the Debian packages', () => {
    const fake = fakeMachine({ missing: ['knot'], uid: 0, aptGet: false });
    assert.deepEqual(ensurePackages(['integration'], fake.deps), { ok: false, code: 'no-apt-get', missing: ['knot'] });
    assert.deepEqual(fake.calls, []);
    assert.match(fake.output(), /no apt-get on this machine/);
  });

  test('apt-get failing: stops with the command, after a single attempt', () => {
    const fake = fakeMachine({ missing: ['knot'], uid: 0, aptFails: true });
    assert.deepEqual(ensurePackages(['integration'], fake.deps), {
      ok: false,
      code: 'install-failed',
      missing: ['knot'],
    });
    assert.deepEqual(fake.calls, ['apt-get update -qq']);
    assert.match(fake.output(), /apt-get failed[\s\S]*^ {2}apt-get install -y knot$/m);
  });
});

describe('node scripts/system-packages.mjs with a fake apt-get and sudo first on PATH', () => {
  const dir = mkdtempSync(join(tmpdir(), 'system-packages-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, 'calls.log');
  const chromium = join(dir, 'chromium');
  // apt-get "installs" chromium by creating $CHROMIUM_PATH; both fakes log how they were called.
  writeFileSync(
    join(dir, 'apt-get'),
    `#!/bin/sh\necho "apt-get $*" >> "${log}"\ncase " $* " in *" install "*" chromium "*) printf '#!/bin/sh\\n' > "$CHROMIUM_PATH"; chmod +x "$CHROMIUM_PATH";; esac\n`,
  );
  writeFileSync(join(dir, 'sudo'), `#!/bin/sh\necho "sudo $*" >> "${log}"\nshift\nexec env "$@"\n`);
  for (const f of ['apt-get', 'sudo']) chmodSync(join(dir, f), 0o755);
  const env = { ...process.env, PATH: `${dir}${delimiter}${process.env.PATH}`, CHROMIUM_PATH: chromium };
  const root = process.getuid?.() === 0;

  test('installs the missing chromium (directly as root, else through sudo -n) and exits 0', () => {
    rmSync(log, { force: true });
    const r = spawnSync(process.execPath, [SCRIPT, '--install', 'browser'], { encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(existsSync(chromium));
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    const install = 'apt-get install -y -qq --no-install-recommends chromium';
    if (root) assert.deepEqual(calls, ['apt-get update -qq', install]);
    else assert.ok(calls.includes(`sudo -n DEBIAN_FRONTEND=noninteractive ${install}`), calls.join('\n'));
    assert.match(r.stderr, /missing: chromium \(the browser the Playwright tests drive\)/);
    assert.match(r.stderr, /Installed chromium\./);
    rmSync(chromium);
  });

  test(`${OPT_OUT}=1: calls neither, exits 1 with the command (--json says why)`, () => {
    rmSync(log, { force: true });
    const r = spawnSync(process.execPath, [SCRIPT, '--json', 'browser'], {
      encoding: 'utf8',
      env: { ...env, [OPT_OUT]: '1' },
    });
    assert.equal(r.status, 1);
    assert.equal(existsSync(log), false, 'no apt-get or sudo was run');
    assert.deepEqual(JSON.parse(r.stdout), { ok: false, code: 'opt-out', missing: ['chromium'] });
    assert.match(r.stderr, /^ {2}(sudo )?apt-get install -y chromium$/m);
  });

  test('everything there: runs neither, says so and exits 0', () => {
    rmSync(log, { force: true });
    writeFileSync(chromium, '#!/bin/sh\n', { mode: 0o755 });
    const r = spawnSync(process.execPath, [SCRIPT, 'browser'], { encoding: 'utf8', env });
    rmSync(chromium);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(existsSync(log), false, 'no apt-get or sudo was run');
    assert.match(r.stderr, /the browser tests use, all there: chromium\./);
  });

  test('an unknown argument exits 2 naming it', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--instal'], { encoding: 'utf8', env });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown argument "--instal"/);
  });
});

test('one list: .ci/run and the site workflow install through scripts/system-packages.mjs, not their own copy', () => {
  for (const file of ['.ci/run', '.github/workflows/site.yml']) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    assert.match(text, /node scripts\/system-packages\.mjs/, file);
    assert.doesNotMatch(text, /apt-get install/, file);
  }
});
