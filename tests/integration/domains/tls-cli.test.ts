// The tls check through the CLI (`docs-domains check --only tls --json`) against a loopback TLS server that picks
// its certificate by SNI; certificates are made by openssl in a temp dir and the test CA is trusted via --ca-file.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Check, Report } from '../../../tools/docs-domains/core/types.ts';
import { startDnsStub } from '../../support/dns-stub.ts';
import { TestPki } from '../../support/pki.ts';
import { freePort } from '../../support/server.ts';
import { checkJson, checkOf, runCli, writeConfig } from '../../support/tls-cli.ts';
import {
  type Running,
  startAlertServer,
  startResetServer,
  startSilentServer,
  startSniServer,
} from '../../support/tls-servers.ts';

const DOMAINS = [
  'valid.petstore.test',
  'other.petstore.test',
  'default.petstore.test',
  'self.petstore.test',
  'expired.petstore.test',
  'a.wild.petstore.test',
  'b.c.wild.petstore.test',
  'soon.petstore.test',
  'untrusted.petstore.test',
];

describe('tls check through the CLI', () => {
  let pki: TestPki;
  let sni: Running;
  let dns: Running;
  let config: string;
  const servers: Running[] = [];
  let report: Report;
  let code: number;

  before(async () => {
    pki = new TestPki();
    const platformDefault = pki.leaf('default', ['*.platform.test', 'platform.test']);
    sni = await startSniServer(
      {
        'valid.petstore.test': pki.leaf('valid', ['valid.petstore.test']),
        'other.petstore.test': pki.leaf('other', ['unrelated.example.org', 'www.unrelated.example.org']),
        'expired.petstore.test': pki.leaf('expired', ['expired.petstore.test'], { fromDays: -100, toDays: -10 }),
        'self.petstore.test': pki.leaf('self', ['self.petstore.test'], { ca: 'self' }),
        'a.wild.petstore.test': pki.leaf('wild', ['*.wild.petstore.test']),
        'b.c.wild.petstore.test': pki.leaf('wild2', ['*.wild.petstore.test']),
        'soon.petstore.test': pki.leaf('soon', ['soon.petstore.test'], { fromDays: -80, toDays: 5 }),
        'untrusted.petstore.test': pki.leaf('untrusted', ['untrusted.petstore.test'], { ca: 'rogue' }),
      },
      platformDefault,
    );
    servers.push(sni);
    // Every name resolves to loopback through the stub (used when --connect is not given).
    dns = await startDnsStub(Object.fromEntries(DOMAINS.map((d) => [d, '127.0.0.1'])));
    servers.push(dns);
    config = writeConfig(pki.dir, {
      platformHost: 'proxy.platform.test',
      primary: 'valid.petstore.test',
      redirects: [],
    });
    ({ report, code } = await checkJson([
      ...DOMAINS,
      ...common(),
      '--connect',
      '127.0.0.1',
      '--port',
      String(sni.port),
      '--ca-file',
      pki.caFile,
    ]));
  });

  after(async () => {
    for (const s of servers) await s.close();
    pki?.cleanup();
  });

  function common(): string[] {
    return ['--config', config, '--only', 'tls', '--resolver', `127.0.0.1:${dns.port}`, '--timeout', '3000'];
  }
  const tls = (domain: string): Check => checkOf(report, domain, 'tls');

  test('one run reports a tls check per domain, in the report shape; a fail makes exit 1', () => {
    assert.equal(code, 1);
    assert.equal(report.ok, false);
    assert.equal(report.target, 'proxy.platform.test');
    assert.deepEqual(
      report.domains.map((d) => [d.domain, d.checks.map((c) => c.id)]),
      DOMAINS.map((d) => [d, ['tls']]),
    );
  });

  test('a certificate for the name from the trusted CA passes, with issuer and days left', () => {
    const c = tls('valid.petstore.test');
    assert.equal(c.status, 'pass', c.message);
    assert.match(c.message, /Test Root CA/);
    assert.equal(c.action, undefined);
    const leaf = c.records?.[0] as { san: string[]; daysLeft: number; issuer: string; notAfter: string };
    assert.deepEqual(leaf.san, ['valid.petstore.test']);
    assert.ok(leaf.daysLeft >= 88 && leaf.daysLeft <= 90, String(leaf.daysLeft));
    assert.match(leaf.issuer, /CN=Test Root CA/);
    assert.equal(report.domains[0]?.ok, true);
  });

  test('a certificate for other names is a name mismatch naming them', () => {
    const c = tls('other.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Name mismatch: .*unrelated\.example\.org/);
    assert.match(c.action ?? '', /private window/);
  });

  test("the platform's default certificate means not provisioned yet", () => {
    const c = tls('default.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Not provisioned yet: .*default certificate/);
    assert.match(c.action ?? '', /Confirm the domain still verifies/);
    assert.match(c.action ?? '', /`caa` check/);
    assert.match(c.action ?? '', /Re-verify/);
    assert.match(c.action ?? '', /private window/);
  });

  test('a self-signed certificate means not provisioned yet', () => {
    const c = tls('self.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Not provisioned yet: .*self-signed/);
  });

  test('an expired certificate fails as expired', () => {
    const c = tls('expired.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Expired: .*\(10 days ago/);
    assert.ok(((c.records ?? [])[0] as { daysLeft: number }).daysLeft < 0);
  });

  test('a wildcard covers one label and only one', () => {
    const one = tls('a.wild.petstore.test');
    assert.equal(one.status, 'pass', one.message);
    assert.match(one.message, /via \*\.wild\.petstore\.test/);
    const two = tls('b.c.wild.petstore.test');
    assert.equal(two.status, 'fail');
    assert.match(two.message, /^Name mismatch/);
  });

  test('under 14 days to expiry warns (and a warn alone keeps the domain ok)', () => {
    const c = tls('soon.petstore.test');
    assert.equal(c.status, 'warn', c.message);
    assert.match(c.message, /^Expires soon: .*\(in [45] days, under the 14-day warning threshold\)/);
    assert.equal(report.domains.find((d) => d.domain === 'soon.petstore.test')?.ok, true);
  });

  test('a chain from an untrusted CA fails', () => {
    const c = tls('untrusted.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Untrusted issuer: .*its issuer Rogue CA is not a trusted CA/);
    assert.match(c.action ?? '', /--ca-file/);
  });

  test('without --ca-file the test CA is not trusted', async () => {
    const r = await checkJson([
      'valid.petstore.test',
      ...common(),
      '--connect',
      '127.0.0.1',
      '--port',
      String(sni.port),
    ]);
    assert.equal(r.code, 1);
    assert.match(checkOf(r.report, 'valid.petstore.test', 'tls').message, /^Untrusted issuer/);
  });

  test('without --connect the address comes from --resolver', async () => {
    const r = await checkJson([
      'valid.petstore.test',
      ...common(),
      '--port',
      String(sni.port),
      '--ca-file',
      pki.caFile,
    ]);
    assert.equal(r.code, 0, JSON.stringify(r.report));
    const c = checkOf(r.report, 'valid.petstore.test', 'tls');
    assert.equal(c.status, 'pass');
    assert.equal(((c.records ?? [])[0] as { address: string }).address, '127.0.0.1');
  });

  test('a name without an address is an error that suggests --connect', async () => {
    const r = await checkJson(['nowhere.petstore.test', ...common(), '--port', String(sni.port)]);
    const c = checkOf(r.report, 'nowhere.petstore.test', 'tls');
    assert.equal(c.status, 'error');
    assert.match(c.message, /no A\/AAAA record for nowhere\.petstore\.test/);
    assert.match(c.action ?? '', /--connect/);
  });

  test('a TLS alert for the name (no certificate) means not provisioned yet', async () => {
    for (const alert of [40, 112]) {
      const srv = await startAlertServer(alert);
      servers.push(srv);
      const r = await checkJson([
        'valid.petstore.test',
        ...common(),
        '--connect',
        '127.0.0.1',
        '--port',
        String(srv.port),
      ]);
      const c = checkOf(r.report, 'valid.petstore.test', 'tls');
      assert.equal(c.status, 'fail', c.message);
      assert.match(c.message, /^Not provisioned yet: .*refused the TLS handshake/);
    }
  });

  test('connection refused, timeout and reset are errors with clear messages', async () => {
    const closed = await freePort();
    const silent = await startSilentServer();
    const reset = await startResetServer();
    servers.push(silent, reset);
    const cases: [number, RegExp, string[]][] = [
      [closed, new RegExp(`127\\.0\\.0\\.1:${closed} .*connection refused`), []],
      [silent.port, /No TLS answer from 127\.0\.0\.1:\d+ .* within 400 ms \(timeout\)/, ['--timeout', '400']],
      [reset.port, /reset during the TLS handshake/, []],
    ];
    for (const [port, re, extra] of cases) {
      const r = await checkJson([
        'valid.petstore.test',
        ...common(),
        '--connect',
        '127.0.0.1',
        '--port',
        String(port),
        ...extra,
      ]);
      assert.equal(r.code, 1);
      const c = checkOf(r.report, 'valid.petstore.test', 'tls');
      assert.equal(c.status, 'error');
      assert.match(c.message, re);
    }
  });

  test('bad option values are usage errors (exit 2) naming the option', async () => {
    const bad: [string[], RegExp][] = [
      [['--connect', 'not-an-ip'], /--connect not-an-ip: not an IP address/],
      [['--port', '0'], /--port 0: not a TCP port/],
      [['--http-port', '70000'], /--http-port 70000: not a TCP port/],
      [['--ca-file', '/nonexistent/ca.pem'], /--ca-file \/nonexistent\/ca\.pem: cannot read it \(ENOENT\)/],
      [['--ca-file', config], /no PEM certificate/],
    ];
    for (const [args, re] of bad) {
      const r = await runCli(['check', 'valid.petstore.test', ...common(), ...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, re);
    }
  });

  test('--help documents the groups and the options', async () => {
    const r = await runCli(['check', '--help']);
    assert.equal(r.code, 0);
    for (const s of ['--only <groups>', '--port <port>', '--connect <ip>', '--ca-file <pem>', '--http-port <port>'])
      assert.ok(r.stdout.includes(s), s);
    assert.match(r.stdout, /dns,\s+tls,\s+http/);
  });
});
