// Pure DNS pieces: resolver syntax, resolv.conf, query building and reply matching, RFC 2308 classification.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as packet from 'dns-packet';
import {
  buildQuery,
  classify,
  cnameChain,
  EDNS_UDP_SIZE,
  parseReply,
} from '../../../tools/docs-domains/core/dns/message.ts';
import { parseResolvConf, parseServer } from '../../../tools/docs-domains/core/dns/servers.ts';

describe('resolver syntax', () => {
  test('IPv4, IPv4:PORT, IPv6, [IPv6], [IPv6]:PORT', () => {
    assert.deepEqual(parseServer('1.1.1.1'), { host: '1.1.1.1', port: 53 });
    assert.deepEqual(parseServer('127.0.0.1:5353'), { host: '127.0.0.1', port: 5353 });
    assert.deepEqual(parseServer('::1'), { host: '::1', port: 53 });
    assert.deepEqual(parseServer('2001:db8::53'), { host: '2001:db8::53', port: 53 });
    assert.deepEqual(parseServer('[::1]'), { host: '::1', port: 53 });
    assert.deepEqual(parseServer('[::1]:5353'), { host: '::1', port: 5353 });
  });
  test('clear errors', () => {
    assert.throws(() => parseServer('dns.google'), /resolver "dns\.google": expected an IP address/);
    assert.throws(() => parseServer('127.0.0.1:0'), /port must be 1-65535/);
    assert.throws(() => parseServer('127.0.0.1:70000'), /port must be 1-65535/);
    assert.throws(() => parseServer('[1.2.3.4]:53'), /not an IPv6 address/);
    assert.throws(() => parseServer('1.2.3'), /expected an IP address/);
  });
  test('resolv.conf: nameserver lines in order, comments and junk ignored', () => {
    const text =
      '# generated\nsearch example.com\nnameserver 10.0.0.53 # office\n; old\nnameserver ::1\nnameserver fe80::1%eth0\nnameserver not-an-ip\noptions edns0\n';
    assert.deepEqual(parseResolvConf(text), [
      { host: '10.0.0.53', port: 53 },
      { host: '::1', port: 53 },
      { host: 'fe80::1%eth0', port: 53 },
    ]);
  });
});

