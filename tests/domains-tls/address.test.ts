// Which resolved addresses the tls and redirect checks connect to (tools/docs-domains/tls/address.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Resolver } from '../../tools/docs-domains/dns/types.ts';
import { addressFor, nonPublicRange } from '../../tools/docs-domains/tls/address.ts';

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
