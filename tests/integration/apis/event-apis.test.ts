// Event APIs beside REST, built and served for real: the Petstore and four public AsyncAPI documents
// (tests/fixtures/event-apis: MQTT streetlights in 2.6, Kraken's WebSocket request/reply, an AMQP RPC
// server and Gitter's HTTP streaming in 3.1; the RPC server's `sum` payload moved to a file of its own, as
// a description split over files has it). One build from scratch: each event API's pages below its own
// base (the action from the reader's side, bindings, reply and correlation id, samples), the catalog's
// protocol badges, the sidebar group, the description download, an event API's versions and changelog, its
// pages in French (an Overlay and the message catalogue); then `npm start`'s server: Server-Sent Events,
// POST and a WebSocket on the event mock; last, rebuilds (Astro's incremental build and the kept event
// descriptions): an edited file of one description shows on its pages while the other APIs' pages are
// copied, and with the file as it was the rebuild is byte for byte the build from scratch.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cacheDirFor } from '../../../site/integrations/incremental-build.ts';
import { assertSameOutput, buildDescription, builtRoutes, htmlText, outputFiles } from '../../support/built-pages.ts';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';

const DIST = join(ROOT, '.test-dist/event-apis');
const CLIENT = join(DIST, 'client');
/** The list and the descriptions it builds, copied from the fixtures (the rebuild test edits one file). */
const SRC = join(ROOT, '.test-dist/event-apis-src');
const LIST = join(SRC, 'apis.yaml');
const FIXTURES = join(ROOT, 'tests/fixtures/asyncapi');
const SUM_PAYLOAD = join(SRC, 'sum-payload.yaml');
const SUM_PAYLOAD_TEXT = `type: object
properties:
  numbers:
    type: array
    description: The numbers to add up.
    items:
      type: number
    examples:
      - - 4
        - 3
`;

/** Writes the list of tests/fixtures/event-apis/apis.yaml over copies of its descriptions, the RPC server's split. */
function writeSources(): void {
  mkdirSync(SRC, { recursive: true });
  copyFileSync(join(FIXTURES, '2.6/streetlights-mqtt.yml'), join(SRC, 'streetlights-mqtt.yml'));
  copyFileSync(join(FIXTURES, '3.x/kraken-websocket-request-reply-multiple-channels.yml'), join(SRC, 'kraken.yml'));
  copyFileSync(join(FIXTURES, '3.x/gitter-streaming.yml'), join(SRC, 'gitter-streaming.yml'));
  const rpc = readFileSync(join(FIXTURES, '3.x/rpc-server.yml'), 'utf8');
  const inline = /\n {8}payload:\n {10}type: object\n {10}properties:\n {12}numbers:\n(?: {14}.*\n)+/;
  assert.match(rpc, inline, "the RPC server's sum payload, to move to its own file");
  writeFileSync(
    join(SRC, 'rpc-server.yml'),
    rpc.replace(inline, "\n        payload:\n          $ref: './sum-payload.yaml'\n"),
  );
  writeFileSync(SUM_PAYLOAD, SUM_PAYLOAD_TEXT);
  const list = readFileSync(join(ROOT, 'tests/fixtures/event-apis/apis.yaml'), 'utf8')
    .replace('../../../spec/openapi.yaml', join(ROOT, 'spec/openapi.yaml'))
    .replace('../asyncapi/2.6/streetlights-mqtt.yml', 'streetlights-mqtt.yml')
    .replace('../asyncapi/3.x/kraken-websocket-request-reply-multiple-channels.yml', 'kraken.yml')
    .replace('../asyncapi/3.x/rpc-server.yml', 'rpc-server.yml')
    .replace('../asyncapi/3.x/gitter-streaming.yml', 'gitter-streaming.yml')
    // The release history as it is: its record, released files and Overlay beside it.
    .replace(
      '../event-versions/streetlights/streetlights.yml',
      join(ROOT, 'tests/fixtures/event-versions/streetlights/streetlights.yml'),
    );
  writeFileSync(LIST, list);
}

