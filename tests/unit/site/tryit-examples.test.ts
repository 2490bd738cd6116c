// The try-it document of an operation with named examples (site/reference/model/tryit-document.ts):
// Scalar's client builds a request from one example name across the body and the parameters, so every
// name the page offers exists everywhere; an optional parameter is sent only in the example that names it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import {
  operationSchemes,
  requestExampleNames,
  sandboxScheme,
  tryItDocument,
} from '../../../site/reference/model/tryit-document.ts';

/** The parts of a try-it document these tests read. */
interface Doc {
  paths: Record<
    string,
    {
      post: {
        parameters: Array<{ examples: Record<string, { value: unknown; 'x-disabled'?: boolean }> }>;
        requestBody: { content: Record<string, { examples: Record<string, unknown> }> };
      };
    }
  >;
}

const doc = parse(readFileSync(new URL('../../fixtures/named-examples/openapi.yaml', import.meta.url), 'utf8'));

describe('try-it document with named examples', () => {
  test('the names of the JSON body, then of the parameters', () => {
    const op = doc.paths['/users'].post;
    assert.deepEqual(requestExampleNames(doc, op, doc.paths['/users']), [
      'userRegistration',
      'userRegistration alt',
      'admin',
    ]);
  });

  test('every name in the body and the parameters; an optional one is ticked only in its own example', () => {
    const out = tryItDocument(doc, 'post', '/users', [{ url: '/api/mock' }]) as unknown as Doc;
    const op = out.paths['/users']?.post;
    assert.ok(op);
    const body = op.requestBody.content['application/json']?.examples ?? {};
    assert.deepEqual(Object.keys(body), ['userRegistration', 'userRegistration alt', 'admin']);
    const dryRun = op.parameters[0]?.examples ?? {};
    assert.deepEqual(dryRun.userRegistration, { value: true, 'x-disabled': false });
    assert.equal(dryRun['userRegistration alt']?.['x-disabled'], true);
    assert.equal(dryRun.admin?.['x-disabled'], true);
    assert.equal(dryRun.default?.['x-disabled'], true);
  });

  test('a required parameter missing a name gets its first value for it', () => {
    const d = structuredClone(doc);
    d.paths['/users'].post.parameters = [
      {
        name: 'tenant',
        in: 'header',
        required: true,
        schema: { type: 'string' },
        examples: { admin: { value: 't-admin' } },
      },
    ];
    const out = tryItDocument(d, 'post', '/users', []) as unknown as Doc;
    const tenant = out.paths['/users']?.post.parameters[0]?.examples ?? {};
    assert.deepEqual(Object.keys(tenant).sort(), ['admin', 'userRegistration', 'userRegistration alt']);
    assert.equal(tenant.userRegistration?.value, 't-admin');
  });
  test("a parameter's single example (`default` after the upgrade) keeps an optional parameter unticked", () => {
    const d = structuredClone(doc);
    d.paths['/users'].post.parameters = [
      { name: 'limit', in: 'query', schema: { type: 'integer' }, examples: { default: { value: 20 } } },
    ];
    delete d.paths['/users'].post.requestBody;
    const out = tryItDocument(d, 'post', '/users', []) as unknown as Doc;
    assert.deepEqual(out.paths['/users']?.post.parameters[0]?.examples, { default: { value: 20, 'x-disabled': true } });
  });
  test('the scheme the sandbox token goes to: an API key or a bearer scheme, else none', () => {
    const with_ = (schemes: Record<string, unknown>) =>
      ({ openapi: '3.1.0', components: { securitySchemes: schemes } }) as never;
    assert.equal(
      sandboxScheme(with_({ partner_key: { type: 'apiKey', in: 'header', name: 'X-Partner-Key' } })),
      'partner_key',
    );
    assert.equal(sandboxScheme(with_({ b: { type: 'http', scheme: 'Bearer' } })), 'b');
    assert.equal(
      sandboxScheme(with_({ basic: { type: 'http', scheme: 'basic' }, o: { type: 'oauth2', flows: {} } })),
      null,
    );
    assert.equal(sandboxScheme(doc), 'bearerAuth');
  });
  test("the schemes try-it selects for an operation are the operation's, not the API's bearer scheme", () => {
    // ReadMe's security.yaml in small: one scheme of each kind, each operation needing its own.
    const schemes = {
      bearer: { type: 'http', scheme: 'bearer' },
      key_header: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
      key_query: { type: 'apiKey', in: 'query', name: 'apiKey' },
      basic: { type: 'http', scheme: 'basic' },
      oauth: { type: 'oauth2', flows: {} },
      mtls: { type: 'mutualTLS' },
    };
    const op = (security?: unknown) => ({ responses: {}, ...(security === undefined ? {} : { security }) });
    const d = {
      openapi: '3.0.3',
      security: [{ bearer: [] }],
      components: { securitySchemes: schemes },
      paths: {
        '/key': { put: op([{ key_header: [] }]) },
        '/global': { get: op() },
        '/public': { get: op([]) },
        '/optional': { get: op([{}, { key_query: [] }]) },
        '/basic-or-key': { post: op([{ basic: [] }, { key_query: [] }]) },
        '/basic': { post: op([{ basic: [] }]) },
        '/both': { post: op([{ key_header: [], key_query: [] }]) },
        '/undeclared': { post: op([{ nowhere: [] }]) },
        '/oauth': { delete: op([{ oauth: ['write:things'] }]) },
        '/mtls-or-basic': { get: op([{ mtls: [] }, { basic: [] }]) },
        '/mtls': { get: op([{ mtls: [] }]) },
      },
    } as never;
    const pick = (method: string, path: string) => operationSchemes(d, method, path, 'bearer');
    assert.equal(pick('put', '/key'), 'key_header', "the operation's own requirement");
    assert.equal(pick('get', '/global'), 'bearer', "the description's requirement when the operation has none");
    assert.equal(pick('get', '/public'), 'bearer', 'no requirement: the sandbox token still goes to the API scheme');
    assert.equal(pick('get', '/optional'), null, 'optional security ({}): sent without credentials');
    assert.equal(
      pick('post', '/basic-or-key'),
      'basic',
      "the description's first alternative: the token fills basic too",
    );
    assert.equal(pick('post', '/basic'), 'basic');
    assert.equal(pick('get', '/mtls-or-basic'), 'basic', 'an alternative the mock can be sent comes first');
    assert.equal(pick('get', '/mtls'), 'mtls', 'else what the operation needs (the page says it is not simulated)');
    assert.deepEqual(pick('post', '/both'), ['key_header', 'key_query'], 'schemes needed together');
    assert.equal(pick('post', '/undeclared'), 'bearer', 'a scheme the description does not declare is left out');
    assert.equal(pick('delete', '/oauth'), 'oauth');
    assert.equal(operationSchemes(doc, 'post', '/users', null), 'bearerAuth', "the fixture's one bearer scheme");
  });
});

