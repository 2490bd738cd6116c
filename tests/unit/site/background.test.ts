import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { BACKGROUND_NICENESS, inBackground } from '../../../site/background.ts';

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
