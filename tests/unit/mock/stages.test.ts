// Each stage of the mock's pipeline (site/mock/*/stages.ts) alone, with a hand-made context and a
// `next` that records whether it ran; then `compose` and the composed mock for the stages' order.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OpenAPIBackend } from 'openapi-backend';
import type { Description } from '../../../descriptions/json.ts';
import {
  authenticate,
  bearerAuthenticator,
  bearerToken,
  rateLimit,
  sandbox,
} from '../../../site/mock/access/stages.ts';
import { memoryStore } from '../../../site/mock/access/store.ts';
import { createMock, internalForm, type Mock } from '../../../site/mock/index.ts';
import { jsonObjectBody } from '../../../site/mock/petstore/body.ts';
import { storeState } from '../../../site/mock/petstore/state.ts';
import type { Store } from '../../../site/mock/petstore/store.ts';
import { type Behaviour, type Context, compose, type PreparedOperation } from '../../../site/mock/pipeline/context.ts';
import { MockError } from '../../../site/mock/pipeline/errors.ts';
import { jsonResponse } from '../../../site/mock/pipeline/http.ts';
import { type MockOperation, mockOperations, paramView } from '../../../site/mock/pipeline/operations.ts';
import { checkRawParams } from '../../../site/mock/request/params.ts';
import { rawParams, readBody, validate } from '../../../site/mock/request/stages.ts';
import { templateParams } from '../../../site/mock/route/path-params.ts';
import { Router, routeTemplate } from '../../../site/mock/route/router.ts';
import { headAsGet, mountPath, preflight, route } from '../../../site/mock/route/stages.ts';
import { writtenSpec } from '../../support/spec.ts';

const BASE = '/api/mock';

function ctx(method: string, target: string, init: RequestInit = {}): Context {
  const url = new URL(`http://127.0.0.1${BASE}${target}`);
  return { request: new Request(url, { method, ...init }), url, method, path: url.pathname.slice(BASE.length) };
}

/** A `next` that answers 299 and counts its calls. */
function nextSpy(): { next: () => Promise<Response>; calls: number } {
  const spy = {
    calls: 0,
    next: async () => {
      spy.calls++;
      return new Response('{"ok":true}', { status: 299, headers: { 'content-type': 'application/json' } });
    },
  };
  return spy;
}

async function rejectsWith(p: Promise<Response>, code: string): Promise<void> {
  await assert.rejects(p, (err: unknown) => err instanceof MockError && err.code === code);
}

let api: OpenAPIBackend;
let router: Router<MockOperation>;
let prepared: Map<string, PreparedOperation>;
before(async () => {
  const doc = writtenSpec() as unknown as Description;
  api = new OpenAPIBackend({ definition: writtenSpec() as never, quick: true, validate: true });
  await api.init();
  const internal = await internalForm(doc);
  const ops = mockOperations(internal);
  router = new Router(ops);
  prepared = new Map(
    ops.map((op) => {
      const params = op.parameters.map((p) => paramView(internal, p));
      const behaviour: Behaviour = {
        authenticate: bearerAuthenticator(true),
        writes: true,
        checkRawParams: (raw, query) => checkRawParams(params, raw, query),
        readBody: jsonObjectBody(new Set(['categoryId', 'petId', 'quantity']), new Set(['quantity'])),
        answer: () => jsonResponse(200, undefined),
      };
      return [
        op.operationId,
        {
          operation: op,
          params,
          hasBody: op.requestBody !== undefined,
          commaArrays: new Set(['ids']),
          pathParams: templateParams(routeTemplate(op.path), params),
          validators: () => api.validator.getRequestValidatorsForOperation(op.operationId) ?? [],
          behaviour,
        },
      ];
    }),
  );
});

function routed(method: string, path: string, init: RequestInit = {}): Context {
  const c = ctx(method, path, init);
  const match = router.match(method, c.path);
  assert.equal(match.kind, 'operation');
  if (match.kind === 'operation')
    c.target = { kind: 'operation', op: prepared.get(match.operation.operationId ?? '') as PreparedOperation };
  return c;
}

describe('1. mountPath', () => {
  test('strips the mount path; outside it → 404 route_not_found', async () => {
    const s = nextSpy();
    const c = { ...ctx('GET', '/pets') };
    await mountPath(BASE)(c, s.next);
    assert.equal(c.path, '/pets');
    const outside = ctx('GET', '/pets');
    (outside as { url: URL }).url = new URL('http://127.0.0.1/api/mockery/pets');
    await rejectsWith(mountPath(BASE)(outside, s.next), 'route_not_found');
    assert.equal(s.calls, 1);
  });
});

