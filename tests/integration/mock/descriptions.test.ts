// The mock core over every description in tests/fixtures/descriptions, loaded as the site loads
// them (descriptions/loader): it starts on each (circular path items, webhooks only, no paths, 3.2
// methods), answers every plain GET (no required query, header or cookie parameter, a declared
// 2xx; path parameters and credentials filled from the description) with a 2xx whose body is of
// the declared type, and never answers 5xx to a request with a valid JSON body.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import type { Description } from '../../../descriptions/refs.ts';
import { bundleMock } from '../../../site/mock/hosts/bundle.ts';
import { createMock, type Mock, type MockOptions } from '../../../site/mock/index.ts';
import { mockOperations } from '../../../site/mock/pipeline/operations.ts';
import {
  answerProblems,
  credentials,
  FIXTURES,
  filledPath,
  fixtureDescriptions,
  jsonBodyOperations,
  plainGets,
} from '../../support/descriptions.ts';

const BASE = '/api/mock';

async function mockOf(path: string): Promise<{ doc: Description; mock: Mock; faults: unknown[] }> {
  const doc = (await loadDescription(path)).document;
  const faults: unknown[] = [];
  const mock = await createMock(doc, { basePath: BASE, rateLimit: false, onError: (e) => faults.push(e) });
  return { doc, mock, faults };
}

/**
 * The mock as the service worker and the edge module run it: site/mock/hosts/edge.ts bundled with the
 * definition precompiled from the description (Ajv standalone validators, no schema compiler).
 */
async function bundledMockOf(doc: Description, warnings: string[]): Promise<Mock> {
  const dir = mkdtempSync(join(tmpdir(), 'mock-any-'));
  try {
    const outfile = join(dir, 'edge.mjs');
    const entry = join(import.meta.dirname, '../../../site/mock/hosts/edge.ts');
    await bundleMock(doc, { entry, outfile, format: 'esm', minify: false, onWarn: (w) => warnings.push(w) });
    const mod = (await import(pathToFileURL(outfile).href)) as { createEdgeMock: (o: MockOptions) => Mock };
    return mod.createEdgeMock({ basePath: BASE, rateLimit: false });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fixtures = fixtureDescriptions();

test('the mock has a fixture of each shape', () => {
  const names = fixtures.map((f) => relative(FIXTURES, f));
  for (const name of [
    'mock-swagger2-petstore.yaml',
    'mock-openapi30-shapes.yaml',
    'mock-openapi30-circular-paths.yaml',
    'mock-openapi31-webhooks.yaml',
    'mock-openapi31-webhooks-only.json',
    'mock-openapi32-streams.yaml',
    'mock-split/openapi.yaml',
  ]) {
    assert.ok(names.includes(name), `${name} missing among ${names.join(', ')}`);
  }
});

for (const path of fixtures) {
  const name = basename(path) === 'openapi.yaml' ? `${basename(dirname(path))}/` : basename(path);
  describe(name, () => {
    test('plain GETs answer 2xx with a body of the declared type', async () => {
      const { doc, mock, faults } = await mockOf(path);
      for (const op of plainGets(doc)) {
        const cred = credentials(doc, op);
        const res = await mock.handle(
          new Request(`http://127.0.0.1${BASE}${filledPath(doc, op)}${cred.query}`, { headers: cred.headers }),
        );
        const body = await res.text();
        assert.ok(res.status >= 200 && res.status < 300, `GET ${op.path}: ${res.status} ${body.slice(0, 300)}`);
        assert.deepEqual(
          answerProblems(doc, op, res.status, res.headers.get('content-type'), body),
          [],
          `GET ${op.path}`,
        );
      }
      assert.deepEqual(faults, []);
    });

    test('the bundled mock (service worker, edge) answers the plain GETs and checks bodies alike', async () => {
      const { doc, mock } = await mockOf(path);
      const warnings: string[] = [];
      const bundled = await bundledMockOf(doc, warnings);
      assert.deepEqual(warnings, [], 'every request schema compiles to code');
      for (const op of plainGets(doc)) {
        const cred = credentials(doc, op);
        const url = `http://127.0.0.1${BASE}${filledPath(doc, op)}${cred.query}`;
        const res = await bundled.handle(new Request(url, { headers: cred.headers }));
        const body = await res.text();
        assert.ok(res.status >= 200 && res.status < 300, `GET ${op.path}: ${res.status} ${body.slice(0, 300)}`);
        assert.deepEqual(
          answerProblems(doc, op, res.status, res.headers.get('content-type'), body),
          [],
          `GET ${op.path}`,
        );
      }
      for (const { op, mediaType } of jsonBodyOperations(doc)) {
        // A body of the wrong type: both hosts give the same answer.
        const cred = credentials(doc, op);
        const request = () =>
          new Request(`http://127.0.0.1${BASE}${filledPath(doc, op)}${cred.query}`, {
            method: op.method.toUpperCase(),
            headers: { ...cred.headers, 'content-type': mediaType },
            body: '[[[1]]]',
          });
        const [a, b] = [await mock.handle(request()), await bundled.handle(request())];
        assert.equal(b.status, a.status, `${op.method} ${op.path}`);
        assert.equal(await b.text(), await a.text(), `${op.method} ${op.path}`);
      }
    });

    test('requests with valid JSON bodies never answer 5xx', async () => {
      const { doc, mock, faults } = await mockOf(path);
      for (const { op, mediaType, body } of jsonBodyOperations(doc)) {
        const cred = credentials(doc, op);
        const res = await mock.handle(
          new Request(`http://127.0.0.1${BASE}${filledPath(doc, op)}${cred.query}`, {
            method: op.method.toUpperCase(),
            headers: { ...cred.headers, 'content-type': mediaType },
            body: JSON.stringify(body),
          }),
        );
        const text = await res.text();
        assert.ok(res.status < 500, `${op.method} ${op.path}: ${res.status} ${text.slice(0, 300)}`);
        assert.notEqual(res.status, 415, `${op.method} ${op.path}: ${text}`);
      }
      assert.deepEqual(faults, []);
    });
  });
}

describe('descriptions without operations to answer', () => {
  test('a webhooks-only description starts and answers 404 route_not_found', async () => {
    const { doc, mock } = await mockOf(`${FIXTURES}mock-openapi31-webhooks-only.json`);
    assert.equal(mockOperations(doc).length, 0);
    const res = await mock.handle(new Request(`http://127.0.0.1${BASE}/buildFinished`, { method: 'POST' }));
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { code: string }).code, 'route_not_found');
  });
});