/** `astro build` of the list into DIST: the routes it rendered and copied, and its output. */
function build(): ReturnType<typeof builtRoutes> & { output: string } {
  const { status, output } = buildDescription('', DIST, {
    PETSTORE_APIS: LIST,
    BUILD_DATE: '2026-11-27',
    PETSTORE_LOCALES: 'fr',
  });
  assert.equal(status, 0, output.slice(-4000));
  return { ...builtRoutes(output), output };
}

function file(url: string): string {
  const path = join(CLIENT, url.endsWith('/') ? `${url}index.html` : url);
  assert.ok(existsSync(path), `${url} was built`);
  return readFileSync(path, 'utf8');
}
const mainOf = (html: string) =>
  (/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').replace(/<script[\s\S]*?<\/script>/g, ' ');
const mainText = (html: string) => htmlText(mainOf(html));

/** The published files of the build from scratch, for the rebuilds to match. */
let scratch: Map<string, Buffer>;
let site: RunningSite;
before(async () => {
  writeSources();
  // From scratch: no previous build's pages to copy (an earlier run of this test must not count).
  rmSync(join(ROOT, cacheDirFor(relative(ROOT, DIST))), { recursive: true, force: true });
  build();
  scratch = outputFiles(CLIENT);
  site = await startSite({ DIST_DIR: '.test-dist/event-apis', PETSTORE_APIS: LIST, PETSTORE_LOCALES: 'fr' }, 60_000);
});
after(() => site?.stop());

describe('event API pages', () => {
  test('the operation page says the action from the reader side, with the channel, its parameters and the bindings', () => {
    const turnOn = mainText(file('/reference/streetlights/turn-on/'));
    // 2.x `subscribe` is 3.x `send`: the API sends it, the reader receives it.
    assert.match(turnOn, /The API sends\s*smartylighting\/streetlights\/1\/0\/action\/\{streetlightId\}\/turn\/on/);
    assert.match(turnOn, /Parameters\s*streetlightId\s*The ID of the streetlight/);
    assert.match(turnOn, /MQTT operation binding\s*Quality of service \(qos\)\s*1 \(at least once\)/);
    assert.match(turnOn, /command string .*One of: "on", "off"/);
    const measured = mainText(file('/reference/streetlights/receive-light-measurement/'));
    // 2.x `publish` is 3.x `receive`: the reader sends it.
    assert.match(measured, /You send\s*smartylighting/);
    assert.match(measured, /lumens integer Light intensity measured in lumens\.\s*≥ 0/);
  });

  test('request/reply: the reply, its channel and where the correlation id is', () => {
    const ping = mainText(file('/reference/kraken/receive-ping/'));
    assert.match(ping, /You send/);
    assert.match(ping, /Correlation id: \$message\.payload#\/reqid \(in the message's payload at \/reqid\)/);
    assert.match(ping, /Reply\s*The API replies on \/\. The reply carries the request's correlation id\.\s*pong/);
  });

  test('code samples per protocol: JavaScript on the mock, Python, and the protocol CLI', () => {
    const html = file('/reference/streetlights/turn-on/');
    assert.match(html, /EventSource/);
    assert.match(html, /paho\.mqtt\.client/);
    assert.match(html, /mosquitto_sub -h test\.mosquitto\.org -p 1883 -q 1/);
    const amqp = mainText(file('/reference/rpc/sum/'));
    assert.match(amqp, /pika/);
  });

  test('unknown bindings shown as data; an overview with servers, security, channels', () => {
    const overview = mainText(file('/reference/gitter/'));
    assert.match(overview, /Servers/);
    assert.match(overview, /https:\/\/stream\.gitter\.im\/v1/);
    assert.match(overview, /Security\s*httpBearerToken: http \(bearer\)/);
    assert.match(overview, /Channels/);
  });

  test('the catalog lists the event APIs with protocol badges; the sidebar has their group; the download is the file', () => {
    const catalog = file('/reference/');
    assert.match(catalog, /data-api="streetlights" data-kind="asyncapi"/);
    assert.match(catalog, /data-protocol="mqtt"[^>]*>MQTT</);
    assert.match(catalog, /data-protocol="amqp"[^>]*>AMQP 0-9-1</);
    const page = file('/reference/kraken/receive-ping/');
    assert.match(page, /href="\/reference\/kraken\/receive-ping\/"[^>]*aria-current="page"/);
    assert.equal(
      readFileSync(join(CLIENT, 'reference/streetlights/asyncapi.yaml'), 'utf8'),
      readFileSync(join(ROOT, 'tests/fixtures/asyncapi/2.6/streetlights-mqtt.yml'), 'utf8'),
    );
  });

  test('Markdown twins, llms.txt and the API in one file; search filters by the event API', () => {
    const twin = readFileSync(join(CLIENT, 'reference/kraken/receive-ping.md'), 'utf8');
    assert.match(twin, /^# receivePing/m);
    assert.match(twin, /You send on `\/`/);
    assert.match(twin, /Correlation id: `\$message\.payload#\/reqid`/);
    const llms = readFileSync(join(CLIENT, 'llms.txt'), 'utf8');
    assert.match(llms, /## Kraken WebSocket API \(event API, AsyncAPI 3\.1\.0\)/);
    assert.match(llms, /\/reference\/kraken\/receive-ping\.md\)/);
    const full = readFileSync(join(CLIENT, 'reference/streetlights/llms-full.txt'), 'utf8');
    assert.match(full, /# turnOn/);
    assert.match(file('/reference/kraken/receive-ping/'), /data-pagefind-filter="api:Kraken WebSocket API"/);
  });

  test('an event API with releases: each version published below its own URL, with a switcher', () => {
    // tests/fixtures/event-versions: 1.0.0 (AsyncAPI 2.6, dimLight deprecated), 2.0.0 (3.1, dimLight removed
    // after its sunset date), 2.1.0 the current description.
    const current = file('/reference/streetlights-history/turn-on/');
    assert.match(current, /<details class="ev-versions">/);
    assert.match(current, /href="\/reference\/streetlights-history\/1\.0\.0\/turn-on\/"/);
    const old = mainText(file('/reference/streetlights-history/1.0.0/dim-light/'));
    assert.match(old, /You are reading version 1\.0\.0 of Streetlights MQTT API\. The current version is 2\.1\.0/);
    assert.ok(!existsSync(join(CLIENT, 'reference/streetlights-history/dim-light/index.html')), 'dimLight is gone now');
    const old1 = file('/reference/streetlights-history/1.0.0/dim-light/');
    assert.match(old1, /Deprecated/);
    assert.ok(
      !file('/reference/streetlights-history/2.0.0/turn-on/').includes('class="ev-tryit"'),
      'no try-it on an older version',
    );
    // Every page of an older version has its Markdown twin, which says which version it is.
    const twin = readFileSync(join(CLIENT, 'reference/streetlights-history/1.0.0/turn-on.md'), 'utf8');
    assert.match(
      twin,
      /^# turnOn\n[\s\S]*\n> Version 1\.0\.0 of Streetlights MQTT API; the current version is 2\.1\.0: \[this page in 2\.1\.0\]\(https:\/\/docs\.petstore\.example\.com\/reference\/streetlights-history\/turn-on\.md\)\./,
    );
    assert.match(
      readFileSync(join(CLIENT, 'reference/streetlights-history/1.0.0/dim-light.md'), 'utf8'),
      /\[its overview\]\(https:\/\/docs\.petstore\.example\.com\/reference\/streetlights-history\.md\)/,
    );
    assert.match(
      old1,
      /<link rel="alternate" type="text\/markdown" href="\/reference\/streetlights-history\/1\.0\.0\/dim-light\.md"/,
    );
  });

  test("an event API's changelog page and feed, from its release record; the changelog list names it", () => {
    const changes = mainText(file('/changelog/streetlights-history/'));
    assert.match(changes, /2\.1\.0/);
    assert.match(changes, /Removed[\s\S]*dimLight/);
    assert.match(changes, /Added required: \["lumens"\]/);
    assert.match(
      file('/changelog/streetlights-history/'),
      /href="\/reference\/streetlights-history\/receive-light-measurement\/"/,
    );
    const feed = readFileSync(join(CLIENT, 'changelog/streetlights-history.xml'), 'utf8');
    assert.match(feed, /<item>[\s\S]*2\.1\.0/);
    assert.match(mainText(file('/changelog/')), /Streetlights MQTT API/);
  });

  test('in French: the Overlay translates the description, the catalogue the pages, links stay in the locale', () => {
    // tests/fixtures/event-versions/streetlights/i18n/fr.overlay.yaml, and site/i18n/messages/fr.json.
    const html = file('/fr/reference/streetlights-history/turn-on/');
    assert.match(html, /<html lang="fr"/);
    const turnOn = mainText(html);
    assert.match(turnOn, /L’API envoie\s*smartylighting\/streetlights\/1\/0\/action\/\{streetlightId\}\/turn\/on/);
    assert.match(turnOn, /Liaison MQTT de l’opération\s*Qualité de service \(qos\)\s*1 \(au moins une fois\)/);
    assert.match(turnOn, /Allumer ou éteindre/);
    assert.match(html, /<h1[^>]*>Allumer un lampadaire<\/h1>/);
    assert.match(html, /href="\/fr\/reference\/streetlights-history\/1\.0\.0\/turn-on\/"/);
    assert.match(
      html,
      /hreflang="en" href="https:\/\/docs\.petstore\.example\.com\/reference\/streetlights-history\/turn-on\/"/,
    );
    assert.match(
      file('/reference/streetlights-history/turn-on/'),
      /hreflang="fr" href="https:\/\/docs\.petstore\.example\.com\/fr\/reference\/streetlights-history\/turn-on\/"/,
    );
    const overview = mainText(file('/fr/reference/streetlights-history/'));
    assert.match(overview, /Serveurs[\s\S]*Canaux/);
    assert.match(overview, /Le sujet sur lequel les valeurs mesurées sont publiées et lues\./);
    assert.match(
      mainText(file('/fr/reference/streetlights-history/1.0.0/dim-light/')),
      /Vous lisez la version 1\.0\.0/,
    );
    // An API without an Overlay for the locale: its own text in English, the pages' words in French.
    assert.match(
      mainText(file('/fr/reference/kraken/receive-ping/')),
      /Vous envoyez[\s\S]*Réponse\s*L’API répond sur \//,
    );
    // The French changelog links the French pages.
    assert.match(
      file('/fr/changelog/streetlights-history/'),
      /href="\/fr\/reference\/streetlights-history\/receive-light-measurement\/"/,
    );
    // The description's download is one for every language.
    assert.ok(
      !existsSync(join(CLIENT, 'fr/reference/streetlights-history/asyncapi.yaml')),
      'no download below a locale',
    );
    // The English pages keep their words.
    assert.match(mainText(file('/reference/streetlights-history/turn-on/')), /The API sends/);
  });

  test("in French: each current page's Markdown twin in French words with the Overlay's text, linked from its page, with its card and in llms.txt", () => {
    const twin = file('/fr/reference/streetlights-history/turn-on.md');
    assert.match(twin, /^# Allumer un lampadaire$/m);
    assert.match(
      twin,
      /^L’API envoie sur `smartylighting\/streetlights\/1\/0\/action\/\{streetlightId\}\/turn\/on` \(opération `turnOn`/m,
    );
    assert.match(twin, /^Liaison \*\*MQTT\*\* de l’opération\u00a0:$/m);
    assert.match(twin, /^## Exemples de code$/m);
    // The agents' directive and the links are the locale's.
    assert.match(twin, /https:\/\/docs\.petstore\.example\.com\/fr\/reference\/streetlights-history\/turn-on\.md/);
    assert.doesNotMatch(twin, /The API sends|Code samples|in the description/);
    assert.match(file('/fr/reference/streetlights-history.md'), /^# API MQTT des lampadaires$/m);
    // An API without an Overlay for the locale: its own text, the twin's words in French.
    assert.match(file('/fr/reference/kraken/receive-ping.md'), /^Vous envoyez sur `\/`/m);
    assert.match(
      file('/fr/reference/streetlights-history/turn-on/'),
      /<link rel="alternate" type="text\/markdown" href="\/fr\/reference\/streetlights-history\/turn-on\.md"/,
    );
    assert.ok(existsSync(join(CLIENT, 'og/fr/reference/streetlights-history/turn-on.jpg')), 'its Open Graph card');
    assert.match(
      file('/fr/reference/streetlights-history/turn-on/'),
      /<meta property="og:image" content="https:\/\/docs\.petstore\.example\.com\/og\/fr\/reference\/streetlights-history\/turn-on\.jpg"/,
    );
    assert.match(
      file('/fr/reference/streetlights-history/turn-on/'),
      /<meta property="og:image:alt" content="Allumer un lampadaire"/,
    );
    // As an OpenAPI API's, only the current version is translated.
    assert.ok(
      !existsSync(join(CLIENT, 'fr/reference/streetlights-history/1.0.0/turn-on.md')),
      'no older version twin in French',
    );
    assert.match(
      file('/llms.txt'),
      /\[Allumer un lampadaire\]\(https:\/\/docs\.petstore\.example\.com\/fr\/reference\/streetlights-history\/turn-on\.md\)/,
    );
  });

  test('try-it: a loader of a few hundred bytes before interaction; the panel client loads on the first press', () => {
    const html = file('/reference/kraken/receive-ping/');
    assert.match(html, /<div class="ev-tryit"[^>]*data-mock="\/api\/mock\/kraken\/"[^>]*data-direction="you-send"/);
    assert.match(html, /<div class="ev-tryit"[^>]*data-worker="\/reference\/kraken\/mock-sw\.js"/);
    const loader = [...html.matchAll(/<script type="module">([^<]*)<\/script>/g)]
      .map((m) => m[1] as string)
      .find((code) => code.includes('data-ev-tryit'));
    assert.ok(loader, 'the try-it loader is a script of the page');
    assert.ok(loader.length < 1024, `the loader is ${loader.length} bytes`);
    // Vite bundles none of it: an `import()` it bundled would split its preload helper into a chunk that
    // Search's script (every page's) then imports, so a REST page would carry more script than in a site
    // without event APIs.
    assert.doesNotMatch(loader, /\bfrom\s*["'`]|\bimport\s*["'`]/, 'the loader imports no chunk');
    const search = /src="(\/_astro\/Search[^"]+\.js)"/.exec(file('/reference/petstore/list-pets/'))?.[1];
    assert.ok(search, "a REST operation page loads Search's script");
    assert.doesNotMatch(
      readFileSync(join(CLIENT, search), 'utf8'),
      /\bfrom\s*["'`]\.\/|\bimport\s*["'`]\.\//,
      "Search's script imports no chunk shared with the event try-it",
    );
    const panel = /import\(`(\/_astro\/event-tryit\.[^`]+\.js)`\)/.exec(loader)?.[1];
    assert.ok(panel, 'the loader imports the panel client from the URL the build defines');
    assert.doesNotMatch(
      html,
      new RegExp(`(?:src|href)="${panel.replaceAll('.', '\\.')}"`),
      'not loaded before the press',
    );
    assert.match(readFileSync(join(CLIENT, panel), 'utf8'), /Server-Sent Events/);
    // The in-browser event mock a static host runs: the API's worker below its reference.
    assert.match(readFileSync(join(CLIENT, 'reference/kraken/mock-sw.js'), 'utf8'), /text\/event-stream/);
    // In French: the page's words and the panel's (written by the page for its client) from the catalogue,
    // with the same loader as the English page.
    const fr = file('/fr/reference/kraken/receive-ping/');
    const frLoader = [...fr.matchAll(/<script type="module">([^<]*)<\/script>/g)]
      .map((m) => m[1] as string)
      .find((code) => code.includes('data-ev-tryit'));
    assert.equal(frLoader, loader, 'the same loader in every locale');
    assert.match(fr, /<button type="button" data-ev-tryit>Essayer<\/button>/);
    assert.match(mainText(fr), /Envoyer un message\s: POST \/api\/mock\/kraken\/ avec un corps JSON/);
    assert.match(mainText(fr), /Un jeton désigne votre bac à sable/);
    const words = /<div class="ev-tryit"[^>]*data-words="([^"]*)"/.exec(fr)?.[1];
    assert.ok(words, 'the panel words on the try-it box');
    const panelWords = JSON.parse(words.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'));
    assert.equal(panelWords.connect, 'Se connecter');
    assert.equal(panelWords.reply, '{{event}} (réponse, {{status}})');
    assert.doesNotMatch(mainText(fr), /Send a message|A token names your sandbox/);
  });
});

describe('event mock on npm start', () => {
  test('Server-Sent Events: the messages the API sends, named, with their JSON payload', async () => {
    const abort = new AbortController();
    const response = await fetch(`${site.url}/api/mock/kraken/?access_token=sse`, {
      headers: { Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    assert.equal(response.status, 200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!/event: systemStatus\ndata: .*\n\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    abort.abort();
    assert.match(text, /event: heartbeat\ndata: \{"event":"heartbeat"\}\n\n/);
    assert.match(text, /event: systemStatus\ndata: \{"event":"systemStatus",/);
  });

  test('POST: 202 with the reply and its correlation id; 400 naming the failing field', async () => {
    const ok = await fetch(`${site.url}/api/mock/kraken/`, {
      method: 'POST',
      headers: { Authorization: 'Bearer post', 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'ping', reqid: 42 }),
    });
    assert.equal(ok.status, 202);
    const body = (await ok.json()) as { reply: { event: string; data: { reqid: number }; correlationId: number } };
    assert.equal(body.reply.event, 'pong');
    assert.equal(body.reply.data.reqid, 42);
    assert.equal(ok.headers.get('RateLimit-Policy'), '"default";q=600;w=60');
    const bad = await fetch(
      `${site.url}/api/mock/streetlights/smartylighting/streetlights/1/0/event/lamp-1/lighting/measured`,
      { method: 'POST', body: JSON.stringify({ lumens: -1 }) },
    );
    assert.equal(bad.status, 400);
    const problem = (await bad.json()) as { errors: { field: string }[] };
    assert.deepEqual(
      problem.errors.map((e) => e.field),
      ['payload.lumens'],
    );
  });

  test('MCP: list_operations and get_page for an event API; send_event_message talks to its mock', async () => {
    const client = new Client({ name: 'integration', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`)));
    try {
      const listed = await client.callTool({ name: 'list_operations', arguments: { api: 'kraken' } });
      const ops = (listed.structuredContent as { operations: { operationId: string; method: string; path: string }[] })
        .operations;
      assert.deepEqual(
        ops.find((o) => o.operationId === 'receivePing'),
        { ...ops.find((o) => o.operationId === 'receivePing'), method: 'SEND', path: '/' },
      );
      assert.equal(ops.find((o) => o.operationId === 'heartbeat')?.method, 'RECEIVE');
      const page = await client.callTool({
        name: 'get_page',
        arguments: { api: 'kraken', operationId: 'receivePing' },
      });
      assert.match((page.structuredContent as { markdown: string }).markdown, /Correlation id/);
      const french = await client.callTool({
        name: 'get_page',
        arguments: { api: 'streetlights-history', operationId: 'turnOn', locale: 'fr' },
      });
      const frenchPage = french.structuredContent as { title: string; markdownUrl: string; markdown: string };
      assert.equal(frenchPage.title, 'Allumer un lampadaire');
      assert.match(frenchPage.markdownUrl, /\/fr\/reference\/streetlights-history\/turn-on\.md$/);
      assert.match(frenchPage.markdown, /^L’API envoie sur `smartylighting/m);
      const byUrl = await client.callTool({
        name: 'get_page',
        arguments: { api: 'kraken', url: '/reference/kraken/receive-ping/', locale: 'fr' },
      });
      assert.match((byUrl.structuredContent as { markdown: string }).markdown, /^Vous envoyez sur `\/`/m);
      const sent = await client.callTool({
        name: 'send_event_message',
        arguments: { api: 'kraken', operationId: 'receivePing', message: { event: 'ping', reqid: 5 } },
      });
      assert.deepEqual((sent.structuredContent as { body: { reply: { data: unknown } } }).body.reply.data, {
        event: 'pong',
        reqid: 5,
      });
      const read = await client.callTool({
        name: 'send_event_message',
        arguments: { api: 'kraken', operationId: 'heartbeat', count: 1 },
      });
      assert.deepEqual((read.structuredContent as { messages: unknown[] }).messages, [
        { event: 'heartbeat', data: { event: 'heartbeat' } },
      ]);
    } finally {
      await client.close();
    }
  });

  test('a WebSocket: messages sent, a reply with the correlation id, an error naming the field, the session kept', async () => {
    const ws = new WebSocket(`${site.url.replace(/^http/, 'ws')}/api/mock/kraken/?access_token=ws`);
    const frames: { event: string; data?: { reqid?: number }; error?: { fields: { field: string }[] } }[] = [];
    const waitFor = (event: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} frame: ${JSON.stringify(frames)}`)), 10_000);
        const check = () => {
          if (frames.some((f) => f.event === event)) {
            clearTimeout(timer);
            resolve();
          } else setTimeout(check, 20);
        };
        check();
      });
    ws.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data))));
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve);
      ws.addEventListener('error', reject);
    });
    await waitFor('heartbeat');
    ws.send(JSON.stringify({ event: 'ping', reqid: 'x' }));
    await waitFor('error');
    assert.deepEqual(
      frames.find((f) => f.event === 'error')?.error?.fields.map((f) => f.field),
      ['payload.reqid'],
    );
    ws.send(JSON.stringify({ event: 'ping', reqid: 9 }));
    await waitFor('pong');
    assert.equal(frames.find((f) => f.event === 'pong')?.data?.reqid, 9);
    ws.close();
  });
});

