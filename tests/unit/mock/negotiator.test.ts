// The negotiator alone (site/mock/answer/negotiate.ts): which status, media type and example an
// operation answers with, from its responses and the request's Accept and Prefer headers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { negotiate, parseAccept, parsePrefer } from '../../../site/mock/answer/negotiate.ts';
import { MockError } from '../../../site/mock/pipeline/errors.ts';

const doc = {
  openapi: '3.2.0',
  components: {
    responses: {
      NotFound: { description: 'no', content: { 'application/problem+json': { schema: { type: 'object' } } } },
    },
    examples: { Rex: { value: { name: 'Rex' } } },
  },
};

const ok = {
  description: 'ok',
  content: {
    'application/json': {
      schema: { type: 'object' },
      examples: { rex: { $ref: '#/components/examples/Rex' }, tom: { value: {} } },
    },
    'application/xml': { schema: { type: 'object' } },
    'text/csv': { schema: { type: 'string' } },
  },
};

const ask = (responses: Record<string, unknown>, accept: string | null = null, prefer: string | null = null) =>
  negotiate({ responses }, doc, { accept, prefer });

describe('status', () => {
  const cases: [string, Record<string, unknown>, string | null, number][] = [
    ['the first 2xx (status keys in ascending order, as parsed)', { '400': {}, '201': {}, '200': {} }, null, 200],
    ['a 201 when that is the success declared', { '400': {}, '201': {} }, null, 201],
    ['a 2XX range answers 200', { '2XX': {} }, null, 200],
    ['default when no 2xx is declared', { '404': {}, default: {} }, null, 200],
    ['a 3xx when that is all there is to succeed', { '302': {}, '400': {} }, null, 302],
    ['200 without a body when only errors are declared', { '404': {} }, null, 200],
    ['Prefer: code=404 picks the declared 404', { '200': {}, '404': {} }, 'code=404', 404],
    ['Prefer: code=404 through a 4XX range', { '200': {}, '4XX': {} }, 'code=404', 404],
    ['Prefer: code=409 through default', { '200': {}, default: {} }, 'code=409', 409],
  ];
  for (const [name, responses, prefer, status] of cases) {
    test(name, () => assert.equal(ask(responses, null, prefer).status, status));
  }

  test('Prefer naming an undeclared status is 400, naming the declared ones', () => {
    assert.throws(
      () => ask({ '200': {}, '404': {} }, null, 'code=418'),
      (e: unknown) =>
        e instanceof MockError &&
        e.code === 'validation_failed' &&
        e.message === 'header.Prefer: code=418 is not a response of this operation; declared: 200, 404',
    );
  });

  test('a response $ref is followed', () => {
    const n = ask({ '200': ok, '404': { $ref: '#/components/responses/NotFound' } }, null, 'code=404');
    assert.equal(n.mediaType, 'application/problem+json');
  });
});

describe('media type', () => {
  const cases: [string, string | null, string][] = [
    ['JSON first without Accept', null, 'application/json'],
    ['the type Accept names', 'text/csv', 'text/csv'],
    ['by quality', 'application/json;q=0.5, application/xml', 'application/xml'],
    ['a wildcard range takes the first declared that matches', 'text/*', 'text/csv'],
    ['*/* takes JSON', '*/*', 'application/json'],
    ['nothing acceptable: JSON rather than a 406', 'image/png', 'application/json'],
  ];
  for (const [name, accept, type] of cases) {
    test(name, () => assert.equal(ask({ '200': ok }, accept).mediaType, type));
  }

  test('a declared wildcard answers the concrete type asked for', () => {
    const n = ask({ '200': { description: 'file', content: { 'image/*': {} } } }, 'image/png');
    assert.equal(n.mediaType, 'image/png');
  });

  test('a response without content has no media type', () => {
    assert.equal(ask({ '204': { description: 'gone' } }).mediaType, undefined);
  });
});

describe('example', () => {
  test('Prefer: example=name picks a declared example', () => {
    assert.equal(ask({ '200': ok }, null, 'example=rex').example, 'rex');
  });

  test('an undeclared example is 400, naming the declared ones', () => {
    assert.throws(
      () => ask({ '200': ok }, null, 'example=felix'),
      (e: unknown) => e instanceof MockError && /example=felix .*examples: rex, tom/.test(e.message),
    );
  });
});

describe('header parsing', () => {
  test('Prefer: preferences by comma or semicolon, quoted values, unknown ones ignored', () => {
    assert.deepEqual(parsePrefer('respond-async, code=404; example="my cat"'), { code: 404, example: 'my cat' });
    assert.deepEqual(parsePrefer('code=abc, dynamic=true'), {});
    assert.deepEqual(parsePrefer(null), {});
  });

  test('Accept: best quality first, q=0 dropped, order kept among equals', () => {
    assert.deepEqual(
      parseAccept('text/html;q=0.2, application/json, application/xml;q=0, text/plain').map((r) => r.range),
      ['application/json', 'text/plain', 'text/html'],
    );
  });
});
