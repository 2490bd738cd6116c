// Unit tests of the docs' MCP server (site/mcp/): the search index, call_mock's request plan and its
// refusals, and the four tools through the SDK's client over an in-memory transport, with the real
// mock core in process. The HTTP endpoint is tested over loopback in tests/integration/agents/.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { agentOrigin, LOCAL_ORIGIN, primaryOrigin, requestOrigin } from '../../../site/agents/origin.ts';
import { agentPages } from '../../../site/agents/pages.ts';
import { planMockCall } from '../../../site/mcp/call.ts';
import { buildCorpus } from '../../../site/mcp/corpus.ts';
import { sandboxTokens } from '../../../site/mcp/index.ts';
import { buildSearchIndex, excerpt, terms } from '../../../site/mcp/search.ts';
import { createDocsServer } from '../../../site/mcp/server.ts';
import { createMock } from '../../../site/mock/index.ts';
import { mapReference } from '../../../site/reference/explorer/map.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { SPEC_PATH, writtenSpec } from '../../support/spec.ts';

const BUILD_DATE = '2026-11-23';
const doc = writtenSpec(SPEC_PATH) as unknown as OpenApiDocument;
const model = buildReferenceModel(doc, { buildDate: BUILD_DATE });
const { deprecations, stability } = mapReference(doc, { buildDate: BUILD_DATE });
const corpus = buildCorpus(agentPages({ model, guides: [], buildDate: BUILD_DATE, deprecations, stability }), model);
const ctx = { mockBase: '/api/mock', token: 't', operationIds: corpus.operations.map((o) => o.operationId) };

describe('search index', () => {
  test('terms split camelCase and drop plural s', () => {
    assert.deepEqual(terms("getInventoryItem pets pet's class"), [
      'get',
      'inventory',
      'item',
      'getinventoryitem',
      'pet',
      'pet',
      'class',
    ]);
  });
  test('ranks by BM25 with title weight; excerpts the matching line', () => {
    const index = buildSearchIndex([
      { id: 'a', title: 'Cats', text: '# Cats\n\nAll about cats.\n\nDogs are mentioned once.' },
      { id: 'b', title: 'Dogs', text: '# Dogs\n\nDogs, dogs and more dogs.' },
      { id: 'c', title: 'Birds', text: '# Birds\n\nNothing here.' },
    ]);
    const hits = index.search('dog');
    assert.deepEqual(
      hits.map((h) => h.id),
      ['b', 'a'],
    );
    assert.equal(hits[1]?.excerpt, 'Dogs are mentioned once.');
    assert.equal(excerpt('# T\n\nalpha\n\n```\nbeta gamma\n```\n\nbeta and gammas', 'beta gamma'), 'beta and gammas');
    assert.deepEqual(index.search('zebra'), []);
  });
  test('finds getInventoryItem by "inventory" among the first results', () => {
    const ids = corpus.index.search('inventory', 5).map((h) => corpus.find({ url: h.id })?.operationId);
    assert.ok(ids.includes('getInventoryItem'), String(ids));
  });
});

