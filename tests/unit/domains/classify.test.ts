// The pure tls classifier: every classification and the order of the rules.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type CertificateFacts,
  classifyTls,
  isPlatformDefault,
  shortDn,
  type TlsObservation,
} from '../../../tools/docs-domains/tls/classify.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

function cert(over: Partial<CertificateFacts> = {}): CertificateFacts {
  return {
    subject: 'CN=docs.example.com',
    issuer: "CN=R11, O=Let's Encrypt, C=US",
    dnsNames: ['docs.example.com'],
    notBefore: at(-30),
    notAfter: at(60),
    selfSigned: false,
    fingerprint256: 'AA:BB',
    ...over,
  };
}

function hs(chain: CertificateFacts[], authorizationError?: string): TlsObservation {
  return {
    kind: 'handshake',
    address: '192.0.2.10',
    port: 443,
    protocol: 'TLSv1.3',
    chain,
    ...(authorizationError ? { authorizationError } : {}),
  };
}

function classify(o: TlsObservation, name = 'docs.example.com') {
  return classifyTls({ name, target: 'proxy.platform.example', observation: o, now: NOW });
}

describe('classifyTls', () => {
  test('pass: covered, trusted, 60 days left; records the chain', () => {
    const c = classify(hs([cert(), cert({ subject: "CN=R11, O=Let's Encrypt", issuer: 'CN=ISRG Root X1' })]));
    assert.equal(c.status, 'pass');
    assert.equal(c.id, 'tls');
    assert.match(c.message, /issued by R11 \(Let's Encrypt\).*in 60 days/);
    assert.equal(c.action, undefined);
    const [leaf, inter] = c.records as { role: string; daysLeft: number; address?: string }[];
    assert.equal(leaf?.role, 'leaf');
    assert.equal(leaf?.daysLeft, 60);
    assert.equal(leaf?.address, '192.0.2.10');
    assert.equal(inter?.role, 'intermediate');
  });

  test('no certificate: not provisioned', () => {
    const c = classify(hs([]));
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Not provisioned yet/);
  });

  test('untrusted self-signed leaf: not provisioned, even for another name', () => {
    const self = cert({ subject: 'CN=localhost', issuer: 'CN=localhost', dnsNames: ['localhost'], selfSigned: true });
    const c = classify(hs([self], 'DEPTH_ZERO_SELF_SIGNED_CERT'));
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Not provisioned yet: .*self-signed/);
    assert.match(c.action ?? '', /`caa` check/);
    assert.match(c.action ?? '', /Re-verify/);
    assert.match(c.action ?? '', /private window/);
  });

  test('a self-signed leaf that is trusted (--ca-file) is judged like any other', () => {
    const self = cert({ issuer: 'CN=docs.example.com', selfSigned: true });
    assert.equal(classify(hs([self])).status, 'pass');
  });

  test("the platform's default certificate: not provisioned", () => {
    for (const names of [
      ['*.platform.example'],
      ['proxy.platform.example'],
      ['platform.example', 'cdn.platform.example'],
    ]) {
      const c = classify(hs([cert({ dnsNames: names })]));
      assert.equal(c.status, 'fail', names.join());
      assert.match(c.message, /^Not provisioned yet: .*default certificate/);
    }
  });

  test('a certificate for unrelated names: name mismatch, naming them', () => {
    const c = classify(hs([cert({ dnsNames: ['www.example.com', 'example.com'] })]));
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Name mismatch: .*covers www\.example\.com, example\.com/);
    assert.match(c.action ?? '', /conflict/);
  });

  test('name only in the CN: mismatch, and says browsers ignore the CN', () => {
    const c = classify(hs([cert({ dnsNames: [] })]));
    assert.equal(c.status, 'fail');
    assert.match(c.message, /only in the subject CN/);
  });

  test('mismatch wins over expiry (the certificate is not for this name anyway)', () => {
    const c = classify(hs([cert({ dnsNames: ['old.example.org'], notAfter: at(-3) })], 'CERT_HAS_EXPIRED'));
    assert.match(c.message, /^Name mismatch/);
  });

  test('expired: fail with the date and days ago', () => {
    const c = classify(hs([cert({ notBefore: at(-100), notAfter: at(-2.5) })], 'CERT_HAS_EXPIRED'));
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Expired: .*expired on 2026-05-30 \(2 days ago/);
    assert.match(c.action ?? '', /Confirm the domain still verifies/);
  });

  test('not yet valid: fail', () => {
    const c = classify(hs([cert({ notBefore: at(1) })], 'CERT_NOT_YET_VALID'));
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Not yet valid/);
  });

  test('untrusted chain: fail with the reason', () => {
    const c = classify(hs([cert()], 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'));
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Untrusted chain: .*UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
    assert.match(c.action ?? '', /--ca-file/);
  });

  test('under 14 days: warn; 14 days or more: pass', () => {
    assert.equal(classify(hs([cert({ notBefore: at(-80), notAfter: at(13.9) })])).status, 'warn');
    assert.equal(classify(hs([cert({ notBefore: at(-80), notAfter: at(14.1) })])).status, 'pass');
  });

  test('short-lived certificates warn only in the last third of their life', () => {
    // A 6-day certificate with 3 days left is healthy; with 1 day left it is not being renewed.
    assert.equal(classify(hs([cert({ notBefore: at(-3), notAfter: at(3) })])).status, 'pass');
    assert.equal(classify(hs([cert({ notBefore: at(-5), notAfter: at(1) })])).status, 'warn');
  });

  test('wildcard coverage is reported', () => {
    const c = classify(hs([cert({ dnsNames: ['*.example.com'] })]));
    assert.equal(c.status, 'pass');
    assert.match(c.message, /via \*\.example\.com/);
  });

  test('IDN names compare as A-labels', () => {
    const c = classify(hs([cert({ dnsNames: ['xn--bcher-kva.example.com'] })]), 'xn--bcher-kva.example.com');
    assert.equal(c.status, 'pass');
  });
});