describe('2. headAsGet', () => {
  test('routes HEAD as GET and answers the same status and headers without a body', async () => {
    const c = ctx('HEAD', '/pets');
    const res = await headAsGet()(c, nextSpy().next);
    assert.equal(c.method, 'GET');
    assert.equal(res.status, 299);
    assert.equal(res.headers.get('content-length'), '11');
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.equal(await res.text(), '');
  });
});

describe('3. preflight', () => {
  test('OPTIONS → 204 with the path methods in Allow, the requested one in Access-Control-Allow-Methods', async () => {
    const s = nextSpy();
    const res = await preflight(router, ['GET'])(
      ctx('OPTIONS', '/pets/1', { headers: { 'access-control-request-method': 'PATCH' } }),
      s.next,
    );
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('allow'), 'GET, PUT, DELETE, OPTIONS');
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    assert.equal(s.calls, 0);
    await preflight(router, ['GET'])(ctx('GET', '/pets'), s.next);
    assert.equal(s.calls, 1, 'other methods go on');
  });
});

describe('4. route', () => {
  test('an operation, the reset endpoint, 404 and 405 with Allow', async () => {
    const s = nextSpy();
    const c = ctx('GET', '/pets/1');
    await route(router, prepared)(c, s.next);
    assert.equal(c.target?.kind === 'operation' && c.target.op.operation.operationId, 'getPet');
    const r = ctx('POST', '/_reset');
    await route(router, prepared)(r, s.next);
    assert.equal(r.target?.kind, 'reset');
    await rejectsWith(route(router, prepared)(ctx('GET', '/nope'), s.next), 'route_not_found');
    await assert.rejects(
      route(router, prepared)(ctx('PATCH', '/pets'), s.next),
      (e: unknown) => e instanceof MockError && e.code === 'method_not_allowed' && e.headers.Allow === 'GET, POST',
    );
    await rejectsWith(route(router, prepared)(ctx('GET', '/_reset'), s.next), 'method_not_allowed');
  });
});

describe('5. authenticate', () => {
  test('bearer token required (case-insensitive scheme), also for the reset endpoint', async () => {
    assert.equal(bearerToken('bearer  abc '), 'abc');
    assert.equal(bearerToken('Basic abc'), undefined);
    assert.equal(bearerToken('Bearer '), undefined);
    const s = nextSpy();
    const c = routed('GET', '/pets', { headers: { authorization: 'Bearer t1' } });
    await authenticate()(c, s.next);
    assert.equal(c.token, 't1');
    await assert.rejects(
      authenticate()(routed('GET', '/pets'), s.next),
      (e: unknown) => e instanceof MockError && e.code === 'unauthorized' && e.headers['WWW-Authenticate'] === 'Bearer',
    );
    const reset = ctx('POST', '/_reset');
    reset.target = { kind: 'reset' };
    await rejectsWith(authenticate()(reset, s.next), 'unauthorized');
  });
});

describe('6. rateLimit', () => {
  test('counts per token, adds RateLimit headers to every response, 429 with Retry-After past the limit', async () => {
    const boxes = memoryStore({}, () => 5_000);
    const stage = rateLimit({ limit: 2, windowS: 60 }, boxes);
    const s = nextSpy();
    const run = (token: string) => stage({ ...ctx('GET', '/pets'), token }, s.next);
    assert.equal((await run('a')).headers.get('ratelimit'), '"default";r=1;t=60');
    const second = await run('a');
    assert.equal(second.headers.get('ratelimit-policy'), '"default";q=2;w=60');
    const third = await run('a');
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '60');
    assert.equal(((await third.json()) as { code: string }).code, 'rate_limited');
    assert.equal((await run('b')).status, 299, 'another token has its own window');
    assert.equal(s.calls, 3);
    const off = await rateLimit(false, boxes)({ ...ctx('GET', '/pets'), token: 'a' }, s.next);
    assert.equal(off.headers.get('ratelimit'), null);
  });
});

