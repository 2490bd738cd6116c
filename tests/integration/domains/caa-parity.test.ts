// CAA parity with Let's Encrypt's Boulder on a real DNS server: every case of tests/support/caa-parity.ts that a
// host name can have is served by Knot as the zone `<label>.test`, and one `docs-domains check --only dns` run with
// --ca letsencrypt.org --ca pki.goog must give each CA the expected verdict (from the report's data.verdicts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Report } from '../../../tools/docs-domains/core/types.ts';
import { PARITY_CASES } from '../../support/caa-parity.ts';
import { checkJson } from '../../support/cli-run.ts';
import { type Knot, knotSkip, startKnot } from '../../support/knot.ts';

const SOA = (z: string) => `$TTL 3600\n@ SOA ns.${z}. hostmaster.${z}. 1 3600 600 86400 300\n@ NS ns.${z}.\n`;
const CASES = PARITY_CASES.filter((c) => !c.wildcard && c.zone !== false);

/** A CAA value in zone-file presentation: quoted, with `"` and `\` escaped (RFC 1035 §5.1). */
const quoted = (v: string) => `"${v.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;

let knot: Knot | undefined;

describe('CAA parity with Boulder against Knot DNS', { skip: knotSkip() }, () => {
  before(async () => {
    const zones: Record<string, string> = { test: SOA('test') };
    for (const c of CASES)
      zones[`${c.label}.test`] =
        SOA(`${c.label}.test`) +
        c.records.map(([flags, tag, value]) => `@ CAA ${flags} ${tag} ${quoted(value)}\n`).join('');
    knot = await startKnot(zones);
  });
  after(async () => {
    await knot?.stop();
  });

  let report: Report;
  test('one run over every case', async () => {
    const r = await checkJson(
      [
        ...CASES.map((c) => `docs.${c.label}.test`),
        '--target',
        'host.platform.test',
        '--resolver',
        (knot as Knot).resolver,
        '--only',
        'dns',
        '--ca',
        'letsencrypt.org',
        '--ca',
        'pki.goog',
        '--timeout',
        '1000',
      ],
      { killAfterMs: 60_000 },
    );
    report = r.report;
    assert.equal(report.domains.length, CASES.length);
  });

  for (const c of CASES) {
    test(`${c.label}: ${c.title}`, () => {
      const d = report.domains.find((x) => x.domain === `docs.${c.label}.test`);
      const caa = d?.checks.find((x) => x.id === 'caa');
      assert.ok(caa, `no caa check for ${c.label}`);
      const verdicts = caa.data?.verdicts as { ca: string; verdict: string; code: string }[];
      for (const [ca, want] of Object.entries(c.expect)) {
        const v = verdicts.find((x) => x.ca === ca);
        assert.equal(v?.verdict, want, `${ca}: ${caa.message}`);
      }
      // Found at the parent of the checked name, as Boulder's climb finds it.
      assert.match(caa.message, new RegExp(`at ${c.label}\\.test`));
      const first = Object.keys(c.expect)[0] as string;
      if (c.code) assert.equal(verdicts.find((x) => x.ca === first)?.code, c.code);
      // The check's status is the worst verdict over both CAs.
      const all = verdicts.map((v) => v.verdict);
      const worst = all.includes('forbidden') ? 'fail' : all.includes('conditional') ? 'warn' : 'pass';
      assert.equal(caa.status, worst);
    });
  }
});
