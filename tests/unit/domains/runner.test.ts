// The runner and the dns group over an injected fake resolver: which lookups feed which check, CAA CNAME chasing
// in the climb, SERVFAIL in the climb, concurrency and group failures.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runChecks } from '../../../tools/docs-domains/core/run.ts';
import type { CheckContext, CheckGroup } from '../../../tools/docs-domains/core/types.ts';
import { dnsGroup, lookupCaa } from '../../../tools/docs-domains/groups/dns/group.ts';
import { fakeResolver, result, rr, type Zone } from '../../support/fake-dns.ts';

const T = 'host.platform.example.net';
const zone: Zone = {
  'example.com': [rr('example.com', 'SOA', 'ns h 1 2 3 4 300'), rr('example.com', 'A', '192.0.2.1')],
  'docs.example.com': [rr('docs.example.com', 'CNAME', T)],
  'blocked.example.com': [rr('blocked.example.com', 'A', '198.51.100.1')],
  [T]: [rr(T, 'A', '192.0.2.1'), rr(T, 'CAA', '0 issue "letsencrypt.org"')],
  'alias.example.com': [rr('alias.example.com', 'CNAME', 'x.other.net')],
  'x.other.net': [rr('x.other.net', 'CNAME', 'y.other.net')],
  'y.other.net': [rr('y.other.net', 'CAA', '0 issue ";"')],
  'other.net': [rr('other.net', 'CAA', '0 issue "letsencrypt.org"')],
  com: [],
  net: [],
};
const config = { platformHost: T, primary: 'docs.example.com', redirects: [] };

function input(dns: ReturnType<typeof fakeResolver>, domains: string[], groups: CheckGroup[] = [dnsGroup]) {
  return {
    domains,
    config,
    target: T,
    resolvers: dns.servers,
    dns,
    timeoutMs: 1000,
    options: { ca: ['letsencrypt.org'] },
    groups,
  };
}

describe('CAA lookups chase CNAMEs', () => {
  for (const recursive of [true, false]) {
    test(`through a chain of two CNAMEs (${recursive ? 'recursive' : 'authoritative'} answers)`, async () => {
      const dns = fakeResolver(zone, { recursive });
      const l = await lookupCaa(dns, 'alias.example.com');
      assert.deepEqual(l.chain, ['x.other.net', 'y.other.net']);
      assert.equal(l.outcome, 'records');
      assert.equal(l.records[0]?.value, '0 issue ";"');
    });
  }
  test('the parents of the alias target are not climbed (other.net would allow)', async () => {
    const r = await runChecks(input(fakeResolver(zone), ['alias.example.com']));
    const caa = r.domains[0]?.checks.find((c) => c.id === 'caa');
    assert.equal(caa?.status, 'fail');
    assert.match(caa?.message ?? '', /at y\.other\.net/);
  });
  test('a SERVFAIL in the climb is an error', async () => {
    const r = await runChecks(
      input(fakeResolver(zone, { errors: { 'example.com CAA': 'SERVFAIL' } }), ['blocked.example.com']),
    );
    const caa = r.domains[0]?.checks.find((c) => c.id === 'caa');
    assert.equal(caa?.status, 'error');
    assert.equal(r.ok, false);
  });
});

