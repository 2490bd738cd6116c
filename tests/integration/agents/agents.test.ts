// What agents and link previews get from the built site and `npm start` (scripts/serve.ts on a
// loopback port): /llms.txt with a working link to every page, the Markdown twins (GET /pets: path,
// parameters, the hand-written cURL sample), content negotiation with `Vary: Accept`, the MCP server
// at /mcp through the SDK's own client, the RFC 9727 api-catalog as a valid linkset, robots.txt,
// and the Open Graph images (1200×630 JPEG, absolute URLs on the primary domain).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse } from 'yaml';
import { ogImagePath } from '../../../site/agents/paths.ts';
import {
  estimateTokens,
  SKILL_BODY_MAX_TOKENS,
  SKILLS_INDEX_SCHEMA,
  skillProblems,
} from '../../../site/agents/skill.ts';
import { listFiles } from '../../../site/serving/build.ts';
import { jpegSize } from '../../support/images.ts';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';

const CLIENT = join(ROOT, 'dist', 'client');
const PRIMARY = `https://${(parse(readFileSync(join(ROOT, 'site', 'domains.yaml'), 'utf8')) as { domains: { primary: string } }).domains.primary}`;

let site: RunningSite;
before(async () => {
  site = await startSite();
});
after(() => site?.stop());

