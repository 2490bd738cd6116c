// The http group (redirect check) against loopback HTTPS + HTTP servers answering by Host header.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Check } from '../../tools/docs-domains/checks/types.ts';
import type { DomainsConfig } from '../../tools/docs-domains/config/types.ts';
import { httpGroup } from '../../tools/docs-domains/redirect/group.ts';
import { context } from './context.ts';
import { TestPki } from './pki.ts';
import { type RequestLog, type Running, startWebPair } from './servers.ts';

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

describe('http group: redirect check (run directly)', () => {
  let pki: TestPki;
  let web: { https: Running; http: Running; log: RequestLog };

  before(async () => {
    pki = new TestPki();
    const names = [PRIMARY, 'mid.petstore.test', 'loop2.petstore.test', 'other.example.org', ...FROMS];
    web = await startWebPair(pki.leaf('web', names), handler);
  });

  after(async () => {
    await web?.https.close();
    await web?.http.close();
    pki?.cleanup();
  });

  async function check(from: string): Promise<Check> {
    const checks = await httpGroup.run(
      context(from, config, {
        connect: '127.0.0.1',
        port: web.https.port,
        httpPort: web.http.port,
        caFile: pki.caFile,
      }),
    );
    assert.equal(checks.length, 1);
    const c = checks[0] as Check;
    assert.equal(c.id, 'redirect');
    return c;
  }

  test('the primary itself gets no redirect check', async () => {
    const checks = await httpGroup.run(context(PRIMARY, config, { connect: '127.0.0.1', port: web.https.port }));
    assert.deepEqual(checks, []);
  });

  test('one hop to the primary with the configured status, path and query kept: pass', async () => {
    const c = await check('one.petstore.test');
    assert.equal(c.status, 'pass', c.message);
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

  test('a chain of two redirects fails and names each hop', async () => {
    const c = await check('chain.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /a chain of 2 redirects/);
    assert.match(
      c.message,
      /https:\/\/chain\.petstore\.test\/… → 301 → https:\/\/mid\.petstore\.test\/… → 301 → https:\/\/docs\.petstore\.test\/… → 200/,
    );
    assert.match(c.action ?? '', /private window/);
    assert.match(c.action ?? '', /curl -sI/);
  });

  test('a loop fails', async () => {
    const c = await check('loop.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /redirect loop: https:\/\/loop\.petstore\.test/);
  });

  test('a different status fails', async () => {
    const c = await check('status.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /answers 302 where the config says 301/);
  });

  test('a dropped path fails', async () => {
    const c = await check('droppath.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /drops the path/);
    assert.match(c.message, /drops the query/);
  });

  test('a dropped query fails', async () => {
    const c = await check('dropquery.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /drops the query/);
    assert.doesNotMatch(c.message, /path/);
  });

  test('an extra HTTP→HTTPS hop warns', async () => {
    const c = await check('extra.petstore.test');
    assert.equal(c.status, 'warn', c.message);
    assert.match(
      c.message,
      /an extra HTTP→HTTPS hop: http:\/\/extra\.petstore\.test\/… → 301 → https:\/\/extra\.petstore\.test\/… → 301 → https:\/\/docs/,
    );
  });

  test('HEAD refused with 405 falls back to GET without reading the body', async () => {
    const c = await check('head405.petstore.test');
    assert.equal(c.status, 'pass', c.message);
    assert.deepEqual(web.log.methods.get('https://head405.petstore.test'), ['HEAD', 'GET']);
    assert.ok(web.log.abortedBodies >= 1, 'the GET response body was cut short by the client');
    const first = (c.records as { method: string }[])[0];
    assert.equal(first?.method, 'GET');
  });

  test('no redirect (200 at from) fails', async () => {
    const c = await check('noredirect.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /no redirect: https:\/\/noredirect\.petstore\.test\S+ answered 200/);
  });

  test('a redirect to somewhere else fails', async () => {
    const c = await check('elsewhere.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /redirects to somewhere else: .*other\.example\.org/);
  });

  test('an unreachable from is an error', async () => {
    const checks = await httpGroup.run(
      context('one.petstore.test', config, { connect: '127.0.0.1', port: 1, httpPort: 1, caFile: pki.caFile }),
    );
    assert.equal(checks[0]?.status, 'error');
    assert.match(checks[0]?.message ?? '', /could not request https:\/\/one\.petstore\.test\S+: .*ECONNREFUSED/);
  });
});