describe('runner', () => {
  test('a subdomain gets cname, conflict, ttl, caa; an apex gets apex-alias, caa', async () => {
    const r = await runChecks(
      input(fakeResolver(zone, { recursive: true }), ['docs.example.com', 'example.com', 'blocked.example.com']),
    );
    assert.deepEqual(
      r.domains.map((d) => [d.domain, d.kind, d.checks.map((c) => `${c.id}:${c.status}`)]),
      [
        ['docs.example.com', 'subdomain', ['cname:pass', 'conflict:pass', 'ttl:pass', 'caa:pass']],
        ['example.com', 'apex', ['apex-alias:pass', 'caa:pass']],
        ['blocked.example.com', 'subdomain', ['cname:fail', 'conflict:fail', 'ttl:warn', 'caa:pass']],
      ],
    );
    assert.equal(r.ok, false);
    assert.equal(r.target, T);
  });
  test('ttl: a cached answer is checked against the zone’s own name server', async () => {
    const z: Zone = {
      ...zone,
      'example.com': [...(zone['example.com'] ?? []), rr('example.com', 'NS', 'ns1.example.com')],
      'ns1.example.com': [rr('ns1.example.com', 'A', '127.0.0.99')],
    };
    const dns = fakeResolver(z, { authoritative: false, authoritativeAt: '127.0.0.99' });
    const r = await runChecks(input(dns, ['docs.example.com']));
    const ttl = r.domains[0]?.checks.find((c) => c.id === 'ttl');
    assert.equal(ttl?.status, 'pass', ttl?.message);
    assert.ok(dns.asked.includes('@127.0.0.99 docs.example.com CNAME'));
    // Without a reachable name server the cached countdown is reported as such.
    const cached = await runChecks(input(fakeResolver(zone, { authoritative: false }), ['docs.example.com']));
    assert.match(cached.domains[0]?.checks.find((c) => c.id === 'ttl')?.message ?? '', /from its cache/);
  });

  test('ttl: the zone’s name servers are asked together, so one that never answers does not hold up the rest', async () => {
    const z: Zone = {
      ...zone,
      'example.com': [
        ...(zone['example.com'] ?? []),
        rr('example.com', 'NS', 'ns1.example.com'),
        rr('example.com', 'NS', 'ns2.example.com'),
      ],
      'ns1.example.com': [rr('ns1.example.com', 'A', '127.0.0.98')],
      'ns2.example.com': [rr('ns2.example.com', 'A', '127.0.0.99')],
    };
    const base = fakeResolver(z, { authoritative: false, authoritativeAt: '127.0.0.99' });
    // ns1 stays silent until ns2 has answered (or gives up after a while): asked one after the other, ns2 would be
    // asked only once ns1 had given up, i.e. after a whole timeout per silent server.
    let releaseSilent: () => void = () => {};
    const silent = new Promise<void>((r) => {
      releaseSilent = r;
    });
    let ns1Done = false;
    let ns2AskedWhileNs1Pending = false;
    const dns: ReturnType<typeof fakeResolver> = {
      ...base,
      async queryServer(server, name, type) {
        if (server.host === '127.0.0.98') {
          await Promise.race([silent, new Promise((r) => setTimeout(r, 200))]);
          ns1Done = true;
          return result(name, type, 'error', [], { error: 'timeout', authoritative: false });
        }
        ns2AskedWhileNs1Pending = !ns1Done;
        const r = await base.queryServer(server, name, type);
        releaseSilent();
        return r;
      },
    };
    const r = await runChecks(input(dns, ['docs.example.com']));
    const ttl = r.domains[0]?.checks.find((c) => c.id === 'ttl');
    assert.equal(ttl?.status, 'pass', ttl?.message);
    assert.ok(ns2AskedWhileNs1Pending, 'ns2 was asked without waiting for the silent ns1');
    assert.ok(base.asked.includes('@127.0.0.99 docs.example.com CNAME'));
  });

  test('propagation runs with two or more resolvers', async () => {
    const dns = fakeResolver(zone);
    const r = await runChecks({
      ...input(dns, ['docs.example.com']),
      resolvers: [dns.servers[0], { host: '192.0.2.54', port: 53 }],
    } as never);
    assert.deepEqual(
      r.domains[0]?.checks.map((c) => c.id),
      ['cname', 'conflict', 'ttl', 'caa', 'propagation'],
    );
  });
  test('a throwing group becomes one error check; the report keeps input order under concurrency', async () => {
    const boom: CheckGroup = {
      name: 'boom',
      description: 'throws',
      parseOptions: () => ({}),
      async run(ctx: CheckContext) {
        if (ctx.domain.startsWith('d3')) throw new Error('kaput');
        await new Promise((r) => setTimeout(r, ctx.domain.length % 3));
        return [{ id: 'boom', status: 'pass', code: 'boom.ok', message: ctx.kind }];
      },
    };
    const domains = Array.from({ length: 20 }, (_, i) => `d${i}.example.com`);
    const seen: number[] = [];
    const r = await runChecks({
      ...input(fakeResolver(zone), domains, [boom]),
      concurrency: 4,
      onProgress: (d) => seen.push(d),
    });
    assert.deepEqual(
      r.domains.map((d) => d.domain),
      domains,
    );
    assert.equal(r.domains[3]?.checks[0]?.status, 'error');
    assert.match(r.domains[3]?.checks[0]?.message ?? '', /kaput/);
    assert.equal(r.domains[3]?.checks[0]?.code, 'internal.error');
    assert.deepEqual(
      seen,
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});

test('ttl: a name server at a private or documentation address is never asked', async () => {
  const z: Zone = {
    ...zone,
    'example.com': [...(zone['example.com'] ?? []), rr('example.com', 'NS', 'ns1.example.com')],
    'ns1.example.com': [rr('ns1.example.com', 'A', '10.0.0.53')],
  };
  const dns = fakeResolver(z, { authoritative: false, authoritativeAt: '10.0.0.53' });
  const r = await runChecks(input(dns, ['docs.example.com']));
  assert.ok(!dns.asked.some((q) => q.startsWith('@10.0.0.53')), dns.asked.join('\n'));
  assert.match(r.domains[0]?.checks.find((c) => c.id === 'ttl')?.message ?? '', /from its cache/);
});
