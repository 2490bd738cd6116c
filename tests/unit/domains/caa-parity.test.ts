// CAA parity with Let's Encrypt's Boulder (va/caa.go): every case of tests/support/caa-parity.ts through the pure
// evaluator, per CA, with the reason code; and the parser and parameter rules case by case.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Rr } from '../../../tools/docs-domains/core/dns/types.ts';
import {
  type CaaLookup,
  caVerdict,
  evaluateCaa,
  judgeParameters,
  parseIssueValue,
  rulesFor,
} from '../../../tools/docs-domains/groups/dns/checks/caa.ts';
import { caReason } from '../../../tools/docs-domains/groups/dns/messages.ts';
import { PARITY_CASES } from '../../support/caa-parity.ts';

const LE = 'letsencrypt.org';
const rr = (name: string, [flags, tag, value]: readonly [number, string, string]): Rr => ({
  name,
  type: 'CAA',
  ttl: 3600,
  value: `${flags} ${tag} ${JSON.stringify(value)}`,
  caa: { flags, tag, value },
});

describe('Boulder parity: one verdict per CA', () => {
  for (const c of PARITY_CASES) {
    test(`${c.label}: ${c.title}`, () => {
      const records = c.records.map((r) => rr(`${c.label}.test`, r));
      for (const [ca, want] of Object.entries(c.expect)) {
        const v = caVerdict(records, ca, c.wildcard);
        assert.equal(v.verdict, want, `${ca}: ${caReason(v)}`);
        assert.equal(v.rules, ca === LE ? 'boulder' : 'rfc');
      }
      const first = Object.keys(c.expect)[0] as string;
      if (c.code) assert.equal(caVerdict(records, first, c.wildcard).code, c.code);
    });
  }

  test('the check names the CA whose rule applied, and takes the code of the CA that is refused', () => {
    const set = PARITY_CASES.find((c) => c.label === 'hyphentag');
    assert.ok(set);
    const climb: CaaLookup[] = [
      {
        name: 'hyphentag.test',
        chain: [],
        outcome: 'records',
        records: set.records.map((r) => rr('hyphentag.test', r)),
      },
      { name: 'test', chain: [], outcome: 'empty', records: [] },
    ];
    const c = evaluateCaa('hyphentag.test', climb, ['pki.goog', LE]);
    assert.equal(c.status, 'fail');
    assert.equal(c.code, 'caa.malformed');
    assert.match(c.message, /pki\.goog: allowed \(.*RFC 8659\/8657 rules\)/);
    assert.match(
      c.message,
      /letsencrypt\.org: forbidden \(.*a character other than a letter or digit.*Let's Encrypt's own rules \(Boulder\)\)/,
    );
    const verdicts = c.data?.verdicts as { ca: string; verdict: string; code: string }[];
    assert.deepEqual(
      verdicts.map((v) => [v.ca, v.verdict, v.code]),
      [
        ['pki.goog', 'allowed', 'caa.allowed'],
        [LE, 'forbidden', 'caa.malformed'],
      ],
    );
    // The message about an unsatisfiable record says why.
    const unsat = caVerdict([rr('x.test', [0, 'issue', 'letsencrypt.org; validationmethods=tls-sni-01'])], LE);
    assert.match(caReason(unsat), /validationmethods=tls-sni-01 names no method it offers: no request can satisfy it/);
  });
});

