// `docs-domains records` and `check --watch` as processes against Knot DNS on loopback.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../support/cli-run.ts';
import { type Knot, knotSkip, startKnot } from '../../support/knot.ts';

const SOA = (z: string) => `$TTL 3600\n@ SOA ns.${z}. hostmaster.${z}. 1 3600 600 86400 300\n@ NS ns.${z}.\n`;
const TARGET = 'host.platform.test';

let knot: Knot | undefined;
const dnsArgs = () => ['--target', TARGET, '--resolver', (knot as Knot).resolver, '--timeout', '1000'];

describe('records and --watch against Knot DNS', { skip: knotSkip() }, () => {
  before(async () => {
    knot = await startKnot({
      test: SOA('test'),
      'platform.test': `${SOA('platform.test')}host A 192.0.2.1\nhost AAAA 2001:db8::1\n`,
      // The zone restricts CAA to another CA: Let's Encrypt needs its own record at the apex.
      'restricted.test': `${SOA('restricted.test')}@ CAA 0 issue "pki.goog"\ndocs CNAME ${TARGET}.\n`,
      'open.test': `${SOA('open.test')}@ A 192.0.2.1\n@ AAAA 2001:db8::1\n`,
    });
  });
  after(async () => {
    await knot?.stop();
  });

  test('zone-file snippet: CNAME for a subdomain, CAA where the zone restricts it, ALIAS and addresses for an apex', async () => {
    const r = await runCli(['records', 'docs.restricted.test', 'open.test', ...dnsArgs()]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.ok(lines.includes(`docs.restricted.test. 3600 IN CNAME ${TARGET}.`), r.stdout);
    assert.ok(lines.includes('restricted.test. 3600 IN CAA 0 issue "letsencrypt.org"'), r.stdout);
    assert.ok(lines.includes(`open.test. 3600 IN ALIAS ${TARGET}.`), r.stdout);
    assert.ok(lines.includes('; without ALIAS/ANAME only: open.test. 3600 IN A 192.0.2.1'), r.stdout);
    assert.ok(lines.includes('; without ALIAS/ANAME only: open.test. 3600 IN AAAA 2001:db8::1'), r.stdout);
    // No CAA record for a zone without CAA.
    assert.ok(!lines.some((l) => l.startsWith('open.test.') && l.includes('CAA')));
  });

  test('--json and --format table', async () => {
    const j = await runCli(['records', 'docs.restricted.test', ...dnsArgs(), '--json', '--ca', 'pki.goog']);
    assert.equal(j.code, 0, j.stderr);
    const plan = JSON.parse(j.stdout);
    // pki.goog is already allowed: only the CNAME.
    assert.deepEqual(
      plan.records.map((r: { label: string; type: string }) => `${r.label} ${r.type}`),
      ['docs CNAME'],
    );
    const t = await runCli(['records', 'docs.restricted.test', ...dnsArgs(), '--format', 'table']);
    assert.match(t.stdout, /^docs\.restricted\.test +docs +CNAME +3600 +host\.platform\.test\. +required$/m);
    assert.match(t.stdout, /^docs\.restricted\.test +@ +CAA +3600 +0 issue "letsencrypt\.org" +required$/m);
  });

  test('check --watch: exit 1 when --timeout-total runs out, with what still fails on stderr', async () => {
    const r = await runCli(
      [
        'check',
        'docs.restricted.test',
        ...dnsArgs(),
        '--only',
        'dns',
        '--watch',
        '--interval',
        '300ms',
        '--timeout-total',
        '1s',
      ],
      { killAfterMs: 20_000 },
    );
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /\[run 1\] 0 of 1 domains pass; next run in/);
    assert.match(
      r.stderr,
      /docs\.restricted\.test: caa \(caa\.not_authorized\); the answers seen are cached for up to 1 h/,
    );
    assert.match(r.stderr, /Still failing after \d+ runs/);
    // stdout holds the final report only.
    assert.match(r.stdout, /^Target: host\.platform\.test/);
    assert.equal((r.stdout.match(/^Target:/gm) ?? []).length, 1);
  });

  test('check --watch: exit 0 at once when every domain passes', async () => {
    const r = await runCli(
      ['check', 'docs.restricted.test', ...dnsArgs(), '--only', 'dns', '--ca', 'pki.goog', '--watch', '--json'],
      { killAfterMs: 20_000 },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).ok, true);
    assert.doesNotMatch(r.stderr, /\[run/);
  });
});