describe('rebuilds of the event APIs', { timeout: 600_000 }, () => {
  const eventPages = [
    '/reference/kraken/receive-ping/index.html',
    '/reference/kraken/messages/ping/index.html',
    '/reference/kraken/schemas/ping/index.html',
    '/reference/kraken/receive-ping.md',
    '/reference/kraken/llms-full.txt',
    '/reference/kraken/asyncapi.yaml',
    '/reference/streetlights/index.html',
    '/reference/streetlights/turn-on/index.html',
    '/reference/gitter/send-room-info/index.html',
    '/fr/reference/kraken/receive-ping/index.html',
    '/reference/streetlights-history/1.0.0/dim-light/index.html',
    '/fr/reference/streetlights-history/turn-on/index.html',
  ];

  test("an edited file of an event description shows on its API's pages; the other APIs' pages are copied", () => {
    // A text no earlier run wrote, so the kept descriptions cannot hold it: the parser must read it.
    const changed = `The numbers the server adds up, changed in run ${Date.now().toString(36)}.`;
    writeFileSync(SUM_PAYLOAD, SUM_PAYLOAD_TEXT.replace('The numbers to add up.', changed));
    const { rendered, copied, output } = build();
    // Only the edited description goes through the AsyncAPI parser again.
    assert.match(output, /event descriptions: rpc parsed; 4 from the cache/);
    for (const route of [
      '/reference/rpc/index.html',
      '/reference/rpc/sum/index.html',
      '/reference/rpc/messages/sum/index.html',
      '/reference/rpc/sum.md',
      '/reference/rpc/llms-full.txt',
    ]) {
      assert.ok(rendered.includes(route), `${route} rendered again`);
    }
    for (const route of [...eventPages, '/reference/petstore/list-pets/index.html']) {
      assert.ok(copied.includes(route), `${route} copied from the previous build`);
    }
    assert.ok(mainText(file('/reference/rpc/sum/')).includes(changed), 'the page');
    assert.ok(file('/reference/rpc/sum.md').includes(changed), 'its Markdown twin');
    assert.doesNotMatch(file('/reference/rpc/sum/'), /The numbers to add up\./);
  });

  test('with the file as it was, the rebuild is byte for byte the build from scratch', () => {
    writeFileSync(SUM_PAYLOAD, SUM_PAYLOAD_TEXT);
    const { copied } = build();
    for (const route of eventPages) assert.ok(copied.includes(route), `${route} copied from the previous build`);
    assertSameOutput(outputFiles(CLIENT), scratch, 'the rebuild');
  });
});
