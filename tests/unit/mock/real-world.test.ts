// Shapes found in public descriptions (APIs.guru's directory, bench/corpus.ts) that the mock must take
// as their authors meant them: path keys with a trailing slash or a query written in, path
// parameters side by side or as arrays, patterns written for Java, two templates for one path, two
// schemes on one Authorization header.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMock } from '../../../site/mock/index.ts';
import { portablePattern } from '../../../site/mock/request/pattern.ts';

const ok = (schema: Record<string, unknown> = { type: 'object', properties: { ok: { type: 'boolean' } } }) => ({
  '200': { description: 'OK', content: { 'application/json': { schema } } },
});
const pathParam = (name: string, schema: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name,
  in: 'path',
  required: true,
  schema,
  ...extra,
});

const spec = {
  openapi: '3.0.0',
  info: { title: 'Shapes', version: '1' },
  paths: {
    '/backup/plans/': { get: { operationId: 'listPlans', responses: ok() } },
    '/backup/plans/{id}/': {
      get: { operationId: 'getPlan', parameters: [pathParam('id', { type: 'string' })], responses: ok() },
    },
    '/backup/plans/{id}': {
      delete: { operationId: 'deletePlan', parameters: [pathParam('id', { type: 'string' })], responses: ok() },
    },
    '/export?filename={filename}': {
      get: {
        operationId: 'exportFile',
        parameters: [pathParam('filename', { type: 'string', minLength: 3 })],
        responses: ok(),
      },
    },
    '/?Action=ListUsers': { get: { operationId: 'listUsers', responses: ok({ type: 'string', enum: ['users'] }) } },
    '/?Action=ListGroups': { get: { operationId: 'listGroups', responses: ok({ type: 'string', enum: ['groups'] }) } },
    '/blog/{page}{ext}': {
      get: {
        operationId: 'blogPage',
        parameters: [pathParam('page', { type: 'string' }), pathParam('ext', { type: 'string', enum: ['.json'] })],
        responses: ok(),
      },
    },
    '/lines/{modes}': {
      get: {
        operationId: 'linesByMode',
        parameters: [pathParam('modes', { type: 'array', items: { type: 'string', enum: ['tube', 'bus', 'dlr'] } })],
        responses: ok(),
      },
    },
    '/collection/{id}': {
      get: { operationId: 'collectionById', parameters: [pathParam('id', { type: 'integer' })], responses: ok() },
    },
    '/collection/{slug}': {
      get: {
        operationId: 'collectionBySlug',
        parameters: [pathParam('slug', { type: 'string' }), pathParam('code2', { type: 'string', maxLength: 2 })],
        responses: ok(),
      },
    },
    '/genres/{id}/mix': {
      get: {
        operationId: 'mixById',
        parameters: [pathParam('id', { type: 'string', format: 'uuid' })],
        responses: { '200': { description: 'ok', content: { 'application/json': { example: 'by id' } } } },
      },
    },
    '/genres/{name}/mix': {
      get: {
        operationId: 'mixByName',
        parameters: [pathParam('name', { type: 'string' })],
        responses: { '200': { description: 'ok', content: { 'application/json': { example: 'by name' } } } },
      },
    },
    '/vaults/{name}': {
      get: {
        operationId: 'getVault',
        parameters: [pathParam('name', { type: 'string', pattern: '^[a-zA-Z0-9\\-\\_]{2,50}$' })],
        responses: ok(),
      },
    },
    '/catalog': {
      get: { operationId: 'catalog', security: [{ basic: [], token: [] }], responses: ok() },
    },
  },
  components: {
    securitySchemes: {
      basic: { type: 'http', scheme: 'basic' },
      token: { type: 'apiKey', in: 'header', name: 'Authorization' },
    },
  },
};