describe('the fixtures answer as their descriptions say', () => {
  test('a Swagger 2.0 apiKey in the query is a credential, not an unknown parameter', async () => {
    const { mock } = await mockOf(`${FIXTURES}mock-swagger2-petstore.yaml`);
    const ok = await mock.handle(new Request(`http://127.0.0.1${BASE}/store/inventory?api_key=k`));
    assert.equal(ok.status, 200);
    const missing = await mock.handle(new Request(`http://127.0.0.1${BASE}/store/inventory`));
    assert.equal(missing.status, 401);
    assert.match(((await missing.json()) as { detail: string }).detail, /query api_key/);
  });

  test('a form upload is accepted as sent', async () => {
    const { mock } = await mockOf(`${FIXTURES}mock-swagger2-petstore.yaml`);
    const form = new FormData();
    form.set('additionalMetadata', 'front');
    form.set('file', new Blob(['PNG…'], { type: 'image/png' }), 'rex.png');
    const res = await mock.handle(
      new Request(`http://127.0.0.1${BASE}/pet/1/uploadImage`, {
        method: 'POST',
        headers: { authorization: 'Bearer t' },
        body: form,
      }),
    );
    assert.equal(res.status, 200);
    assert.equal(typeof ((await res.json()) as { code: unknown }).code, 'number');
  });

  test('Prefer: code=404 and example=tweety pick the declared response and example', async () => {
    const { mock } = await mockOf(`${FIXTURES}mock-openapi30-shapes.yaml`);
    const url = `http://127.0.0.1${BASE}/animals/0b8e2c8e-3f2d-4c38-9a8a-1f0c0e9d1a11`;
    const auth = { authorization: 'Bearer t' };
    const tweety = await mock.handle(new Request(url, { headers: { ...auth, prefer: 'example=tweety' } }));
    assert.equal(tweety.status, 200);
    assert.equal(((await tweety.json()) as { name: string }).name, 'Tweety');
    const notFound = await mock.handle(new Request(url, { headers: { ...auth, prefer: 'code=404' } }));
    assert.equal(notFound.status, 404);
    assert.equal(notFound.headers.get('content-type'), 'application/problem+json');
    const csv = await mock.handle(
      new Request(`http://127.0.0.1${BASE}/animals`, { headers: { ...auth, accept: 'text/csv' } }),
    );
    assert.equal(csv.headers.get('content-type'), 'text/csv');
    assert.equal(await csv.text(), 'id,name\n1,Tom\n');
  });

  test('a circular schema answers a bounded body', async () => {
    const { mock } = await mockOf(`${FIXTURES}mock-openapi30-shapes.yaml`);
    const res = await mock.handle(
      new Request(`http://127.0.0.1${BASE}/enclosures/3/tree`, { headers: { authorization: 'Bearer t' } }),
    );
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.ok(text.length < 100_000, `${text.length} characters`);
    assert.equal((JSON.parse(text) as { name: string }).name, 'North savannah');
  });

  test('3.2: QUERY, an additional method, JSON Lines and server-sent events', async () => {
    const { mock } = await mockOf(`${FIXTURES}mock-openapi32-streams.yaml`);
    const headers = { 'x-api-token': 'k' };
    const query = await mock.handle(
      new Request(`http://127.0.0.1${BASE}/metrics`, {
        method: 'QUERY',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"prefix":"cpu"}',
      }),
    );
    assert.equal(query.status, 200);
    const purge = await mock.handle(new Request(`http://127.0.0.1${BASE}/metrics`, { method: 'PURGE', headers }));
    assert.equal(purge.status, 202);
    const lines = await mock.handle(new Request(`http://127.0.0.1${BASE}/metrics/cpu/samples`, { headers }));
    assert.equal(lines.headers.get('content-type'), 'application/jsonl');
    const items = (await lines.text()).trim().split('\n');
    assert.equal(items.length, 3);
    for (const item of items) assert.equal(typeof (JSON.parse(item) as { v: unknown }).v, 'number');
    const sse = await mock.handle(new Request(`http://127.0.0.1${BASE}/metrics/cpu/live`, { headers }));
    assert.equal(sse.headers.get('content-type'), 'text/event-stream');
    assert.match(await sse.text(), /^event: sample\n(id: .*\n)?data: \{"t":/);
    const named = await mock.handle(
      new Request(`http://127.0.0.1${BASE}/metrics`, { headers: { ...headers, prefer: 'example=empty' } }),
    );
    assert.deepEqual(await named.json(), []);
  });

  test('3.1: a body failing a JSON Schema 2020-12 rule is 400 problem details naming each field', async () => {
    const { mock } = await mockOf(`${FIXTURES}mock-openapi31-webhooks.yaml`);
    const post = (body: unknown) =>
      mock.handle(
        new Request(`http://127.0.0.1${BASE}/shipments`, {
          method: 'POST',
          headers: { authorization: 'Basic dTpw', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    // if/then: a US address needs a postcode; prefixItems with `items: false`: three numbers at most.
    const bad = await post({ to: { line1: 'x', country: 'US' }, parcels: [{}], dimensions: [1, 2, 3, 4] });
    assert.equal(bad.status, 400);
    // The description documents no error body: RFC 9457 problem details.
    assert.equal(bad.headers.get('content-type'), 'application/problem+json');
    const error = (await bad.json()) as { code: string; detail: string; status: number; errors: { name: string }[] };
    assert.equal(error.code, 'validation_failed');
    assert.equal(error.status, 400);
    assert.match(error.detail, /body\.to\.postcode: is required/);
    assert.match(error.detail, /body\.dimensions: must NOT have more than 3 items/);
    assert.deepEqual(
      error.errors.map((e) => e.name),
      ['body.to.postcode', 'body.dimensions'],
    );
    const good = await post({
      to: { line1: 'x', country: 'FR' },
      parcels: [{ weightGrams: 10 }],
      dimensions: [1, 2, 3],
    });
    assert.equal(good.status, 201);
    assert.equal(good.headers.get('location'), '/shipments/SH-0001');
  });
});
