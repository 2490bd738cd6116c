// CAA evaluation as a CA does it: RFC 8659 §3-4 and Let's Encrypt's Boulder (va/caa.go) quirks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Rr } from '../../../tools/docs-domains/core/dns/types.ts';
import {
  type CaaLookup,
  caVerdict,
  climbNames,
  evaluateCaa,
  parseIssueValue,
} from '../../../tools/docs-domains/groups/dns/checks/caa.ts';
import { caReason } from '../../../tools/docs-domains/groups/dns/messages.ts';

const LE = 'letsencrypt.org';

function caa(name: string, flags: number, tag: string, value: string): Rr {
  return { name, type: 'CAA', ttl: 3600, value: `${flags} ${tag} "${value}"`, caa: { flags, tag, value } };
}
function step(name: string, records: Rr[] = [], chain: string[] = []): CaaLookup {
  return { name, chain, outcome: records.length ? 'records' : 'empty', records };
}
function climb(domain: string, at: Record<string, Rr[]>, chains: Record<string, string[]> = {}): CaaLookup[] {
  return climbNames(domain).map((n) => step(n, at[n] ?? [], chains[n] ?? []));
}

describe('climb and relevant RRset (RFC 8659 §3)', () => {
  test('the climb goes from the name to the TLD, not the root', () => {
    assert.deepEqual(climbNames('docs.example.co.uk.'), ['docs.example.co.uk', 'example.co.uk', 'co.uk', 'uk']);
  });

  test('no CAA anywhere: pass, every CA may issue', () => {
    const c = evaluateCaa('docs.example.com', climb('docs.example.com', {}), [LE]);
    assert.equal(c.status, 'pass');
    assert.match(c.message, /No CAA record/);
    assert.equal(c.action, undefined);
  });

  test('a record at the parent applies when the name has none', () => {
    const c = evaluateCaa(
      'docs.example.com',
      climb('docs.example.com', { 'example.com': [caa('example.com', 0, 'issue', 'pki.goog')] }),
      [LE],
    );
    assert.equal(c.status, 'fail');
    assert.match(c.message, /at example\.com/);
    assert.equal(c.code, 'caa.not_authorized');
    // The record to add travels whole, never inside quotes.
    assert.deepEqual(c.fix, [{ op: 'add', record: 'example.com. IN CAA 0 issue "letsencrypt.org"' }]);
    assert.deepEqual(c.records, [{ name: 'example.com', type: 'CAA', ttl: 3600, value: '0 issue "pki.goog"' }]);
  });

  test('the first RRset found wins outright: an allowing child hides a forbidding parent', () => {
    const c = evaluateCaa(
      'docs.example.com',
      climb('docs.example.com', {
        'docs.example.com': [caa('docs.example.com', 0, 'issue', LE)],
        'example.com': [caa('example.com', 0, 'issue', ';')],
      }),
      [LE],
    );
    assert.equal(c.status, 'pass');
  });

  test('the first RRset found wins outright: a forbidding child is not rescued by an allowing parent', () => {
    const c = evaluateCaa(
      'docs.example.com',
      climb('docs.example.com', {
        'docs.example.com': [caa('docs.example.com', 0, 'issue', 'sectigo.com')],
        'example.com': [caa('example.com', 0, 'issue', LE)],
      }),
      [LE],
    );
    assert.equal(c.status, 'fail');
    assert.match(c.message, /authorizes only sectigo\.com/);
  });

  test('a CNAME at a step makes the target’s CAA apply, and the action names its operator', () => {
    const lookups = [
      step('docs.example.com', [caa('host.platform.net', 0, 'issue', 'pki.goog')], ['host.platform.net']),
      step('example.com'),
      step('com'),
    ];
    const c = evaluateCaa('docs.example.com', lookups, [LE]);
    assert.equal(c.status, 'fail');
    assert.match(
      c.message,
      /at host\.platform\.net \(reached from docs\.example\.com by CNAME: docs\.example\.com → host\.platform\.net\)/,
    );
    assert.match(c.action ?? '', /only its operator can change them/);
  });

  test('after a CNAME without CAA the climb continues from the original name’s parent', () => {
    // docs.example.com → host.platform.net (no CAA there); platform.net's CAA must NOT be used; example.com's is.
    const lookups = [
      step('docs.example.com', [], ['host.platform.net']),
      step('example.com', [caa('example.com', 0, 'issue', LE)]),
      step('com'),
    ];
    const c = evaluateCaa('docs.example.com', lookups, [LE]);
    assert.equal(c.status, 'pass');
    assert.match(c.message, /at example\.com/);
  });

  test('a CNAME at a parent step is chased too', () => {
    const lookups = [
      step('docs.example.com'),
      step('example.com', [caa('alias.other.net', 0, 'issue', ';')], ['alias.other.net']),
      step('com'),
    ];
    const c = evaluateCaa('docs.example.com', lookups, [LE]);
    assert.equal(c.status, 'fail');
    assert.match(c.message, /alias\.other\.net/);
  });

  test('SERVFAIL before the relevant RRset is fatal: error', () => {
    const lookups: CaaLookup[] = [
      step('docs.example.com'),
      { name: 'example.com', chain: [], outcome: 'error', records: [], error: 'SERVFAIL', server: '127.0.0.1:53' },
      step('com', [caa('com', 0, 'issue', LE)]),
    ];
    const c = evaluateCaa('docs.example.com', lookups, [LE]);
    assert.equal(c.status, 'error');
    assert.match(c.message, /example\.com failed \(SERVFAIL at 127\.0\.0\.1:53\)/);
    assert.ok(c.action);
  });

  test('REFUSED in the climb (an authoritative --resolver asked about a parent zone) is an error that says so', () => {
    const lookups: CaaLookup[] = [
      step('docs.example.com'),
      step('example.com'),
      {
        name: 'com',
        chain: [],
        outcome: 'error',
        records: [],
        error: 'REFUSED',
        rcode: 'REFUSED',
        server: '127.0.0.1:5353',
      },
    ];
    const c = evaluateCaa('docs.example.com', lookups, [LE]);
    assert.equal(c.status, 'error');
    assert.equal(c.code, 'caa.lookup_refused');
    assert.match(c.message, /at com was REFUSED by 127\.0\.0\.1:5353, so the records a CA would see there are unknown/);
    assert.match(c.action ?? '', /recursive resolver/);
    assert.doesNotMatch(c.action ?? '', /broken or unreachable/);
  });

  test('an error above the relevant RRset does not matter (Boulder selectCAA)', () => {
    const lookups: CaaLookup[] = [
      step('docs.example.com', [caa('docs.example.com', 0, 'issue', LE)]),
      { name: 'example.com', chain: [], outcome: 'error', records: [], error: 'SERVFAIL' },
      step('com'),
    ];
    assert.equal(evaluateCaa('docs.example.com', lookups, [LE]).status, 'pass');
  });
});