describe('classifyTls: failures before a certificate', () => {
  const failed = (code: string): TlsObservation => ({
    kind: 'failed',
    address: '192.0.2.10',
    port: 443,
    code,
    detail: 'x',
    timeoutMs: 2000,
  });
  test('refused, timeout, reset, no address, plain HTTP: error with a clear message', () => {
    const expect: [string, RegExp][] = [
      ['ECONNREFUSED', /connection refused/],
      ['ETIMEDOUT', /within 2000 ms \(timeout\)/],
      ['ECONNRESET', /reset during the TLS handshake/],
      ['ENOTFOUND', /does not resolve/],
      ['ERR_SSL_WRONG_VERSION_NUMBER', /plain HTTP\?/],
    ];
    for (const [code, re] of expect) {
      const c = classify(failed(code));
      assert.equal(c.status, 'error', code);
      assert.match(c.message, re);
      assert.ok(c.action);
    }
  });
  test('a TLS alert for the name (handshake_failure, unrecognized_name): not provisioned', () => {
    for (const code of ['ERR_SSL_SSL/TLS_ALERT_HANDSHAKE_FAILURE', 'ERR_SSL_TLSV1_UNRECOGNIZED_NAME']) {
      const c = classify(failed(code));
      assert.equal(c.status, 'fail', code);
      assert.match(c.message, /^Not provisioned yet/);
    }
  });
});

test('isPlatformDefault needs a target and compares registrable domains', () => {
  assert.equal(isPlatformDefault(['*.platform.example'], undefined), false);
  assert.equal(isPlatformDefault(['*.platform.example'], 'proxy.platform.example'), true);
  assert.equal(isPlatformDefault(['*.other.example'], 'proxy.platform.example'), false);
});

test('shortDn', () => {
  assert.equal(shortDn("CN=R11, O=Let's Encrypt, C=US"), "R11 (Let's Encrypt)");
  assert.equal(shortDn('O=Only Org'), 'Only Org');
});
