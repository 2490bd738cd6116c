// Edge cases beyond the contract and error tests (fractional literals, ids above 2^53, repeated or
// prototype-named query keys, deep JSON, cross-origin 405s, gzip bodies): one describe per case, each
// asserting the answer a client sees.
import assert from 'node:assert/strict';
import { before, beforeEach, describe, test } from 'node:test';
import type { Mock } from '../../../site/mock/index.ts';
import { mountedMock, req } from '../../support/mock.ts';

let mock: Mock;
before(async () => {
  mock = await mountedMock({
    onError: (err) => {
      throw new Error(`unexpected fault reached onError: ${String(err)}`);
    },
  });
});
beforeEach(() => mock.reset());

async function call(request: Request): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await mock.handle(request);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('an integer field whose JSON literal is not an integer is refused, even when it rounds to one', () => {
  for (const [field, path, literal] of [
    ['categoryId', '/pets', '9223372036854775807.5'],
    ['categoryId', '/pets', '1.0000000000000001'],
    ['categoryId', '/pets', '9007199254740993.5'],
  ] as const) {
    test(`${field}: ${literal}`, async () => {
      const r = await call(req('POST', path, { body: `{"name":"N","${field}":${literal}}` }));
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, {
        code: 'validation_failed',
        message: `body.${field}: must be integer, got ${literal}`,
        status: 400,
      });
    });
  }
  test('quantity: 1.0000000000000001 (an order is not placed for it)', async () => {
    const r = await call(req('POST', '/store/orders', { body: '{"petId":1,"quantity":1.0000000000000001}' }));
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, {
      code: 'validation_failed',
      message: 'body.quantity: must be integer, got 1.0000000000000001',
      status: 400,
    });
  });
  test('integral spellings are still integers: 1.0, 1e0, 10e-1', async () => {
    for (const literal of ['1.0', '1e0', '10e-1']) {
      const r = await call(req('POST', '/pets', { body: `{"name":"N","categoryId":${literal}}` }));
      assert.equal(r.status, 201, literal);
      assert.equal((r.body as { categoryId: number }).categoryId, 1);
    }
  });
});

describe('the prev link of a page far beyond the records carries an offset the API accepts', () => {
  test('offset=9223372036854775807 → prev offset 9223372036854775787, which works', async () => {
    const r = await call(req('GET', '/pets?limit=20&offset=9223372036854775807'));
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, []);
    assert.equal(r.headers.get('x-total-count'), '6');
    const link = r.headers.get('link') ?? '';
    assert.equal(link, '<http://127.0.0.1/api/mock/pets?limit=20&offset=9223372036854775787>; rel="prev"');
    const prev = /<([^>]+)>/.exec(link)?.[1] ?? '';
    const followed = await call(req('GET', prev.replace('http://127.0.0.1/api/mock', '')));
    assert.equal(followed.status, 200, JSON.stringify(followed.body));
  });
  test('offset=9007199254740993 (above 2^53) → prev 9007199254740973, exactly', async () => {
    const r = await call(req('GET', '/store/orders?offset=9007199254740993'));
    assert.equal(
      r.headers.get('link'),
      '<http://127.0.0.1/api/mock/store/orders?offset=9007199254740973&limit=20>; rel="prev"',
    );
  });
});

describe('query parameters the validator did not see', () => {
  test('?__proto__=1 is an unknown parameter like any other', async () => {
    for (const path of ['/pets?__proto__=1', '/pets/1?__proto__=x', '/store/orders?__proto__=1&limit=1']) {
      const r = await call(req('GET', path));
      assert.equal(r.status, 400, path);
      assert.deepEqual(r.body, {
        code: 'validation_failed',
        message: 'query.__proto__: is not a parameter of this operation',
        status: 400,
      });
    }
  });
  test('ids given twice, comma-separated, is one list (was: "query.ids[0]: must be integer")', async () => {
    const r = await call(req('GET', '/pets?ids=1,2&ids=3'));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(
      (r.body as { id: number }[]).map((p) => p.id),
      [1, 2, 3],
    );
    assert.equal((await call(req('GET', '/pets?ids=1&ids=2'))).status, 200);
  });
  test('the merged list still has the 100-id cap and names the bad item', async () => {
    const first = Array.from({ length: 60 }, (_, i) => i + 1).join(',');
    const second = Array.from({ length: 41 }, (_, i) => i + 61).join(',');
    const r = await call(req('GET', `/pets?ids=${first}&ids=${second}`));
    assert.equal(r.status, 400);
    assert.match((r.body as { message: string }).message, /^query\.ids: must NOT have more than 100 items$/);
    const bad = await call(req('GET', '/pets?ids=1,2&ids=x'));
    assert.match((bad.body as { message: string }).message, /^query\.ids\[2\]: must be a decimal integer/);
  });
});

