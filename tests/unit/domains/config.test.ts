// Config validation with positions: YAML, JSON Schema, host names (RFC 1123, 253 octets, IDN → A-labels), redirect rules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { checkHost } from '../../../tools/docs-domains/config/hostname.ts';
import { SCHEMA_PATH } from '../../../tools/docs-domains/config/load.ts';
import { type Problem, validateConfig } from '../../../tools/docs-domains/config/validate.ts';

const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object;

function problems(yaml: string): Problem[] {
  return validateConfig(yaml, 'd.yaml', schema).problems.filter((p) => p.severity === 'error');
}
/** The single error, as `line:col message`. */
function one(yaml: string): string {
  const ps = problems(yaml);
  assert.equal(ps.length, 1, `expected one problem, got ${JSON.stringify(ps, null, 1)}`);
  const p = ps[0] as Problem;
  return `${p.line}:${p.col} ${p.message}`;
}

const HEAD = 'domains:\n  platformHost: host.platform.example.net\n  primary: docs.example.com\n';

describe('valid configs', () => {
  test('the shipped site/domains.yaml is valid', () => {
    const r = validateConfig(
      readFileSync(new URL('../../../site/domains.yaml', import.meta.url), 'utf8'),
      'site/domains.yaml',
      schema,
    );
    assert.deepEqual(r.problems, []);
    assert.equal(r.config?.primary, 'docs.petstore.example.com');
  });

  test('redirects are optional; hosts are normalized (case, trailing dot)', () => {
    const r = validateConfig(
      'domains:\n  platformHost: Host.Platform.Example.NET.\n  primary: DOCS.example.com\n',
      'd.yaml',
      schema,
    );
    assert.deepEqual(r.config, {
      platformHost: 'host.platform.example.net',
      primary: 'docs.example.com',
      redirects: [],
    });
  });

  test('an IDN is converted to A-labels, with a note at its position', () => {
    const r = validateConfig(
      `${HEAD}  redirects:\n    - from: bücher.example.com\n      to: docs.example.com\n      status: 308\n`,
      'd.yaml',
      schema,
    );
    assert.equal(r.config?.redirects[0]?.from, 'xn--bcher-kva.example.com');
    assert.deepEqual(
      r.problems.map((p) => [p.severity, p.line, p.col, p.path]),
      [['note', 5, 13, 'domains.redirects[0].from']],
    );
    assert.match(r.problems[0]?.message ?? '', /A-label form "xn--bcher-kva\.example\.com"/);
  });
});

describe('structure (schema) with positions', () => {
  test('YAML syntax error', () => {
    assert.match(one('domains:\n  primary: [a\n'), /^3:1 YAML: /);
  });
  test('duplicate YAML key', () => {
    assert.equal(
      one(`${HEAD}  primary: other.example.com\n`),
      '4:3 YAML: duplicate key "primary" (first at line 3): a key may appear only once in a mapping',
    );
    assert.equal(
      one(`${HEAD}  redirects:\n    - from: a.example.com\n      to: docs.example.com\n      "from": b.example.com\n`),
      '7:7 YAML: duplicate key "from" (first at line 5): a key may appear only once in a mapping',
    );
  });
  test('several YAML documents: said plainly, without the library API advice', () => {
    const m = one(`${HEAD}---\nother: 1\n`);
    assert.match(m, /^4:1 YAML: the file holds more than one YAML document/);
    assert.doesNotMatch(m, /parseAllDocuments/);
  });
  test('empty file', () => {
    assert.match(one(''), /^1:1 the file is empty/);
  });
  test('missing domains', () => {
    assert.deepEqual(
      problems('other: 1\n').map((p) => `${p.line}:${p.col} ${p.message}`),
      ['1:1 (document): missing required key "domains"', '1:1 (document): unknown key "other"'],
    );
  });
  test('missing required keys point at the parent key', () => {
    assert.equal(
      one('domains:\n  platformHost: host.platform.example.net\n'),
      '1:1 domains: missing required key "primary"',
    );
  });
  test('unknown key points at the key', () => {
    assert.equal(one(`${HEAD}  primry: x.example.com\n`), '4:3 domains: unknown key "primry"');
  });
  test('unknown key in a redirect', () => {
    assert.equal(
      one(
        `${HEAD}  redirects:\n    - from: a.example.com\n      to: docs.example.com\n      status: 301\n      code: 1\n`,
      ),
      '8:7 domains.redirects[0]: unknown key "code"',
    );
  });
  test('wrong types', () => {
    assert.equal(
      one(`${HEAD}  redirects: a.example.com\n`),
      '4:14 domains.redirects: must be an array (got "a.example.com")',
    );
    assert.equal(
      one('domains:\n  platformHost: host.platform.example.net\n  primary: 42\n'),
      '3:12 domains.primary: must be a string (got 42)',
    );
    assert.equal(
      one(`${HEAD}  redirects:\n    - from: a.example.com\n      to: docs.example.com\n      status: "301"\n`),
      '7:15 domains.redirects[0].status: must be an integer (got "301")',
    );
  });
  test('status in {301, 302, 307, 308}', () => {
    assert.equal(
      one(`${HEAD}  redirects:\n    - from: a.example.com\n      to: docs.example.com\n      status: 303\n`),
      '7:15 domains.redirects[0].status: must be one of 301, 302, 307, 308 (got 303)',
    );
    for (const s of [301, 302, 307, 308])
      assert.deepEqual(
        problems(`${HEAD}  redirects:\n    - {from: a.example.com, to: docs.example.com, status: ${s}}\n`),
        [],
      );
  });
  test('a missing key in a redirect', () => {
    assert.equal(
      one(`${HEAD}  redirects:\n    - from: a.example.com\n      status: 301\n`),
      '5:7 domains.redirects[0]: missing required key "to"',
    );
  });
});

