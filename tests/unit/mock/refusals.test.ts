// How the mock words a refusal for an API other than the Petstore (site/mock/pipeline/refusal.ts):
// in the shape the description documents for that status (else its range, else `default`),
// generated from the schema with the reason written in; RFC 9457 problem details where nothing is
// documented. Run on two public descriptions (tests/fixtures/public): ReadMe's petstore-expanded
// (OpenAPI 3.0, documents `Error {code: int32, message}`) and the Swagger 2.0 Petstore (documents
// no error body); then the rule alone on shapes those two do not have.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import type { Description } from '../../../descriptions/json.ts';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { createMock, type Mock } from '../../../site/mock/index.ts';
import { MockError } from '../../../site/mock/pipeline/errors.ts';
import { documentedRefusal, fillReason, PROBLEM_JSON, refusalAnswer } from '../../../site/mock/pipeline/refusal.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';

const PUBLIC = new URL('../../fixtures/public/', import.meta.url);
const BASE = 'http://127.0.0.1/api/mock';

async function mockOf(file: string): Promise<Mock> {
  return createMock(await loadDescription(new URL(file, PUBLIC).pathname), {
    basePath: '/api/mock',
    rateLimit: { limit: 3, windowS: 60 },
    onError: (err) => {
      throw new Error(`unexpected fault: ${String(err)}`);
    },
  });
}

