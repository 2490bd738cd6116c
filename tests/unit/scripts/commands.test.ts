// The command runners behind the npm scripts: arguments reach the command as given (no shell), bare
// commands resolve from node_modules/.bin, and a missing system package that may not be installed
// stops the tests with the command that installs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../../../scripts/node-version.mjs';

const WITH_NODE = join(ROOT, 'scripts', 'with-node.mjs');

describe('scripts/with-node.mjs', () => {
  test('arguments with spaces, quotes and shell characters arrive unchanged', () => {
    const args = ['--test-name-pattern=cname mismatch', `it's "quoted"`, '$HOME;echo no', '*'];
    const r = spawnSync(
      process.execPath,
      [WITH_NODE, 'node', '-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', '--', ...args],
      { cwd: ROOT, encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), args);
  });

  test('a bare command resolves from node_modules/.bin; an unknown one exits 127 naming it', () => {
    const biome = spawnSync(process.execPath, [WITH_NODE, 'biome', '--version'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(biome.status, 0, biome.stderr);
    assert.match(biome.stdout, /\d+\.\d+\.\d+/);
    const none = spawnSync(process.execPath, [WITH_NODE, 'no-such-command-here'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(none.status, 127);
    assert.match(none.stderr, /command not found: no-such-command-here/);
  });

  test("the command runs with Astro's telemetry off and mimalloc's lazy commit, unless the allocator's is set", () => {
    const print = [
      'node',
      '-e',
      'process.stdout.write(JSON.stringify([process.env.ASTRO_TELEMETRY_DISABLED, process.env.MIMALLOC_ARENA_EAGER_COMMIT]))',
    ];
    const env = { ...process.env };
    delete env.ASTRO_TELEMETRY_DISABLED;
    delete env.MIMALLOC_ARENA_EAGER_COMMIT;
    const given = spawnSync(process.execPath, [WITH_NODE, ...print], { cwd: ROOT, encoding: 'utf8', env });
    assert.equal(given.status, 0, given.stderr);
    assert.deepEqual(JSON.parse(given.stdout), ['1', '0']);
    const set = spawnSync(process.execPath, [WITH_NODE, ...print], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...env, MIMALLOC_ARENA_EAGER_COMMIT: '1' },
    });
    assert.equal(set.status, 0, set.stderr);
    assert.deepEqual(JSON.parse(set.stdout), ['1', '1']);
  });
});

describe('scripts/test.mjs', () => {
  test('with installing turned off, a missing Debian package stops the browser tests with the install command, before any build', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'test.mjs'), 'browser'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: join(ROOT, 'no-such-chromium'), PETSTORE_NO_SYSTEM_INSTALL: '1' },
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /missing: chromium/);
    assert.match(r.stderr, /PETSTORE_NO_SYSTEM_INSTALL is set/);
    assert.match(r.stderr, /^ {2}(sudo )?apt-get install -y chromium$/m);
    assert.doesNotMatch(r.stderr, /Building the site/);
  });

  test('an unknown suite or a path outside the test folders is refused', () => {
    const suite = spawnSync(process.execPath, [join(ROOT, 'scripts', 'test.mjs'), 'everything'], { cwd: ROOT });
    assert.equal(suite.status, 2);
    const path = spawnSync(process.execPath, [join(ROOT, 'scripts', 'test.mjs'), 'all', 'site/'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(path.status, 2);
    assert.match(path.stderr, /not under tests\/unit, tests\/integration or tests\/browser: site\//);
  });
});
