// Integration: Knot DNS serves test zones on 127.0.0.1; the CLI runs as a process with --resolver and --json.
// Every check id and status is asserted for each fixture name. A second Knot serves a variant of one zone
// for the propagation check.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Report } from '../../../tools/docs-domains/core/types.ts';
import { checkJson, runCli, statuses } from '../../support/cli-run.ts';
import { type Knot, knotSkip, startKnot } from '../../support/knot.ts';

const SOA = (z: string) =>
  `$TTL 3600\n@ SOA ns.${z}. hostmaster.${z}. 1 3600 600 86400 300\n@ NS ns.${z}.\nns A 127.0.0.1\n`;
const LONG = 'x'.repeat(250);
const TARGET = 'host.platform.test';

/** Zones of the first server. `test.` is served too, so every CAA climb ends in an answering zone. */
function zones(variant: 'a' | 'b'): Record<string, string> {
  return {
    test: SOA('test'),
    'platform.test': `${SOA('platform.test')}host A 192.0.2.1\nhost AAAA 2001:db8::1\nold A 192.0.2.99\nstrict A 192.0.2.1\nstrict CAA 0 issue "pki.goog"\nbalanced CNAME edge.lb.test.\n`,
    // A platform host that is itself a CNAME into another zone (Knot does not follow it there).
    'lb.test': `${SOA('lb.test')}edge A 192.0.2.1\nedge AAAA 2001:db8::1\n`,
    'example.test': `${SOA('example.test')}@ A 192.0.2.1
@ AAAA 2001:db8::1
@ CAA 0 issue "letsencrypt.org"
@ CAA 0 iodef "mailto:security@example.test"
docs CNAME ${variant === 'a' ? TARGET : 'old.platform.test'}.
wrong CNAME old.platform.test.
chain CNAME mid.example.test.
mid CNAME ${TARGET}.
x.missing A 192.0.2.50
conflict A 198.51.100.7
conflict MX 10 mail.example.test.
shortttl 300 CNAME ${TARGET}.
viacname CNAME strict.platform.test.
deleg NS ns.elsewhere.test.
*.wild A 198.51.100.8
own.wild A 198.51.100.7
bigtxt TXT "${LONG}1"
bigtxt TXT "${LONG}2"
bigtxt TXT "${LONG}3"
bigtxt TXT "${LONG}4"
bigtxt TXT "${LONG}5"
bigtxt TXT "${LONG}6"
`,
    'wrongapex.test': `${SOA('wrongapex.test')}@ A 198.51.100.9\n`,
    'noaddr.test': SOA('noaddr.test'),
    'blocked.test': `${SOA('blocked.test')}@ A 192.0.2.1\n@ AAAA 2001:db8::1\n@ CAA 0 issue ";"\ndocs CNAME ${TARGET}.\n`,
    'dot.test': `${SOA('dot.test')}@ CAA 0 issue "letsencrypt.org."\ndocs CNAME ${TARGET}.\n`,
    'crit.test': `${SOA('crit.test')}@ CAA 0 issue "letsencrypt.org"\n@ CAA 128 tbs "unknown"\ndocs CNAME ${TARGET}.\n`,
    // Knot refuses to load a zone with a CNAME beside other data at one name: every query gets SERVFAIL.
    'broken.test': `${SOA('broken.test')}docs CNAME ${TARGET}.\ndocs A 192.0.2.1\n`,
  };
}

let knotA: Knot | undefined;
let knotB: Knot | undefined;