describe('properties (RFC 8659 §4)', () => {
  test('an RRset with only iodef does not restrict', () => {
    assert.equal(caVerdict([caa('x.com', 0, 'iodef', 'mailto:sec@x.com')], LE).verdict, 'allowed');
  });

  test('unknown non-critical tags do not restrict', () => {
    assert.equal(
      caVerdict([caa('x.com', 0, 'tbs', 'whatever'), caa('x.com', 0, 'iodef', 'mailto:a@x.com')], LE).verdict,
      'allowed',
    );
  });

  test('an unknown tag with the critical flag 128 forbids every CA', () => {
    const rrs = [caa('x.com', 128, 'tbs', 'x'), caa('x.com', 0, 'issue', LE)];
    assert.equal(caVerdict(rrs, LE).verdict, 'forbidden');
    assert.equal(caVerdict(rrs, 'pki.goog').verdict, 'forbidden');
    const c = evaluateCaa('x.com', [step('x.com', rrs), step('com')], [LE]);
    assert.equal(c.status, 'fail');
    assert.match(c.message, /critical flag \(flags 128\)/);
    assert.equal(c.code, 'caa.critical_unknown_tag');
    assert.match(c.action ?? '', /delete the CAA record with the unknown critical tag \(or set its flags to 0\)/);
    // The record to delete and the one to keep or add, whole.
    assert.deepEqual(c.fix, [
      { op: 'delete', record: 'x.com. IN CAA 128 tbs "x"' },
      { op: 'add', record: 'x.com. IN CAA 0 issue "letsencrypt.org"' },
    ]);
  });

  test('flag 1 on an unknown tag is critical for Let’s Encrypt (Boulder) but not per the RFC for other CAs', () => {
    const rrs = [caa('x.com', 1, 'tbs', 'x'), caa('x.com', 0, 'issue', LE), caa('x.com', 0, 'issue', 'pki.goog')];
    const le = caVerdict(rrs, LE);
    assert.equal(le.verdict, 'forbidden');
    assert.match(caReason(le), /Let's Encrypt treats as critical.*Boulder/);
    assert.equal(caVerdict(rrs, 'pki.goog').verdict, 'allowed');
  });

  test('a record no request can satisfy is replaced: the fix deletes it and adds the plain one', () => {
    const rrs = [caa('x.com', 0, 'issue', 'letsencrypt.org; validationmethods=tls-sni-01')];
    const c = evaluateCaa('x.com', [step('x.com', rrs), step('com')], [LE]);
    assert.equal(c.code, 'caa.unsatisfiable_parameters');
    assert.deepEqual(c.fix, [
      { op: 'delete', record: 'x.com. IN CAA 0 issue "letsencrypt.org; validationmethods=tls-sni-01"' },
      { op: 'add', record: 'x.com. IN CAA 0 issue "letsencrypt.org"' },
    ]);
  });

  test('the critical flag on a known tag is fine', () => {
    assert.equal(caVerdict([caa('x.com', 128, 'issue', LE)], LE).verdict, 'allowed');
  });

  test('issue ";" forbids every CA', () => {
    const v = caVerdict([caa('x.com', 0, 'issue', ';')], LE);
    assert.equal(v.verdict, 'forbidden');
    assert.equal(v.code, 'caa.forbids_all');
    assert.match(caReason(v), /authorizes no CA/);
  });

  test('records add up: ";" plus letsencrypt.org allows Let’s Encrypt only', () => {
    const rrs = [caa('x.com', 0, 'issue', ';'), caa('x.com', 0, 'issue', LE)];
    assert.equal(caVerdict(rrs, LE).verdict, 'allowed');
    assert.equal(caVerdict(rrs, 'sectigo.com').verdict, 'forbidden');
  });

  test('several CAs: fail names the blocked one and the record to add for it', () => {
    const c = evaluateCaa('x.com', [step('x.com', [caa('x.com', 0, 'issue', LE)]), step('com')], [LE, 'pki.goog']);
    assert.equal(c.status, 'fail');
    assert.match(c.message, /letsencrypt\.org: allowed/);
    assert.match(c.message, /pki\.goog: forbidden/);
    assert.deepEqual(c.fix, [{ op: 'add', record: 'x.com. IN CAA 0 issue "pki.goog"' }]);
    // The message says which CA's rules decided.
    assert.match(c.message, /pki\.goog: forbidden \(.*RFC 8659\/8657 rules\)/);
    assert.match(c.message, /letsencrypt\.org: allowed \(.*Let's Encrypt's own rules \(Boulder\)\)/);
  });

  test('issuewild is ignored for a non-wildcard name', () => {
    assert.equal(caVerdict([caa('x.com', 0, 'issuewild', ';')], LE).verdict, 'allowed');
    assert.equal(
      caVerdict([caa('x.com', 0, 'issuewild', 'pki.goog'), caa('x.com', 0, 'issue', LE)], LE).verdict,
      'allowed',
    );
  });

  test('for a wildcard, issuewild overrides issue when present', () => {
    const rrs = [caa('x.com', 0, 'issue', LE), caa('x.com', 0, 'issuewild', 'pki.goog')];
    assert.equal(caVerdict(rrs, LE, true).verdict, 'forbidden');
    assert.equal(caVerdict(rrs, 'pki.goog', true).verdict, 'allowed');
    // Without issuewild, issue applies to wildcards too.
    assert.equal(caVerdict([caa('x.com', 0, 'issue', LE)], LE, true).verdict, 'allowed');
    const c = evaluateCaa('x.com', [step('x.com', rrs), step('com')], [LE], { wildcard: true });
    assert.deepEqual(c.fix, [{ op: 'add', record: 'x.com. IN CAA 0 issuewild "letsencrypt.org"' }]);
  });

  test('tags are case-insensitive', () => {
    assert.equal(caVerdict([caa('x.com', 0, 'ISSUE', 'pki.goog')], LE).verdict, 'forbidden');
    assert.equal(caVerdict([caa('x.com', 0, 'Issue', LE)], LE).verdict, 'allowed');
    assert.equal(caVerdict([caa('x.com', 128, 'IODEF', 'mailto:a@x.com')], LE).verdict, 'allowed');
  });

  test('the issuer-domain-name is compared exactly: a trailing dot does not match', () => {
    const v = caVerdict([caa('x.com', 0, 'issue', 'letsencrypt.org.')], LE);
    assert.equal(v.verdict, 'forbidden');
    assert.equal(v.code, 'caa.issuer_mismatch');
    assert.match(caReason(v), /letsencrypt\.org\., which is not exactly letsencrypt\.org.*no trailing dot/);
    assert.equal(caVerdict([caa('x.com', 0, 'issue', 'LetsEncrypt.org')], LE).verdict, 'forbidden');
    assert.equal(caVerdict([caa('x.com', 0, 'issue', 'ca.letsencrypt.org')], LE).verdict, 'forbidden');
  });

  test('whitespace around the issuer is allowed (RFC 8659 §4.2 *WSP)', () => {
    assert.equal(caVerdict([caa('x.com', 0, 'issue', '  letsencrypt.org ')], LE).verdict, 'allowed');
  });

  test('parameters are parsed; accounturi / validationmethods make the permission conditional (warn)', () => {
    assert.deepEqual(
      parseIssueValue(
        'letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/1 ; validationmethods=dns-01',
      ),
      {
        issuer: 'letsencrypt.org',
        parameters: [
          { tag: 'accounturi', value: 'https://acme-v02.api.letsencrypt.org/acme/acct/1' },
          { tag: 'validationmethods', value: 'dns-01' },
        ],
      },
    );
    assert.deepEqual(parseIssueValue(';'), { issuer: '', parameters: [] });
    assert.deepEqual(parseIssueValue('letsencrypt.org;'), { issuer: LE, parameters: [] });
    const rrs = [
      caa('x.com', 0, 'issue', 'letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/1'),
    ];
    assert.equal(caVerdict(rrs, LE).verdict, 'conditional');
    const c = evaluateCaa('x.com', [step('x.com', rrs), step('com')], [LE]);
    assert.equal(c.status, 'warn');
    assert.match(c.message, /accounturi=https:\/\/acme-v02/);
    // Another, unrestricted record makes it plainly allowed.
    assert.equal(caVerdict([...rrs, caa('x.com', 0, 'issue', LE)], LE).verdict, 'allowed');
    // Unknown parameters do not restrict.
    assert.equal(caVerdict([caa('x.com', 0, 'issue', 'letsencrypt.org; policy=ev')], LE).verdict, 'allowed');
  });

  test('a malformed value authorizes nobody (Boulder skips it)', () => {
    assert.ok(parseIssueValue('letsencrypt.org; accounturi').malformed);
    assert.ok(parseIssueValue('letsencrypt.org; a b=c').malformed);
    assert.equal(caVerdict([caa('x.com', 0, 'issue', 'letsencrypt.org; accounturi')], LE).verdict, 'forbidden');
  });

  test('the reason for a malformed record does not claim it authorizes its CA', () => {
    const only = caVerdict([caa('x.com', 0, 'issue', 'letsencrypt.org; accounturi')], LE);
    assert.doesNotMatch(caReason(only), /authorizes only letsencrypt\.org/);
    assert.equal(only.code, 'caa.malformed');
    assert.match(
      caReason(only),
      /the issue record naming letsencrypt\.org \(letsencrypt\.org; accounturi\) is malformed \(parameter "accounturi" is not tag=value\)/,
    );
    const beside = caVerdict(
      [caa('x.com', 0, 'issue', 'letsencrypt.org; accounturi'), caa('x.com', 0, 'issue', 'pki.goog')],
      LE,
    );
    assert.match(caReason(beside), /is malformed .*; the others authorize only pki\.goog;/);
    const other = caVerdict([caa('x.com', 0, 'issue', 'pki.goog; bad')], LE);
    assert.match(caReason(other), /^no well-formed issue record authorizes any CA; malformed values are ignored/);
    assert.match(caReason(caVerdict([caa('x.com', 0, 'issue', ';')], LE)), /issue ; authorizes no CA at all/);
  });
});
