// Several APIs in one site, built and served for real: the Petstore (three releases), a Swagger 2.0
// partner API and an OpenAPI 3.1 events API that share operationIds, a path shape, tag and schema names
// with it on purpose (tests/fixtures/apis). Each API's pages under its own base, found by their own
// <main>, nothing overwritten; the catalog; the sidebar groups; search by API; each API's mock, try-it
// documents, changelog, versions, Markdown twins, llms.txt, RFC 9727 catalog and MCP tools.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { APIS_ENV, APIS_FIXTURE, buildApis } from '../../support/apis.ts';
import { builtOperationPages, comparePages, htmlText } from '../../support/built-pages.ts';
import { expectedPages } from '../../support/expected-pages.ts';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';

const DIST = join(ROOT, '.test-dist/apis');
const CLIENT = join(DIST, 'client');

/** The fixture's APIs: id, description file, title as the site shows it. */
const APIS = [
  { id: 'petstore', file: join(ROOT, 'tests/fixtures/versions/openapi.yaml'), title: 'Petstore API' },
  { id: 'partner', file: join(APIS_FIXTURE, 'partner/swagger.yaml'), title: 'Partner Pets API' },
  { id: 'events', file: join(APIS_FIXTURE, 'events/openapi.yaml'), title: 'Pet Events API' },
] as const;

/** A built file, by URL path (`/reference/partner/delete-pet/` → its index.html). */
function file(url: string): string {
  const path = join(CLIENT, url.endsWith('/') ? `${url}index.html` : url);
  assert.ok(existsSync(path), `${url} was built`);
  return readFileSync(path, 'utf8');
}

