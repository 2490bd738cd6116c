// The pure DNS evaluators (cname, conflict, ttl, apex-alias, propagation), apex detection and record comparison.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { confirmKind, pslKind } from '../../../tools/docs-domains/core/kind.ts';
import { evaluateApexAlias } from '../../../tools/docs-domains/groups/dns/checks/apex-alias.ts';
import { evaluateCname, evaluateConflict, evaluateTtl } from '../../../tools/docs-domains/groups/dns/checks/cname.ts';
import { evaluatePropagation } from '../../../tools/docs-domains/groups/dns/checks/propagation.ts';
import { compareAddresses, negativeTtl, sameName } from '../../../tools/docs-domains/groups/dns/checks/records.ts';
import { result, rr } from '../../support/fake-dns.ts';

const D = 'docs.example.com';
const T = 'host.platform.example.net';
const base = { domain: D, target: T, label: 'docs' };

describe('apex detection (Public Suffix List, confirmed by SOA)', () => {
  test('registrable domains are apexes, names below them subdomains', () => {
    assert.deepEqual(pslKind('example.com'), { kind: 'apex', registrable: 'example.com' });
    assert.deepEqual(pslKind('docs.example.com'), { kind: 'subdomain', registrable: 'example.com' });
    assert.deepEqual(pslKind('example.co.uk'), { kind: 'apex', registrable: 'example.co.uk' });
    assert.deepEqual(pslKind('shop.example.co.uk'), { kind: 'subdomain', registrable: 'example.co.uk' });
    assert.deepEqual(pslKind('a.b.example.co.uk'), { kind: 'subdomain', registrable: 'example.co.uk' });
  });
  test('private suffixes count (documented decision): x.github.io is an apex, docs.x.github.io a subdomain', () => {
    assert.deepEqual(pslKind('x.github.io'), { kind: 'apex', registrable: 'x.github.io' });
    assert.deepEqual(pslKind('docs.x.github.io'), { kind: 'subdomain', registrable: 'x.github.io' });
  });
  test('an SOA owned by the name makes it a zone apex even below the registrable domain', () => {
    const soa = result('docs.example.com', 'SOA', 'answer', [rr('docs.example.com', 'SOA', 'ns h 1 2 3 4 300')]);
    const k = confirmKind('docs.example.com', soa);
    assert.equal(k.kind, 'apex');
    assert.equal(k.zone, 'docs.example.com');
    assert.match(k.basis, /apex of its own zone/);
  });
  test('the SOA in the authority section gives the zone and the record label', () => {
    const soa = result('a.b.example.co.uk', 'SOA', 'nodata', [], {
      authorities: [rr('b.example.co.uk', 'SOA', 'ns h 1 2 3 4 300')],
    });
    const k = confirmKind('a.b.example.co.uk', soa);
    assert.deepEqual([k.kind, k.zone, k.label], ['subdomain', 'b.example.co.uk', 'a']);
    const k2 = confirmKind('shop.example.co.uk', undefined);
    assert.deepEqual([k2.kind, k2.zone, k2.label], ['subdomain', 'example.co.uk', 'shop']);
    assert.equal(confirmKind('example.com', undefined).label, '@');
  });
});

describe('record comparison', () => {
  test('names: case-insensitive, trailing dot ignored', () => {
    assert.ok(sameName('Host.Platform.Example.NET.', T));
    assert.ok(!sameName('host.platform.example.net.evil', T));
  });
  test('address sets', () => {
    assert.equal(compareAddresses(['192.0.2.1', '192.0.2.2'], ['192.0.2.2', '192.0.2.1']), 'equal');
    assert.equal(compareAddresses(['192.0.2.1'], ['192.0.2.1', '192.0.2.2']), 'overlap');
    assert.equal(compareAddresses(['192.0.2.9'], ['192.0.2.1']), 'disjoint');
    assert.equal(compareAddresses([], ['192.0.2.1']), 'left-empty');
    assert.equal(compareAddresses(['2001:DB8::1'], ['2001:db8::1']), 'equal');
    assert.equal(compareAddresses([], []), 'both-empty');
  });
  test('negative TTL is min(SOA TTL, SOA MINIMUM) (RFC 2308 §5)', () => {
    const r = result(D, 'CNAME', 'nxdomain', [], {
      authorities: [
        { ...rr('example.com', 'SOA', 'x', 900), soa: { mname: 'ns', rname: 'h', serial: 1, minimum: 300 } },
      ],
    });
    assert.equal(negativeTtl(r), 300);
  });
});

