// Which resolved addresses the tls and redirect checks connect to (tools/docs-domains/tls/address.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addressFor, nonPublicRange } from '../../../tools/docs-domains/core/address.ts';
import type { Resolver } from '../../../tools/docs-domains/core/dns/types.ts';

describe('nonPublicRange: addresses the tls and redirect checks never connect to unless --connect', () => {
  test('documentation, private, link-local and reserved addresses are named with their rule', () => {
    assert.match(nonPublicRange('192.0.2.10') ?? '', /documentation address \(RFC 5737\)/);
    assert.match(nonPublicRange('203.0.113.7') ?? '', /RFC 5737/);
    assert.match(nonPublicRange('10.1.2.3') ?? '', /private address \(RFC 1918\)/);
    assert.match(nonPublicRange('172.31.255.255') ?? '', /RFC 1918/);
    assert.match(nonPublicRange('169.254.1.1') ?? '', /link-local/);
    assert.match(nonPublicRange('2001:db8::1') ?? '', /documentation address \(RFC 3849\)/);
    assert.match(nonPublicRange('fd00::1') ?? '', /unique local/);
  });
  test('public and loopback addresses are allowed', () => {
    for (const ip of ['93.184.215.14', '172.32.0.1', '127.0.0.1', '127.8.9.1', '::1', '2606:4700::1111']) {
      assert.equal(nonPublicRange(ip), undefined, ip);
    }
  });
});

/** A resolver that answers one A record for every name. */
function resolverAnswering(ip: string): Resolver {
  const result = (name: string, type: 'A' | 'AAAA') => ({
    server: '127.0.0.1:53',
    name,
    type,
    outcome: type === 'A' ? ('answer' as const) : ('nodata' as const),
    answers: type === 'A' ? [{ name, type: 'A', ttl: 3600, value: ip }] : [],
    authorities: [],
    authoritative: true,
  });
  return {
    servers: [{ host: '127.0.0.1', port: 53 }],
    query: async (name, type) => result(name, type as 'A' | 'AAAA'),
    queryServer: async (_s, name, type) => result(name, type as 'A' | 'AAAA'),
  };
}

describe('addressFor', () => {
  test('a name resolving to a documentation address is not connected to, and the reason says why', async () => {
    const r = await addressFor('docs.example.com', undefined, resolverAnswering('192.0.2.10'));
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.reason, /192\.0\.2\.10, a documentation address \(RFC 5737\).*--connect/);
  });
  test('a loopback or public answer is used; --connect always wins', async () => {
    assert.deepEqual(await addressFor('docs.example.com', undefined, resolverAnswering('127.0.0.1')), {
      ok: true,
      address: '127.0.0.1',
    });
    assert.deepEqual(await addressFor('docs.example.com', '10.0.0.5', resolverAnswering('192.0.2.10')), {
      ok: true,
      address: '10.0.0.5',
    });
  });
});

describe('addressFor: no way around the non-public guard', () => {
  test('an IPv4-mapped IPv6 address is judged by the IPv4 address it reaches', () => {
    assert.match(nonPublicRange('::ffff:10.0.0.1') ?? '', /private address \(RFC 1918\)/);
    assert.match(nonPublicRange('::ffff:c000:201') ?? '', /documentation address \(RFC 5737\)/);
    assert.equal(nonPublicRange('::ffff:127.0.0.1'), undefined);
    assert.equal(nonPublicRange('::ffff:93.184.215.14'), undefined);
  });
  test('a resolved AAAA ::ffff:10.x is not connected to', async () => {
    const dns: Resolver = {
      servers: [{ host: '127.0.0.1', port: 53 }],
      query: async (name, type) => ({
        server: '127.0.0.1:53',
        name,
        type,
        outcome: type === 'AAAA' ? 'answer' : 'nodata',
        answers: type === 'AAAA' ? [{ name, type: 'AAAA', ttl: 60, value: '::ffff:10.0.0.1' }] : [],
        authorities: [],
        authoritative: true,
      }),
      queryServer: async () => {
        throw new Error('not used');
      },
    };
    const r = await addressFor('docs.example.com', undefined, dns);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.reason, /::ffff:10\.0\.0\.1, a private address/);
  });
  test('an IP-literal host (a redirect Location such as http://10.0.0.1/) is not connected to', async () => {
    const r = await addressFor('10.0.0.1', undefined, resolverAnswering('127.0.0.1'));
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.reason, /10\.0\.0\.1 is a private address \(RFC 1918\).*no connection was attempted/);
    assert.equal((await addressFor('2001:db8::5', undefined, resolverAnswering('127.0.0.1'))).ok, false);
    assert.deepEqual(await addressFor('127.0.0.1', undefined, resolverAnswering('192.0.2.1')), {
      ok: true,
      address: '127.0.0.1',
    });
  });
});

describe('addressFor: a CNAME into another zone, from an authoritative server', () => {
  // What Knot answers for docs.example.com (a CNAME to the platform host in a zone it does not serve): the CNAME
  // alone, NOERROR. The host's own zone answers its A record.
  const zone: Record<string, { cname?: string; a?: string }> = {
    'docs.example.com': { cname: 'host.platform.test' },
    'loop1.example.com': { cname: 'loop2.example.com' },
    'loop2.example.com': { cname: 'loop1.example.com' },
    'host.platform.test': { a: '127.0.0.10' },
  };
  const asked: string[] = [];
  const dns: Resolver = {
    servers: [{ host: '127.0.0.1', port: 53 }],
    query: async (name, type) => {
      asked.push(`${name} ${type}`);
      const e = zone[name];
      const answers = e?.cname
        ? [{ name, type: 'CNAME', ttl: 3600, value: e.cname }]
        : e?.a && type === 'A'
          ? [{ name, type: 'A', ttl: 3600, value: e.a }]
          : [];
      const outcome = answers.some((a) => a.type === type) ? 'answer' : e ? 'nodata' : 'nxdomain';
      return { server: '127.0.0.1:53', name, type, outcome, answers, authorities: [], authoritative: true };
    },
    queryServer: async () => {
      throw new Error('not used');
    },
  };
  test("the chain's end is asked again, so the subdomain gets the platform host's address", async () => {
    assert.deepEqual(await addressFor('docs.example.com', undefined, dns), { ok: true, address: '127.0.0.10' });
    assert.ok(asked.includes('host.platform.test A'));
  });
  test('a CNAME loop ends with a reason that names the chain, without hanging', async () => {
    const r = await addressFor('loop1.example.com', undefined, dns);
    assert.equal(r.ok, false);
    assert.match(
      r.ok ? '' : r.reason,
      /no A\/AAAA record for loop1\.example\.com .*via CNAME loop1\.example\.com → loop2\.example\.com/,
    );
  });
});
