// CAA cases decided as Let's Encrypt's Boulder decides them (va/caa.go and the case table of va/caa_test.go,
// re-expressed here as record sets and expected verdicts, not copied), plus the cases where the RFCs and Boulder
// differ. Shared by the unit test (pure evaluator) and the Knot integration test (the same sets served as zones).
//
// Boulder runs its table with one ACME account and the http-01 method. This tool cannot know the platform's
// account or method, so where Boulder's answer depends on them (accounturi, validationmethods naming an offered
// method) the expected verdict here is `conditional` (a `warn` with the restriction named).

export type Verdict = 'allowed' | 'conditional' | 'forbidden';

export interface ParityCase {
  /** Short label; the Knot test serves the set at `<label>.test`. */
  label: string;
  /** What Boulder's table (or the RFC) says about it. */
  title: string;
  /** The Relevant RRset: `[flags, tag, value]`. */
  records: readonly (readonly [number, string, string])[];
  /** Checked as a wildcard name (`*.label.test`): unit test only (the CLI checks host names). */
  wildcard?: boolean;
  /** Expected verdict per issuer-domain-name. */
  expect: Readonly<Record<string, Verdict>>;
  /** The expected reason code for the first CA (letsencrypt.org unless it is absent from `expect`). */
  code?: string;
  /** False when the value cannot be written in a Knot zone file as-is (non-ASCII). */
  zone?: boolean;
}

const LE = 'letsencrypt.org';
const GOOG = 'pki.goog';

