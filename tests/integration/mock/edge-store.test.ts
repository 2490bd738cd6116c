// The edge bundle (site/mock/hosts/edge.ts, bundled as the edge build bundles it: tests/support/mock.ts
// `bundledMock`) takes a store adapter, `createEdgeMock({ store })`: its sandboxes and rate windows go
// there, not into the isolate's memory.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryStore } from '../../../site/mock/access/store.ts';
import { bundledMock, req } from '../../support/mock.ts';

test('the edge bundle keeps its sandboxes and rate windows in the store it is given', async () => {
  const inner = memoryStore();
  const calls: string[] = [];
  const store: typeof inner = {
    ...inner,
    kind: 'adapter',
    declare: (key, kind) => inner.declare(key, kind),
    open(token) {
      const s = inner.open(token);
      const log = (what: string) => calls.push(`${what} ${token}`);
      return {
        consume: (policy) => {
          log('consume');
          return s.consume(policy);
        },
        read: (key, run) => {
          log('read');
          return s.read(key, run);
        },
        write: (key, run) => {
          log('write');
          return s.write(key, run);
        },
        reset: (key) => {
          log('reset');
          return s.reset(key);
        },
      };
    },
  };
  const mock = (await bundledMock())({ store });
  const created = await mock.handle(req('POST', '/pets', { body: '{"name":"Edgy","categoryId":1}' }));
  assert.equal(created.status, 201);
  assert.equal((await mock.handle(req('GET', '/pets/7'))).status, 200);
  assert.deepEqual(calls, ['consume test-token', 'write test-token', 'consume test-token', 'read test-token']);
  assert.equal(mock.store, store);
});