describe('7. sandbox', () => {
  test('reads get the seed, writes the token’s own store; reset answers 204 for that token only', async () => {
    const boxes = memoryStore();
    boxes.declare('petstore', storeState());
    const pets = 'petstore';
    const store = (c: Context) => c.state as Store | undefined;
    const s = nextSpy();
    const w = { ...ctx('DELETE', '/pets/1'), token: 'a' };
    await sandbox(boxes, pets)(w, s.next);
    store(w)?.deletePet(1);
    const r = { ...ctx('GET', '/pets/1'), token: 'b' };
    await sandbox(boxes, pets)(r, s.next);
    assert.equal(store(r)?.getPet(1).name, 'Rex');
    const reset: Context = { ...ctx('POST', '/_reset'), token: 'a', target: { kind: 'reset' } };
    assert.equal((await sandbox(boxes, pets)(reset, s.next)).status, 204);
    assert.equal(s.calls, 2, 'reset does not go on');
    const again = { ...ctx('GET', '/pets/1'), token: 'a' };
    await sandbox(boxes, pets)(again, s.next);
    assert.equal(store(again)?.getPet(1).name, 'Rex');
  });
});

describe('8. rawParams', () => {
  test('ids are checked on their raw text', async () => {
    const s = nextSpy();
    await rawParams()(routed('GET', '/pets/42'), s.next);
    assert.equal(s.calls, 1);
    await rejectsWith(rawParams()(routed('GET', '/pets/1e3'), s.next), 'validation_failed');
  });
});

describe('9. readBody', () => {
  const post = (body: string, type = 'application/json') =>
    routed('POST', '/pets', { body, headers: { 'content-type': type } });

  test('parses the JSON object; 415, 400 malformed_json and int64 range as documented', async () => {
    const s = nextSpy();
    const c = post('{"name":"Coco","categoryId":3}');
    await readBody()(c, s.next);
    assert.deepEqual(c.body, { name: 'Coco', categoryId: 3 });
    await rejectsWith(readBody()(post('{}', 'text/plain'), s.next), 'unsupported_media_type');
    await rejectsWith(readBody()(post('{'), s.next), 'malformed_json');
    await rejectsWith(readBody()(post('{"name":"a","categoryId":9223372036854775808}'), s.next), 'validation_failed');
    await rejectsWith(readBody()(post('[]'), s.next), 'validation_failed');
  });

  test('operations without a body never read it', async () => {
    const s = nextSpy();
    await readBody()(routed('DELETE', '/pets/1', { body: 'not json' }), s.next);
    assert.equal(s.calls, 1);
  });
});

describe('10. validate', () => {
  test('schema violations name the location', async () => {
    const s = nextSpy();
    await validate()(routed('GET', '/pets?limit=5'), s.next);
    assert.equal(s.calls, 1);
    await assert.rejects(
      validate()(routed('GET', '/pets?limit=500'), s.next),
      (e: unknown) => e instanceof MockError && /query\.limit: must be <= 100/.test(e.message),
    );
  });
});

describe('compose and the composed mock', () => {
  test('a MockError becomes the response of the stage that threw it, seen by the stages before', async () => {
    const seen: number[] = [];
    const run = compose([
      async (_c, next) => {
        const res = await next();
        seen.push(res.status);
        return res;
      },
      () => {
        throw new MockError('not_found', 'gone');
      },
    ]);
    const res = await run(ctx('GET', '/x'));
    assert.equal(res.status, 404);
    assert.deepEqual(seen, [404]);
  });

  let mock: Mock;
  before(async () => {
    mock = await createMock(writtenSpec(), { basePath: BASE, onError: () => {}, rateLimit: { limit: 2, windowS: 60 } });
  });
  const call = (method: string, path: string, headers: Record<string, string> = {}) =>
    mock.handle(new Request(`http://127.0.0.1${BASE}${path}`, { method, headers }));

  test('in the README order: routing before auth, auth before the rate limit, the rate limit before params', async () => {
    assert.equal((await call('GET', '/nope')).status, 404, 'unknown path: 404 even without a token');
    const anon = await call('GET', '/pets');
    assert.equal(anon.status, 401);
    assert.equal(anon.headers.get('ratelimit'), null, 'no token, nothing counted');
    const auth = { authorization: 'Bearer order' };
    const bad = await call('GET', '/pets/abc', auth);
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('ratelimit'), '"default";r=1;t=60', 'a 400 is counted and carries the headers');
    await call('GET', '/pets', auth);
    assert.equal((await call('GET', '/pets/abc', auth)).status, 429, 'the rate limit answers before params');
  });
});