describe("a new pet never inherits a deleted pet's orders", () => {
  test('the id of a deleted pet that complete orders still name is not given out again', async () => {
    const json = (method: string, path: string, body: unknown) =>
      call(req(method, path, { body: JSON.stringify(body) }));
    const old = await json('POST', '/pets', { name: 'Old', categoryId: 1 });
    assert.equal((old.body as { id: number }).id, 7);
    assert.equal((await json('PUT', '/store/inventory/7', { quantity: 1 })).status, 200);
    const order = await json('POST', '/store/orders', { petId: 7, quantity: 1 });
    const orderId = (order.body as { id: number }).id;
    assert.equal(
      (await json('PUT', `/store/orders/${orderId}`, { petId: 7, quantity: 1, complete: true })).status,
      200,
    );
    assert.equal((await call(req('DELETE', '/pets/7'))).status, 204);
    const created = await json('POST', '/pets', { name: 'New', categoryId: 2 });
    assert.equal(created.status, 201);
    assert.equal((created.body as { id: number }).id, 8, 'id 7 is still named by a complete order');
    const orders = await call(req('GET', '/store/orders?petId=8'));
    assert.deepEqual(orders.body, []);
  });
  test('a deleted highest id that nothing names is still given out again (spec/README.md rule)', async () => {
    const first = await call(req('POST', '/pets', { body: '{"name":"A","categoryId":1}' }));
    assert.equal((first.body as { id: number }).id, 7);
    assert.equal((await call(req('DELETE', '/pets/7'))).status, 204);
    const again = await call(req('POST', '/pets', { body: '{"name":"B","categoryId":1}' }));
    assert.equal((again.body as { id: number }).id, 7);
  });
});

describe('a quantity the store cannot keep exactly is refused, not echoed back as another number', () => {
  for (const [method, path, field, literal] of [
    ['PUT', '/store/inventory/1', 'quantity', '9223372036854775807'],
    ['PUT', '/store/inventory/1', 'quantity', '9007199254740993'],
    ['PUT', '/store/inventory/1', 'quantity', '1e300'],
    ['POST', '/store/orders', 'quantity', '9007199254740992'],
  ] as const) {
    test(`${method} ${path} ${field}: ${literal}`, async () => {
      const body = path === '/store/orders' ? `{"petId":1,"quantity":${literal}}` : `{"quantity":${literal}}`;
      const r = await call(req(method, path, { body }));
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.deepEqual(r.body, {
        code: 'validation_failed',
        message: `body.${field}: must be <= 9007199254740991 (the largest count the mock keeps exactly), got ${literal}`,
        status: 400,
      });
    });
  }
  test('9007199254740991 is kept and read back exactly', async () => {
    const r = await call(req('PUT', '/store/inventory/1', { body: '{"quantity":9007199254740991}' }));
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { petId: 1, quantity: 9007199254740991, status: 'available' });
  });
  test('identifiers keep the int64 range: petId 9223372036854775807 names no pet (422)', async () => {
    const r = await call(req('POST', '/store/orders', { body: '{"petId":9223372036854775807,"quantity":1}' }));
    assert.equal(r.status, 422);
    assert.equal((r.body as { message: string }).message, 'body.petId: no pet with id 9223372036854775807');
  });
});

describe('valid JSON nested too deeply is not called "not valid JSON"', () => {
  test('32,000 nested arrays (64,035 bytes) → 400 malformed_json saying why', async () => {
    const depth = 32_000;
    const body = `{"name":"deep","categoryId":1,"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const r = await call(req('POST', '/pets', { body }));
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, {
      code: 'malformed_json',
      message: 'body: JSON nested too deeply for the mock to read',
      status: 400,
    });
  });
});

describe('a preflight for a method the path lacks lets the browser see the real 405', () => {
  test('OPTIONS /pets/1 asking for PATCH allows PATCH for CORS; Allow stays the real methods', async () => {
    const pre = await mock.handle(
      req('OPTIONS', '/pets/1', {
        auth: false,
        headers: { origin: 'https://other.example', 'access-control-request-method': 'PATCH' },
      }),
    );
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-methods'), 'GET, PUT, DELETE, PATCH, OPTIONS');
    assert.equal(pre.headers.get('allow'), 'GET, PUT, DELETE, OPTIONS');
    const real = await call(req('PATCH', '/pets/1', { body: '{}' }));
    assert.equal(real.status, 405);
    assert.equal(real.headers.get('allow'), 'GET, PUT, DELETE');
  });
  test('a requested method the path has is not listed twice; a malformed one is not echoed', async () => {
    const get = await mock.handle(
      req('OPTIONS', '/pets/1', { auth: false, headers: { 'access-control-request-method': 'PUT' } }),
    );
    assert.equal(get.headers.get('access-control-allow-methods'), 'GET, PUT, DELETE, OPTIONS');
    const bad = await mock.handle(
      req('OPTIONS', '/pets', { auth: false, headers: { 'access-control-request-method': 'GET, PATCH' } }),
    );
    assert.equal(bad.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS');
  });
});

describe('a content-coded body is 415, not "not valid UTF-8"', () => {
  test('Content-Encoding: gzip → 415 unsupported_media_type naming the header', async () => {
    const { gzipSync } = await import('node:zlib');
    const body = gzipSync('{"name":"Zip","categoryId":1}');
    const r = await mock.handle(
      new Request('http://127.0.0.1/api/mock/pets', {
        method: 'POST',
        body,
        headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      }),
    );
    assert.equal(r.status, 415);
    assert.deepEqual(await r.json(), {
      code: 'unsupported_media_type',
      message: "header Content-Encoding: 'gzip' is not supported; send the JSON body uncompressed",
      status: 415,
    });
  });
  test('Content-Encoding: identity is the body as it is', async () => {
    const r = await call(
      req('POST', '/pets', { body: '{"name":"Id","categoryId":1}', headers: { 'content-encoding': 'identity' } }),
    );
    assert.equal(r.status, 201);
  });
});
