// Operations without hand-written behaviour (any description other than the Petstore's): routed,
// authenticated with any credential of their schemes, validated (Ajv 2020-12), and answered from
// the description; the mock starts on descriptions the old one crashed on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DescriptionError } from '../../../descriptions/loader/index.ts';
import { checkCredentials, securityPlan } from '../../../site/mock/access/security.ts';
import { HAND_WRITTEN } from '../../../site/mock/behaviours.ts';
import { createMock, type Mock, type MockOptions, mockFromDefinition } from '../../../site/mock/index.ts';
import { mockOperations } from '../../../site/mock/pipeline/operations.ts';
import { runtimeDefinition } from '../../../site/mock/request/compile.ts';

const spec = {
  openapi: '3.0.3',
  info: { title: 'Other API', version: '1' },
  paths: {
    '/': { get: { operationId: 'meta/root', responses: { '200': { description: 'OK' } } } },
    '/repos/{owner}': {
      get: {
        operationId: 'repos/list',
        parameters: [
          { name: 'owner', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'per_page', in: 'query', schema: { type: 'integer', maximum: 100 } },
        ],
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
              },
            },
          },
        },
      },
    },
    // The classic samples' names: not the Petstore's handlers, whose paths differ.
    '/store/order': {
      post: {
        operationId: 'placeOrder',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['petId'], properties: { petId: { type: 'integer' } } },
            },
          },
        },
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': { schema: { type: 'object', properties: { id: { type: 'integer', example: 9 } } } },
            },
          },
        },
      },
    },
  },
};

test('operations without a handler answer 2xx from the description', async () => {
  const mock = await createMock(spec, { basePath: '/api/mock' });
  const root = await mock.handle(new Request('http://site.test/api/mock/'));
  assert.equal(root.status, 200);
  const list = await mock.handle(new Request('http://site.test/api/mock/repos/octo?per_page=5'));
  assert.equal(list.status, 200);
  assert.deepEqual(await list.json(), [{ id: 0 }]);
  const order = await mock.handle(
    new Request('http://site.test/api/mock/store/order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"petId": 3}',
    }),
  );
  assert.equal(order.status, 200);
  assert.deepEqual(await order.json(), { id: 9 });
});

test('they are still routed and validated like every other operation', async () => {
  const mock = await createMock(spec, { basePath: '/api/mock' });
  const bad = await mock.handle(new Request('http://site.test/api/mock/repos/octo?per_page=500'));
  assert.equal(bad.status, 400);
  // The description documents no error body: problem details (RFC 9457), the field in `errors`.
  assert.equal(bad.headers.get('content-type'), 'application/problem+json');
  assert.deepEqual(await bad.json(), {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'query.per_page: must be <= 100',
    code: 'validation_failed',
    errors: [{ name: 'query.per_page', reason: 'must be <= 100' }],
  });
  const body = await mock.handle(
    new Request('http://site.test/api/mock/store/order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
  );
  assert.equal(body.status, 400);
  assert.match(((await body.json()) as { detail: string }).detail, /body\.petId: is required/);
  const text = await mock.handle(
    new Request('http://site.test/api/mock/store/order', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    }),
  );
  assert.equal(text.status, 415);
  const merge = await mock.handle(
    new Request('http://site.test/api/mock/store/order', {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.order+json' },
      body: '{"petId": 3}',
    }),
  );
  assert.equal(merge.status, 200, 'a JSON body under another JSON media type is read as JSON');
  assert.equal((await mock.handle(new Request('http://site.test/api/mock/nowhere'))).status, 404);
});

test('a path template with several parameters in one segment', async () => {
  const mock = await createMock({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/files/{name}.{ext}': {
        get: {
          parameters: [
            { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'ext', in: 'path', required: true, schema: { enum: ['json', 'csv'] } },
          ],
          responses: { '200': { description: 'ok', content: { 'text/plain': { example: 'hi' } } } },
        },
      },
    },
  });
  const ok = await mock.handle(new Request('http://site.test/files/report.csv'));
  assert.equal(ok.status, 200);
  assert.equal(await ok.text(), 'hi');
  const bad = await mock.handle(new Request('http://site.test/files/report.pdf'));
  assert.equal(bad.status, 400);
});

