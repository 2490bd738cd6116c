// Unit tests of the reference page's request guard decisions (site/reference/browser/guard.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  findHidden,
  hiddenMatchers,
  isMockUrl,
  mockAnswered,
  pathPattern,
} from '../../../site/reference/browser/guard.ts';

const matchers = hiddenMatchers([{ method: 'GET', path: '/store/orders' }]);

describe('findHidden', () => {
  test('refuses GET /store/orders on any server', () => {
    for (const url of [
      'http://127.0.0.1:4321/api/mock/store/orders',
      'http://127.0.0.1:4321/api/mock/store/orders/',
      'http://127.0.0.1:4321/api/mock/store/orders?petId=1&complete=false',
      'https://petstore.example.com/v1/store/orders',
      'http://127.0.0.1:4321/api/mock/store/%6Frders',
      // Runs of slashes: the mock answers these like /store/orders (an edited {base_url} ending in `//#`).
      'http://127.0.0.1:4321/api/mock/store/orders//',
      'http://127.0.0.1:4321/api/mock/store/orders///#/pets',
      'http://127.0.0.1:4321/api/mock/store//orders',
      'http://127.0.0.1:4321/api/mock/store/orders%2F%2F',
    ]) {
      assert.ok(findHidden('get', url, matchers), url);
    }
  });
  test('lets every other operation through', () => {
    assert.equal(findHidden('POST', 'http://h/api/mock/store/orders', matchers), null);
    assert.equal(findHidden('GET', 'http://h/api/mock/store/orders/1', matchers), null);
    assert.equal(findHidden('GET', 'http://h/api/mock/pets', matchers), null);
    assert.equal(findHidden('GET', 'http://h/api/mock/xstore/orders', matchers), null);
  });
  test('path templates match one segment per parameter', () => {
    const p = pathPattern('/store/orders/{orderId}');
    assert.ok(p.test('/v1/store/orders/7'));
    assert.ok(!p.test('/v1/store/orders/7/x'));
    assert.ok(!p.test('/v1/store/orders'));
  });
});

describe('mock detection', () => {
  test('the mock answers JSON, or nothing for 204', () => {
    assert.equal(mockAnswered(404, 'application/json; charset=utf-8'), true);
    assert.equal(mockAnswered(200, 'application/problem+json'), true);
    assert.equal(mockAnswered(204, null), true);
  });
  test("the mock's answer from a description (any media type, or no body) names RateLimit-Policy among its exposed headers", () => {
    const exposed = 'X-Total-Count, Link, RateLimit, RateLimit-Policy';
    assert.equal(mockAnswered(200, null, exposed), true);
    assert.equal(mockAnswered(200, 'application/xml', exposed), true);
    assert.equal(mockAnswered(200, null, 'RateLimit'), false);
    assert.equal(mockAnswered(200, null), false);
  });
  test('a static host answers HTML, or the request fails', () => {
    assert.equal(mockAnswered(404, 'text/html; charset=utf-8'), false);
    assert.equal(mockAnswered(200, 'text/html'), false);
    assert.equal(mockAnswered(null, null), false);
  });
  test('isMockUrl: same origin and under the base only', () => {
    assert.equal(isMockUrl('http://a:1/api/mock/pets', 'http://a:1', '/api/mock'), true);
    assert.equal(isMockUrl('/api/mock', 'http://a:1', '/api/mock'), true);
    assert.equal(isMockUrl('http://a:1/api/mockery', 'http://a:1', '/api/mock'), false);
    assert.equal(isMockUrl('http://b:1/api/mock/pets', 'http://a:1', '/api/mock'), false);
  });
});
