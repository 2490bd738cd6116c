// A two-version site built for real and served as `npm start` serves it: the description 2.0.0
// (getPet removed) with its release record listing 1.0.0 (getPet present) beside it. The older
// version's mock answers under /api/mock/@1.0.0/, the current one under /api/mock/, its try-it
// documents send to its own mock, and MCP's tools take the version.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse, stringify } from 'yaml';
import { buildDescription } from '../../support/built-pages.ts';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';

const OUT = join(ROOT, '.test-dist', 'mock-versions');
const HISTORY = join(OUT, 'history');
const AUTH = { authorization: 'Bearer versions-test' };

/** spec/openapi.yaml as released 1.0.0, and a 2.0.0 working description without getPet. */
function writeHistory(): { spec: string; changelog: string } {
  mkdirSync(join(HISTORY, 'released'), { recursive: true });
  copyFileSync(join(ROOT, 'spec/openapi.yaml'), join(HISTORY, 'released/1.0.0.yaml'));
  const doc = parse(readFileSync(join(ROOT, 'spec/openapi.yaml'), 'utf8')) as {
    info: { version: string };
    paths: Record<string, Record<string, unknown>>;
  };
  doc.info.version = '2.0.0';
  delete doc.paths['/pets/{petId}']?.get;
  const spec = join(HISTORY, 'openapi.yaml');
  writeFileSync(spec, stringify(doc));
  copyFileSync(spec, join(HISTORY, 'released/2.0.0.yaml'));
  const removed = {
    change: 'removed',
    method: 'GET',
    path: '/pets/{petId}',
    operationId: 'getPet',
    breaking: true,
    notes: [],
  };
  const added = {
    change: 'added',
    method: 'GET',
    path: '/pets/{petId}',
    operationId: 'getPet',
    breaking: false,
    notes: [],
    sunset: '2026-06-30',
  };
  const changelog = join(HISTORY, 'changelog.json');
  writeFileSync(
    changelog,
    JSON.stringify({
      releases: [
        { version: '2.0.0', date: '2026-07-01', breaking: true, operations: [removed], other: [] },
        { version: '1.0.0', date: '2026-01-01', breaking: false, operations: [added], other: [] },
      ],
    }),
  );
  return { spec, changelog };
}

describe('a two-version site (2.0.0 current, 1.0.0 published)', () => {
  let site: RunningSite;
  before(async () => {
    rmSync(OUT, { recursive: true, force: true });
    const { spec, changelog } = writeHistory();
    const dist = join(OUT, 'dist');
    const built = buildDescription(spec, dist, {
      PETSTORE_CHANGELOG: changelog,
      PETSTORE_VERSIONS: 'all',
      BUILD_DATE: '2026-07-02',
    });
    assert.equal(built.status, 0, built.output.slice(-4000));
    // No PETSTORE_SPEC or PETSTORE_CHANGELOG: the server reads both, and the versions, from the build.
    const env: Record<string, string> = { DIST_DIR: relative(ROOT, dist), MOCK_RATE_LIMIT: '0' };
    site = await startSite(env);
  });
  after(async () => {
    await site?.stop();
    rmSync(OUT, { recursive: true, force: true });
  });

  test('the build records the older version and its description file', () => {
    const record = (
      JSON.parse(readFileSync(join(OUT, 'dist', '.built-from.json'), 'utf8')) as {
        apis: Array<{ version: string; versions: Array<{ version: string; file: string }> }>;
      }
    ).apis[0] as { version: string; versions: Array<{ version: string; file: string }> };
    assert.equal(record.version, '2.0.0');
    assert.deepEqual(record.versions, [{ version: '1.0.0', file: join(HISTORY, 'released', '1.0.0.yaml') }]);
  });

  test("GET /api/mock/@1.0.0/pets/1 answers 200 from 1.0.0's description", async () => {
    const res = await fetch(`${site.url}/api/mock/@1.0.0/pets/1`, { headers: AUTH });
    assert.equal(res.status, 200);
    const pet = (await res.json()) as { name?: unknown };
    assert.equal(typeof pet.name, 'string');
  });

  test('GET /api/mock/pets/1 in 2.0.0, where getPet is removed, is 405 method_not_allowed', async () => {
    const res = await fetch(`${site.url}/api/mock/pets/1`, { headers: AUTH });
    assert.equal(res.status, 405);
    assert.equal(((await res.json()) as { code: string }).code, 'method_not_allowed');
  });

  test('an unknown version is 404 version_not_found listing the published versions', async () => {
    const res = await fetch(`${site.url}/api/mock/@0.9.0/pets`, { headers: AUTH });
    assert.equal(res.status, 404);
    const body = (await res.json()) as { code: string; versions: string[] };
    assert.equal(body.code, 'version_not_found');
    assert.deepEqual(body.versions, ['2.0.0', '1.0.0']);
  });

  test("each version's try-it documents send to its own mock", async () => {
    const older = await fetch(`${site.url}/reference/1.0.0/tryit/get-pet.json`);
    assert.equal(older.status, 200);
    const data = (await older.json()) as { mockBase: string; servers: Array<{ url: string }> };
    assert.equal(data.mockBase, '/api/mock/@1.0.0');
    assert.match(data.servers[0]?.url ?? '', /\/api\/mock\/@1\.0\.0$/);
    const current = (await (await fetch(`${site.url}/reference/tryit/list-pets.json`)).json()) as { mockBase: string };
    assert.equal(current.mockBase, '/api/mock');
    assert.equal((await fetch(`${site.url}/reference/tryit/get-pet.json`)).status, 404);
  });

  test('MCP call_mock: getPet with version 1.0.0 answers; without a version it is an unknown operation', async () => {
    const client = new Client({ name: 'versions-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`)));
    try {
      const older = await client.callTool({
        name: 'call_mock',
        arguments: { operationId: 'getPet', parameters: { petId: 1 }, version: '1.0.0' },
      });
      assert.notEqual(older.isError, true, JSON.stringify(older.content));
      assert.equal((older.structuredContent as { status: number }).status, 200);

      const current = await client.callTool({
        name: 'call_mock',
        arguments: { operationId: 'getPet', parameters: { petId: 1 } },
      });
      assert.equal(current.isError, true);
      assert.match(JSON.stringify(current.content), /operationId: no operation \\"getPet\\"/);

      const unknown = await client.callTool({ name: 'list_operations', arguments: { version: '0.9.0' } });
      assert.equal(unknown.isError, true);
      assert.match(JSON.stringify(unknown.content), /version: no published version \\"0\.9\.0\\".*2\.0\.0, 1\.0\.0/);

      const search = await client.callTool({
        name: 'search_docs',
        arguments: { query: 'get a pet', version: '1.0.0' },
      });
      const urls = (search.structuredContent as { results: Array<{ url: string }> }).results.map((r) => r.url);
      // Absolute (on the primary domain): a client has no page to resolve a path against.
      assert.ok(
        urls.length > 0 && urls.every((u) => /^https?:\/\/[^/]+\/reference\/1\.0\.0\//.test(u)),
        urls.join(' '),
      );
    } finally {
      await client.close();
    }
  });
});