async function get(path: string, headers: Record<string, string> = {}) {
  const mock = await createMock(structuredClone(spec), { basePath: '/api/mock', rateLimit: false });
  const res = await mock.handle(new Request(`http://site.test/api/mock${path}`, { headers }));
  return { status: res.status, body: await res.text() };
}

describe('paths as real descriptions write them', () => {
  test('a path key with a trailing slash answers with or without it', async () => {
    assert.equal((await get('/backup/plans/')).status, 200);
    assert.equal((await get('/backup/plans')).status, 200);
  });

  test('the same path with and without a trailing slash: each method finds its own template', async () => {
    assert.equal((await get('/backup/plans/p1/')).status, 200);
    assert.equal((await get('/backup/plans/p1')).status, 200);
  });

  test('a query written into the path key: routed by its path, its variables read from the query', async () => {
    assert.equal((await get('/export?filename=report.csv')).status, 200);
    const short = await get('/export?filename=ab');
    assert.equal(short.status, 400);
    assert.match(short.body, /path\.filename: must NOT have fewer than 3 characters/);
  });

  test('literal query values in path keys tell operations on one path apart', async () => {
    assert.equal((await get('/?Action=ListGroups')).body, '"groups"');
    assert.equal((await get('/?Action=ListUsers')).body, '"users"');
  });

  test('two parameters side by side split where the enum says', async () => {
    assert.equal((await get('/blog/hello-world.json')).status, 200);
    assert.equal((await get('/blog/hello-world.xml')).status, 400);
  });

  test('an array path parameter reads a comma-separated list (style simple)', async () => {
    assert.equal((await get('/lines/tube,bus')).status, 200);
    assert.equal((await get('/lines/tube')).status, 200);
    const bad = await get('/lines/tube,boat');
    assert.equal(bad.status, 400);
    assert.match(bad.body, /path\.modes\[1\]/);
  });

  test('of two templates for one path, the one whose parameters fit is taken', async () => {
    assert.equal((await get('/collection/42')).status, 200);
    // `slug` is a string: `/collection/{id}` would refuse it as not an integer.
    assert.equal((await get('/collection/my-icons')).status, 200);
    // A UUID tells them apart too (descriptions generated from .NET: Jellyfin's `/MusicGenres/{id}/InstantMix`).
    assert.equal((await get('/genres/5f0c6a3e-8d1b-4c59-9a8e-0e6c2f1d7b10/mix')).body, '"by id"');
    assert.equal((await get('/genres/jazz/mix')).body, '"by name"');
  });

  test('a path parameter the path does not name is not asked for', async () => {
    assert.equal((await get('/collection/my-icons')).status, 200);
  });
});

describe('patterns written for other regex engines', () => {
  test('needless escapes and Java classes are read as meant; an unreadable pattern is no check', () => {
    assert.equal(portablePattern('^[a-z\\-\\_]+$'), '^[a-z\\-_]+$');
    assert.equal(portablePattern('^\\p{XDigit}{8}$'), '^[0-9A-Fa-f]{8}$');
    assert.equal(portablePattern('^a{,2}$'), '^a{0,2}$');
    assert.equal(portablePattern('(?s).+'), '[\\s\\S]+');
    assert.equal(portablePattern('^\\d+$'), '^\\d+$');
    assert.equal(portablePattern('[a-z'), undefined);
  });

  test('the mock checks such a pattern instead of leaving the request unchecked', async () => {
    assert.equal((await get('/vaults/my_vault-1')).status, 200);
    const bad = await get('/vaults/no%20spaces');
    assert.equal(bad.status, 400);
    assert.match(bad.body, /path\.name: must match pattern/);
  });
});

test('two schemes of one requirement on the Authorization header: one value carries both', async () => {
  assert.equal((await get('/catalog', { authorization: 'Basic dGVzdDp0ZXN0' })).status, 200);
  assert.equal((await get('/catalog', { authorization: 'some-token' })).status, 200);
  assert.equal((await get('/catalog')).status, 401);
});
