// The one list of operations: document order, every path item method, nothing else.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HTTP_METHODS, listOperations } from '../../../descriptions/operations.ts';
import { writtenSpec } from '../../support/spec.ts';

describe('listOperations', () => {
  test('paths in document order, methods in path item order, with their objects', () => {
    const get = { operationId: 'b' };
    const post = { operationId: 'a' };
    const item = { parameters: [{ name: 'id', in: 'path' }], post, get, summary: 'not an operation' };
    const doc = { paths: { '/z': { trace: {} }, '/a/{id}': item } };
    assert.deepEqual(
      listOperations(doc).map((o) => `${o.method} ${o.path} ${o.operationId}`),
      ['trace /z undefined', 'get /a/{id} b', 'post /a/{id} a'],
    );
    const [, first] = listOperations(doc);
    assert.equal(first?.operation, get);
    assert.equal(first?.pathItem, item);
  });

  test('every OpenAPI 3.0 path item method, lower case; other keys and non-objects are skipped', () => {
    assert.deepEqual([...HTTP_METHODS], ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
    const item = Object.fromEntries([...HTTP_METHODS.map((m) => [m, {}]), ['servers', [{}]], ['x-y', {}]]);
    assert.deepEqual(
      listOperations({ paths: { '/p': item, '/q': null, '/r': { get: 'no' } } }).map((o) => o.method),
      [...HTTP_METHODS],
    );
    assert.deepEqual(listOperations({}), []);
  });

  test('the Petstore spec: each operationId once', () => {
    const ops = listOperations(writtenSpec());
    assert.ok(ops.length >= 15, `${ops.length} operations`);
    const ids = ops.map((o) => o.operationId);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(ids.every((id) => typeof id === 'string'));
  });
});
