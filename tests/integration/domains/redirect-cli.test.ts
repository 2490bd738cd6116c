// The redirect check through the CLI (`docs-domains check --only http --json`) against loopback HTTPS + HTTP
// servers answering by Host header; every hop is pinned to 127.0.0.1 with --connect, --port and --http-port.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { DomainsConfig } from '../../../tools/docs-domains/config/types.ts';
import type { Check, Report } from '../../../tools/docs-domains/core/types.ts';
import { startDnsStub } from '../../support/dns-stub.ts';
import { TestPki } from '../../support/pki.ts';
import { checkJson, checkOf, writeConfig } from '../../support/tls-cli.ts';
import { type RequestLog, type Running, startWebPair } from '../../support/tls-servers.ts';

const PRIMARY = 'docs.petstore.test';
const FROMS = [
  'one',
  'chain',
  'loop',
  'status',
  'droppath',
  'dropquery',
  'extra',
  'head405',
  'noredirect',
  'elsewhere',
].map((n) => `${n}.petstore.test`);

const config: DomainsConfig = {
  platformHost: 'proxy.platform.test',
  primary: PRIMARY,
  redirects: FROMS.map((from) => ({ from, to: PRIMARY, status: 301 })),
};

/** The fixtures' behaviour, by host. Locations carry no port, as in production; --port/--http-port map them. */
function handler(req: IncomingMessage, res: ServerResponse, scheme: 'http' | 'https'): void {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const url = req.url ?? '/';
  const go = (status: number, location: string) => {
    res.writeHead(status, { location });
    res.end();
  };
  const path = url.split('?')[0] ?? '/';
  switch (host.replace('.petstore.test', '')) {
    case 'one':
    case 'head405':
      if (host.startsWith('head405') && req.method === 'HEAD') {
        res.writeHead(405, { allow: 'GET' });
        res.end();
        return;
      }
      if (req.method === 'GET') {
        // An endless body: a client that reads it never finishes.
        res.writeHead(301, { location: `https://${PRIMARY}${url}`, 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
        return;
      }
      go(301, `https://${PRIMARY}${url}`);
      return;
    case 'chain':
      go(301, `https://mid.petstore.test${url}`);
      return;
    case 'mid':
      go(301, `https://${PRIMARY}${url}`);
      return;
    case 'loop':
      go(301, `https://loop2.petstore.test${url}`);
      return;
    case 'loop2':
      go(301, `https://loop.petstore.test${url}`);
      return;
    case 'status':
      go(302, `https://${PRIMARY}${url}`);
      return;
    case 'droppath':
      go(301, `https://${PRIMARY}/`);
      return;
    case 'dropquery':
      go(301, `https://${PRIMARY}${path}`);
      return;
    case 'extra':
      go(301, scheme === 'http' ? `https://${host}${url}` : `https://${PRIMARY}${url}`);
      return;
    case 'elsewhere':
      go(301, `https://other.example.org${url}`);
      return;
    default:
      // The primary, other.example.org, noredirect: a page.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(req.method === 'HEAD' ? undefined : '<p>docs</p>');
  }
}

describe('redirect check through the CLI', () => {
  let pki: TestPki;
  let web: { https: Running; http: Running; log: RequestLog };
  let dns: Running;
  let configPath: string;
  let report: Report;
  let code: number;

  before(async () => {
    pki = new TestPki();
    const names = [PRIMARY, 'mid.petstore.test', 'loop2.petstore.test', 'other.example.org', ...FROMS];
    web = await startWebPair(pki.leaf('web', names), handler);
    dns = await startDnsStub({});
    configPath = writeConfig(pki.dir, config);
    ({ report, code } = await checkJson(args()));
  });

  after(async () => {
    await web?.https.close();
    await web?.http.close();
    await dns?.close();
    pki?.cleanup();
  });

  function args(): string[] {
    return [
      '--config',
      configPath,
      '--only',
      'http',
      '--resolver',
      `127.0.0.1:${dns.port}`,
      '--connect',
      '127.0.0.1',
      '--port',
      String(web.https.port),
      '--http-port',
      String(web.http.port),
      '--ca-file',
      pki.caFile,
    ];
  }
  const check = (from: string): Check => checkOf(report, from, 'redirect');

  test('one run checks the primary and every configured from; a fail makes exit 1', () => {
    assert.equal(code, 1);
    assert.deepEqual(
      report.domains.map((d) => d.domain),
      [PRIMARY, ...FROMS],
    );
    // The primary has no redirect to check.
    assert.deepEqual(report.domains[0]?.checks, []);
    for (const d of report.domains.slice(1))
      assert.deepEqual(
        d.checks.map((c) => c.id),
        ['redirect'],
      );
  });

  test('one hop to the primary with the configured status, path and query kept: pass', () => {
    const c = check('one.petstore.test');
    assert.equal(c.status, 'pass', c.message);
    assert.equal(c.action, undefined);
    const hops = c.records as { start: string; url: string; method: string; status: number; location: string }[];
    assert.deepEqual(
      hops.map((h) => [h.start, h.method, h.status]),
      [
        ['https', 'HEAD', 301],
        ['https', 'HEAD', 200],
        ['http', 'HEAD', 301],
        ['http', 'HEAD', 200],
      ],
    );
    assert.equal(hops[0]?.location, `https://${PRIMARY}/docs-domains-probe/page?probe=docs-domains&x=1`);
  });

  test('a chain of two redirects fails and names each hop', () => {
    const c = check('chain.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /a chain of 2 redirects/);
    assert.match(
      c.message,
      /https:\/\/chain\.petstore\.test\/… → 301 → https:\/\/mid\.petstore\.test\/… → 301 → https:\/\/docs\.petstore\.test\/… → 200/,
    );
    assert.match(c.action ?? '', /private window/);
    assert.match(c.action ?? '', /curl -sI/);
  });

  test('a loop fails', () => {
    const c = check('loop.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /redirect loop: https:\/\/loop\.petstore\.test/);
  });

  test('a different status fails', () => {
    const c = check('status.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /answers 302 where the config says 301/);
  });

  test('a dropped path fails', () => {
    const c = check('droppath.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /drops the path/);
    assert.match(c.message, /drops the query/);
  });

  test('a dropped query fails', () => {
    const c = check('dropquery.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /drops the query/);
    assert.doesNotMatch(c.message, /the path/);
  });

  test('an extra HTTP→HTTPS hop warns', () => {
    const c = check('extra.petstore.test');
    assert.equal(c.status, 'warn', c.message);
    assert.match(
      c.message,
      /an extra HTTP→HTTPS hop: http:\/\/extra\.petstore\.test\/… → 301 → https:\/\/extra\.petstore\.test\/… → 301 → https:\/\/docs/,
    );
    assert.equal(report.domains.find((d) => d.domain === 'extra.petstore.test')?.ok, true);
  });

  test('HEAD refused with 405 falls back to GET without reading the body', () => {
    const c = check('head405.petstore.test');
    assert.equal(c.status, 'pass', c.message);
    assert.deepEqual(web.log.methods.get('https://head405.petstore.test'), ['HEAD', 'GET']);
    assert.ok(web.log.abortedBodies >= 1, 'the endless GET body was cut short by the client');
    assert.equal((c.records as { method: string }[])[0]?.method, 'GET');
  });

  test('no redirect (200 at from) fails', () => {
    const c = check('noredirect.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /no redirect: https:\/\/noredirect\.petstore\.test\/… answered 200/);
  });

  test('a redirect to somewhere else fails', () => {
    const c = check('elsewhere.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /redirects to somewhere else: .*other\.example\.org/);
  });

  test('an unreachable from is an error', async () => {
    const r = await checkJson(['one.petstore.test', ...args(), '--port', '1', '--http-port', '1']);
    const c = checkOf(r.report, 'one.petstore.test', 'redirect');
    assert.equal(c.status, 'error');
    assert.match(c.message, /could not request https:\/\/one\.petstore\.test\/…: .*ECONNREFUSED/);
    assert.equal(r.code, 1);
  });

  test('dns, tls and http in one run: every group reports for the from', async () => {
    const a = args().filter((x, i, all) => x !== '--only' && all[i - 1] !== '--only');
    const r = await checkJson(['one.petstore.test', ...a]);
    const ids = r.report.domains[0]?.checks.map((c) => c.id) ?? [];
    assert.ok(ids.includes('tls') && ids.includes('redirect'), ids.join());
    assert.ok(
      ids.some((id) => ['cname', 'apex-alias', 'caa'].includes(id)),
      ids.join(),
    );
    assert.equal(checkOf(r.report, 'one.petstore.test', 'tls').status, 'pass');
    assert.equal(checkOf(r.report, 'one.petstore.test', 'redirect').status, 'pass');
  });
});
