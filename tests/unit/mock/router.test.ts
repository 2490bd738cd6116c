// The mock's compiled routing table (site/mock/route/router.ts) must route exactly like openapi-backend's
// own router (`OpenAPIRouter.matchOperation`) on the spec: same operation, same 404/405 decision.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Document, OpenAPIBackend, type Operation } from 'openapi-backend';
import { Router } from '../../../site/mock/route/router.ts';
import { testSpec } from '../../support/mock.ts';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

describe('router', () => {
  test('agrees with openapi-backend on every spec path, variants and methods', async () => {
    const api = new OpenAPIBackend({
      definition: structuredClone(testSpec()) as Document,
      quick: true,
      validate: false,
    });
    await api.init();
    const router = new Router(api.getOperations());
    const paths = new Set<string>(['/', '/pet', '/petss', '/store', '/store/orders/1/x', '//pets', '/pets/1/2']);
    for (const op of api.getOperations()) {
      for (const id of ['1', 'abc', '1e3', '9223372036854775808']) {
        const p = op.path.replace(/\{[^}]+\}/g, id);
        paths.add(p);
        paths.add(`${p}/`);
        paths.add(`${p}//`);
      }
    }
    let compared = 0;
    for (const path of paths) {
      for (const method of METHODS) {
        let expected: Operation | 404 | 405;
        try {
          expected = api.router.matchOperation({ method, path, headers: {} }, true);
        } catch (err) {
          expected = String(err).includes('405') ? 405 : 404;
        }
        const got = router.match(method, path);
        const actual = got.kind === 'operation' ? got.operation.operationId : got.kind === 'not_found' ? 404 : 405;
        assert.equal(actual, typeof expected === 'number' ? expected : expected.operationId, `${method} ${path}`);
        compared++;
      }
    }
    assert.ok(compared > 300, `compared ${compared}`);
  });

  test('methods of a path for Allow', () => {
    const router = new Router([
      { method: 'get', path: '/pets' },
      { method: 'post', path: '/pets' },
      { method: 'delete', path: '/pets/{petId}' },
      { method: 'get', path: '/pets/{petId}' },
    ]);
    assert.deepEqual(router.methods('/pets/'), ['GET', 'POST']);
    assert.deepEqual(router.methods('/pets/7'), ['GET', 'DELETE']);
    assert.deepEqual(router.methods('/cats'), []);
    assert.deepEqual(router.match('PUT', '/pets/7'), { kind: 'method_not_allowed', allowed: ['GET', 'DELETE'] });
  });
});