test("3.0's nullable without a type does not stop the body's validation", async () => {
  const mock = await createMock({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/notes': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['text'],
                  properties: { text: { type: 'string' }, meta: { nullable: true } },
                },
              },
            },
          },
          responses: { '201': { description: 'ok' } },
        },
      },
    },
  });
  const post = (body: string) =>
    mock.handle(
      new Request('http://site.test/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
  assert.equal((await post('{"text": "hi", "meta": null}')).status, 201);
  assert.equal((await post('{"meta": 1}')).status, 400);
});

test('a path parameter of `oneOf: [integer, string]` takes both, and a failing wrapper is named', async () => {
  const mock = await createMock({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/workflows/{id}': {
        get: {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { oneOf: [{ type: 'integer' }, { type: 'string' }] } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/things': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: { oneOf: [{ type: 'object' }, { type: 'object', properties: { a: { type: 'string' } } }] },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });
  assert.equal((await mock.handle(new Request('http://site.test/workflows/42'))).status, 200);
  assert.equal((await mock.handle(new Request('http://site.test/workflows/ci.yml'))).status, 200);
  const both = await mock.handle(
    new Request('http://site.test/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":"x"}',
    }),
  );
  assert.equal(both.status, 400);
  assert.equal(((await both.json()) as { detail: string }).detail, 'body: must match exactly one schema in oneOf');
});

describe('starts on any description', () => {
  // Each shape with the answer to GET /x: 404 route_not_found where nothing is at /x, else the
  // operation's own 200 (malformed extensions and a dangling parameter are left out, not fatal).
  // The loader refuses a dangling reference before the mock sees it (`loader`: false): the core
  // itself, given that description, still starts.
  const shapes: [string, Record<string, unknown>, number, { loader: boolean }?][] = [
    ['no paths', { openapi: '3.1.0', info: { title: 't', version: '1' }, components: {} }, 404],
    [
      'webhooks only',
      {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        webhooks: { ping: { post: { responses: { '200': { description: 'ok' } } } } },
      },
      404,
    ],
    [
      'path items referring to each other in a loop',
      {
        openapi: '3.2.0',
        info: { title: 't', version: '1' },
        paths: { '/a': { $ref: '#/paths/~1b' }, '/b': { $ref: '#/paths/~1a' } },
      },
      404,
    ],
    [
      'a deprecated operation with our extensions malformed',
      {
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/x': {
            get: { deprecated: true, 'x-deprecated-sunset': 'soon', responses: { '200': { description: 'ok' } } },
          },
        },
      },
      200,
    ],
    [
      'a parameter of an unknown location and a dangling reference',
      {
        openapi: '3.2.0',
        info: { title: 't', version: '1' },
        paths: {
          '/x': {
            get: {
              parameters: [{ name: 'q', in: 'matrix' }, { $ref: '#/nope' }],
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      },
      200,
      { loader: false },
    ],
  ];
  for (const [name, doc, status, { loader } = { loader: true }] of shapes) {
    test(`${name}: starts, answers GET /x with ${status}, reports no fault`, async () => {
      const faults: unknown[] = [];
      const options: MockOptions = { onError: (e) => faults.push(e) };
      let mock: Mock;
      if (loader) mock = await createMock(doc, options);
      else {
        await assert.rejects(createMock(doc, options), DescriptionError);
        mock = mockFromDefinition(runtimeDefinition(doc, HAND_WRITTEN, options.onError), options);
      }
      const res = await mock.handle(new Request('http://site.test/x'));
      const body = await res.text();
      assert.equal(res.status, status, body);
      if (status === 404) assert.equal((JSON.parse(body) as { code: string }).code, 'route_not_found');
      assert.deepEqual(faults.map(String), []);
    });
  }

  test('3.2: query and additionalOperations are routed, webhooks are not', () => {
    const ops = mockOperations({
      openapi: '3.2.0',
      paths: { '/m': { query: { responses: {} }, additionalOperations: { COPY: { responses: {} } } } },
      webhooks: { w: { post: { responses: {} } } },
    });
    assert.deepEqual(
      ops.map((o) => [o.method, o.path, o.operationId]),
      [
        ['query', '/m', 'QUERY /m'],
        ['COPY', '/m', 'COPY /m'],
      ],
    );
  });
});

describe('credentials', () => {
  const doc = {
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        basic: { type: 'http', scheme: 'basic' },
        key: { type: 'apiKey', in: 'query', name: 'api_key' },
        header: { type: 'apiKey', in: 'header', name: 'X-Key' },
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        oauth: { type: 'oauth2', flows: {} },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://example.com' },
      },
    },
  };
  const check = (security: unknown, headers: Record<string, string>, query = '') =>
    checkCredentials(securityPlan(security, doc), { headers: new Headers(headers), query: new URLSearchParams(query) });

  const accepted: [string, unknown, Record<string, string>, string][] = [
    ['bearer', [{ bearer: [] }], { authorization: 'Bearer t' }, ''],
    ['basic', [{ basic: [] }], { authorization: 'Basic dTpw' }, ''],
    ['apiKey in the query', [{ key: [] }], {}, 'api_key=k'],
    ['apiKey in a header', [{ header: [] }], { 'x-key': 'k' }, ''],
    ['apiKey in a cookie', [{ session: [] }], { cookie: 'a=1; sid=s' }, ''],
    ['OAuth 2 as bearer', [{ oauth: ['read'] }], { authorization: 'Bearer t' }, ''],
    ['OpenID Connect as bearer', [{ oidc: [] }], { authorization: 'Bearer t' }, ''],
    ['one of two alternatives', [{ basic: [] }, { key: [] }], {}, 'api_key=k'],
    ['an optional requirement ({})', [{ key: [] }, {}], {}, ''],
  ];
  for (const [name, security, headers, query] of accepted) {
    test(`accepted: ${name}`, () => assert.equal(check(security, headers, query).ok, true));
  }

  const refused: [string, unknown, Record<string, string>, string][] = [
    ['nothing sent', [{ bearer: [] }], {}, ''],
    ['an empty key', [{ key: [] }], {}, 'api_key='],
    ['one of two schemes required together', [{ key: [], header: [] }], { 'x-key': 'k' }, ''],
  ];
  for (const [name, security, headers, query] of refused) {
    test(`refused: ${name}`, () => assert.equal(check(security, headers, query).ok, false));
  }

  test('a browser page: an API key in a cookie is read from X-Scalar-Cookie, the sandbox keyed by its value', () => {
    // A page's fetch never sends the Cookie header it sets; try-it moves it to X-Scalar-Cookie.
    assert.deepEqual(check([{ session: [] }], { 'x-scalar-cookie': 'sid=reader-1' }), { ok: true, token: 'reader-1' });
    assert.equal(check([{ session: [] }], { 'x-scalar-cookie': 'other=1' }).ok, false);
  });

  test('basic credentials key the sandbox by their password (the token), else by the credentials', () => {
    const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
    assert.deepEqual(check([{ basic: [] }], { authorization: basic('sandbox', 'reader-1') }), {
      ok: true,
      token: 'reader-1',
    });
    // A user name alone, or what is not Base64, still passes: the mock checks that something is sent.
    assert.deepEqual(check([{ basic: [] }], { authorization: basic('alone', '') }), {
      ok: true,
      token: btoa('alone:'),
    });
    assert.deepEqual(check([{ basic: [] }], { authorization: 'Basic not*base64' }), { ok: true, token: 'not*base64' });
    // A bearer token where basic is declared keeps working as before.
    assert.deepEqual(check([{ basic: [] }], { authorization: 'Bearer reader-2' }), { ok: true, token: 'reader-2' });
  });

  test('a refused request is 401 naming what is expected', async () => {
    const mock = await createMock({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      security: [{ key: [] }],
      components: doc.components,
      paths: { '/x': { get: { responses: { '200': { description: 'ok' } } } } },
    });
    const res = await mock.handle(new Request('http://site.test/x'));
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'credentials missing; expected query api_key',
      code: 'unauthorized',
    });
    assert.equal((await mock.handle(new Request('http://site.test/x?api_key=k'))).status, 200);
  });
});