async function call(mock: Mock, method: string, path: string, init: RequestInit = {}) {
  const res = await mock.handle(new Request(`${BASE}${path}`, { method, ...init }));
  const text = await res.text();
  return { res, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe("ReadMe's petstore-expanded (OpenAPI 3.0): refusals in its documented `Error {code, message}`", () => {
  const raw = JSON.parse(readFileSync(new URL('readme-petstore-expanded-3.0.json', PUBLIC), 'utf8'));
  // The shape the reference page documents for every operation's `default` response.
  const errorSchema = { ...raw.components.schemas.Error, additionalProperties: false };
  const isError = new Ajv({ strict: false }).compile(errorSchema);
  let mock: Mock;
  before(async () => {
    mock = await mockOf('readme-petstore-expanded-3.0.json');
  });

  test('POST /pets without `name`: 400 in the Error shape, the status in `code`, the reason in `message`', async () => {
    const { res, body, text } = await call(mock, 'POST', '/pets', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tag: 'dog' }),
    });
    assert.equal(res.status, 400, text);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.ok(isError(body), `${text} is not the documented Error: ${JSON.stringify(isError.errors)}`);
    assert.deepEqual(body, { code: 400, message: 'body.name: is required' });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  test("the reference page's documented error and the mock's refusal: one media type, the same members and types", async () => {
    const { document } = await loadDescription(new URL('readme-petstore-expanded-3.0.json', PUBLIC).pathname);
    const model = buildReferenceModel(document as OpenApiDocument, { buildDate: '2026-01-01' });
    const summary = model.operations.find((o) => o.operationId === 'addPet');
    assert.ok(summary);
    const media = model.operationView(summary).responses.find((r) => r.status === 'default')?.contents[0];
    const shown = JSON.parse(media?.examples[0]?.value ?? 'null') as Record<string, unknown>;
    const { res, body } = await call(mock, 'POST', '/pets', {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(res.headers.get('content-type'), media?.mediaType);
    const shape = (v: Record<string, unknown>) => Object.entries(v).map(([k, x]) => [k, typeof x]);
    assert.deepEqual(shape(body), shape(shown));
  });

  test('malformed JSON, an unknown path, a method the path lacks, the rate limit: each in the Error shape', async () => {
    const malformed = await call(mock, 'POST', '/pets', {
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    assert.equal(malformed.res.status, 400);
    assert.ok(isError(malformed.body), malformed.text);
    assert.match(String(malformed.body.message), /^body: not valid JSON/);

    const unknown = await call(mock, 'GET', '/nowhere');
    assert.equal(unknown.res.status, 404);
    assert.deepEqual(unknown.body, { code: 404, message: 'no operation at GET /nowhere' });

    const method = await call(mock, 'PATCH', '/pets');
    assert.equal(method.res.status, 405);
    assert.equal(method.res.headers.get('allow'), 'GET, POST');
    assert.ok(isError(method.body), method.text);
    assert.equal(method.body.code, 405);

    let limited = await call(mock, 'GET', '/pets/1');
    while (limited.res.status === 200) limited = await call(mock, 'GET', '/pets/1');
    assert.equal(limited.res.status, 429, limited.text);
    assert.ok(isError(limited.body), limited.text);
    assert.equal(limited.body.code, 429);
    assert.ok(limited.res.headers.get('retry-after'));
  });
});

describe('the Swagger 2.0 Petstore (no error body documented): RFC 9457 problem details', () => {
  let mock: Mock;
  before(async () => {
    mock = await mockOf('readme-petstore-2.0.json');
  });
  const auth = { authorization: 'Bearer t', 'content-type': 'application/json' };

  test('POST /pet without `name` and `photoUrls`: 400 problem+json naming each failing field', async () => {
    const { res, body, text } = await call(mock, 'POST', '/pet', { headers: auth, body: JSON.stringify({ id: 1 }) });
    assert.equal(res.status, 400, text);
    assert.equal(res.headers.get('content-type'), PROBLEM_JSON);
    assert.deepEqual(body, {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'body.name: is required; body.photoUrls: is required',
      code: 'validation_failed',
      errors: [
        { name: 'body.name', pointer: '#/name', reason: 'is required' },
        { name: 'body.photoUrls', pointer: '#/photoUrls', reason: 'is required' },
      ],
    });
  });

  test('credentials, an unknown path, a wrong media type: problem details with their status and code', async () => {
    const anon = await call(mock, 'POST', '/pet', { body: '{}', headers: { 'content-type': 'application/json' } });
    assert.equal(anon.res.status, 401);
    assert.equal(anon.res.headers.get('content-type'), PROBLEM_JSON);
    assert.ok(anon.res.headers.get('www-authenticate'));
    assert.equal(anon.body.title, 'Unauthorized');
    assert.equal(anon.body.code, 'unauthorized');
    assert.equal(anon.body.errors, undefined, 'no field failed');

    const unknown = await call(mock, 'GET', '/nowhere');
    assert.deepEqual(
      [unknown.res.status, unknown.res.headers.get('content-type'), unknown.body.title, unknown.body.status],
      [404, PROBLEM_JSON, 'Not Found', 404],
    );

    const media = await call(mock, 'POST', '/pet', { headers: { ...auth, 'content-type': 'text/csv' }, body: 'a,b' });
    assert.equal(media.res.status, 415);
    assert.equal(media.body.title, 'Unsupported Media Type');
    assert.match(String(media.body.detail), /text\/csv/);
  });
});

describe('the rule alone', () => {
  const err = new MockError('validation_failed', 'body.name: is required');
  const doc: Description = {
    openapi: '3.1.0',
    components: {
      schemas: {
        OAuth: {
          type: 'object',
          properties: { error: { type: 'string' }, error_description: { type: 'string', maxLength: 8 } },
        },
        Nested: {
          type: 'object',
          properties: {
            error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
          },
        },
        Coded: {
          type: 'object',
          properties: {
            code: { type: 'string', enum: ['bad_input', 'validation_failed'] },
            kind: { type: 'string', enum: ['x'] },
            text: { type: 'string' },
          },
        },
        Problem: {
          type: 'object',
          properties: {
            type: { type: 'string', format: 'uri' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
          },
        },
      },
    },
  };
  const filled = (name: string) =>
    fillReason(doc, { $ref: `#/components/schemas/${name}` }, { error: 'string', error_description: 'string' }, err);

  test('the message field by name; a string `error` beside it takes the code; maxLength is kept', () => {
    assert.deepEqual(filled('OAuth'), { error: 'validation_failed', error_description: 'body.nam' });
  });
  test('one level down in an `error` object: the status in its integer `code`', () => {
    const value = fillReason(
      doc,
      { $ref: '#/components/schemas/Nested' },
      { error: { code: 0, message: 'string' } },
      err,
    );
    assert.deepEqual(value, { error: { code: 400, message: 'body.name: is required' } });
  });
  test('a code enum listing the refusal takes it; without a message name, the first free-text string', () => {
    const value = fillReason(
      doc,
      { $ref: '#/components/schemas/Coded' },
      { code: 'bad_input', kind: 'x', text: 's' },
      err,
    );
    assert.deepEqual(value, { code: 'validation_failed', kind: 'x', text: 'body.name: is required' });
  });
  test('a documented problem shape: the reason in `detail`, the phrase in `title`, the status in `status`', () => {
    const generated = { type: 'http://example.com', title: 'string', status: 0, detail: 'string' };
    assert.deepEqual(fillReason(doc, { $ref: '#/components/schemas/Problem' }, generated, err), {
      type: 'http://example.com',
      title: 'Bad Request',
      status: 400,
      detail: 'body.name: is required',
    });
  });
  test('a plain-text error response: the body is the reason, under its media type', () => {
    const api = {
      doc,
      responses: [],
    };
    const responses = { '4XX': { description: 'no', content: { 'text/plain': { schema: { type: 'string' } } } } };
    assert.deepEqual(refusalAnswer(err, api, responses), {
      status: 400,
      headers: { 'Content-Type': 'text/plain' },
      body: 'body.name: is required',
    });
  });
  test('the status first, then its range, then default; a response without a schema documents no shape', () => {
    const json = (title: string) => ({ content: { 'application/json': { schema: { title } } } });
    const responses = {
      default: json('default'),
      '4XX': json('range'),
      '404': json('exact'),
      '400': { description: 'none' },
    };
    const pick = (status: number) =>
      (documentedRefusal(doc, responses, status)?.media.schema as { title?: string } | undefined)?.title;
    assert.equal(pick(404), 'exact');
    assert.equal(pick(400), 'range');
    assert.equal(pick(500), 'default');
  });
});
