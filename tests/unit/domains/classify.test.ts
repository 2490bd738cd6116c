// The pure tls classifier: every classification and the order of the rules.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type CertificateFacts,
  classifyTls,
  isPlatformDefault,
  shortDn,
  type TlsObservation,
} from '../../../tools/docs-domains/groups/tls/checks/classify.ts';

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
    assert.equal(c.code, 'tls.expired');
    assert.match(c.message, /^Expired: .*expired on 2026-05-30 00:00 UTC \(2 days ago/);
    assert.match(c.action ?? '', /Confirm the domain still verifies/);
  });

  test('not yet valid: fail', () => {
    const c = classify(hs([cert({ notBefore: at(1) })], 'CERT_NOT_YET_VALID'));
    assert.equal(c.status, 'fail');
    assert.equal(c.code, 'tls.not_yet_valid');
    // A readable instant and the wait, not a raw ISO timestamp.
    assert.match(c.message, /^Not yet valid: .*valid only from 2026-06-02 12:00 UTC \(in 24 hours;/);
  });

  test('untrusted chain: fail with the reason', () => {
    const c = classify(hs([cert()], 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'));
    assert.equal(c.status, 'fail');
    assert.equal(c.code, 'tls.untrusted_issuer');
    // An unknown issuer is named as such, not called an incomplete chain.
    assert.match(
      c.message,
      /^Untrusted issuer: .*R11 \(Let's Encrypt\) is not a trusted CA.*UNABLE_TO_GET_ISSUER_CERT_LOCALLY/,
    );
    assert.doesNotMatch(c.message, /incomplete chain/);
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
    // ... and fail only in the last sixth (the failure threshold scales the same way).
    assert.equal(classify(hs([cert({ notBefore: at(-5.5), notAfter: at(0.5) })])).status, 'fail');
  });

  test('within 3 days of expiry fails (renewal is stuck); counts never round down to 0 days', () => {
    const c = classify(hs([cert({ notBefore: at(-80), notAfter: at(23 / 24) })]));
    assert.equal(c.status, 'fail');
    assert.equal(c.code, 'tls.expires_very_soon');
    assert.match(c.message, /\(in 23 hours, under the 3-day failure threshold\)/);
    const warn = classify(hs([cert({ notBefore: at(-80), notAfter: at(5) })]));
    assert.equal(warn.code, 'tls.expires_soon');
    assert.match(warn.message, /in 5 days, under the 14-day warning threshold/);
  });

  test('the thresholds are configurable', () => {
    const input = (warnDays: number, failDays: number) =>
      classifyTls({
        name: 'docs.example.com',
        observation: hs([cert({ notBefore: at(-200), notAfter: at(20) })]),
        now: NOW,
        warnDays,
        failDays,
      });
    assert.equal(input(30, 3).status, 'warn');
    assert.equal(input(30, 21).status, 'fail');
    assert.equal(input(14, 3).status, 'pass');
  });

  test('a wildcard that does not cover the name gets its own code and action', () => {
    for (const name of ['a.docs.example.com', 'example.com']) {
      const c = classify(hs([cert({ dnsNames: ['*.example.com'] })]), name);
      assert.equal(c.status, 'fail', name);
      assert.equal(c.code, 'tls.wildcard_mismatch');
      assert.match(c.message, /the wildcard \*\.example\.com covers one label only/);
      assert.match(c.action ?? '', /exactly one label/);
    }
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