describe('try-it document: required parameters without an example', () => {
  test('get a value from their schema (enum, default, format, type), so the first Send needs no typing', () => {
    const d = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      components: {
        parameters: { Id: { name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } } },
      },
      paths: {
        '/pets/{petId}': {
          parameters: [{ $ref: '#/components/parameters/Id' }],
          get: {
            parameters: [
              { name: 'status', in: 'query', required: true, schema: { type: 'string', enum: ['sold', 'available'] } },
              { name: 'size', in: 'query', required: true, schema: { type: 'integer', default: 20 } },
              { name: 'since', in: 'header', required: true, schema: { type: 'string', format: 'date' } },
              { name: 'given', in: 'query', required: true, example: 'mine', schema: { type: 'string' } },
              { name: 'session', in: 'cookie', required: true, schema: { type: 'string' } },
              { name: 'optional', in: 'query', schema: { type: 'string' } },
            ],
            responses: {},
          },
        },
      },
    } as never;
    const out = tryItDocument(d, 'get', '/pets/{petId}', []) as unknown as {
      paths: Record<
        string,
        { parameters: Array<Record<string, unknown>>; get: { parameters: Array<Record<string, unknown>> } }
      >;
    };
    const item = out.paths['/pets/{petId}'];
    assert.equal(item?.parameters[0]?.example, 0, 'an int64 path parameter: a number');
    const byName = Object.fromEntries((item?.get.parameters ?? []).map((p) => [p.name, p]));
    assert.equal(byName.status?.example, 'sold', 'the first enum value');
    assert.equal(byName.size?.example, 20, 'the default');
    assert.match(String(byName.since?.example), /^\d{4}-\d{2}-\d{2}$/, 'a date');
    assert.equal(byName.given?.example, 'mine', 'its own example stays');
    assert.equal(byName.session?.example, undefined, 'a cookie parameter is not made up');
    assert.equal(byName.optional?.example, undefined, 'an optional one stays unticked, without a made-up value');
  });
});
