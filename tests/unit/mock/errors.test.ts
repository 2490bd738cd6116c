// Bad input, one group per kind of client error the API documents: malformed JSON, wrong or missing content type,
// schema violations, identifiers that are not int64, unknown resource, unknown path, wrong method,
// body over the limit. Every answer is an `Error` {code, message, status} naming the culprit, and
// client input never yields a 5xx or a stack trace.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
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

interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

async function errorResponse(request: Request, status: number, code: string, mentions?: RegExp): Promise<Response> {
  mock.reset();
  const res = await mock.handle(request);
  const text = await res.text();
  assert.equal(res.status, status, `${request.method} ${request.url}: ${text}`);
  const body = JSON.parse(text) as ErrorBody;
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'status']);
  assert.equal(body.code, code, text);
  assert.equal(body.status, status);
  if (mentions) assert.match(body.message, mentions);
  assert.doesNotMatch(body.message, /\n\s+at /, 'no stack trace');
  assert.equal(res.headers.get('access-control-allow-origin'), '*', 'CORS headers on errors too');
  return res;
}

/** Sends `request` and checks the `Error` answer: status, code, message mentioning `mentions`. */
async function expectError(request: Request, status: number, code: string, mentions?: RegExp): Promise<void> {
  await errorResponse(request, status, code, mentions);
}

describe('malformed JSON → 400 malformed_json', () => {
  for (const body of ['{"name":', '{name: "Rex"}', "{'name':'Rex'}", '{"name":"Rex",}', 'nul', '\uFEFF{}']) {
    test(JSON.stringify(body), () => expectError(req('POST', '/pets', { body }), 400, 'malformed_json', /body/));
  }
  test('invalid UTF-8', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const r = new Request('http://127.0.0.1/api/mock/pets', {
      method: 'POST',
      body: bytes,
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
    });
    await expectError(r, 400, 'malformed_json', /UTF-8/);
  });
});

describe('wrong or missing content type → 415 unsupported_media_type', () => {
  test('missing', () => {
    const r = new Request('http://127.0.0.1/api/mock/pets', {
      method: 'POST',
      body: new TextEncoder().encode('{"name":"Rex","categoryId":1}'),
      headers: { authorization: 'Bearer t' },
    });
    return expectError(r, 415, 'unsupported_media_type', /Content-Type: missing/);
  });
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/jsonx',
    'application/json; charset=latin1',
  ]) {
    test(type, () =>
      expectError(
        req('PUT', '/store/inventory/1', { body: '{"quantity":1}', headers: { 'content-type': type } }),
        415,
        'unsupported_media_type',
        /Content-Type/,
      ),
    );
  }
  test('application/json with charset=utf-8 and odd case is fine', async () => {
    mock.reset();
    const r = await mock.handle(
      req('PUT', '/store/inventory/1', {
        body: '{"quantity":1}',
        headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
      }),
    );
    assert.equal(r.status, 200);
  });
});