describe('host names', () => {
  const cases: [string, RegExp][] = [
    ['https://docs.example.com', /has a scheme \("https:\/\/"\): write the host name only, e.g. "docs.example.com"/],
    ['docs.example.com/guide', /has a path/],
    ['docs.example.com:8443', /has a port: write the host name only, e.g. "docs.example.com"/],
    ['user@docs.example.com', /user info/],
    ['*.example.com', /wildcard/],
    ['192.0.2.1', /IP address/],
    ['docs..example.com', /empty label/],
    ['-docs.example.com', /labels are letters, digits and inner hyphens/],
    ['docs_1.example.com', /"_" is not allowed/],
    [`${'a'.repeat(64)}.example.com`, /64 octets; a label has at most 63/],
    [`${'abcdefghi.'.repeat(25)}example.com`, /characters long; a host name has at most 253/],
    ['localhost', /single label/],
    ['docs.example.123', /all-numeric/],
    ['co.uk', /public suffix/],
    ['docs example.com', /whitespace/],
  ];
  for (const [raw, re] of cases) {
    test(`rejects ${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}`, () => {
      const r = checkHost(raw);
      assert.ok('problem' in r, `expected a problem for ${raw}`);
      assert.match(r.problem, re);
    });
  }
  test('accepts RFC 1123 names: digits first, 63-octet labels, 253 characters', () => {
    for (const h of [
      '3com.example.com',
      `${'a'.repeat(63)}.example.com`,
      `${'abcdefgh.'.repeat(26)}example.com`.slice(-253).replace(/^\./, 'x'),
    ]) {
      const r = checkHost(h);
      assert.ok('host' in r, `${h}: ${'problem' in r ? r.problem : ''}`);
    }
  });
  test('IDN to A-labels (UTS #46)', () => {
    assert.deepEqual(checkHost('Bücher.Example'), {
      host: 'xn--bcher-kva.example',
      converted: 'xn--bcher-kva.example',
    });
    assert.deepEqual(checkHost('xn--bcher-kva.example'), { host: 'xn--bcher-kva.example' });
  });
  test('an "xn--" label that is not valid Punycode, or decodes to plain ASCII, is not an A-label (RFC 5891 §5.4)', () => {
    for (const h of ['xn--zz.example.com', 'xn--a.example.com', 'xn--abc.example.com', 'docs.xn--0.example.com']) {
      const r = checkHost(h);
      assert.ok('problem' in r, h);
      assert.match(r.problem, /is not a valid A-label \(RFC 5891/, h);
    }
    assert.deepEqual(checkHost('xn--ls8h.example.com'), { host: 'xn--ls8h.example.com' });
  });
  test('a trailing ideographic full stop is a trailing dot, not an empty label', () => {
    assert.deepEqual(checkHost('bücher.example.com\u3002'), {
      host: 'xn--bcher-kva.example.com',
      converted: 'xn--bcher-kva.example.com',
    });
  });
  test('positions of host problems in the file', () => {
    assert.equal(
      one('domains:\n  platformHost: https://host.platform.example.net\n  primary: docs.example.com\n'),
      '2:17 platformHost "https://host.platform.example.net" has a scheme ("https://"): write the host name only, e.g. "host.platform.example.net"',
    );
  });
});

describe('redirect rules', () => {
  const R = (rows: string[]) => `${HEAD}  redirects:\n${rows.map((r) => `    - ${r}\n`).join('')}`;
  test('from unique (the second occurrence, naming the first line)', () => {
    assert.equal(
      one(
        R([
          '{from: a.example.com, to: docs.example.com, status: 301}',
          '{from: A.example.com, to: docs.example.com, status: 301}',
        ]),
      ),
      '6:14 from "a.example.com" is listed twice (first at line 5); each attached domain redirects once',
    );
  });
  test('from is not the primary', () => {
    assert.equal(
      one(R(['{from: docs.example.com, to: docs.example.com, status: 301}'])),
      '5:14 from "docs.example.com" is the primary domain; the primary cannot redirect',
    );
  });
  test('to is the primary or an attached domain', () => {
    assert.equal(
      one(R(['{from: a.example.com, to: elsewhere.example.org, status: 301}'])),
      '5:33 to "elsewhere.example.org" is not an attached domain: use the primary "docs.example.com" (or attach "elsewhere.example.org" first)',
    );
  });
  test('no chains', () => {
    assert.equal(
      one(
        R([
          '{from: a.example.com, to: b.example.com, status: 301}',
          '{from: b.example.com, to: docs.example.com, status: 301}',
        ]),
      ),
      '5:33 to "b.example.com" is itself redirected (a chain: a.example.com → b.example.com → docs.example.com); point it at the final domain "docs.example.com" directly',
    );
  });
  test('a chain that ends at the primary stays a chain when the primary is (wrongly) listed as a from too', () => {
    const ps = problems(
      R([
        '{from: a.example.com, to: b.example.com, status: 301}',
        '{from: b.example.com, to: docs.example.com, status: 301}',
        '{from: docs.example.com, to: docs.example.com, status: 301}',
      ]),
    );
    assert.deepEqual(
      ps.map((p) => p.message.replace(/;.*/, '')),
      [
        'to "b.example.com" is itself redirected (a chain: a.example.com → b.example.com → docs.example.com)',
        'from "docs.example.com" is the primary domain',
      ],
    );
  });
  test('no loops (both ends reported), and no self-redirect', () => {
    const ps = problems(
      R([
        '{from: a.example.com, to: b.example.com, status: 301}',
        '{from: b.example.com, to: a.example.com, status: 301}',
      ]),
    );
    assert.deepEqual(
      ps.map((p) => `${p.line}:${p.col}`),
      ['5:33', '6:33'],
    );
    assert.match(ps[0]?.message ?? '', /redirect loop \(a\.example\.com → b\.example\.com → a\.example\.com\)/);
    assert.match(
      one(R(['{from: a.example.com, to: a.example.com, status: 301}'])),
      /^5:33 to "a\.example\.com" redirects the domain to itself \(a loop\)/,
    );
  });
  test('platformHost is not the primary', () => {
    assert.match(
      one('domains:\n  platformHost: docs.example.com\n  primary: docs.example.com\n'),
      /^2:17 platformHost is the primary domain itself/,
    );
  });
  test('several problems are all reported, in file order', () => {
    const ps = problems(
      R([
        '{from: https://a.example.com, to: docs.example.com, status: 301}',
        '{from: b.example.com, to: c.example.com, status: 300}',
      ]),
    );
    assert.deepEqual(
      ps.map((p) => p.line),
      [5, 6, 6],
    );
  });
});
