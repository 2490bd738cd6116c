// RFC 6125 §6.4 name matching as browsers apply it, and Node's subjectAltName string.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  coveringName,
  matchesIdentifier,
  parseSubjectAltName,
  toALabel,
} from '../../../tools/docs-domains/groups/tls/checks/names.ts';

describe('matchesIdentifier (RFC 6125 §6.4.3)', () => {
  const cases: [string, string, boolean][] = [
    ['docs.example.com', 'docs.example.com', true],
    ['Docs.Example.COM', 'docs.example.com', true],
    ['docs.example.com.', 'DOCS.example.com', true],
    ['docs.example.com', 'docs.example.com.', true],
    ['docs.example.com', 'www.example.com', false],
    // wildcard: exactly one left-most label
    ['docs.example.com', '*.example.com', true],
    ['example.com', '*.example.com', false],
    ['a.b.example.com', '*.example.com', false],
    ['.example.com', '*.example.com', false],
    // no partial or inner wildcards
    ['foo.example.com', 'f*.example.com', false],
    ['foo.example.com', '*oo.example.com', false],
    ['www.foo.example.com', 'www.*.example.com', false],
    ['a.b.example.com', '*.*.example.com', false],
    // never over a public suffix
    ['example.co.uk', '*.co.uk', false],
    ['example.com', '*.com', false],
    ['shop.example.co.uk', '*.example.co.uk', true],
    // IDN: the reference name in U-labels matches the A-label identifier
    ['bücher.example.com', 'xn--bcher-kva.example.com', true],
    ['BÜCHER.example.com', 'xn--bcher-kva.example.com', true],
    ['xn--bcher-kva.example.com', '*.example.com', true],
    ['bücher.example.com', 'bücher.example.com', false],
  ];
  for (const [ref, pat, want] of cases) {
    test(`${ref} vs ${pat} → ${want}`, () => assert.equal(matchesIdentifier(ref, pat), want));
  }
});

test('toALabel converts U-labels, lower-cases and drops the trailing dot', () => {
  assert.equal(toALabel('Bücher.Example.'), 'xn--bcher-kva.example');
  assert.equal(toALabel('DOCS.example.com'), 'docs.example.com');
});

test('coveringName returns the identifier that matched', () => {
  assert.equal(coveringName('docs.example.com', ['example.com', '*.example.com']), '*.example.com');
  assert.equal(coveringName('docs.example.org', ['example.com', '*.example.com']), undefined);
});

test('parseSubjectAltName keeps DNS entries only and decodes quoted ones', () => {
  assert.deepEqual(parseSubjectAltName('DNS:a.example, DNS:*.b.example, IP Address:127.0.0.1, DNS:c.example'), [
    'a.example',
    '*.b.example',
    'c.example',
  ]);
  assert.deepEqual(parseSubjectAltName('DNS:"x, y.example", DNS:z.example'), ['x, y.example', 'z.example']);
  assert.deepEqual(parseSubjectAltName(undefined), []);
  assert.deepEqual(parseSubjectAltName(''), []);
});