describe('call_mock plan', () => {
  const op = (id: string) => corpus.operation(id);
  test('path parameters are encoded, dots included; query parameters appended; the token set', () => {
    const r = planMockCall(op('getPet'), { operationId: 'getPet', parameters: { petId: '../../x' } }, ctx);
    assert.ok(r.ok);
    assert.equal(r.call.target, '/api/mock/pets/%2E%2E%2F%2E%2E%2Fx');
    assert.equal(r.call.headers.authorization, 'Bearer t');
    const q = planMockCall(
      op('listPets'),
      { operationId: 'listPets', parameters: { status: 'sold', ids: [1, 2] } },
      ctx,
    );
    assert.ok(q.ok);
    assert.equal(q.call.target, '/api/mock/pets?status=sold&ids=1%2C2');
  });
  test('refusals name the argument', () => {
    const cases: Array<[string | undefined, Parameters<typeof planMockCall>[1], string, string]> = [
      ['nope', { operationId: 'nope' }, 'operationId', 'unknown_operation'],
      ['listOrders', { operationId: 'listOrders' }, 'operationId', 'try_it_disabled'],
      ['getPet', { operationId: 'getPet', parameters: { id: 1 } }, 'parameters.id', 'unknown_parameter'],
      ['getPet', { operationId: 'getPet' }, 'parameters.petId', 'missing_parameter'],
      [
        'listPets',
        { operationId: 'listPets', parameters: { Authorization: 'x' } },
        'parameters.Authorization',
        'unknown_parameter',
      ],
      ['listPets', { operationId: 'listPets', body: {} }, 'body', 'no_body'],
      ['createPet', { operationId: 'createPet' }, 'body', 'missing_body'],
      ['getPet', { operationId: 'getPet', parameters: { petId: [1, 2] } }, 'parameters.petId', 'bad_value'],
    ];
    for (const [id, args, argument, code] of cases) {
      const r = planMockCall(id ? op(id) : undefined, args, ctx);
      assert.ok(!r.ok, JSON.stringify(args));
      assert.equal(r.refusal.argument, argument);
      assert.equal(r.refusal.code, code);
      assert.ok(r.refusal.message.startsWith(`${argument}: `), r.refusal.message);
    }
  });
  test('sandbox tokens: one per session, stable, not guessable from the id', () => {
    const tokens = sandboxTokens(Buffer.alloc(32, 1));
    assert.equal(tokens('s1'), tokens('s1'));
    assert.notEqual(tokens('s1'), tokens('s2'));
    assert.match(tokens('s1'), /^mcp-[\w-]{32}$/);
    assert.notEqual(sandboxTokens(Buffer.alloc(32, 2))('s1'), tokens('s1'));
    assert.equal(tokens(undefined), tokens(undefined));
  });
});

