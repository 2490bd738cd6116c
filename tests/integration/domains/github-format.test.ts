// `check --format github` and `--format markdown` as a CI job runs them: against Knot DNS on loopback, a config
// with one passing and one failing domain; annotations on the failing domain's line of the config, exit 1, and
// the same verdicts as --json.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkJson, runCli } from '../../support/cli-run.ts';
import { type Knot, knotSkip, startKnot } from '../../support/knot.ts';

const SOA = (z: string) => `$TTL 3600\n@ SOA ns.${z}. hostmaster.${z}. 1 3600 600 86400 300\n@ NS ns.${z}.\n`;
const TARGET = 'host.platform.test';
const dir = mkdtempSync(join(tmpdir(), 'docs-domains-gh-'));
const config = join(dir, 'domains.yaml');
writeFileSync(
  config,
  `domains:\n  platformHost: ${TARGET}\n  primary: docs.good.test\n  redirects:\n    - {from: old.bad.test, to: docs.good.test, status: 301}\n`,
);

let knot: Knot | undefined;
const args = () => [
  'check',
  '--config',
  config,
  '--resolver',
  (knot as Knot).resolver,
  '--only',
  'dns',
  '--timeout',
  '1000',
];

describe('check --format github|markdown against Knot DNS', { skip: knotSkip() }, () => {
  before(async () => {
    knot = await startKnot({
      test: SOA('test'),
      'platform.test': `${SOA('platform.test')}host A 192.0.2.1\n`,
      'good.test': `${SOA('good.test')}docs CNAME ${TARGET}.\n`,
      // old.bad.test is an A record left from a previous host: cname and conflict fail.
      'bad.test': `${SOA('bad.test')}old A 198.51.100.7\n`,
    });
  });
  after(async () => {
    await knot?.stop();
  });

  test('github: ::error on the failing domain’s line of the config, nothing for the passing one, exit 1', async () => {
    const r = await runCli([...args(), '--format', 'github'], { env: { GITHUB_ACTIONS: 'true' } });
    assert.equal(r.code, 1, r.stderr);
    const cmds = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    assert.ok(cmds.length >= 2, r.stdout);
    // The config is outside the working directory here, so its path is absolute (a repository path in CI).
    const at = `file=${config},line=5,col=14,title=old.bad.test%3A `;
    for (const c of cmds) assert.ok(c.startsWith(`::error ${at}`) || c.startsWith(`::warning ${at}`), c);
    assert.ok(cmds.some((c) => c.startsWith('::error') && c.includes('cname fail::cname.missing: ')));
    assert.ok(
      cmds.some(
        (c) =>
          c.includes('conflict fail::conflict.found: ') && c.includes('%0A  delete old.bad.test. IN A 198.51.100.7'),
      ),
    );
    assert.ok(!r.stdout.includes('docs.good.test%3A'));
    assert.match(r.stdout, /2 domains: 1 ok, 1 needs attention/);
  });

  test('markdown and --summary: the table, the same verdicts as --json', async () => {
    const summary = join(dir, 'summary.md');
    const md = await runCli([...args(), '--format', 'markdown', '--summary', summary]);
    assert.equal(md.code, 1);
    assert.equal(readFileSync(summary, 'utf8'), `${md.stdout}\n`);
    const json = await checkJson(args().slice(1));
    for (const d of json.report.domains)
      for (const c of d.checks) {
        const row = md.stdout.split('\n').find((l) => l.startsWith(`| \`${d.domain}\` | ${c.id} |`));
        assert.ok(row, `${d.domain} ${c.id}`);
        assert.ok(row.includes(`${c.status} | \`${c.code}\``), row);
      }
  });
});
