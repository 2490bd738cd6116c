// The store setting (site/mock/hosts/store-url.ts `parseStoreUrl`: PETSTORE_MOCK_STORE, the Node
// hosts' mock option `store`): memory by default, a Redis URL checked at start, and a clear message
// naming what is wrong otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStoreUrl, StoreUrlError } from '../../../site/mock/hosts/store-url.ts';

test('no setting or `memory`: the in-process store', () => {
  for (const v of [undefined, '', '  ', 'memory']) assert.deepEqual(parseStoreUrl(v), { kind: 'memory' });
});

test('a Redis URL: database 0 by default, the password hidden from logs', () => {
  assert.deepEqual(parseStoreUrl('redis://127.0.0.1:6379/2'), {
    kind: 'redis',
    url: 'redis://127.0.0.1:6379/2',
    display: 'redis://127.0.0.1:6379/2',
    db: 2,
  });
  const secret = parseStoreUrl('rediss://user:s3cret@cache.example:6380');
  assert.equal(secret.kind === 'redis' && secret.db, 0);
  assert.equal(secret.kind === 'redis' && secret.display, 'rediss://user:***@cache.example:6380');
});

test('anything else names what is wrong', () => {
  const cases: [string, RegExp][] = [
    ['localhost:6379', /'localhost:' is not a store scheme/],
    ['http://127.0.0.1:6379/0', /'http:' is not a store scheme/],
    ['redis://127.0.0.1:99999/0', /port '99999' in 'redis:\/\/127\.0\.0\.1:99999\/0': a number from 1 to 65535/],
    ['redis://127.0.0.1:0/0', /port '0'/],
    ['redis://127.0.0.1:63x9/0', /port '63x9'/],
    ['redis://127.0.0.1:6379/16', /database '16' .*: a number from 0 to 15/],
    ['redis://127.0.0.1:6379/db', /database 'db'/],
    ['redis://127.0.0.1:6379/0?timeout=1', /no query or fragment/],
    ['not a url', /'not a url' is not a URL/],
  ];
  for (const [value, message] of cases) {
    assert.throws(
      () => parseStoreUrl(value),
      (e: unknown) => e instanceof StoreUrlError && message.test(e.message),
      value,
    );
  }
});