describe('docs-domains check against Knot DNS', { skip: knotSkip() }, () => {
  before(async () => {
    knotA = await startKnot(zones('a'));
    knotB = await startKnot(zones('b'));
  });
  after(async () => {
    await knotA?.stop();
    await knotB?.stop();
  });

  let report: Report;
  let code: number | null;
  test('one run over every fixture name', async () => {
    const domains = [
      'docs.example.test',
      'wrong.example.test',
      'chain.example.test',
      'missing.example.test',
      'gone.example.test',
      'conflict.example.test',
      'shortttl.example.test',
      'viacname.example.test',
      'bigtxt.example.test',
      'deleg.example.test',
      'any.wild.example.test',
      'own.wild.example.test',
      'example.test',
      'wrongapex.test',
      'noaddr.test',
      'blocked.test',
      'docs.blocked.test',
      'docs.dot.test',
      'docs.crit.test',
      'docs.broken.test',
      'docs.outside.example',
    ];
    ({ code, report } = await checkJson([
      ...domains,
      '--target',
      TARGET,
      '--resolver',
      (knotA as Knot).resolver,
      '--only',
      'dns',
      '--timeout',
      '1000',
    ]));
    assert.equal(code, 1);
    assert.equal(report.ok, false);
    assert.equal(report.target, TARGET);
    assert.deepEqual(
      report.domains.map((d) => d.domain),
      domains,
    );
    assert.deepEqual(statuses(report), {
      'docs.example.test': { cname: 'pass', conflict: 'pass', ttl: 'pass', caa: 'pass' },
      'wrong.example.test': { cname: 'fail', conflict: 'pass', ttl: 'pass', caa: 'pass' },
      'chain.example.test': { cname: 'fail', conflict: 'pass', ttl: 'pass', caa: 'pass' },
      'missing.example.test': { cname: 'fail', conflict: 'pass', ttl: 'warn', caa: 'pass' },
      'gone.example.test': { cname: 'fail', conflict: 'pass', ttl: 'warn', caa: 'pass' },
      'conflict.example.test': { cname: 'fail', conflict: 'fail', ttl: 'warn', caa: 'pass' },
      'shortttl.example.test': { cname: 'pass', conflict: 'pass', ttl: 'warn', caa: 'pass' },
      'viacname.example.test': { cname: 'fail', conflict: 'pass', ttl: 'pass', caa: 'fail' },
      'bigtxt.example.test': { cname: 'fail', conflict: 'fail', ttl: 'warn', caa: 'pass' },
      'deleg.example.test': { cname: 'error', conflict: 'fail', ttl: 'error', caa: 'error' },
      // An A record that only comes from *.wild: nothing stored at the name to delete.
      'any.wild.example.test': { cname: 'fail', conflict: 'warn', ttl: 'warn', caa: 'pass' },
      'own.wild.example.test': { cname: 'fail', conflict: 'fail', ttl: 'warn', caa: 'pass' },
      'example.test': { 'apex-alias': 'pass', caa: 'pass' },
      'wrongapex.test': { 'apex-alias': 'fail', caa: 'pass' },
      'noaddr.test': { 'apex-alias': 'fail', caa: 'pass' },
      'blocked.test': { 'apex-alias': 'pass', caa: 'fail' },
      'docs.blocked.test': { cname: 'pass', conflict: 'pass', ttl: 'pass', caa: 'fail' },
      'docs.dot.test': { cname: 'pass', conflict: 'pass', ttl: 'pass', caa: 'fail' },
      'docs.crit.test': { cname: 'pass', conflict: 'pass', ttl: 'pass', caa: 'fail' },
      'docs.broken.test': { cname: 'error', conflict: 'error', ttl: 'error', caa: 'error' },
      'docs.outside.example': { cname: 'error', conflict: 'error', ttl: 'error', caa: 'error' },
    });
    for (const d of report.domains) {
      assert.equal(
        d.ok,
        Object.values(d.checks).every((c) => c.status === 'pass' || c.status === 'warn'),
        d.domain,
      );
      for (const c of d.checks) {
        assert.equal(typeof c.message, 'string');
        if (c.status !== 'pass') assert.ok(c.action, `${d.domain} ${c.id} has an action`);
        else assert.equal(c.action, undefined);
      }
    }
  });

  const check = (domain: string, id: string) => {
    const c = report.domains.find((d) => d.domain === domain)?.checks.find((x) => x.id === id);
    assert.ok(c, `${domain} ${id}`);
    return c;
  };

  test('kinds: PSL + SOA', () => {
    const kinds = Object.fromEntries(report.domains.map((d) => [d.domain, d.kind]));
    assert.equal(kinds['example.test'], 'apex');
    assert.equal(kinds['docs.example.test'], 'subdomain');
    assert.equal(kinds['blocked.test'], 'apex');
  });

  test('cname messages tell the cases apart', () => {
    assert.match(
      check('wrong.example.test', 'cname').message,
      /is a CNAME for old\.platform\.test, not for host\.platform\.test/,
    );
    assert.match(
      check('chain.example.test', 'cname').message,
      /only through a chain \(chain\.example\.test → mid\.example\.test → host\.platform\.test\)/,
    );
    assert.match(check('missing.example.test', 'cname').message, /exists but has no CNAME/);
    assert.match(check('gone.example.test', 'cname').message, /NXDOMAIN/);
    assert.match(check('gone.example.test', 'cname').action ?? '', /Name gone, Value host\.platform\.test .*TTL 3600/);
    assert.deepEqual(check('gone.example.test', 'cname').fix, [
      { op: 'add', record: 'gone.example.test. 3600 IN CNAME host.platform.test.' },
    ]);
    assert.equal(check('gone.example.test', 'cname').code, 'cname.nxdomain');
    assert.equal(check('wrong.example.test', 'cname').code, 'cname.mismatch');
    assert.equal(check('chain.example.test', 'cname').code, 'cname.chain');
  });

  test('conflicts are named one by one (and a truncated UDP answer is retried over TCP)', () => {
    const c = check('conflict.example.test', 'conflict');
    assert.match(c.message, /A 198\.51\.100\.7, MX 10 mail\.example\.test/);
    assert.deepEqual(
      (c.records as { type: string }[]).map((r) => r.type),
      ['A', 'MX'],
    );
    const deleg = check('deleg.example.test', 'conflict');
    assert.match(deleg.message, /NS ns\.elsewhere\.test/);
    assert.match(
      deleg.action ?? '',
      /is delegated to other name servers \(NS\), and a CNAME cannot sit at a zone apex/,
    );
    assert.match(
      check('deleg.example.test', 'cname').message,
      /referral to ns\.elsewhere\.test for deleg\.example\.test/,
    );
    const big = check('bigtxt.example.test', 'conflict');
    assert.equal((big.records as unknown[]).length, 6, 'all six TXT records arrived (TCP after TC)');
  });

  test('conflict: a wildcard answer is told apart from a record stored at the name', () => {
    const w = check('any.wild.example.test', 'conflict');
    assert.match(w.message, /A 198\.51\.100\.8 at any\.wild\.example\.test looks like a wildcard's answer/);
    assert.equal(w.code, 'conflict.wildcard');
    assert.equal(w.fix, undefined);
    assert.deepEqual(check('own.wild.example.test', 'conflict').fix, [
      { op: 'delete', record: 'own.wild.example.test. IN A 198.51.100.7' },
    ]);
  });

  test('ttl: 300 is named', () => {
    assert.match(check('shortttl.example.test', 'ttl').message, /300 s \(5 min\), not 3600/);
  });

  test('apex: addresses compared with the target', () => {
    assert.match(check('wrongapex.test', 'apex-alias').message, /answers other addresses/);
    assert.match(check('noaddr.test', 'apex-alias').message, /has no A or AAAA record/);
  });

  test('caa: at the name, at the parent, via the CNAME target, trailing dot, critical tag', () => {
    assert.match(check('docs.example.test', 'caa').message, /at example\.test/);
    assert.match(check('blocked.test', 'caa').message, /authorizes no CA/);
    const parent = check('docs.blocked.test', 'caa');
    assert.match(parent.message, /at blocked\.test/);
    assert.match(parent.action ?? '', /Add the record below to the CAA records at blocked\.test/);
    assert.deepEqual(parent.fix, [{ op: 'add', record: 'blocked.test. IN CAA 0 issue "letsencrypt.org"' }]);
    assert.equal(parent.code, 'caa.forbids_all');
    const via = check('viacname.example.test', 'caa');
    assert.match(via.message, /at strict\.platform\.test \(reached from viacname\.example\.test by CNAME/);
    assert.match(via.message, /authorizes only pki\.goog/);
    assert.match(check('docs.dot.test', 'caa').message, /letsencrypt\.org\., which is not exactly letsencrypt\.org/);
    assert.match(check('docs.crit.test', 'caa').message, /unknown tag tbs has the critical flag/);
    assert.equal(check('docs.crit.test', 'caa').code, 'caa.critical_unknown_tag');
  });

  test('SERVFAIL (zone Knot refused to load) and REFUSED (outside its zones) are errors naming the rcode', () => {
    assert.match(check('docs.broken.test', 'cname').message, /SERVFAIL/);
    assert.match(check('docs.outside.example', 'cname').message, /REFUSED/);
    assert.match(check('docs.broken.test', 'caa').message, /failed \(SERVFAIL/);
  });

  test('propagation: two servers that disagree', async () => {
    const r = await checkJson([
      'docs.example.test',
      'wrong.example.test',
      'example.test',
      '--target',
      TARGET,
      '--resolver',
      (knotA as Knot).resolver,
      '--resolver',
      (knotB as Knot).resolver,
      '--only',
      'dns',
    ]);
    const s = statuses(r.report);
    assert.equal(s['docs.example.test']?.propagation, 'warn');
    assert.equal(s['wrong.example.test']?.propagation, 'fail');
    assert.equal(s['example.test']?.propagation, 'pass');
    const p = r.report.domains[0]?.checks.find((c) => c.id === 'propagation');
    assert.match(
      p?.message ?? '',
      new RegExp(
        `1 of 2 resolvers see CNAME host\\.platform\\.test: ${(knotA as Knot).resolver.replace(/\./g, '\\.')}`,
      ),
    );
    assert.match(
      p?.message ?? '',
      new RegExp(
        `not yet: ${(knotB as Knot).resolver.replace(/\./g, '\\.')} \\(CNAME old\\.platform\\.test, TTL 3600 s\\)`,
      ),
    );
    assert.match(p?.message ?? '', /should see the new answer by \d{4}-\d\d-\d\dT/);
  });

  test('--ca is a domain name: LetsEncrypt.org means letsencrypt.org (no record with capitals asked for)', async () => {
    const r = await checkJson([
      'docs.example.test',
      '--target',
      TARGET,
      '--resolver',
      (knotA as Knot).resolver,
      '--only',
      'dns',
      '--ca',
      'LetsEncrypt.org',
    ]);
    const caa = r.report.domains[0]?.checks.find((c) => c.id === 'caa');
    assert.equal(caa?.status, 'pass', caa?.message);
    assert.match(caa?.message ?? '', /letsencrypt\.org: allowed/);
  });

  test('apex-alias: a target that is a CNAME into another zone is followed there', async () => {
    const r = await checkJson([
      'example.test',
      '--target',
      'balanced.platform.test',
      '--resolver',
      (knotA as Knot).resolver,
      '--only',
      'dns',
    ]);
    const apex = r.report.domains[0]?.checks.find((c) => c.id === 'apex-alias');
    assert.equal(apex?.status, 'pass', apex?.message);
    assert.match(apex?.message ?? '', /balanced\.platform\.test: A 192\.0\.2\.1, AAAA 2001:db8::1/);
  });

  test('exit 0 when nothing fails', async () => {
    const r = await checkJson([
      'docs.example.test',
      'example.test',
      '--target',
      TARGET,
      '--resolver',
      (knotA as Knot).resolver,
      // The same server twice is one resolver: no propagation check comparing it with itself.
      '--resolver',
      (knotA as Knot).resolver,
      '--only',
      'dns',
    ]);
    assert.equal(r.code, 0);
    assert.equal(r.report.ok, true);
    assert.ok(!r.report.domains.some((d) => d.checks.some((c) => c.id === 'propagation')));
  });

  test('without domains: the primary and every redirect `from` of the config, target = platformHost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-domains-cfg-'));
    const cfg = join(dir, 'domains.yaml');
    writeFileSync(
      cfg,
      `domains:\n  platformHost: ${TARGET}\n  primary: docs.example.test\n  redirects:\n    - {from: example.test, to: docs.example.test, status: 301}\n    - {from: wrong.example.test, to: docs.example.test, status: 308}\n`,
    );
    const r = await checkJson(['--config', cfg, '--resolver', (knotA as Knot).resolver, '--only', 'dns']);
    assert.equal(r.report.target, TARGET);
    assert.deepEqual(
      r.report.domains.map((d) => [d.domain, d.kind, d.ok]),
      [
        ['docs.example.test', 'subdomain', true],
        ['example.test', 'apex', true],
        ['wrong.example.test', 'subdomain', false],
      ],
    );
    assert.equal(r.code, 1);
  });

  test('the human report: no colour without a TTY, every check and action shown', async () => {
    const r = await runCli([
      'check',
      'conflict.example.test',
      '--target',
      TARGET,
      '--resolver',
      (knotA as Knot).resolver,
      '--only',
      'dns',
    ]);
    assert.equal(r.code, 1);
    assert.ok(!r.stdout.includes('\u001b['), 'no ANSI colour codes');
    assert.match(r.stdout, /conflict\.example\.test \(subdomain\) needs attention/);
    assert.match(r.stdout, /FAIL\s+conflict\s+conflict\.example\.test has 2 records/);
    assert.match(r.stdout, /→ .*Delete this record at conflict\.example\.test/);
    // Records to copy are printed whole on their own line, without quotes around them.
    assert.match(r.stdout, /\n {22}delete {2}conflict\.example\.test\. IN A 198\.51\.100\.7\n/);
    assert.match(r.stdout, /1 domain: 0 ok, 1 needs attention \(checks: \d+ pass, \d+ warn, \d+ fail, 0 error\)\./);
  });
});