export const PARITY_CASES: readonly ParityCase[] = [
  // va/caa_test.go TestCAAChecking, case by case.
  {
    label: 'reserved',
    title: 'another CA only',
    records: [[0, 'issue', 'ca.com']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.not_authorized',
  },
  {
    label: 'mixedcase',
    title: 'mixed-case tag iSsUe, another CA',
    records: [[0, 'iSsUe', 'ca.com']],
    expect: { [LE]: 'forbidden' },
  },
  {
    label: 'critical',
    title: 'flag 1 on a known tag naming another CA',
    records: [[1, 'issue', 'ca.com']],
    expect: { [LE]: 'forbidden' },
  },
  {
    label: 'present',
    title: 'issue letsencrypt.org',
    records: [[0, 'issue', LE]],
    expect: { [LE]: 'allowed' },
    code: 'caa.allowed',
  },
  {
    label: 'multicrit',
    title: 'flag 1 on two issue records, one naming Let’s Encrypt',
    records: [
      [1, 'issue', 'ca.com'],
      [1, 'issue', LE],
    ],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'unkcrit',
    title: 'unknown tag, flag 128',
    records: [[128, 'foo', 'bar']],
    expect: { [LE]: 'forbidden', [GOOG]: 'forbidden' },
    code: 'caa.critical_unknown_tag',
  },
  {
    label: 'unkcrit1',
    title: 'unknown tag, flag 1: critical for Boulder, not for the RFC (flag 128 only)',
    records: [[1, 'foo', 'bar']],
    expect: { [LE]: 'forbidden', [GOOG]: 'allowed' },
    code: 'caa.critical_unknown_tag',
  },
  {
    label: 'unknoncrit',
    title: 'unknown tag, every non-critical flag bit (0x7E)',
    records: [[0x7e, 'foo', 'bar']],
    expect: { [LE]: 'allowed', [GOOG]: 'allowed' },
    code: 'caa.not_restricting',
  },
  {
    label: 'unknoncritw',
    title: 'unknown non-critical tag, wildcard',
    records: [[0x7e, 'foo', 'bar']],
    wildcard: true,
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'withparams',
    title: 'unknown parameters and whitespace',
    records: [[0, 'issue', '  letsencrypt.org  ;foo=bar;baz=bar']],
    expect: { [LE]: 'allowed' },
    code: 'caa.allowed',
  },
  {
    label: 'badtag',
    title: 'parameter tag with an underscore',
    records: [[0, 'issue', 'letsencrypt.org; a_b=123']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.malformed',
  },
  {
    label: 'badvalue',
    title: 'parameter value with spaces',
    records: [[0, 'issue', 'letsencrypt.org; ab=1 2 3']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.malformed',
  },
  {
    label: 'dnsonly',
    title: 'validationmethods=dns-01',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=dns-01']],
    expect: { [LE]: 'conditional' },
    code: 'caa.conditional',
  },
  {
    label: 'httponly',
    title: 'validationmethods=http-01',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=http-01']],
    expect: { [LE]: 'conditional' },
  },
  {
    label: 'httpordns',
    title: 'validationmethods=http-01,dns-01',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=http-01,dns-01']],
    expect: { [LE]: 'conditional' },
  },
  {
    label: 'acctmethod',
    title: 'accounturi and validationmethods',
    records: [
      [
        0,
        'issue',
        'letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/123; validationmethods=dns-01',
      ],
    ],
    expect: { [LE]: 'conditional' },
  },
  {
    label: 'acct',
    title: 'accounturi on Let’s Encrypt’s ACME server',
    records: [[0, 'issue', 'letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/123']],
    expect: { [LE]: 'conditional' },
  },
  {
    label: 'acctrecords',
    title: 'two records, one accounturi each',
    records: [
      [0, 'issue', 'letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/321'],
      [0, 'issue', 'letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/123'],
    ],
    expect: { [LE]: 'conditional' },
  },
  {
    label: 'none',
    title: 'issue ";"',
    records: [[0, 'issue', ';']],
    expect: { [LE]: 'forbidden', [GOOG]: 'forbidden' },
    code: 'caa.forbids_all',
  },
  {
    label: 'nonew',
    title: 'issue ";", wildcard',
    records: [[0, 'issue', ';']],
    wildcard: true,
    expect: { [LE]: 'forbidden' },
  },
  {
    label: 'wildnone',
    title: 'issuewild ";", wildcard',
    records: [[0, 'issuewild', ';']],
    wildcard: true,
    expect: { [LE]: 'forbidden' },
  },
  {
    label: 'wildnonehost',
    title: 'issuewild ";", a host name: issuewild is ignored',
    records: [[0, 'issuewild', ';']],
    expect: { [LE]: 'allowed' },
    code: 'caa.not_restricting',
  },
  {
    label: 'wildoverride',
    title: 'issue allows Let’s Encrypt, issuewild names another CA: wildcard forbidden',
    records: [
      [0, 'issue', LE],
      [0, 'issuewild', 'ca.com'],
    ],
    wildcard: true,
    expect: { [LE]: 'forbidden' },
  },
  {
    label: 'wildallow',
    title: 'issue names another CA, issuewild Let’s Encrypt: wildcard allowed',
    records: [
      [0, 'issue', 'ca.com'],
      [0, 'issuewild', LE],
    ],
    wildcard: true,
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'wildmulti',
    title: 'two issuewild, one Let’s Encrypt',
    records: [
      [0, 'issuewild', 'ca.com'],
      [0, 'issuewild', LE],
    ],
    wildcard: true,
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'wildle',
    title: 'issuewild Let’s Encrypt, wildcard',
    records: [[0, 'issuewild', LE]],
    wildcard: true,
    expect: { [LE]: 'allowed' },
  },
  // va/caa_test.go TestFilterCAA: known property tags never block, critical or not.
  {
    label: 'knowncrit',
    title: 'issue, issuewild, iodef, issuemail (RFC 9495), issuevmc with flag 128',
    records: [
      [128, 'issue', LE],
      [128, 'issuewild', LE],
      [128, 'iodef', 'mailto:security@example.test'],
      [128, 'issuemail', 'ca.com'],
      [128, 'issuevmc', 'ca.com'],
    ],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'mailonly',
    title: 'only a critical issuemail: restricts no TLS certificate',
    records: [[128, 'issuemail', 'ca.com']],
    expect: { [LE]: 'allowed', [GOOG]: 'allowed' },
    code: 'caa.not_restricting',
  },
  {
    label: 'vmconly',
    title: 'only a critical issuevmc',
    records: [[128, 'issuevmc', 'ca.com']],
    expect: { [LE]: 'allowed', [GOOG]: 'allowed' },
  },
  {
    label: 'flag9',
    title: 'unknown tag, flags 9 (bit 1 set)',
    records: [[9, 'unknown', 'x']],
    expect: { [LE]: 'forbidden' },
  },
  {
    label: 'contact',
    title: 'critical contactemail: a known tag for the RFC CAs (BR), unknown to Boulder',
    records: [
      [128, 'contactemail', 'security@example.test'],
      [0, 'issue', LE],
      [0, 'issue', GOOG],
    ],
    expect: { [LE]: 'forbidden', [GOOG]: 'allowed' },
    code: 'caa.critical_unknown_tag',
  },
  {
    label: 'contactplain',
    title: 'non-critical contactemail and contactphone restrict nobody',
    records: [
      [0, 'contactemail', 'security@example.test'],
      [0, 'contactphone', '+1 (555) 123-4567'],
    ],
    expect: { [LE]: 'allowed', [GOOG]: 'allowed' },
  },
  // va/caa_test.go TestExtractIssuerDomainAndParameters, as verdicts.
  {
    label: 'emptyvalue',
    title: 'an empty issue value authorizes nobody',
    records: [[0, 'issue', '']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.forbids_all',
  },
  { label: 'semiws', title: 'only ";" and whitespace', records: [[0, 'issue', ' ; ']], expect: { [LE]: 'forbidden' } },
  {
    label: 'trailsemi',
    title: 'a trailing ";" without parameters',
    records: [[0, 'issue', 'letsencrypt.org;   ']],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'emptyparam',
    title: 'empty parameter values',
    records: [[0, 'issue', 'letsencrypt.org; foo=; baz =\tbar']],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'commaparam',
    title: 'commas and "=" inside values',
    records: [[0, 'issue', 'letsencrypt.org; foo=b1,b2,b3\t; baz =\t\ta=b\t']],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'duptag',
    title: 'an ordinary parameter given twice is valid',
    records: [[0, 'issue', 'letsencrypt.org; foo=b1,b2,b3\t; foo= b1,b2,b3\t']],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'spacevalue',
    title: 'a space inside a value',
    records: [[0, 'issue', 'letsencrypt.org; foo=b1,b2,b3\t; baz =\t\ta = b\t']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.malformed',
  },
  {
    label: 'noequals',
    title: 'a parameter without "="',
    records: [[0, 'issue', 'letsencrypt.org; foo=b1,b2,b3\t; baz =\t\ta;b\t']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.malformed',
  },
  {
    label: 'hyphenvalue',
    title: 'hyphens in values, digits as tags',
    records: [[0, 'issue', 'letsencrypt.org; 1=2; baz=a-b']],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'hyphentag',
    title: 'a hyphen in a parameter tag: Boulder refuses; RFC 8659 §4.2 allows inner hyphens',
    records: [
      [0, 'issue', 'letsencrypt.org; 1=2; a-b=c'],
      [0, 'issue', 'pki.goog; 1=2; a-b=c'],
    ],
    expect: { [LE]: 'forbidden', [GOOG]: 'allowed' },
    code: 'caa.malformed',
  },
  {
    label: 'highcode',
    title: 'a non-ASCII character in a value',
    records: [[0, 'issue', 'letsencrypt.org; foo=a\u2615b']],
    expect: { [LE]: 'forbidden' },
    zone: false,
  },
  {
    label: 'nosemi',
    title: 'parameters without ";" between them',
    records: [[0, 'issue', 'letsencrypt.org; foo=b1,b2,b3 baz=a']],
    expect: { [LE]: 'forbidden' },
  },
  // va/caa_test.go TestValidationMethodMatches and TestAccountURIMatches: unsatisfiable parameters.
  {
    label: 'vmempty',
    title: 'validationmethods empty',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.unsatisfiable_parameters',
  },
  {
    label: 'vmcomma',
    title: 'validationmethods ","',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=,']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.unsatisfiable_parameters',
  },
  {
    label: 'vmsni',
    title: 'validationmethods=tls-sni-01, a method no longer offered',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=tls-sni-01']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.unsatisfiable_parameters',
  },
  {
    label: 'vmtwice',
    title: 'validationmethods twice in one record',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=http-01; validationmethods=http-01']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.unsatisfiable_parameters',
  },
  {
    label: 'vmtwicediff',
    title: 'validationmethods twice, different values',
    records: [[0, 'issue', 'letsencrypt.org; validationmethods=http-01; validationmethods=dns-01']],
    expect: { [LE]: 'forbidden' },
  },
  {
    label: 'acctempty',
    title: 'accounturi empty',
    records: [[0, 'issue', 'letsencrypt.org; accounturi=']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.unsatisfiable_parameters',
  },
  {
    label: 'accttwice',
    title: 'accounturi twice in one record (RFC 8657 §3: unsatisfiable)',
    records: [
      [
        0,
        'issue',
        'letsencrypt.org; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/1; accounturi=https://acme-v02.api.letsencrypt.org/acme/acct/1',
      ],
    ],
    expect: { [LE]: 'forbidden' },
    code: 'caa.unsatisfiable_parameters',
  },
  {
    label: 'acctforeign',
    title: 'an accounturi that is no Let’s Encrypt account',
    records: [[0, 'issue', 'letsencrypt.org; accounturi=https://acme.example.net/acct/1']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.unsatisfiable_parameters',
  },
  {
    label: 'vmunsatok',
    title: 'an unsatisfiable record beside a plain one: the plain one allows',
    records: [
      [0, 'issue', 'letsencrypt.org; validationmethods=tls-sni-01'],
      [0, 'issue', LE],
    ],
    expect: { [LE]: 'allowed' },
  },
  {
    label: 'trailingdot',
    title: 'issuer-domain-name with a trailing dot',
    records: [[0, 'issue', 'letsencrypt.org.']],
    expect: { [LE]: 'forbidden' },
    code: 'caa.issuer_mismatch',
  },
];