/** The page URLs of the sitemap (guides and reference), as paths. */
function sitemapPaths(): string[] {
  const xml = readFileSync(join(CLIENT, 'sitemap-0.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
}

describe('/llms.txt', () => {
  test('lists every page of the sitemap as Markdown, and every link answers 200', async () => {
    const res = await fetch(`${site.url}/llms.txt`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await res.text();
    assert.match(text, /^# Petstore API\n\n> /);
    // Absolute on the primary domain (an agent that keeps the text without its URL still has the links).
    assert.doesNotMatch(text, /\]\(\//);
    const links = [...text.matchAll(/\]\((https:\/\/[^)\s]*)\)/g)].map((m) => {
      const url = new URL(m[1] as string);
      assert.equal(url.origin, PRIMARY, m[1]);
      return url.pathname;
    });
    const pages = sitemapPaths().filter((p) => !p.startsWith('/reference/explorer'));
    assert.ok(pages.length > 30, String(pages.length));
    for (const p of pages) {
      const md = p === '/' ? '/index.md' : `${p.replace(/\/$/, '')}.md`;
      assert.ok(links.includes(md), `llms.txt lists ${md} (page ${p})`);
    }
    for (const link of new Set(links)) {
      const r = await fetch(`${site.url}${link}`);
      assert.equal(r.status, 200, link);
      await r.arrayBuffer();
    }
  });
  test('/llms-full.txt holds the guides and every operation', async () => {
    const text = await (await fetch(`${site.url}/llms-full.txt`)).text();
    assert.match(text, /Source: https:\/\/[^/]+\/guides\/getting-started\.md\n\n# Getting started/);
    assert.match(text, /Source: https:\/\/[^/]+\/reference\/get-inventory-item\.md\n\n# /);
  });
});

describe('Markdown pages', () => {
  test('GET /pets: its path, its parameters and the hand-written cURL sample', async () => {
    const res = await fetch(`${site.url}/reference/list-pets.md`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/markdown/);
    const md = await res.text();
    assert.match(md, /`GET` `\/pets`/);
    for (const p of ['status', 'categoryId', 'name', 'ids', 'limit', 'offset'])
      assert.match(md, new RegExp(`\\| \`${p}\` \\| query \\|`));
    const spec = parse(readFileSync(join(ROOT, 'spec', 'openapi.yaml'), 'utf8')) as {
      paths: { '/pets': { get: { 'x-codeSamples': Array<{ lang: string; source: string }> } } };
    };
    const curl = spec.paths['/pets'].get['x-codeSamples'].find((s) => /curl|shell/i.test(s.lang));
    assert.ok(curl);
    assert.ok(md.includes(curl.source.trim()), 'the hand-written cURL sample, verbatim');
  });
  test('a guide: the Starlight components are gone, the stability table is there', async () => {
    const md = await (await fetch(`${site.url}/guides/getting-started.md`)).text();
    assert.match(md, /^# Getting started\n/);
    assert.doesNotMatch(md, /^import |<[A-Z]\w+/m);
    assert.match(
      md,
      /\| \[`GET \/store\/inventory`\]\(https:\/\/[^/]+\/reference\/list-inventory\.md\) \(List inventory\) \| Beta \|/,
    );
  });
  test('every page starts with the agents directive, and its content comes before the sidebar', async () => {
    for (const p of sitemapPaths()) {
      const html = await (await fetch(`${site.url}${p}`)).text();
      const body = html.slice(html.indexOf('<body'));
      const directive = body.indexOf('data-agent-directive');
      assert.ok(directive >= 0 && directive < 2000, `${p}: the directive opens the body (${directive})`);
      assert.match(body.slice(directive, directive + 800), /href="\/llms\.txt"/, p);
      const main = body.indexOf('<main');
      const sidebar = body.indexOf('<nav class="sidebar');
      if (sidebar >= 0) assert.ok(main >= 0 && main < sidebar, `${p}: <main> before the sidebar`);
    }
  });
  test('every page links its Markdown in the head, and shows View as Markdown', async () => {
    const html = await (await fetch(`${site.url}/reference/list-pets/`)).text();
    assert.match(html, /<link rel="alternate" type="text\/markdown" href="\/reference\/list-pets\.md"/);
    assert.match(
      html,
      /<a class="agent-view[^"]*" href="\/reference\/list-pets\.md" type="text\/markdown">View as Markdown<\/a>/,
    );
  });
});

describe('content negotiation', () => {
  test('Accept: text/markdown on a page URL gets its Markdown; a browser gets HTML; both vary on Accept', async () => {
    const md = await fetch(`${site.url}/reference/list-pets/`, { headers: { accept: 'text/markdown' } });
    assert.equal(md.status, 200);
    assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.match(md.headers.get('vary') ?? '', /\bAccept\b(?!-)/);
    assert.equal(await md.text(), readFileSync(join(CLIENT, 'reference', 'list-pets.md'), 'utf8'));
    const html = await fetch(`${site.url}/reference/list-pets/`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(html.headers.get('vary') ?? '', /\bAccept\b(?!-)/);
    assert.match(html.headers.get('vary') ?? '', /Accept-Encoding/);
    await html.text();
    const home = await fetch(`${site.url}/`, { headers: { accept: 'text/markdown, text/html;q=0.9' } });
    assert.match(await home.text(), /^# Petstore API/);
  });
  test('files other than pages are not negotiated', async () => {
    const res = await fetch(`${site.url}/openapi.json`, { headers: { accept: 'text/markdown' } });
    assert.match(res.headers.get('content-type') ?? '', /json/);
    assert.doesNotMatch(res.headers.get('vary') ?? '', /\bAccept\b(?!-)/);
    await res.arrayBuffer();
  });
});

describe('MCP at /mcp', () => {
  const connect = async (): Promise<Client> => {
    const client = new Client({ name: 'integration', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`)));
    return client;
  };
  test('lists the tools, finds getInventoryItem by "inventory", reads a page, calls the mock', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['call_mock', 'get_page', 'list_operations', 'search_docs']);
    const found = await client.callTool({ name: 'search_docs', arguments: { query: 'inventory' } });
    const results = (
      found.structuredContent as { results: Array<{ operationId?: string; url: string; excerpt: string }> }
    ).results;
    const hit = results.find((r) => r.operationId === 'getInventoryItem');
    assert.ok(hit, JSON.stringify(results.map((r) => r.url)));
    // Absolute on the primary domain: a client has no page to resolve a path against.
    assert.equal(hit.url, `${PRIMARY}/reference/get-inventory-item/`);
    const page = await client.callTool({ name: 'get_page', arguments: { url: hit.url } });
    assert.match((page.structuredContent as { markdown: string }).markdown, /`GET` `\/store\/inventory\/\{petId\}`/);
    const call = await client.callTool({ name: 'call_mock', arguments: { operationId: 'listPets' } });
    const out = call.structuredContent as {
      status: number;
      headers: Record<string, string>;
      body: Array<{ name: string }>;
    };
    assert.equal(out.status, 200);
    assert.deepEqual(
      out.body.map((p) => p.name),
      ['Rex', 'Bella', 'Whiskers', 'Tweety', 'Luna', 'Max'],
    );
    assert.match(out.headers.ratelimit ?? '', /r=\d+/);
    await client.close();
  });
  test("each session has its own sandbox: one client's pet is not in another's list", async () => {
    const a = await connect();
    const b = await connect();
    const created = await a.callTool({
      name: 'call_mock',
      arguments: { operationId: 'createPet', body: { name: 'Sandboxed', categoryId: 1 } },
    });
    assert.equal((created.structuredContent as { status: number }).status, 201);
    const names = async (c: Client) =>
      (
        (await c.callTool({ name: 'call_mock', arguments: { operationId: 'listPets', parameters: { limit: 100 } } }))
          .structuredContent as {
          body: Array<{ name: string }>;
        }
      ).body.map((p) => p.name);
    assert.ok((await names(a)).includes('Sandboxed'));
    assert.ok(!(await names(b)).includes('Sandboxed'));
    await a.close();
    await b.close();
  });
  test('bad arguments get errors naming the argument', async () => {
    const client = await connect();
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['call_mock', { operationId: 'noSuchOperation' }, /^operationId: no operation "noSuchOperation"/],
      ['call_mock', { operationId: 'listOrders' }, /^operationId: listOrders .*x-hideTryItPanel/],
      [
        'call_mock',
        { operationId: 'getPet', parameters: { pet: 1 } },
        /^parameters\.pet: getPet has no parameter "pet"/,
      ],
      ['call_mock', { operationId: 'getPet' }, /^parameters\.petId: required/],
      ['get_page', { url: '/no/such/page/' }, /^url: no page at/],
      ['get_page', { operationId: 'nope' }, /^operationId: no operation "nope"/],
      ['list_operations', { tag: 'Zebras' }, /^tag: no tag "Zebras"/],
      ['search_docs', { query: 42 }, /Input validation error.*query/s],
      ['search_docs', {}, /Input validation error.*query/s],
    ];
    for (const [name, args, message] of cases) {
      const r = await client.callTool({ name, arguments: args });
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)}`);
      const text = (r.content as Array<{ text: string }>)[0]?.text ?? '';
      assert.match(text.replace(/^MCP error -?\d+: /, ''), message, text);
    }
    await client.close();
  });
  test('a request from another origin is refused; an unknown session gets 404', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const cross = await fetch(`${site.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, origin: 'https://evil.example' },
      body: JSON.stringify(init),
    });
    assert.equal(cross.status, 403);
    await cross.text();
    const lost = await fetch(`${site.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': 'not-a-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    assert.equal(lost.status, 404);
    // Its answers name the methods the endpoint takes, POST included (not a file's GET, HEAD).
    assert.equal(lost.headers.get('allow'), 'GET, POST, DELETE');
    await lost.text();
  });
});

describe('MCP over stdio (npm run mcp)', () => {
  test('the same tools, with no build and no server', async () => {
    const client = new Client({ name: 'integration-stdio', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(ROOT, 'scripts', 'mcp.ts')],
        cwd: ROOT,
        stderr: 'ignore',
      }),
    );
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['call_mock', 'get_page', 'list_operations', 'search_docs']);
    const r = await client.callTool({
      name: 'call_mock',
      arguments: { operationId: 'getPet', parameters: { petId: 2 } },
    });
    const out = r.structuredContent as { status: number; body: { name: string }; headers: Record<string, string> };
    assert.equal(out.status, 200);
    assert.equal(out.body.name, 'Bella');
    assert.ok(out.headers.deprecation, 'the deprecated operation answers with its Deprecation header');
    const page = (await client.callTool({ name: 'get_page', arguments: { operationId: 'getPet' } }))
      .structuredContent as {
      url: string;
      markdownUrl: string;
    };
    assert.deepEqual(
      [page.url, page.markdownUrl],
      [`${PRIMARY}/reference/get-pet/`, `${PRIMARY}/reference/get-pet.md`],
    );
    await client.close();
  });
});

describe('discovery', () => {
  test('/.well-known/api-catalog is an RFC 9264 linkset naming the description and the docs', async () => {
    const res = await fetch(`${site.url}/.well-known/api-catalog`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/linkset\+json(;|$)/);
    const body = (await res.json()) as { linkset: unknown };
    // RFC 9264 §4.2: an object whose only member "linkset" is an array of context objects, each with
    // an "anchor" (a URI) and relation types whose values are arrays of target objects with "href".
    assert.deepEqual(Object.keys(body), ['linkset']);
    assert.ok(Array.isArray(body.linkset) && body.linkset.length > 0);
    const rels = new Map<string, string[]>();
    for (const ctx of body.linkset as Array<Record<string, unknown>>) {
      assert.equal(typeof ctx.anchor, 'string');
      new URL(ctx.anchor as string);
      for (const [rel, targets] of Object.entries(ctx)) {
        if (rel === 'anchor') continue;
        assert.ok(Array.isArray(targets), rel);
        for (const t of targets as Array<Record<string, unknown>>) {
          assert.equal(typeof t.href, 'string');
          new URL(t.href as string);
          rels.set(rel, [...(rels.get(rel) ?? []), t.href as string]);
        }
      }
    }
    assert.deepEqual(rels.get('service-desc'), [`${PRIMARY}/openapi.json`, `${PRIMARY}/openapi.yaml`]);
    assert.deepEqual(rels.get('service-doc'), [`${PRIMARY}/reference/`]);
  });
  test('/robots.txt names the sitemap; _headers gives the catalog its type on static hosts', async () => {
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    assert.match(robots, new RegExp(`^Sitemap: ${PRIMARY.replace(/\./g, '\\.')}/sitemap-index\\.xml$`, 'm'));
    assert.match(robots, /^User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: \/$/m);
    assert.ok(existsSync(join(CLIENT, 'sitemap-index.xml')));
    // On any origin (a preview host, this server) the sitemap is found by its conventional name too.
    const alias = await fetch(`${site.url}/sitemap.xml`);
    assert.equal(alias.status, 200);
    assert.equal(await alias.text(), readFileSync(join(CLIENT, 'sitemap-index.xml'), 'utf8'));
    const headers = readFileSync(join(CLIENT, '_headers'), 'utf8');
    assert.match(headers, /^\/\.well-known\/api-catalog\n {2}Content-Type: application\/linkset\+json/m);
    assert.match(headers, /^\/\*\.md\n {2}Content-Type: text\/markdown; charset=utf-8$/m);
  });
});

describe('Agent Skills', () => {
  test("the index lists the API's skill with the digest of the SKILL.md served; llms.txt links it", async () => {
    const res = await fetch(`${site.url}/.well-known/agent-skills/index.json`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const index = (await res.json()) as {
      $schema: string;
      skills: Array<{ name: string; type: string; description: string; url: string; digest: string }>;
    };
    assert.equal(index.$schema, SKILLS_INDEX_SCHEMA);
    assert.equal(index.skills.length, 1);
    const [entry] = index.skills;
    assert.ok(entry);
    assert.equal(entry.type, 'skill-md');
    assert.equal(entry.url, `/.well-known/agent-skills/${entry.name}/SKILL.md`);
    const md = await fetch(new URL(entry.url, `${site.url}/`));
    assert.equal(md.status, 200);
    assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
    const bytes = Buffer.from(await md.arrayBuffer());
    assert.equal(entry.digest, `sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    const text = bytes.toString('utf8');
    // The format's rules: front matter fields, the name equal to its folder, the body's size.
    assert.deepEqual(skillProblems(text, entry.name), []);
    const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '') as Record<string, unknown>;
    assert.equal(front.name, entry.name);
    assert.equal(front.description, entry.description);
    assert.ok(estimateTokens(text) < SKILL_BODY_MAX_TOKENS, `${estimateTokens(text)} tokens`);
    // Every link of the skill answers, on this server, as Markdown.
    for (const m of text.matchAll(/\]\((https:[^)]+\.md)\)/g)) {
      const r = await fetch(`${site.url}${new URL(m[1] ?? '').pathname}`);
      assert.equal(r.status, 200, m[1]);
    }
    const llms = await (await fetch(`${site.url}/llms.txt`)).text();
    assert.ok(llms.includes(`](${PRIMARY}${entry.url})`), 'llms.txt links the skill');
  });
});

describe('Open Graph', () => {
  test('each page references its own 1200×630 JPEG by absolute URL on the primary domain', async () => {
    for (const path of ['/', '/guides/getting-started/', '/reference/list-pets/', '/reference/tags/animals/']) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      assert.ok(image, `og:image on ${path}`);
      assert.ok(image.startsWith(`${PRIMARY}/og/`), image);
      assert.match(html, new RegExp(`<meta name="twitter:image" content="${image.replace(/[.?]/g, '\\$&')}"`));
      assert.match(html, /<meta property="og:url" content="https:\/\//);
      assert.match(html, /<meta property="og:image:type" content="image\/jpeg"/);
      const res = await fetch(`${site.url}${new URL(image).pathname}`);
      assert.equal(res.headers.get('content-type'), 'image/jpeg');
      assert.deepEqual(jpegSize(new Uint8Array(await res.arrayBuffer())), { width: 1200, height: 630 });
    }
  });
  test('every page of the sitemap has its image in the output, and nothing else is in /og/', () => {
    const expected = sitemapPaths()
      .filter((p) => !p.startsWith('/reference/explorer'))
      .map((p) => ogImagePath(p));
    assert.ok(expected.length > 30, String(expected.length));
    for (const image of expected) assert.ok(existsSync(join(CLIENT, image)), `${image} built`);
    const built = listFiles(join(CLIENT, 'og')).map((f) => `/og/${f}`);
    assert.deepEqual(
      built.filter((f) => !expected.includes(f)),
      [],
    );
  });
});
