// The mock suites that run against the server's mock (contract, error catalogue, regressions) run
// again here against the bundled mock of the in-browser and edge builds: site/mock/hosts/edge.ts bundled
// with the definition precompiled from the spec (tests/support/mock.ts `bundledMock`). Same core,
// validators written out as code at build time: every status, header and error body must agree.
export {};

process.env.MOCK_CORE = 'bundled';
await import('../../unit/mock/contract.test.ts');
await import('../../unit/mock/errors.test.ts');
await import('../../unit/mock/regressions.test.ts');

// The edge bundle takes a store adapter (`createEdgeMock({ store })`): its sandboxes and rate windows
// go there, not into the isolate's memory.
const { test } = await import('node:test');
const assert = (await import('node:assert/strict')).default;
const { bundledMock, req } = await import('../../support/mock.ts');
const { memoryStore } = await import('../../../site/mock/access/store.ts');

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