describe('cname', () => {
  test('pass on an exact match (case and trailing dot ignored)', () => {
    const c = evaluateCname({
      ...base,
      cname: result(D, 'CNAME', 'answer', [rr(D, 'CNAME', 'HOST.platform.example.net')]),
    });
    assert.equal(c.status, 'pass');
    assert.equal(c.action, undefined);
  });
  test('missing: the record to add, with Name, Value and TTL', () => {
    const c = evaluateCname({ ...base, cname: result(D, 'CNAME', 'nodata') });
    assert.equal(c.status, 'fail');
    assert.match(c.message, /has no CNAME record/);
    assert.equal(c.code, 'cname.missing');
    assert.match(c.action ?? '', /type CNAME with Name docs, Value host\.platform\.example\.net .*TTL 3600/);
    assert.deepEqual(c.fix, [{ op: 'add', record: 'docs.example.com. 3600 IN CNAME host.platform.example.net.' }]);
  });
  test('NXDOMAIN has its own message', () => {
    const c = evaluateCname({ ...base, cname: result(D, 'CNAME', 'nxdomain') });
    assert.equal(c.status, 'fail');
    assert.match(c.message, /does not exist \(NXDOMAIN/);
  });
  test('a different value', () => {
    const c = evaluateCname({ ...base, cname: result(D, 'CNAME', 'answer', [rr(D, 'CNAME', 'old.host.example.net')]) });
    assert.equal(c.status, 'fail');
    assert.match(c.message, /is a CNAME for old\.host\.example\.net, not for host\.platform\.example\.net/);
    assert.equal(c.code, 'cname.mismatch');
    assert.match(c.action ?? '', /from old\.host\.example\.net to host\.platform\.example\.net/);
    assert.deepEqual(c.fix, [
      { op: 'delete', record: 'docs.example.com. IN CNAME old.host.example.net.' },
      { op: 'add', record: 'docs.example.com. 3600 IN CNAME host.platform.example.net.' },
    ]);
  });
  test('a chain through another name', () => {
    const c = evaluateCname({
      ...base,
      cname: result(D, 'CNAME', 'answer', [rr(D, 'CNAME', 'mid.example.com')]),
      follow: [result('mid.example.com', 'CNAME', 'answer', [rr('mid.example.com', 'CNAME', T)])],
    });
    assert.equal(c.status, 'fail');
    assert.match(
      c.message,
      /only through a chain \(docs\.example\.com → mid\.example\.com → host\.platform\.example\.net\)/,
    );
    assert.equal(c.records?.length, 2);
  });
  test('lookup failure is error', () => {
    const c = evaluateCname({ ...base, cname: result(D, 'CNAME', 'error', [], { error: 'SERVFAIL' }) });
    assert.equal(c.status, 'error');
    assert.match(c.message, /SERVFAIL/);
  });
});

describe('conflict', () => {
  test('each blocking record is named with the action to delete it', () => {
    const c = evaluateConflict({
      domain: D,
      lookups: [
        result(D, 'CNAME', 'nodata'),
        result(D, 'A', 'answer', [rr(D, 'A', '192.0.2.10')]),
        result(D, 'MX', 'answer', [rr(D, 'MX', '10 mail.example.com')]),
        result(D, 'TXT', 'answer', [rr(D, 'TXT', '"v=spf1 -all"')]),
      ],
    });
    assert.equal(c.status, 'fail');
    assert.match(
      c.message,
      /3 records that block the CNAME: A 192\.0\.2\.10, MX 10 mail\.example\.com, TXT "v=spf1 -all"/,
    );
    // Mail records are not simply deleted: the action explains the choice; the A record is to delete.
    assert.equal(c.code, 'conflict.mail');
    assert.match(
      c.action ?? '',
      /mail records \(MX 10 mail\.example\.com, TXT "v=spf1 -all"\): deleting them stops mail/,
    );
    assert.deepEqual(c.fix, [{ op: 'delete', record: 'docs.example.com. IN A 192.0.2.10' }]);
    assert.equal(c.records?.length, 3);
  });
  test('a long record to delete is printed whole', () => {
    const long = `"${'x'.repeat(200)}"`;
    const c = evaluateConflict({
      domain: D,
      lookups: [result(D, 'CNAME', 'nodata'), result(D, 'TXT', 'answer', [rr(D, 'TXT', long)])],
    });
    assert.equal(c.code, 'conflict.found');
    assert.deepEqual(c.fix, [{ op: 'delete', record: `docs.example.com. IN TXT ${long}` }]);
  });
  test('records of the CNAME target (recursive answers) are not conflicts', () => {
    const c = evaluateConflict({
      domain: D,
      lookups: [
        result(D, 'A', 'answer', [rr(D, 'CNAME', T), rr(T, 'A', '192.0.2.1')]),
        result(D, 'CNAME', 'answer', [rr(D, 'CNAME', T)]),
      ],
    });
    assert.equal(c.status, 'pass');
  });
  test('a record a non-existent sibling gets too is a wildcard answer: warn, no "delete" of a record that is not there', () => {
    const probe = '_docs-domains-wildcard-probe.example.com';
    const c = evaluateConflict({
      domain: D,
      lookups: [
        result(D, 'CNAME', 'nodata'),
        result(D, 'A', 'answer', [rr(D, 'A', '192.0.2.8')]),
        result(D, 'TXT', 'answer', [rr(D, 'TXT', '"only here"')]),
      ],
      wildcardProbe: [result(probe, 'A', 'answer', [rr(probe, 'A', '192.0.2.8')]), result(probe, 'TXT', 'nodata')],
    });
    // The TXT is the domain's own: it still fails, and only it is to be deleted.
    assert.equal(c.status, 'fail');
    assert.match(c.message, /has a record that blocks the CNAME: TXT "only here"\./);
    assert.match(
      c.message,
      /A 192\.0\.2\.8 at docs\.example\.com looks like a wildcard's answer \(\*\.example\.com or above\)/,
    );
    assert.doesNotMatch(c.action ?? '', /delete docs\.example\.com\. IN A/);
    const only = evaluateConflict({
      domain: D,
      lookups: [result(D, 'CNAME', 'nodata'), result(D, 'A', 'answer', [rr(D, 'A', '192.0.2.8')])],
      wildcardProbe: [result(probe, 'A', 'answer', [rr(probe, 'A', '192.0.2.8')])],
    });
    assert.equal(only.status, 'warn');
    assert.match(only.action ?? '', /leave the wildcard and add the CNAME/);
    assert.deepEqual(only.records, [{ name: D, type: 'A', ttl: 3600, value: '192.0.2.8' }]);
    // The sibling is a wildcard CNAME whose target has the same address: the domain's A is still its own.
    const viaCname = evaluateConflict({
      domain: D,
      lookups: [result(D, 'A', 'answer', [rr(D, 'A', '192.0.2.8')])],
      wildcardProbe: [
        result(probe, 'A', 'answer', [rr(probe, 'CNAME', 'lb.example.net'), rr('lb.example.net', 'A', '192.0.2.8')]),
      ],
    });
    assert.equal(viaCname.status, 'fail');
    // A different value at the sibling: the record is the domain's own.
    const own = evaluateConflict({
      domain: D,
      lookups: [result(D, 'A', 'answer', [rr(D, 'A', '192.0.2.7')])],
      wildcardProbe: [result(probe, 'A', 'answer', [rr(probe, 'A', '192.0.2.8')])],
    });
    assert.equal(own.status, 'fail');
  });
  test('nothing there: pass; errors only: error', () => {
    assert.equal(evaluateConflict({ domain: D, lookups: [result(D, 'A', 'nxdomain')] }).status, 'pass');
    assert.equal(
      evaluateConflict({ domain: D, lookups: [result(D, 'A', 'error', [], { error: 'timeout' })] }).status,
      'error',
    );
  });
});

describe('ttl', () => {
  test('3600 passes; other values warn with what they mean', () => {
    assert.equal(
      evaluateTtl({ domain: D, cname: result(D, 'CNAME', 'answer', [rr(D, 'CNAME', T, 3600)]) }).status,
      'pass',
    );
    const hi = evaluateTtl({ domain: D, cname: result(D, 'CNAME', 'answer', [rr(D, 'CNAME', T, 86400)]) });
    assert.equal(hi.status, 'warn');
    assert.match(hi.message, /86400 s \(24 h\), not 3600: resolvers keep the old answer for up to 24 h/);
    const lo = evaluateTtl({ domain: D, cname: result(D, 'CNAME', 'answer', [rr(D, 'CNAME', T, 300)]) });
    assert.equal(lo.status, 'warn');
    assert.match(lo.action ?? '', /Set the TTL .* to 3600/);
  });
  test('a cache’s countdown is named as such', () => {
    const c = evaluateTtl({
      domain: D,
      cname: result(D, 'CNAME', 'answer', [rr(D, 'CNAME', T, 1234)], { authoritative: false }),
    });
    assert.equal(c.status, 'warn');
    assert.match(c.message, /from its cache/);
  });
});

describe('apex-alias', () => {
  const A = (name: string, ...ips: string[]) =>
    result(
      name,
      'A',
      ips.length ? 'answer' : 'nodata',
      ips.map((ip) => rr(name, 'A', ip)),
    );
  const AAAA = (name: string, ...ips: string[]) =>
    result(
      name,
      'AAAA',
      ips.length ? 'answer' : 'nodata',
      ips.map((ip) => rr(name, 'AAAA', ip)),
    );
  const E = 'example.com';
  test('same addresses: pass', () => {
    const c = evaluateApexAlias({
      domain: E,
      target: T,
      domainA: A(E, '192.0.2.1'),
      domainAAAA: AAAA(E, '2001:db8::1'),
      targetA: A(T, '192.0.2.1'),
      targetAAAA: AAAA(T, '2001:db8::1'),
    });
    assert.equal(c.status, 'pass');
  });
  test('other addresses: fail, explaining ALIAS/ANAME and provider support', () => {
    const c = evaluateApexAlias({
      domain: E,
      target: T,
      domainA: A(E, '198.51.100.7'),
      domainAAAA: AAAA(E),
      targetA: A(T, '192.0.2.1'),
      targetAAAA: AAAA(T),
    });
    assert.equal(c.status, 'fail');
    assert.match(c.message, /answers other addresses/);
    assert.match(c.action ?? '', /ALIAS or ANAME/);
    assert.match(c.action ?? '', /Not every DNS provider supports ALIAS\/ANAME/);
  });
  test('no addresses at all: fail', () => {
    const c = evaluateApexAlias({
      domain: E,
      target: T,
      domainA: A(E),
      domainAAAA: AAAA(E),
      targetA: A(T, '192.0.2.1'),
      targetAAAA: AAAA(T),
    });
    assert.equal(c.status, 'fail');
    assert.match(c.message, /has no A or AAAA record/);
  });
  test('partial overlap or missing IPv6: warn', () => {
    assert.equal(
      evaluateApexAlias({
        domain: E,
        target: T,
        domainA: A(E, '192.0.2.1'),
        domainAAAA: AAAA(E),
        targetA: A(T, '192.0.2.1', '192.0.2.2'),
        targetAAAA: AAAA(T),
      }).status,
      'warn',
    );
    assert.equal(
      evaluateApexAlias({
        domain: E,
        target: T,
        domainA: A(E, '192.0.2.1'),
        domainAAAA: AAAA(E),
        targetA: A(T, '192.0.2.1'),
        targetAAAA: AAAA(T, '2001:db8::1'),
      }).status,
      'warn',
    );
  });
  test('a target without addresses or a failed lookup: error', () => {
    assert.equal(
      evaluateApexAlias({
        domain: E,
        target: T,
        domainA: A(E, '192.0.2.1'),
        domainAAAA: AAAA(E),
        targetA: A(T),
        targetAAAA: AAAA(T),
      }).status,
      'error',
    );
    assert.equal(
      evaluateApexAlias({
        domain: E,
        target: T,
        domainA: result(E, 'A', 'error', [], { error: 'timeout' }),
        domainAAAA: AAAA(E),
        targetA: A(T, '192.0.2.1'),
        targetAAAA: AAAA(T),
      }).status,
      'error',
    );
  });
});

describe('propagation', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const at = (server: string, value: string | null, ttl = 3600) =>
    result(D, 'CNAME', value ? 'answer' : 'nxdomain', value ? [rr(D, 'CNAME', value, ttl)] : [], {
      server,
      authorities: value
        ? []
        : [{ ...rr('example.com', 'SOA', 'x', 600), soa: { mname: 'ns', rname: 'h', serial: 1, minimum: 120 } }],
    });
  test('all see it: pass', () => {
    const c = evaluatePropagation({
      domain: D,
      expected: { kind: 'cname', target: T },
      lookups: [at('a:53', T), at('b:53', T)],
      now,
    });
    assert.equal(c.status, 'pass');
  });
  test('some do not: warn, naming them, with the time the rest should see it', () => {
    const c = evaluatePropagation({
      domain: D,
      expected: { kind: 'cname', target: T },
      lookups: [at('a:53', T), at('b:53', 'old.example.net', 1800), at('c:53', null)],
      now,
    });
    assert.equal(c.status, 'warn');
    assert.match(c.message, /1 of 3 resolvers see CNAME host\.platform\.example\.net: a:53/);
    assert.match(c.message, /not yet: b:53 \(CNAME old\.example\.net, TTL 1800 s\), c:53 \(NXDOMAIN, TTL 120 s\)/);
    assert.match(c.message, /by 2026-11-21T12:30:00Z/);
    assert.equal(c.records?.length, 3);
  });
  test('none does: fail; none answers: error', () => {
    assert.equal(
      evaluatePropagation({
        domain: D,
        expected: { kind: 'cname', target: T },
        lookups: [at('a:53', null), at('b:53', 'x.example')],
        now,
      }).status,
      'fail',
    );
    const err = result(D, 'CNAME', 'error', [], { error: 'timeout' });
    assert.equal(
      evaluatePropagation({ domain: D, expected: { kind: 'cname', target: T }, lookups: [err, err], now }).status,
      'error',
    );
  });
  test('the only gap is a resolver that did not answer: the action says to check it, not to wait until now', () => {
    const c = evaluatePropagation({
      domain: D,
      expected: { kind: 'cname', target: T },
      lookups: [at('a:53', T), result(D, 'CNAME', 'error', [], { server: 'b:53', error: 'timeout' })],
      now,
    });
    assert.equal(c.status, 'warn');
    assert.match(c.message, /could not ask: b:53 \(timeout\)/);
    assert.equal(c.action, 'Check that b:53 answers (or leave it out of --resolver) and run the check again.');
  });
  test('apex: compares A sets', () => {
    const a = (server: string, ip: string) =>
      result('example.com', 'A', 'answer', [rr('example.com', 'A', ip, 300)], { server });
    const c = evaluatePropagation({
      domain: 'example.com',
      expected: { kind: 'a', target: T, addresses: ['192.0.2.1'] },
      lookups: [a('a:53', '192.0.2.1'), a('b:53', '198.51.100.1')],
      now,
    });
    assert.equal(c.status, 'warn');
  });
});