describe('parseIssueValue (RFC 8659 §4.2; Boulder parseCAARecord)', () => {
  const boulder = rulesFor(LE);
  const rfc = rulesFor('pki.goog');
  test('well-formed values, parameters kept in order with repeats', () => {
    assert.deepEqual(parseIssueValue('', boulder), { issuer: '', parameters: [] });
    assert.deepEqual(parseIssueValue(' ; ', boulder), { issuer: '', parameters: [] });
    assert.deepEqual(parseIssueValue('\tletsencrypt.org ;foo=bar;baz=bar', boulder), {
      issuer: LE,
      parameters: [
        { tag: 'foo', value: 'bar' },
        { tag: 'baz', value: 'bar' },
      ],
    });
    // A repeated tag keeps both values (not only the last).
    assert.deepEqual(parseIssueValue('letsencrypt.org; foo=1; foo=2', boulder).parameters, [
      { tag: 'foo', value: '1' },
      { tag: 'foo', value: '2' },
    ]);
    assert.deepEqual(parseIssueValue('letsencrypt.org; baz =\t\ta=b\t', boulder).parameters, [
      { tag: 'baz', value: 'a=b' },
    ]);
  });
  test('malformed: tags, values, separators', () => {
    for (const v of [
      'letsencrypt.org; a_b=123',
      'letsencrypt.org; ab=1 2 3',
      'letsencrypt.org; foo=a\u2615b',
      'letsencrypt.org; foo=b1 baz=a',
      'letsencrypt.org; baz',
      'letsencrypt.org; foo=bar;',
    ])
      assert.ok(parseIssueValue(v, boulder).malformed, v);
  });
  test('a hyphen in a tag: malformed for Boulder, allowed inside a tag by RFC 8659 (not at its ends)', () => {
    assert.match(parseIssueValue('letsencrypt.org; a-b=c', boulder).malformed ?? '', /other than a letter or digit/);
    assert.equal(parseIssueValue('pki.goog; a-b=c', rfc).malformed, undefined);
    assert.ok(parseIssueValue('pki.goog; -ab=c', rfc).malformed);
    assert.ok(parseIssueValue('pki.goog; ab-=c', rfc).malformed);
  });
  test('the issuer-domain-name grammar: checked by the RFC rules, only compared by Boulder', () => {
    assert.ok(parseIssueValue('pki.goog.', rfc).malformed);
    assert.equal(parseIssueValue('letsencrypt.org.', boulder).malformed, undefined);
  });
});

describe('judgeParameters (RFC 8657; Boulder caaAccountURIMatches, caaValidationMethodMatches)', () => {
  const boulder = rulesFor(LE);
  const rfc = rulesFor('pki.goog');
  const p = (...pairs: [string, string][]) => pairs.map(([tag, value]) => ({ tag, value }));
  test('no restricting parameter: free; others do not restrict', () => {
    assert.deepEqual(judgeParameters([], boulder), { kind: 'free' });
    assert.deepEqual(judgeParameters(p(['policy', 'ev']), boulder), { kind: 'free' });
  });
  test('unsatisfiable: repeated, empty, malformed, no offered method, foreign account', () => {
    for (const params of [
      p(['validationmethods', 'http-01'], ['validationmethods', 'http-01']),
      p(['validationmethods', '']),
      p(['validationmethods', ',']),
      p(['validationmethods', 'tls-sni-01']),
      p(['accounturi', '']),
      p(
        ['accounturi', 'https://acme-v02.api.letsencrypt.org/acme/acct/1'],
        ['accounturi', 'https://acme-v02.api.letsencrypt.org/acme/acct/1'],
      ),
      p(['accounturi', 'https://acme.example.net/acct/1']),
    ])
      assert.equal(judgeParameters(params, boulder).kind, 'unsatisfiable', JSON.stringify(params));
  });
  test('conditional: an offered method, an account on the CA’s ACME servers', () => {
    assert.deepEqual(judgeParameters(p(['validationmethods', 'http-01,dns-01']), boulder), {
      kind: 'conditional',
      restrictions: ['validationmethods=http-01,dns-01'],
    });
    assert.deepEqual(judgeParameters(p(['validationmethods', 'tls-sni-01,dns-01']), boulder), {
      kind: 'conditional',
      restrictions: ['validationmethods=dns-01'],
    });
    assert.equal(
      judgeParameters(p(['accounturi', 'https://acme-staging-v02.api.letsencrypt.org/acme/acct/9']), boulder).kind,
      'conditional',
    );
  });
  test('other CAs: any account URI may be theirs; ACME and ca- methods count', () => {
    assert.equal(judgeParameters(p(['accounturi', 'https://acme.example.net/acct/1']), rfc).kind, 'conditional');
    assert.equal(judgeParameters(p(['validationmethods', 'ca-email']), rfc).kind, 'conditional');
    assert.equal(judgeParameters(p(['validationmethods', 'tls-sni-01']), rfc).kind, 'unsatisfiable');
  });
});
