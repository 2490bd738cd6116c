// The Node version floor: one source (package.json engines), compared by numbers, not strings.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { formatFloor, installMajor, nodeFloor, parseFloor, ROOT, satisfies } from '../../../scripts/node-version.mjs';

describe('node version floor', () => {
  test('read from package.json engines.node; .nvmrc names a major that meets it', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { engines: { node: string } };
    assert.equal(`>=${formatFloor(nodeFloor())}`, pkg.engines.node);
    assert.ok(satisfies(`${installMajor()}.0.0`, nodeFloor()), `.nvmrc ${installMajor()} meets ${pkg.engines.node}`);
  });

  test('parseFloor takes >=MAJOR[.MINOR[.PATCH]] and refuses other ranges', () => {
    assert.deepEqual(parseFloor('>=22.12'), [22, 12, 0]);
    assert.deepEqual(parseFloor('>= 24'), [24, 0, 0]);
    assert.deepEqual(parseFloor('>=22.12.1'), [22, 12, 1]);
    assert.throws(() => parseFloor('^22'), /engines\.node must be ">=MAJOR\.MINOR"/);
  });

  test('satisfies compares each part as a number', () => {
    const floor: [number, number, number] = [22, 12, 0];
    assert.equal(satisfies('v20.20.2', floor), false);
    assert.equal(satisfies('22.11.9', floor), false);
    assert.equal(satisfies('22.12.0', floor), true);
    assert.equal(satisfies('22.9.0', [22, 10, 0]), false);
    assert.equal(satisfies('v24.0.0', floor), true);
  });
});