describe('queries and replies', () => {
  const q = buildQuery(4242, 'docs.example.com', 'CNAME');
  const decoded = packet.decode(q);
  const answer = (over: Partial<packet.Packet> = {}, flags = 0) =>
    packet.encode({
      type: 'response',
      id: 4242,
      flags: packet.AUTHORITATIVE_ANSWER | flags,
      questions: [{ type: 'CNAME', class: 'IN', name: 'docs.example.com' }],
      answers: [{ type: 'CNAME', name: 'docs.example.com', ttl: 3600, class: 'IN', data: 'host.platform.test' }],
      ...over,
    });

  test('the query: our ID, RD, one question, EDNS(0) with 1232 bytes', () => {
    assert.equal(decoded.id, 4242);
    assert.equal(decoded.flag_rd, true);
    assert.deepEqual(decoded.questions, [{ name: 'docs.example.com', type: 'CNAME', class: 'IN' }]);
    const opt = decoded.additionals?.[0] as { type: string; udpPayloadSize: number };
    assert.equal(opt.type, 'OPT');
    assert.equal(opt.udpPayloadSize, EDNS_UDP_SIZE);
  });

  test('a matching reply is accepted', () => {
    const r = parseReply(answer(), 4242, 'docs.example.com', 'CNAME');
    assert.ok(!('discard' in r));
    assert.equal(r.rcode, 'NOERROR');
    assert.equal(r.authoritative, true);
    assert.deepEqual(r.answers, [{ name: 'docs.example.com', type: 'CNAME', ttl: 3600, value: 'host.platform.test' }]);
  });

  test('mismatches are discarded', () => {
    assert.deepEqual(parseReply(Buffer.from('junk'), 4242, 'docs.example.com', 'CNAME'), { discard: 'garbage' });
    assert.deepEqual(parseReply(answer({ id: 4243 }), 4242, 'docs.example.com', 'CNAME'), { discard: 'wrong ID' });
    assert.deepEqual(parseReply(q, 4242, 'docs.example.com', 'CNAME'), { discard: 'not a response' });
    assert.deepEqual(
      parseReply(
        answer({ questions: [{ type: 'CNAME', class: 'IN', name: 'evil.example' }] }),
        4242,
        'docs.example.com',
        'CNAME',
      ),
      {
        discard: 'wrong question',
      },
    );
    assert.deepEqual(
      parseReply(
        answer({ questions: [{ type: 'A', class: 'IN', name: 'docs.example.com' }] }),
        4242,
        'docs.example.com',
        'CNAME',
      ),
      {
        discard: 'wrong question',
      },
    );
    assert.deepEqual(
      parseReply(
        answer({ questions: [{ type: 'CNAME', class: 'CH', name: 'docs.example.com' }] }),
        4242,
        'docs.example.com',
        'CNAME',
      ),
      {
        discard: 'wrong question',
      },
    );
    assert.deepEqual(parseReply(answer({ questions: [] }), 4242, 'docs.example.com', 'CNAME'), {
      discard: 'wrong question',
    });
  });

  test('the question name matches case-insensitively (0x20-style answers)', () => {
    const r = parseReply(
      answer({ questions: [{ type: 'CNAME', class: 'IN', name: 'DoCs.ExAmPlE.cOm' }] }),
      4242,
      'docs.example.com',
      'CNAME',
    );
    assert.ok(!('discard' in r));
  });

  test('TC is reported (the client then uses TCP)', () => {
    const r = parseReply(answer({ answers: [] }, packet.TRUNCATED_RESPONSE), 4242, 'docs.example.com', 'CNAME');
    assert.ok(!('discard' in r) && r.truncated);
  });

  test('CAA data keeps flags, tag case and value', () => {
    const buf = packet.encode({
      type: 'response',
      id: 1,
      questions: [{ type: 'CAA', class: 'IN', name: 'example.com' }],
      answers: [
        {
          type: 'CAA',
          name: 'example.com',
          ttl: 60,
          class: 'IN',
          // The wire keeps the tag's case; @types/dns-packet only knows lower case.
          data: { flags: 1, tag: 'Issue' as 'issue', value: 'letsencrypt.org; accounturi=x' },
        },
      ],
    });
    const r = parseReply(buf, 1, 'example.com', 'CAA');
    assert.ok(!('discard' in r));
    assert.deepEqual(r.answers[0]?.caa, { flags: 1, tag: 'Issue', value: 'letsencrypt.org; accounturi=x' });
    assert.equal(r.answers[0]?.value, '1 Issue "letsencrypt.org; accounturi=x"');
  });

  test('NXDOMAIN vs NODATA vs answer vs SERVFAIL/REFUSED (RFC 2308)', () => {
    const base = { id: 1, truncated: false, authoritative: true, authorities: [] };
    const cname = [{ name: 'a.example.com', type: 'CNAME', ttl: 60, value: 'b.example.net' }];
    assert.equal(
      classify('s', 'a.example.com', 'A', { ...base, rcode: 'NXDOMAIN', answers: [] }, 'udp').outcome,
      'nxdomain',
    );
    assert.equal(
      classify('s', 'a.example.com', 'A', { ...base, rcode: 'NOERROR', answers: [] }, 'udp').outcome,
      'nodata',
    );
    assert.equal(
      classify('s', 'a.example.com', 'A', { ...base, rcode: 'NOERROR', answers: cname }, 'udp').outcome,
      'nodata',
    );
    assert.equal(
      classify(
        's',
        'a.example.com',
        'A',
        {
          ...base,
          rcode: 'NOERROR',
          answers: [...cname, { name: 'b.example.net', type: 'A', ttl: 60, value: '192.0.2.1' }],
        },
        'udp',
      ).outcome,
      'answer',
    );
    assert.equal(
      classify('s', 'a.example.com', 'CNAME', { ...base, rcode: 'NOERROR', answers: cname }, 'udp').outcome,
      'answer',
    );
    const sf = classify('s', 'a.example.com', 'A', { ...base, rcode: 'SERVFAIL', answers: [] }, 'udp');
    assert.deepEqual([sf.outcome, sf.error], ['error', 'SERVFAIL']);
    assert.equal(
      classify('s', 'a.example.com', 'A', { ...base, rcode: 'REFUSED', answers: [] }, 'udp').outcome,
      'error',
    );
  });

  test('a referral (no answer, not authoritative, NS without SOA) is an error, not NODATA', () => {
    const ns = { name: 'deleg.example.com', type: 'NS', ttl: 60, value: 'ns.elsewhere.net' };
    const soa = { name: 'example.com', type: 'SOA', ttl: 60, value: 'x' };
    const ref = classify(
      's',
      'deleg.example.com',
      'CNAME',
      { id: 1, truncated: false, authoritative: false, rcode: 'NOERROR', answers: [], authorities: [ns] },
      'udp',
    );
    assert.equal(ref.outcome, 'error');
    assert.equal(ref.error, 'referral to ns.elsewhere.net for deleg.example.com (this server does not recurse)');
    // A cache's NODATA carries the SOA: still NODATA.
    assert.equal(
      classify(
        's',
        'a.example.com',
        'A',
        { id: 1, truncated: false, authoritative: false, rcode: 'NOERROR', answers: [], authorities: [soa] },
        'udp',
      ).outcome,
      'nodata',
    );
  });

  test('CNAME chains inside an answer, loops stop', () => {
    const rr = (n: string, v: string) => ({ name: n, type: 'CNAME', ttl: 1, value: v });
    assert.deepEqual(cnameChain([rr('a', 'b'), rr('b', 'c')], 'A.'), ['a', 'b', 'c']);
    assert.deepEqual(cnameChain([rr('a', 'b'), rr('b', 'a')], 'a'), ['a', 'b']);
  });
});
