// Contract test: walks EVERY operation of spec/openapi.yaml and, for each documented response
// status the mock can produce, provokes it and validates status, documented headers and body
// against the spec (ajv). 429 is provoked on a mock whose rate limit is 0 requests; 500 is skipped
// (never caused by client input, so no request provokes it).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { OpenAPIV3 } from 'openapi-types';
import type { Mock } from '../../../site/mock/index.ts';
import { mountedMock, operationsOf, ResponseChecker, req, type SpecOperation } from '../../support/mock.ts';

const SKIPPED = new Set(['500']);

/** A valid id for each path parameter of the success case, per operation (deletes use spare records). */
const SUCCESS_IDS: Record<string, Record<string, string>> = {
  deletePet: { petId: '4' },
  deleteCategory: { categoryId: '4' },
  cancelOrder: { orderId: '1' },
  replaceOrder: { orderId: '1' },
  replaceCategory: { categoryId: '1' },
};

/** Requests for 409/422, which depend on the operation's rules (spec/README.md). */
const CONFLICTS: Record<string, { path?: Record<string, string>; body?: unknown; caps?: boolean }> = {
  createPet: { caps: true },
  replacePet: { path: { petId: '3' }, body: { name: 'Whiskers', categoryId: 2, status: 'available' } },
  deletePet: { path: { petId: '2' } },
  createCategory: { body: { name: 'dogs' } },
  replaceCategory: { path: { categoryId: '2' }, body: { name: 'Dogs' } },
  deleteCategory: { path: { categoryId: '1' } },
  placeOrder: { body: { petId: 3, quantity: 1 } },
  replaceOrder: { path: { orderId: '2' } },
  cancelOrder: { path: { orderId: '2' } },
};
const REFERENCES: Record<string, unknown> = {
  createPet: { name: 'Ghost', categoryId: 999 },
  replacePet: { name: 'Rex', categoryId: 999 },
  placeOrder: { petId: 999, quantity: 1 },
  replaceOrder: { petId: 999, quantity: 1 },
};

function exampleBody(op: OpenAPIV3.OperationObject): unknown {
  const media = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json'];
  return media?.example;
}

function pathParams(op: OpenAPIV3.OperationObject): OpenAPIV3.ParameterObject[] {
  return ((op.parameters ?? []) as OpenAPIV3.ParameterObject[]).filter((p) => p.in === 'path');
}

/** The path with its parameters filled from `values`, else the parameter's spec `example`. */
function fill(s: SpecOperation, values: Record<string, string> = {}): string {
  let path = s.path;
  for (const p of pathParams(s.op)) {
    path = path.replace(`{${p.name}}`, values[p.name] ?? String(p.example ?? 1));
  }
  return path;
}

function isList(s: SpecOperation): boolean {
  return ((s.op.parameters ?? []) as OpenAPIV3.ParameterObject[]).some((p) => p.name === 'limit');
}

interface Provocation {
  request: Request;
  /** Use the mock whose collections are full. */
  full?: boolean;
  /** Use the mock that refuses every request with 429. */
  throttled?: boolean;
}

/** How to provoke `status` on operation `s`, or undefined when the test does not know how. */
function provoke(s: SpecOperation, status: string): Provocation | undefined {
  const id = s.op.operationId ?? '';
  const hasBody = s.op.requestBody !== undefined;
  const body = JSON.stringify(exampleBody(s.op));
  const ok = (path = fill(s, SUCCESS_IDS[id])) => req(s.method, path, hasBody ? { body } : {});
  switch (status) {
    case '200':
    case '201':
    case '204':
      return { request: isList(s) ? req(s.method, `${fill(s)}?limit=2&offset=2`) : ok() };
    case '400':
      if (pathParams(s.op).length > 0)
        return {
          request: req(s.method, fill(s, { [pathParams(s.op)[0]?.name ?? '']: '1e3' }), hasBody ? { body } : {}),
        };
      if (isList(s)) return { request: req(s.method, `${fill(s)}?limit=0`) };
      return { request: req(s.method, fill(s), { body: '{}' }) };
    case '401':
      return { request: req(s.method, fill(s, SUCCESS_IDS[id]), { auth: false, ...(hasBody ? { body } : {}) }) };
    case '404':
      return {
        request: req(
          s.method,
          fill(s, Object.fromEntries(pathParams(s.op).map((p) => [p.name, '999']))),
          hasBody ? { body } : {},
        ),
      };
    case '409': {
      const c = CONFLICTS[id];
      if (!c) return undefined;
      return {
        request: req(
          s.method,
          fill(s, c.path ?? SUCCESS_IDS[id]),
          hasBody ? { body: JSON.stringify(c.body ?? exampleBody(s.op)) } : {},
        ),
        full: c.caps,
      };
    }
    case '413':
      return {
        request: req(s.method, fill(s, SUCCESS_IDS[id]), { body: JSON.stringify({ name: 'x'.repeat(70_000) }) }),
      };
    case '429':
      return { request: ok(), throttled: true };
    case '415':
      return { request: req(s.method, fill(s, SUCCESS_IDS[id]), { body, headers: { 'content-type': 'text/plain' } }) };
    case '422': {
      const b = REFERENCES[id];
      return b === undefined
        ? undefined
        : { request: req(s.method, fill(s, SUCCESS_IDS[id]), { body: JSON.stringify(b) }) };
    }
    default:
      return undefined;
  }
}

