import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { enableCompileCache, getCompileCacheDir } from 'node:module';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BACKGROUND_NICENESS, childEnv, inBackground } from '../../../site/background.ts';

test('a background child runs below the build’s priority, and its own children inherit it', async () => {
  // The child starts a grandchild once it is told to: what a child starts runs at its priority too.
  const child = spawn(
    process.execPath,
    [
      '-e',
      `process.stdin.once('data', () => {
         const g = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
         console.log(g.pid);
       });`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  try {
    assert.equal(inBackground(child.pid), true);
    const expected = Math.min(19, getPriority() + BACKGROUND_NICENESS);
    assert.equal(getPriority(child.pid), expected);
    child.stdin.write('go\n');
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const grandchild = Number(line.toString().trim());
    assert.equal(getPriority(grandchild), expected);
    process.kill(grandchild);
  } finally {
    child.kill();
  }
});

test('a child that never started is left alone', () => {
  assert.equal(inBackground(undefined), false);
});

test('a child shares the build’s compile cache and gets the variables given', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-compile-cache-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // As Astro's command does for the build's process (this test file runs in a process of its own).
  enableCompileCache(dir);
  const env = childEnv({ PETSTORE_CHILD: 'yes' });
  assert.equal(env.PETSTORE_CHILD, 'yes');
  assert.equal(env.PATH, process.env.PATH);
  const seen = execFileSync(
    process.execPath,
    ['-p', 'JSON.stringify([require("node:module").getCompileCacheDir(), process.env.PETSTORE_CHILD])'],
    { env: childEnv({ PETSTORE_CHILD: 'yes' }), encoding: 'utf8' },
  );
  const [cache, variable] = JSON.parse(seen) as [string, string];
  // The same folder as this process's (Node's own, per version, inside the one given), not one inside it.
  assert.equal(cache, getCompileCacheDir());
  assert.ok(cache.startsWith(dir));
  assert.equal(variable, 'yes');
});
