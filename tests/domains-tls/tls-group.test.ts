// The tls group against a loopback TLS server with certificates made by openssl: each classification.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Check } from '../../tools/docs-domains/checks/types.ts';
import type { DomainsConfig } from '../../tools/docs-domains/config/types.ts';
import { tlsGroup } from '../../tools/docs-domains/tls/group.ts';
import { freePort } from '../support/server.ts';
import { context } from './context.ts';
import { TestPki } from './pki.ts';
import { type Running, startAlertServer, startResetServer, startSilentServer, startSniServer } from './servers.ts';

const config: DomainsConfig = { platformHost: 'proxy.platform.test', primary: 'valid.petstore.test', redirects: [] };

describe('tls group (run directly)', () => {
  let pki: TestPki;
  let sni: Running;
  const servers: Running[] = [];

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
  });

  after(async () => {
    for (const s of servers) await s.close();
    pki?.cleanup();
  });

  async function check(domain: string, port = sni.port, timeoutMs = 3000): Promise<Check> {
    const checks = await tlsGroup.run(
      context(domain, config, { connect: '127.0.0.1', port, caFile: pki.caFile }, timeoutMs),
    );
    assert.equal(checks.length, 1);
    const c = checks[0] as Check;
    assert.equal(c.id, 'tls');
    return c;
  }

  test('a certificate for the name from the trusted CA passes, with issuer and days left', async () => {
    const c = await check('valid.petstore.test');
    assert.equal(c.status, 'pass', c.message);
    assert.match(c.message, /Test Root CA/);
    assert.equal(c.action, undefined);
    const leaf = c.records?.[0] as { san: string[]; daysLeft: number; issuer: string };
    assert.deepEqual(leaf.san, ['valid.petstore.test']);
    assert.ok(leaf.daysLeft >= 88 && leaf.daysLeft <= 90);
    assert.match(leaf.issuer, /CN=Test Root CA/);
  });

  test('without --ca-file the same chain is untrusted', async () => {
    const [c] = await tlsGroup.run(context('valid.petstore.test', config, { connect: '127.0.0.1', port: sni.port }));
    assert.equal(c?.status, 'fail');
    assert.match(c?.message ?? '', /^Untrusted chain/);
    assert.match(c?.action ?? '', /--ca-file/);
  });

  test('a certificate for other names is a name mismatch', async () => {
    const c = await check('other.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Name mismatch/);
    assert.match(c.message, /unrelated\.example\.org/);
    assert.match(c.action ?? '', /private window/);
  });

  test("the platform's default certificate means not provisioned yet", async () => {
    const c = await check('default.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Not provisioned yet/);
    assert.match(c.action ?? '', /`caa` check/);
    assert.match(c.action ?? '', /Re-verify/);
  });

  test('a self-signed certificate means not provisioned yet', async () => {
    const c = await check('self.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Not provisioned yet: .*self-signed/);
  });

  test('a handshake refused for the name (TLS alert) means not provisioned yet', async () => {
    for (const alert of [40, 112]) {
      const srv = await startAlertServer(alert);
      servers.push(srv);
      const c = await check('nocert.petstore.test', srv.port);
      assert.equal(c.status, 'fail', c.message);
      assert.match(c.message, /^Not provisioned yet: .*refused the TLS handshake/);
    }
  });

  test('an expired certificate fails as expired', async () => {
    const c = await check('expired.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Expired: .*10 days ago/);
    assert.match(c.action ?? '', /Confirm the domain still verifies/);
  });

  test('a wildcard covers one label and only one', async () => {
    const one = await check('a.wild.petstore.test');
    assert.equal(one.status, 'pass', one.message);
    assert.match(one.message, /via \*\.wild\.petstore\.test/);
    const two = await check('b.c.wild.petstore.test');
    assert.equal(two.status, 'fail');
    assert.match(two.message, /^Name mismatch/);
  });

  test('under 14 days to expiry warns', async () => {
    const c = await check('soon.petstore.test');
    assert.equal(c.status, 'warn', c.message);
    assert.match(c.message, /in [45] days/);
  });

  test('a chain from an untrusted CA fails', async () => {
    const c = await check('untrusted.petstore.test');
    assert.equal(c.status, 'fail');
    assert.match(c.message, /^Untrusted chain: .*Rogue CA/);
  });

  test('connection refused is an error naming the address', async () => {
    const port = await freePort();
    const c = await check('valid.petstore.test', port);
    assert.equal(c.status, 'error');
    assert.match(c.message, new RegExp(`127\\.0\\.0\\.1:${port}.*connection refused`));
  });

  test('a server that never answers is a timeout error', async () => {
    const silent = await startSilentServer();
    servers.push(silent);
    const c = await check('valid.petstore.test', silent.port, 300);
    assert.equal(c.status, 'error');
    assert.match(c.message, /within 300 ms \(timeout\)/);
  });

  test('a reset connection is an error', async () => {
    const reset = await startResetServer();
    servers.push(reset);
    const c = await check('valid.petstore.test', reset.port);
    assert.equal(c.status, 'error');
    assert.match(c.message, /reset/);
  });
});