describe('contract: every operation, every documented status (except 500)', () => {
  let checker: ResponseChecker;
  let mock: Mock;
  let full: Mock;
  let throttled: Mock;
  before(async () => {
    checker = await ResponseChecker.create();
    mock = await mountedMock();
    // Every collection at its cap as seeded, so any create answers capacity_reached.
    full = await mountedMock({ caps: { pets: 6, categories: 4, orders: 2 } });
    throttled = await mountedMock({ rateLimit: { limit: 0, windowS: 60 } });
  });

  test('the spec has the 18 operations of spec/README.md', () => {
    assert.equal(operationsOf(checker.doc).length, 18);
  });

  test('each operation × documented status is provoked and conforms', async (t) => {
    const covered: string[] = [];
    const expected: string[] = [];
    const problems: string[] = [];
    for (const s of operationsOf(checker.doc)) {
      for (const status of Object.keys(s.op.responses)) {
        if (SKIPPED.has(status)) continue;
        const label = `${s.op.operationId} ${status}`;
        expected.push(label);
        const p = provoke(s, status);
        if (!p) {
          problems.push(`${label}: the test cannot provoke it`);
          continue;
        }
        mock.reset();
        const res = await (p.throttled ? throttled : p.full ? full : mock).handle(p.request);
        if (String(res.status) !== status) {
          problems.push(`${label}: got ${res.status} ${await res.text()}`);
          continue;
        }
        const r = await checker.check(s.op, res);
        for (const m of r.problems) problems.push(`${label}: ${m}`);
        covered.push(label);
      }
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(covered, expected);
    // 18 operations; at least the success, 400 and 401 of each.
    assert.ok(covered.length >= 18 * 3, `covered ${covered.length}`);
    t.diagnostic(`covered ${covered.length} operation × status pairs`);
  });

  test('what is created can be read, listed, changed and deleted', async () => {
    mock.reset();
    const created = await mock.handle(req('POST', '/pets', { body: '{"name":"Coco","categoryId":3}' }));
    assert.equal(created.status, 201);
    const pet = (await created.json()) as { id: number };
    const location = created.headers.get('location') ?? '';
    assert.equal(new URL(location).pathname, `/api/mock/pets/${pet.id}`);
    assert.deepEqual(await (await mock.handle(req('GET', `/pets/${pet.id}`))).json(), { ...pet });
    const listed = (await (await mock.handle(req('GET', `/pets?ids=${pet.id}`))).json()) as unknown[];
    assert.deepEqual(listed, [pet]);
    const replaced = await mock.handle(
      req('PUT', `/pets/${pet.id}`, { body: '{"name":"Coco","categoryId":3,"status":"pending"}' }),
    );
    assert.equal(((await replaced.json()) as { status: string }).status, 'pending');
    const inv = (await (await mock.handle(req('GET', `/store/inventory/${pet.id}`))).json()) as { status: string };
    assert.equal(inv.status, 'pending');
    assert.equal((await mock.handle(req('DELETE', `/pets/${pet.id}`))).status, 204);
    assert.equal((await mock.handle(req('GET', `/pets/${pet.id}`))).status, 404);
  });

  test('getPet carries Deprecation, Sunset and Link computed from the spec extensions', async () => {
    const res = await mock.handle(req('GET', '/pets/1'));
    const op = operationsOf(checker.doc).find((s) => s.op.operationId === 'getPet')?.op as OpenAPIV3.OperationObject &
      Record<string, unknown>;
    const since = Date.parse(`${op['x-deprecated-since']}T00:00:00Z`) / 1000;
    assert.equal(res.headers.get('deprecation'), `@${since}`);
    assert.equal(res.headers.get('sunset'), new Date(`${op['x-deprecated-sunset']}T23:59:59Z`).toUTCString());
    const link = res.headers.get('link') ?? '';
    assert.ok(link.includes(`<${op.externalDocs?.url}>; rel="deprecation"`), link);
    assert.ok(link.includes(`<${(op['x-successor'] as { url: string }).url}>; rel="successor-version"`), link);
  });

  test('filters and pagination headers of the list operations', async () => {
    mock.reset();
    const r = await mock.handle(req('GET', '/pets?status=available&limit=1&offset=1'));
    assert.equal(r.headers.get('x-total-count'), '3');
    assert.deepEqual(
      ((await r.json()) as { id: number }[]).map((p) => p.id),
      [4],
    );
    const link = r.headers.get('link') ?? '';
    assert.match(link, /<http:\/\/127\.0\.0\.1\/api\/mock\/pets\?status=available&limit=1&offset=2>; rel="next"/);
    assert.match(link, /offset=0>; rel="prev"/);
    const orders = await mock.handle(req('GET', '/store/orders?complete=true'));
    assert.deepEqual(
      ((await orders.json()) as { id: number }[]).map((o) => o.id),
      [2],
    );
    const cats = await mock.handle(req('GET', '/categories?name=RD'));
    assert.deepEqual(
      ((await cats.json()) as { name: string }[]).map((c) => c.name),
      ['Birds'],
    );
    const inv = await mock.handle(req('GET', '/store/inventory?status=sold'));
    assert.equal(inv.headers.get('x-total-count'), '2');
  });
});