describe('schema violations → 400 validation_failed naming the field', () => {
  const cases: [string, string, string, RegExp][] = [
    ['POST', '/pets', '{"categoryId":1}', /body\.name: is required/],
    ['POST', '/pets', '{"name":1,"categoryId":1}', /body\.name: must be string/],
    ['POST', '/pets', '{"name":"Rex","categoryId":"1"}', /body\.categoryId: must be integer/],
    ['POST', '/pets', '{"name":"Rex","categoryId":0}', /body\.categoryId: must be >= 1/],
    ['POST', '/pets', '{"name":"Rex","categoryId":1.5}', /body\.categoryId: must be integer/],
    ['POST', '/pets', '{"name":"Rex","categoryId":1,"status":"lost"}', /body\.status: must be one of/],
    ['POST', '/pets', '[]', /body: must be a JSON object/],
    ['POST', '/pets', '"Rex"', /body: must be a JSON object/],
    ['POST', '/pets', 'null', /body: must be a JSON object/],
    ['POST', '/pets', '', /body: is required/],
    [
      'POST',
      '/pets',
      '{"name":"Rex","categoryId":9223372036854775808}',
      /body\.categoryId: must be <= 9223372036854775807/,
    ],
    ['POST', '/pets', '{"name":"Rex","categoryId":1e19}', /body\.categoryId: must be <= 9223372036854775807/],
    ['POST', '/store/orders', '{"petId":1,"quantity":0}', /body\.quantity: must be >= 1/],
    ['POST', '/store/orders', '{"petId":1}', /body\.quantity: is required/],
    [
      'POST',
      '/store/orders',
      '{"petId":1,"quantity":1,"shipDate":"tomorrow"}',
      /body\.shipDate: must be a valid date-time/,
    ],
    ['POST', '/store/orders', '{"petId":1,"quantity":1,"complete":"yes"}', /body\.complete: must be boolean/],
    [
      'POST',
      '/store/orders',
      '{"petId":1,"quantity":99999999999999999999}',
      /body\.quantity: must be <= 9007199254740991/,
    ],
    ['PUT', '/store/inventory/1', '{"quantity":-1}', /body\.quantity: must be >= 0/],
    ['POST', '/categories', '{"name":null}', /body\.name: must be string/],
  ];
  for (const [method, path, body, mentions] of cases) {
    test(`${method} ${path} ${body}`, () =>
      expectError(req(method, path, { body }), 400, 'validation_failed', mentions));
  }
  const query: [string, RegExp][] = [
    ['/pets?limit=101', /query\.limit: must be <= 100/],
    ['/pets?limit=0', /query\.limit: must be >= 1/],
    ['/pets?limit=', /query\.limit: must be a decimal integer/],
    ['/pets?limit=1e1', /query\.limit: must be a decimal integer/],
    ['/pets?limit=2&limit=3', /query\.limit: must be given once/],
    ['/pets?offset=-1', /query\.offset: must be a decimal integer/],
    ['/pets?status=lost', /query\.status: must be one of/],
    ['/pets?categoryId=abc', /query\.categoryId: must be a decimal integer/],
    ['/pets?ids=1,abc', /query\.ids\[1\]: must be a decimal integer/],
    ['/pets?ids=1,,2', /query\.ids\[1\]: must be a decimal integer/],
    [
      `/pets?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      /query\.ids: must NOT have more than 100 items/,
    ],
    ['/pets?colour=red', /query\.colour: is not a parameter of this operation/],
    ['/store/orders?complete=yes', /query\.complete: must be boolean/],
  ];
  for (const [path, mentions] of query) {
    test(`GET ${path.slice(0, 60)}`, () => expectError(req('GET', path), 400, 'validation_failed', mentions));
  }
});

describe('identifiers that are not int64 integers or are out of range → 400 validation_failed', () => {
  for (const id of [
    '9223372036854775808',
    '1e3',
    '-0',
    'abc',
    '+1',
    '1.0',
    '01',
    '-1',
    '0x1',
    '%31',
    '1%20',
    '18446744073709551616',
  ]) {
    for (const path of [`/pets/${id}`, `/categories/${id}`, `/store/orders/${id}`, `/store/inventory/${id}`]) {
      test(`GET ${path}`, () =>
        expectError(req('GET', path), 400, 'validation_failed', /path\.(petId|categoryId|orderId): /));
    }
  }
  test('0 is digits but below the minimum of 1', () =>
    expectError(req('GET', '/pets/0'), 400, 'validation_failed', /path\.petId: must be >= 1/));
  test('the largest int64 is a valid id that names no record (404)', () =>
    expectError(req('GET', '/pets/9223372036854775807'), 404, 'not_found', /9223372036854775807/));
  test('a body reference beyond 2^53 is named exactly (422)', () =>
    expectError(
      req('POST', '/pets', { body: '{"name":"Rex","categoryId":9223372036854775807}' }),
      422,
      'reference_not_found',
      /body\.categoryId: no category with id 9223372036854775807/,
    ));
});

describe('unknown resource → 404 not_found; unknown reference → 422', () => {
  const cases: [string, string, RegExp][] = [
    ['GET', '/pets/999', /petId: no pet with id 999/],
    ['PUT', '/pets/999', /petId/],
    ['DELETE', '/pets/999', /petId/],
    ['GET', '/categories/999', /categoryId/],
    ['DELETE', '/categories/999', /categoryId/],
    ['GET', '/store/orders/999', /orderId/],
    ['DELETE', '/store/orders/999', /orderId/],
    ['GET', '/store/inventory/999', /petId/],
  ];
  for (const [method, path, mentions] of cases) {
    const body = method === 'PUT' ? '{"name":"X","categoryId":1}' : undefined;
    test(`${method} ${path}`, () => expectError(req(method, path, body ? { body } : {}), 404, 'not_found', mentions));
  }
  test('POST /store/orders with an unknown petId', () =>
    expectError(
      req('POST', '/store/orders', { body: '{"petId":999,"quantity":1}' }),
      422,
      'reference_not_found',
      /body\.petId/,
    ));
});

describe('unknown path → 404 route_not_found', () => {
  for (const path of ['/', '/pet', '/pets/1/photos', '/store', '/store/orders/1/items', '/PETS', '/_resetx']) {
    test(`GET ${path}`, () => expectError(req('GET', path), 404, 'route_not_found', /no operation/));
  }
  test('outside the mount path', async () => {
    const r = await mock.handle(
      new Request('http://127.0.0.1/api/mockery/pets', { headers: { authorization: 'Bearer t' } }),
    );
    assert.equal(r.status, 404);
  });
});

describe('wrong method → 405 method_not_allowed with Allow', () => {
  const cases: [string, string, string][] = [
    ['PATCH', '/pets', 'GET, POST'],
    ['DELETE', '/pets', 'GET, POST'],
    ['POST', '/pets/1', 'GET, PUT, DELETE'],
    ['PATCH', '/store/inventory/1', 'GET, PUT'],
    ['POST', '/store/inventory', 'GET'],
  ];
  for (const [method, path, allow] of cases) {
    test(`${method} ${path}`, async () => {
      mock.reset();
      const res = await mock.handle(req(method, path));
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), allow);
      const body = (await res.json()) as ErrorBody;
      assert.equal(body.code, 'method_not_allowed');
      assert.match(body.message, new RegExp(`allowed: ${allow}`));
    });
  }
});

describe('body over 65,536 bytes → 413 payload_too_large', () => {
  test('declared in Content-Length', () =>
    expectError(
      req('POST', '/pets', { body: JSON.stringify({ name: 'x'.repeat(65_536), categoryId: 1 }) }),
      413,
      'payload_too_large',
      /65536/,
    ));
  test('exactly at the limit is accepted', async () => {
    const name = 'x'.repeat(65_536 - '{"name":"","categoryId":1}'.length);
    mock.reset();
    const res = await mock.handle(req('POST', '/pets', { body: `{"name":"${name}","categoryId":1}` }));
    assert.equal(res.status, 201);
  });
  test('streamed without Content-Length (the mock stops reading at the limit)', async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 8192;
        c.enqueue(new TextEncoder().encode(' '.repeat(8192)));
      },
    });
    await expectError(
      req('POST', '/pets', { body: stream, headers: { 'content-type': 'application/json' } }),
      413,
      'payload_too_large',
    );
    assert.ok(sent < 65_536 * 2, `pulled ${sent} bytes`);
  });
});

describe('authentication → 401 unauthorized with WWW-Authenticate', () => {
  for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'token abc']) {
    test(String(header), async () => {
      const headers: Record<string, string> = header === undefined ? {} : { authorization: header };
      const res = await errorResponse(
        req('GET', '/pets', { auth: false, headers }),
        401,
        'unauthorized',
        /Authorization/,
      );
      assert.equal(res.headers.get('www-authenticate'), 'Bearer');
    });
  }
  test('any non-empty bearer token is accepted', async () => {
    const res = await mock.handle(req('GET', '/pets', { auth: false, headers: { authorization: 'bearer x' } }));
    assert.equal(res.status, 200);
  });
});

describe('client input never yields a 5xx', () => {
  test('a spread of odd requests', async () => {
    const odd: Request[] = [
      req('GET', '/pets/%'),
      req('GET', '/pets/%E0%A4%A'),
      req('GET', '/pets?name=%'),
      req('GET', '/pets?limit[a]=1'),
      req('GET', '/pets?ids=%2C'),
      req('GET', '/pets?ids[]=1'),
      req('GET', '//pets'),
      req('GET', '/pets/1/'),
      req('POST', '/pets', { body: '{"__proto__":{"x":1},"name":"a","categoryId":1}' }),
      req('POST', '/pets', { body: '{"constructor":{"prototype":{}},"name":"a","categoryId":1}' }),
      req('POST', '/pets', { body: `${'['.repeat(5000)}${']'.repeat(5000)}` }),
      req('POST', '/pets', { body: '{"name":"a","categoryId":1e400}' }),
      req('POST', '/store/orders', { body: '{"petId":1,"quantity":1,"shipDate":"2026-13-45T99:99:99Z"}' }),
      req('PUT', '/store/orders/1', { body: '{"petId":1e400,"quantity":1}' }),
      req('OPTIONS', '/nothing'),
      req('PROPFIND', '/pets'),
    ];
    for (const r of odd) {
      mock.reset();
      const res = await mock.handle(r);
      assert.ok(res.status < 500, `${r.method} ${r.url}: ${res.status} ${await res.text()}`);
    }
  });
});

describe('an unexpected fault → 500 internal_error without details', () => {
  test('the fault goes to onError; the client gets the fixed Error body', async () => {
    const faults: unknown[] = [];
    const m = await mountedMock({ onError: (err) => faults.push(err) });
    // Not a client input: a Request-like object whose URL cannot be parsed makes the core throw.
    const broken = { url: 'not a url', method: 'GET', headers: new Headers() } as unknown as Request;
    const res = await m.handle(broken);
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), {
      code: 'internal_error',
      message: 'an unexpected error occurred; it has been logged',
      status: 500,
    });
    assert.doesNotMatch(text, /at |TypeError|Invalid URL/);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(faults.length, 1);
  });
});
