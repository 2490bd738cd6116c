// spec/openapi.yaml as a whole: valid OpenAPI 3.0.3, no findings under the Spectral ruleset
// (.spectral.yaml), and the operations of the design (spec/README.md, "Operations").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { listOperations } from '../../../descriptions/operations.ts';
import { SPEC_PATH, writtenSpec } from '../../support/spec.ts';
import { lint } from '../../support/spectral.ts';

const doc = writtenSpec();
const operations = (d: typeof doc) =>
  listOperations(d).map(({ method, path, operation }) => ({ method, path, op: operation }));

/** The operations table of spec/README.md: operationId → [method path, tag, x-stability, success status]. */
const DESIGN: Record<string, [string, string, string | undefined, string]> = {
  listPets: ['GET /pets', 'Animals', undefined, '200'],
  createPet: ['POST /pets', 'Animals', undefined, '201'],
  getPet: ['GET /pets/{petId}', 'Animals', undefined, '200'],
  replacePet: ['PUT /pets/{petId}', 'Animals', undefined, '200'],
  deletePet: ['DELETE /pets/{petId}', 'Animals', undefined, '204'],
  listCategories: ['GET /categories', 'Categories', undefined, '200'],
  createCategory: ['POST /categories', 'Categories', undefined, '201'],
  getCategory: ['GET /categories/{categoryId}', 'Categories', undefined, '200'],
  replaceCategory: ['PUT /categories/{categoryId}', 'Categories', undefined, '200'],
  deleteCategory: ['DELETE /categories/{categoryId}', 'Categories', undefined, '204'],
  listOrders: ['GET /store/orders', 'Orders', undefined, '200'],
  placeOrder: ['POST /store/orders', 'Orders', undefined, '201'],
  getOrder: ['GET /store/orders/{orderId}', 'Orders', undefined, '200'],
  replaceOrder: ['PUT /store/orders/{orderId}', 'Orders', 'experimental', '200'],
  cancelOrder: ['DELETE /store/orders/{orderId}', 'Orders', undefined, '204'],
  listInventory: ['GET /store/inventory', 'Inventory', 'beta', '200'],
  getInventoryItem: ['GET /store/inventory/{petId}', 'Inventory', 'beta', '200'],
  updateInventory: ['PUT /store/inventory/{petId}', 'Inventory', 'beta', '200'],
};

describe('spec/openapi.yaml', () => {
  test('is a valid OpenAPI 3.0.3 document (swagger-parser)', async () => {
    // swagger-parser dereferences in place: give it a copy.
    const api = await SwaggerParser.validate(structuredClone(doc) as unknown as OpenAPI.Document);
    assert.equal((api as { openapi?: string }).openapi, '3.0.3');
  });

  test('has no findings under .spectral.yaml (what `npm run lint:spec` and editors report)', async () => {
    assert.deepEqual(await lint(readFileSync(SPEC_PATH, 'utf8')), []);
  });

  test('has exactly the operations of the design, with their tag, stability and success status', () => {
    const actual = Object.fromEntries(
      operations(doc).map((o) => {
        const success = Object.keys(o.op.responses as object).find((s) => /^2\d\d$/.test(s)) ?? '';
        const tag = (o.op.tags as string[])[0] ?? '';
        const stability = o.op['x-stability'] as string | undefined;
        return [o.op.operationId as string, [`${o.method.toUpperCase()} ${o.path}`, tag, stability, success]];
      }),
    );
    assert.deepEqual(actual, DESIGN);
  });

  test('getPet is deprecated with the design dates and its successor', () => {
    const getPet = operations(doc).find((o) => o.op.operationId === 'getPet');
    assert.ok(getPet);
    assert.equal(getPet.op.deprecated, true);
    assert.equal(getPet.op['x-deprecated-sunset'], '2027-06-30');
    assert.equal(getPet.op['x-deprecated-since'], '2026-09-01');
    assert.match(getPet.op.description as string, /30 June 2027/);
    assert.match(getPet.op.description as string, /GET \/pets\?ids=\{petId\}/);
  });
});
