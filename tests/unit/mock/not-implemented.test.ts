// The mock built from a description other than Petstore's (PETSTORE_SPEC): it starts, routes and
// validates every operation, and answers the ones it has no behaviour for with 501 not_implemented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OpenAPIV3 } from 'openapi-types';
import { createMock } from '../../../site/mock/index.ts';

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
        responses: { '200': { description: 'OK' } },
      },
    },
  },
} as unknown as OpenAPIV3.Document;

test('operations without a handler answer 501 not_implemented, naming the operation', async () => {
  const mock = await createMock(spec, { basePath: '/api/mock' });
  const res = await mock.handle(new Request('http://site.test/api/mock/'));
  assert.equal(res.status, 501);
  assert.deepEqual(await res.json(), {
    code: 'not_implemented',
    message: 'meta/root: the mock has no behaviour for this operation',
    status: 501,
  });
});

test('they are still routed and validated like every other operation', async () => {
  const mock = await createMock(spec, { basePath: '/api/mock' });
  const bad = await mock.handle(new Request('http://site.test/api/mock/repos/octo?per_page=500'));
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { code: string }).code, 'validation_failed');
  const missing = await mock.handle(new Request('http://site.test/api/mock/nowhere'));
  assert.equal(missing.status, 404);
});
