// The redirect follower (with a fake transport) and the pure chain evaluator.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  evaluateChain,
  evaluateRedirect,
  PROBE_PATH,
  PROBE_QUERY,
  probeUrl,
} from '../../../tools/docs-domains/groups/http/checks/evaluate.ts';
import { type Chain, followRedirects, type HopResult } from '../../../tools/docs-domains/groups/http/follow.ts';

const expect = { from: 'old.example.com', to: 'docs.example.com', status: 301 };
const PQ = `${PROBE_PATH}${PROBE_QUERY}`;

/** A fake web: URL → answer. Unknown URLs answer 200. */
function web(map: Record<string, HopResult>) {
  const asked: string[] = [];
  const fetchHop = async (url: URL): Promise<HopResult> => {
    asked.push(url.href);
    return map[url.href] ?? { ok: true, method: 'HEAD', status: 200 };
  };
  return { fetchHop, asked };
}
const to = (status: number, location?: string): HopResult => ({
  ok: true,
  method: 'HEAD',
  status,
  ...(location !== undefined ? { location } : {}),
});

async function chainOf(start: string, map: Record<string, HopResult>, max?: number): Promise<Chain> {
  return followRedirects(start, web(map).fetchHop, max);
}

describe('followRedirects', () => {
  test('resolves relative Locations and stops at the first non-redirect', async () => {
    const c = await chainOf('https://a.example/x?y=1', {
      'https://a.example/x?y=1': to(301, '/z?y=1'),
      'https://a.example/z?y=1': to(302, '//b.example/z'),
    });
    assert.equal(c.end, 'final');
    assert.deepEqual(
      c.hops.map((h) => [h.url, h.status, h.next]),
      [
        ['https://a.example/x?y=1', 301, 'https://a.example/z?y=1'],
        ['https://a.example/z?y=1', 302, 'https://b.example/z'],
        ['https://b.example/z', 200, undefined],
      ],
    );
  });

  test('detects a loop without requesting the repeated URL again', async () => {
    const w = web({
      'https://a.example/': to(301, 'https://b.example/'),
      'https://b.example/': to(301, 'https://a.example/'),
    });
    const c = await followRedirects('https://a.example/', w.fetchHop);
    assert.equal(c.end, 'loop');
    assert.equal(w.asked.length, 2);
  });

  test('stops at the bound', async () => {
    const map: Record<string, HopResult> = {};
    for (let i = 0; i < 20; i++) map[`https://a.example/${i}`] = to(301, `/${i + 1}`);
    const c = await chainOf('https://a.example/0', map, 10);
    assert.equal(c.end, 'limit');
    assert.equal(c.hops.length, 10);
  });

  test('a redirect without Location, and a failed request', async () => {
    assert.equal((await chainOf('https://a.example/', { 'https://a.example/': to(301) })).end, 'no-location');
    const c = await chainOf('https://a.example/', {
      'https://a.example/': { ok: false, code: 'ECONNREFUSED', detail: 'refused' },
    });
    assert.equal(c.end, 'error');
    assert.equal(c.error?.code, 'ECONNREFUSED');
  });

  test('300 and 304 are not followed', async () => {
    const c = await chainOf('https://a.example/', { 'https://a.example/': to(304, '/b') });
    assert.equal(c.end, 'final');
    assert.equal(c.hops[0]?.next, undefined);
  });
});

