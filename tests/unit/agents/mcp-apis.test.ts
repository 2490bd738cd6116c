// The docs' MCP server on a site of several APIs: every tool takes `api`, required there; each API has
// its own pages, operations and mock.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { LOCAL_ORIGIN } from '../../../site/agents/origin.ts';
import { agentPages } from '../../../site/agents/pages.ts';
import { buildCorpus } from '../../../site/mcp/corpus.ts';
import { chooseApi, createDocsServer, type DocsApi, type MockHandler } from '../../../site/mcp/server.ts';
import { mapReference } from '../../../site/reference/explorer/map.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { SPEC_PATH } from '../../../spec/path.ts';

const BUILD_DATE = '2026-11-23';
const PARTNER = join(import.meta.dirname, '../../fixtures/apis/partner/swagger.yaml');

async function docsApi(id: string, file: string): Promise<DocsApi> {
  const { document } = await loadDescription(file);
  const doc = document as OpenApiDocument;
  const base = `/reference/${id}`;
  const model = buildReferenceModel(doc, { buildDate: BUILD_DATE, base });
  const { deprecations, stability } = mapReference(doc, { buildDate: BUILD_DATE });
  const pages = agentPages({ model, guides: [], buildDate: BUILD_DATE, deprecations, stability });
  return { id, corpus: buildCorpus(pages, model), mockBase: `/api/mock/${id}` };
}

const apis = [await docsApi('petstore', SPEC_PATH), await docsApi('partner', PARTNER)] as const;
/** A mock that says which URL it was sent. */
const echo: MockHandler = {
  handle: async (request) =>
    Response.json({ url: new URL(request.url).pathname, key: request.headers.get('x-partner-key') }),
};

async function connect(): Promise<Client> {
  const server = createDocsServer({ apis: [...apis] as [DocsApi, ...DocsApi[]], mock: echo, sandboxToken: () => 't' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'unit', version: '1' });
  await client.connect(b);
  return client;
}

const text = (r: Awaited<ReturnType<Client['callTool']>>): string =>
  (r.content as Array<{ text: string }>).map((c) => c.text).join('');

describe('MCP on a site of several APIs', () => {
  test('chooseApi: the one API without an id; several need one; an unknown id lists the ids', () => {
    assert.equal(chooseApi(undefined, [apis[0]]).ok, true);
    const missing = chooseApi(undefined, [...apis]);
    assert.ok(!missing.ok && missing.message === 'api: these docs cover several APIs; give one of petstore, partner');
    const unknown = chooseApi('billing', [...apis]);
    assert.ok(!unknown.ok && unknown.message === 'api: no API "billing" (APIs: petstore, partner)');
  });

  test('every tool without api is a tool error listing the ids', async () => {
    const client = await connect();
    for (const [name, args] of [
      ['search_docs', { query: 'pets' }],
      ['get_page', { operationId: 'deletePet' }],
      ['list_operations', {}],
      ['call_mock', { operationId: 'listPets' }],
    ] as const) {
      const r = await client.callTool({ name, arguments: args });
      assert.equal(r.isError, true, name);
      assert.match(text(r), /^api: these docs cover several APIs; give one of petstore, partner/, name);
    }
    await client.close();
  });

  test("one operationId in two APIs: each API's own page, operations and mock", async () => {
    const client = await connect();
    const petstore = await client.callTool({
      name: 'get_page',
      arguments: { operationId: 'deletePet', api: 'petstore' },
    });
    const partner = await client.callTool({
      name: 'get_page',
      arguments: { operationId: 'deletePet', api: 'partner' },
    });
    // Absolute, on the server's origin when no site is given (http://localhost:4321/).
    assert.equal((petstore.structuredContent as { url: string }).url, `${LOCAL_ORIGIN}reference/petstore/delete-pet/`);
    assert.equal((partner.structuredContent as { url: string }).url, `${LOCAL_ORIGIN}reference/partner/delete-pet/`);
    assert.match((partner.structuredContent as { markdown: string }).markdown, /Withdraw a pet/);
    const ops = await client.callTool({ name: 'list_operations', arguments: { api: 'partner' } });
    assert.deepEqual(
      (ops.structuredContent as { operations: Array<{ operationId: string }> }).operations.map((o) => o.operationId),
      ['listPets', 'createPet', 'getPet', 'deletePet', 'getShelter'],
    );
    const call = await client.callTool({
      name: 'call_mock',
      arguments: { operationId: 'getPet', api: 'partner', parameters: { id: 7 } },
    });
    const sent = (call.structuredContent as { body: { url: string; key: string } }).body;
    assert.equal(sent.url, '/api/mock/partner/pets/7');
    assert.equal(sent.key, 't', "the sandbox token where the partner's API key goes (X-Partner-Key)");
    const search = await client.callTool({ name: 'search_docs', arguments: { query: 'shelter', api: 'partner' } });
    const urls = (search.structuredContent as { results: Array<{ url: string }> }).results.map((r) => r.url);
    assert.ok(urls.length > 0 && urls.every((u) => u.startsWith(`${LOCAL_ORIGIN}reference/partner/`)), String(urls));
    const wrong = await client.callTool({ name: 'list_operations', arguments: { api: 'billing' } });
    assert.equal(wrong.isError, true);
    await client.close();
  });
});