describe('the tools through an MCP client', async () => {
  const mock = await createMock(writtenSpec(SPEC_PATH), { basePath: '/api/mock' });
  const connect = async (site?: string): Promise<Client> => {
    const server = createDocsServer({
      corpus,
      mock,
      mockBase: '/api/mock',
      sandboxToken: () => 'unit-token',
      ...(site ? { site } : {}),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'unit', version: '1' });
    await client.connect(b);
    return client;
  };
  test('lists four tools with input and output schemas', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['call_mock', 'get_page', 'list_operations', 'search_docs']);
    for (const t of tools) {
      assert.equal(t.inputSchema.type, 'object');
      assert.equal(t.outputSchema?.type, 'object', t.name);
    }
    await client.close();
  });
  test('get_page by URL, .md URL and operationId; list_operations by tag', async () => {
    const client = await connect();
    for (const args of [
      { url: '/reference/list-pets/' },
      { url: 'https://docs.example.com/reference/list-pets.md' },
      { operationId: 'listPets' },
    ]) {
      const r = await client.callTool({ name: 'get_page', arguments: args });
      assert.match((r.structuredContent as { markdown: string }).markdown, /^# List pets/);
    }
    const ops = await client.callTool({ name: 'list_operations', arguments: { tag: 'inventory' } });
    const list = (ops.structuredContent as { operations: Array<{ operationId: string; stability: string }> })
      .operations;
    assert.deepEqual(
      list.map((o) => [o.operationId, o.stability]),
      [
        ['listInventory', 'beta'],
        ['getInventoryItem', 'beta'],
        ['updateInventory', 'beta'],
      ],
    );
    await client.close();
  });
  test('every URL in a result is absolute on the site origin, and a page keeps its directive', async () => {
    const client = await connect('https://docs.example.com/');
    const found = await client.callTool({ name: 'search_docs', arguments: { query: 'inventory', limit: 3 } });
    const results = (
      found.structuredContent as { results: Array<{ url: string; markdownUrl: string; excerpt: string }> }
    ).results;
    for (const r of results) {
      assert.match(r.url, /^https:\/\/docs\.example\.com\/.+\/$/);
      assert.match(r.markdownUrl, /^https:\/\/docs\.example\.com\/.+\.md$/);
      assert.doesNotMatch(r.excerpt, /\]\(\//, `a root-relative link in the excerpt: ${r.excerpt}`);
    }
    // An operation's excerpt names its tag and its HTML page: links, absolute like the rest.
    const linked = await client.callTool({ name: 'search_docs', arguments: { query: 'HTML page', limit: 3 } });
    const excerpts = (linked.structuredContent as { results: Array<{ excerpt: string }> }).results.map(
      (r) => r.excerpt,
    );
    assert.ok(
      excerpts.some((e) => e.includes('(https://docs.example.com/reference/tags/')),
      excerpts.join(' | '),
    );
    for (const e of excerpts) assert.doesNotMatch(e, /\]\(\//, `a root-relative link in the excerpt: ${e}`);
    const page = (await client.callTool({ name: 'get_page', arguments: { operationId: 'listPets' } }))
      .structuredContent as { url: string; markdownUrl: string; markdown: string };
    assert.equal(page.url, 'https://docs.example.com/reference/list-pets/');
    assert.equal(page.markdownUrl, 'https://docs.example.com/reference/list-pets.md');
    assert.match(page.markdown, /^# List pets\n\n> For AI agents: .*\(https:\/\/docs\.example\.com\/llms\.txt\)/);
    assert.doesNotMatch(page.markdown, /\]\(\/[^/]/, 'no root-relative link');
    const ops = (await client.callTool({ name: 'list_operations', arguments: {} })).structuredContent as {
      operations: Array<{ url: string }>;
    };
    assert.ok(ops.operations.every((o) => o.url.startsWith('https://docs.example.com/reference/')));
    await client.close();
  });
  test('the origin: the primary domain, else the server as the request reached it, else localhost', () => {
    const dir = mkdtempSync(join(tmpdir(), 'origin-'));
    const file = join(dir, 'domains.yaml');
    writeFileSync(file, 'domains:\n  primary: Docs.Example.com\n');
    assert.equal(primaryOrigin(file), 'https://docs.example.com/');
    writeFileSync(file, 'domains: {}\n');
    assert.equal(primaryOrigin(file), undefined);
    assert.equal(primaryOrigin(join(dir, 'missing.yaml')), undefined);
    rmSync(dir, { recursive: true });
    assert.equal(agentOrigin(undefined, requestOrigin('127.0.0.1:8080')), 'http://127.0.0.1:8080/');
    assert.equal(
      agentOrigin('https://docs.example.com/', requestOrigin('127.0.0.1:8080')),
      'https://docs.example.com/',
    );
    assert.equal(requestOrigin('evil.example/path'), LOCAL_ORIGIN, 'not a host');
    assert.equal(requestOrigin(undefined), LOCAL_ORIGIN);
  });
  test('call_mock answers from the mock; bad arguments are errors naming the argument', async () => {
    const client = await connect();
    const r = await client.callTool({ name: 'call_mock', arguments: { operationId: 'listPets' } });
    const out = r.structuredContent as { status: number; body: Array<{ name: string }> };
    assert.equal(out.status, 200);
    assert.deepEqual(
      out.body.map((p) => p.name),
      ['Rex', 'Bella', 'Whiskers', 'Tweety', 'Luna', 'Max'],
    );
    const bad = await client.callTool({ name: 'get_page', arguments: { url: '/nowhere/' } });
    assert.equal(bad.isError, true);
    assert.match(JSON.stringify(bad.content), /url: no page at/);
    const tag = await client.callTool({ name: 'list_operations', arguments: { tag: 'Zebras' } });
    assert.match(JSON.stringify(tag.content), /tag: no tag \\"Zebras\\"/);
    const typed = await client.callTool({ name: 'search_docs', arguments: { query: '' } });
    assert.equal(typed.isError, true);
    assert.match(JSON.stringify(typed.content), /query/);
    await client.close();
  });
});