describe('evaluateChain', () => {
  const https = probeUrl('https', 'old.example.com');
  const http = probeUrl('http', 'old.example.com');
  const good = `https://docs.example.com${PQ}`;

  const verdict = async (start: string, map: Record<string, HopResult>) =>
    evaluateChain(expect, await chainOf(start, map));

  test('one hop, configured status, path and query kept: pass', async () => {
    assert.equal((await verdict(https, { [https]: to(301, good) })).status, 'pass');
    assert.equal((await verdict(http, { [http]: to(301, good) })).status, 'pass');
  });

  test('an extra HTTP→HTTPS hop, before or after the move: warn', async () => {
    const before = await verdict(http, { [http]: to(308, `https://old.example.com${PQ}`), [https]: to(301, good) });
    assert.equal(before.status, 'warn');
    assert.match(before.summary, /extra HTTP→HTTPS hop/);
    const after = await verdict(http, {
      [http]: to(301, `http://docs.example.com${PQ}`),
      [`http://docs.example.com${PQ}`]: to(301, good),
    });
    assert.equal(after.status, 'warn');
    assert.equal(after.code, 'redirect.extra_hop');
  });

  test('any hop from https:// to http:// is a downgrade: fail, with the hop named', async () => {
    // Even when a later hop goes back to HTTPS.
    const v = await verdict(https, {
      [https]: to(301, `http://docs.example.com${PQ}`),
      [`http://docs.example.com${PQ}`]: to(301, good),
    });
    assert.equal(v.status, 'fail');
    assert.equal(v.code, 'redirect.downgrade');
    assert.match(
      v.summary,
      /downgrade from HTTPS to plain HTTP: https:\/\/old\.example\.com\/… → 301 → http:\/\/docs\.example\.com\/…/,
    );
  });

  test('a chain of two moves fails and names each hop', async () => {
    const v = await verdict(https, {
      [https]: to(301, `https://mid.example.com${PQ}`),
      [`https://mid.example.com${PQ}`]: to(301, good),
    });
    assert.equal(v.status, 'fail');
    assert.equal(
      v.summary,
      'a chain of 2 redirects instead of one: https://old.example.com/… → 301 → https://mid.example.com/… → 301 → https://docs.example.com/… → 200',
    );
  });

  test('the primary redirecting again (to www) is a chain', async () => {
    const v = await verdict(https, {
      [https]: to(301, good),
      [good]: to(301, `https://www.docs.example.com${PQ}`),
    });
    assert.equal(v.status, 'fail');
    assert.match(v.summary, /chain of 2/);
  });

  test('status, path and query problems are listed together', async () => {
    const v = await verdict(https, { [https]: to(302, 'https://docs.example.com/') });
    assert.equal(v.status, 'fail');
    assert.match(v.summary, /answers 302 where the config says 301; drops the path .*; drops the query/);
    const changed = await verdict(https, { [https]: to(301, 'https://docs.example.com/home?a=b') });
    assert.match(changed.summary, /changes the path .*changes the query/);
  });

  test('ending on plain HTTP or on another port fails', async () => {
    const plain = await verdict(http, { [http]: to(301, `http://docs.example.com${PQ}`) });
    assert.equal(plain.status, 'fail');
    assert.match(plain.summary, /ends on plain HTTP/);
    const port = await verdict(https, { [https]: to(301, `https://docs.example.com:8443${PQ}`) });
    assert.match(port.summary, /ends on port 8443/);
  });

  test('no redirect, only an upgrade, somewhere else: fail', async () => {
    assert.match((await verdict(https, {})).summary, /^no redirect: .* answered 200/);
    const up = await verdict(http, { [http]: to(301, `https://old.example.com${PQ}`) });
    assert.equal(up.status, 'fail');
    assert.match(up.summary, /only an HTTP→HTTPS upgrade/);
    const away = await verdict(https, { [https]: to(301, `https://evil.example.net${PQ}`) });
    assert.match(away.summary, /^redirects to somewhere else/);
  });

  test('request failures: error at the start, error at a correct destination', async () => {
    const start = await verdict(https, {
      [https]: { ok: false, code: 'ETIMEDOUT', detail: 'no answer within 2000 ms' },
    });
    assert.equal(start.status, 'error');
    assert.match(
      start.summary,
      /could not request https:\/\/old\.example\.com\/…: no answer within 2000 ms \(ETIMEDOUT\)/,
    );
    const dest = await verdict(https, {
      [https]: to(301, good),
      [good]: { ok: false, code: 'ECONNRESET', detail: 'socket hang up' },
    });
    assert.equal(dest.status, 'error');
    assert.equal(dest.code, 'redirect.destination_failed');
    assert.match(dest.summary, /the redirect is right, but https:\/\/docs\.example\.com\/… could not be requested/);
  });

  test('a certificate a browser refuses is a failure, not an unknown', async () => {
    const start = await verdict(https, {
      [https]: { ok: false, code: 'DEPTH_ZERO_SELF_SIGNED_CERT', detail: 'self-signed certificate' },
    });
    assert.equal(start.status, 'fail');
    assert.equal(start.code, 'redirect.bad_certificate');
    const dest = await verdict(https, {
      [https]: to(301, good),
      [good]: { ok: false, code: 'CERT_HAS_EXPIRED', detail: 'certificate has expired' },
    });
    assert.equal(dest.status, 'fail');
    assert.equal(dest.code, 'redirect.destination_bad_certificate');
  });
});

describe('evaluateRedirect', () => {
  const https = probeUrl('https', 'old.example.com');
  const http = probeUrl('http', 'old.example.com');
  const good = `https://docs.example.com${PQ}`;

  test('worst chain wins; records every hop with its start', async () => {
    const a = await chainOf(https, { [https]: to(301, good) });
    const b = await chainOf(http, { [http]: to(301, `https://old.example.com${PQ}`), [https]: to(301, good) });
    const c = evaluateRedirect(expect, [a, b]);
    assert.equal(c.id, 'redirect');
    assert.equal(c.status, 'warn');
    assert.match(c.action ?? '', /private window/);
    assert.deepEqual(
      (c.records as { start: string; status: number }[]).map((r) => `${r.start}:${r.status}`),
      ['https:301', 'https:200', 'http:301', 'http:301', 'http:200'],
    );
  });

  test('fail outranks error', async () => {
    const a = await chainOf(https, { [https]: to(302, good) });
    const b = await chainOf(http, { [http]: { ok: false, code: 'ECONNREFUSED', detail: 'refused' } });
    assert.equal(evaluateRedirect(expect, [a, b]).status, 'fail');
    assert.equal(evaluateRedirect(expect, [b]).status, 'error');
  });
});