/** The page's own content (its <main>, scripts left out), as text. */
const mainText = (html: string) =>
  htmlText((/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').replace(/<script[\s\S]*?<\/script>/g, ' '));

/** The current version's operation pages of one API: below its base, not below a version's folder. */
function currentPages(id: string) {
  return builtOperationPages(CLIENT).filter(
    (p) => p.url.startsWith(`/reference/${id}/`) && !/^\/reference\/[^/]+\/\d[^/]*\//.test(p.url),
  );
}

let site: RunningSite;
before(async () => {
  const build = buildApis(DIST);
  assert.equal(build.status, 0, build.output.slice(-4000));
  site = await startSite({ DIST_DIR: '.test-dist/apis', PETSTORE_APIS: APIS_ENV.PETSTORE_APIS, MOCK_RATE_LIMIT: '0' });
});
after(async () => {
  await site?.stop();
  rmSync(DIST, { recursive: true, force: true });
});

describe('three APIs that collide on purpose', () => {
  test("each API's operation and webhook pages are under its own base, each found by its own <main>", async () => {
    for (const api of APIS) {
      const { document } = await loadDescription(api.file);
      const expected = expectedPages(document as Record<string, unknown>, `/reference/${api.id}`);
      assert.deepEqual(comparePages(expected, currentPages(api.id)), [], api.id);
    }
    // deletePet in two APIs, two pages.
    assert.match(mainText(file('/reference/petstore/1.0.0/delete-pet/')), /DELETE \/pets\/\{petId\}/);
    assert.match(mainText(file('/reference/partner/delete-pet/')), /Withdraw a pet[\s\S]*DELETE \/pets\/\{id\}/);
    assert.match(mainText(file('/reference/events/list-pets/')), /GET \/pets\/\{petId\}\/events/);
    assert.match(mainText(file('/reference/partner/list-pets/')), /GET \/pets/);
  });

  test("nothing of one API overwrites another's: pages, twins, tags, schemas and cards per API", async () => {
    for (const api of APIS) {
      const dir = join(CLIENT, 'reference', api.id);
      const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));
      const twins = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
      assert.ok(pages.length > 5 && twins.length > 5, `${api.id}: ${pages.length} pages, ${twins.length} twins`);
    }
    // One tag name, one schema name in three APIs: three pages, each its own API's.
    assert.match(mainText(file('/reference/partner/tags/pet/')), /List the partner's pets/);
    assert.match(mainText(file('/reference/events/tags/pets/')), /List a pet's events/);
    assert.match(mainText(file('/reference/events/webhooks/')), /A pet was adopted[\s\S]*A pet's status changed/);
    assert.match(mainText(file('/reference/petstore/tags/animals/')), /List pets/);
    assert.match(mainText(file('/reference/events/schemas/pet/')), /Pet/);
    assert.match(file('/reference/partner/delete-pet.md'), /Withdraw a pet/);
    assert.match(file('/reference/petstore/1.0.0/delete-pet.md'), /Delete a pet/);
    for (const card of ['/og/reference/partner/delete-pet.jpg', '/og/reference/petstore/1.0.0/delete-pet.jpg']) {
      assert.ok(existsSync(join(CLIENT, card)), card);
    }
    assert.notEqual(
      readFileSync(join(CLIENT, 'og/reference/partner/delete-pet.jpg')).length,
      readFileSync(join(CLIENT, 'og/reference/petstore/1.0.0/delete-pet.jpg')).length,
      'two cards, not one drawn twice',
    );
  });

  test('the catalog at /reference/ lists each API by category with its version, counts, stability and links; its twin too', () => {
    const catalog = mainText(file('/reference/'));
    assert.match(catalog, /3 APIs are documented here/);
    assert.match(
      catalog,
      /Public APIs[\s\S]*Petstore API[\s\S]*Pet Events API[\s\S]*Partner APIs[\s\S]*Partner Pets API/,
    );
    assert.match(catalog, /Petstore API\s*Version 2\.0\.0 · 17 operations · 3 beta, 1 experimental/);
    assert.match(catalog, /Pet Events API\s*Version 0\.9\.0 · 3 operations, 2 webhooks/);
    assert.match(catalog, /Partner Pets API\s*Version 3\.4\.0 · 5 operations/);
    const html = file('/reference/');
    for (const href of [
      '/reference/partner/',
      '/reference/partner/explorer/',
      '/changelog/partner/',
      '/reference/partner/openapi.yaml',
      '/reference/partner/openapi.json',
    ]) {
      assert.ok(html.includes(`href="${href}"`), href);
    }
    const twin = file('/reference.md');
    assert.match(twin, /^# APIs/);
    assert.match(twin, /### \[Partner Pets API\]\(https:\/\/[^/]+\/reference\/partner\.md\)/);
  });

  test('a sidebar group per API, the one being read open; the page names its API in a breadcrumb', () => {
    const html = file('/reference/partner/delete-pet/');
    const groups = [
      ...html.matchAll(/<details(?: open)?[^>]*>\s*<summary[^>]*>[\s\S]*?<span class="large[^"]*">([^<]+)<\/span>/g),
    ];
    const open = (label: string) =>
      new RegExp(`<details open[^>]*>\\s*<summary[^>]*>[\\s\\S]{0,300}?>${label}<`).test(html);
    assert.ok(groups.length > 0);
    assert.ok(open('Partner Pets API'), 'the partner group is open');
    assert.ok(!open('Petstore API'), 'the Petstore group is folded');
    assert.ok(html.includes('href="/reference/petstore/"') && html.includes('href="/reference/events/"'));
    assert.match(
      html,
      /<nav class="ref-breadcrumb[^"]*" aria-label="Breadcrumb"[\s\S]*?href="\/reference\/"[^>]*>APIs<[\s\S]*?href="\/reference\/partner\/"[^>]*>Partner Pets API</,
    );
  });

  test('search: each page carries its API (filter and meta), the guides every API; the dialog keeps to the API read', () => {
    const partner = file('/reference/partner/delete-pet/');
    assert.match(partner, /data-pagefind-filter="api:Partner Pets API"/);
    assert.match(partner, /data-pagefind-meta="api:Partner Pets API"/);
    assert.match(partner, /<site-search[^>]* data-search-api="Partner Pets API"/);
    assert.match(partner, /<input type="checkbox" data-all-apis/);
    assert.doesNotMatch(partner, /data-pagefind-filter="api:Petstore API"/);
    const guide = file('/guides/getting-started/');
    for (const api of APIS) assert.ok(guide.includes(`data-pagefind-filter="api:${api.title}"`), api.title);
    assert.doesNotMatch(guide, /data-search-api=/);
    assert.ok(existsSync(join(CLIENT, 'pagefind/pagefind-entry.json')));
  });

  test("versions stay within their API: the Petstore's older pages and switcher, none for the others", () => {
    assert.match(file('/reference/petstore/1.0.0/get-pet/'), /ref-versions/);
    assert.doesNotMatch(file('/reference/partner/get-pet/'), /class="ref-versions/);
    assert.equal(existsSync(join(CLIENT, 'reference/partner/1.0.0')), false);
    const switcher = /<nav class="ref-versions"[\s\S]*?<\/nav>/.exec(file('/reference/petstore/list-pets/'))?.[0] ?? '';
    assert.ok(switcher.includes('/reference/petstore/1.0.0/list-pets/'));
    assert.doesNotMatch(switcher, /\/reference\/(partner|events)\//);
    // Each API's changelog page and feed, linked from its operations' "Changed in".
    assert.match(mainText(file('/changelog/petstore/')), /2\.0\.0[\s\S]*1\.1\.0[\s\S]*1\.0\.0/);
    assert.match(mainText(file('/changelog/partner/')), /No release is recorded yet/);
    assert.match(file('/changelog/petstore.xml'), /<title>Petstore API 2\.0\.0/);
    assert.match(file('/reference/petstore/list-pets/'), /href="\/changelog\/petstore\/#v1-1-0-list-pets"/);
    assert.match(mainText(file('/changelog/')), /Petstore API[\s\S]*Partner Pets API[\s\S]*Pet Events API/);
  });

  test("try-it documents per API send to that API's mock", () => {
    const doc = JSON.parse(file('/reference/partner/tryit/delete-pet.json')) as { mockBase: string };
    assert.equal(doc.mockBase, '/api/mock/partner');
    const older = JSON.parse(file('/reference/petstore/1.0.0/tryit/get-pet.json')) as { mockBase: string };
    assert.equal(older.mockBase, '/api/mock/petstore/@1.0.0');
    // Each API has its own in-browser mock below its base.
    for (const api of APIS) assert.ok(existsSync(join(CLIENT, `reference/${api.id}/mock-sw.js`)), api.id);
  });

  test("each mock answers its own operations and refuses another API's paths; one rate window per token", async () => {
    const auth = { authorization: 'Bearer t', 'x-partner-key': 'k' };
    const get = (path: string) => fetch(`${site.url}${path}`, { headers: auth });
    assert.equal((await get('/api/mock/partner/pets/7')).status, 200);
    assert.equal((await get('/api/mock/events/subscriptions')).status, 200);
    assert.equal((await get('/api/mock/petstore/@1.0.0/pets/1')).status, 200);
    assert.equal((await get('/api/mock/partner/categories')).status, 404, "the Petstore's path on the partner's mock");
    assert.equal((await get('/api/mock/events/shelter')).status, 404);
    assert.equal((await get('/api/mock/partner/@1.0.0/pets')).status, 404, 'no older version of the partner API');
    assert.equal((await get('/api/mock/pets')).status, 404, 'no API at the bare mount');
    // One state per API: a pet listed on the partner's mock is not a Petstore pet.
    const created = await fetch(`${site.url}/api/mock/partner/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Biscuit' }),
    });
    assert.equal(created.status, 201);
  });

  test('MCP: a missing api lists the ids; with one, its own operations and mock', async () => {
    const client = new Client({ name: 'integration', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`)));
    try {
      const missing = await client.callTool({ name: 'list_operations', arguments: {} });
      assert.equal(missing.isError, true);
      assert.match(JSON.stringify(missing.content), /give one of petstore, partner, events/);
      const partner = await client.callTool({ name: 'list_operations', arguments: { api: 'partner' } });
      const ids = (partner.structuredContent as { operations: Array<{ operationId: string }> }).operations.map(
        (o) => o.operationId,
      );
      assert.deepEqual(ids, ['listPets', 'createPet', 'getPet', 'deletePet', 'getShelter']);
      const page = await client.callTool({ name: 'get_page', arguments: { operationId: 'deletePet', api: 'partner' } });
      assert.match((page.structuredContent as { url: string }).url, /\/reference\/partner\/delete-pet\/$/);
      const call = await client.callTool({
        name: 'call_mock',
        arguments: { operationId: 'getPet', api: 'partner', parameters: { id: 7 } },
      });
      assert.equal((call.structuredContent as { status: number }).status, 200);
      const older = await client.callTool({
        name: 'call_mock',
        arguments: { operationId: 'getPet', api: 'petstore', version: '1.0.0', parameters: { petId: 1 } },
      });
      assert.equal((older.structuredContent as { status: number }).status, 200);
    } finally {
      await client.close();
    }
  });

  test('llms.txt has a section per API, llms-full.txt one file per API, the RFC 9727 catalog every API', async () => {
    const llms = file('/llms.txt');
    assert.match(llms, /^# Petstore API, Partner Pets API and Pet Events API/);
    for (const api of APIS) {
      assert.ok(llms.includes(`\n## ${api.title}\n`), api.title);
      assert.ok(llms.includes(`/reference/${api.id}/llms-full.txt`), api.id);
      assert.match(file(`/reference/${api.id}/llms-full.txt`), new RegExp(`^# ${api.title}`));
    }
    assert.match(llms, /## Partner Pets API: pet\n\n- \[pet\]/);
    const catalog = JSON.parse(file('/.well-known/api-catalog')) as {
      linkset: Array<{ anchor: string; item?: Array<{ title: string }>; 'service-desc'?: Array<{ href: string }> }>;
    };
    assert.deepEqual(
      catalog.linkset[0]?.item?.map((i) => i.title),
      APIS.map((a) => a.title),
    );
    const descs = catalog.linkset
      .slice(1)
      .flatMap((c) => (c['service-desc'] ?? []).map((d) => new URL(d.href).pathname));
    for (const api of APIS) assert.ok(descs.includes(`/reference/${api.id}/openapi.json`), api.id);
    const res = await fetch(`${site.url}/reference/events/openapi.yaml`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /title: Pet Events API/);
  });
});

describe('the list refused at start', () => {
  test('a broken description fails the build naming the API and file:line:col; two APIs with one id are refused', () => {
    const bad = buildApis(join(ROOT, '.test-dist/apis-bad'), {
      PETSTORE_APIS: join(APIS_FIXTURE, 'broken/apis.yaml'),
    });
    rmSync(join(ROOT, '.test-dist/apis-bad'), { recursive: true, force: true });
    assert.notEqual(bad.status, 0);
    assert.match(bad.output, /Invalid API description of "broken":\n\s+\S*broken\/openapi\.yaml:\d+:\d+: /);
    const twice = buildApis(join(ROOT, '.test-dist/apis-twice'), {
      PETSTORE_APIS: join(APIS_FIXTURE, 'broken/same-id.yaml'),
    });
    rmSync(join(ROOT, '.test-dist/apis-twice'), { recursive: true, force: true });
    assert.notEqual(twice.status, 0);
    assert.match(twice.output, /same-id\.yaml:4:7: 1\.id: "partner" is also the id of entry 0/);
  });
});
