// The docs-domains bundle (scripts/build-cli.mjs, run by npm ci and before the tests) against the TypeScript
// sources it was built from (DOCS_DOMAINS_SOURCE=1): the same output and exit code for every command, and the
// launcher's freshness rule (every input listed, none newer than the bundle).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { nodeFloor } from '../../../scripts/node-version.mjs';
import { requireFreshBundle } from '../../support/cli-bundle.ts';
import { runCli } from '../../support/cli-run.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = join(ROOT, 'tools', 'docs-domains', 'dist');

const stale = requireFreshBundle(ROOT, DIST, 'docs-domains');

const dir = mkdtempSync(join(tmpdir(), 'docs-domains-bundle-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const bad = join(dir, 'bad.yaml');
writeFileSync(
  bad,
  'domains:\n  platformHost: 12\n  primary: Docs.Example.com\n  extra: 1\n  redirects:\n    - {from: www.example.com, to: docs.example.com, status: 303}\n    - {from: a.example.com}\n',
);

describe('the bundle answers as the sources do', { skip: stale }, () => {
  test('it lists its inputs: the sources, the schema it compiled, the lock', () => {
    const { inputs, floor } = JSON.parse(readFileSync(join(DIST, 'inputs.json'), 'utf8')) as {
      inputs: string[];
      floor: number[];
    };
    assert.deepEqual(floor, nodeFloor(), "the Node floor of package.json's engines.node");
    for (const f of [
      'tools/docs-domains/cli.ts',
      'tools/docs-domains/commands/check.ts',
      'tools/docs-domains/config/schema.ts',
      'site/domains.schema.json',
      'package-lock.json',
      'package.json',
    ])
      assert.ok(inputs.includes(f), f);
  });

  for (const args of [
    ['validate', '--config', bad, '--json'],
    ['validate', '--config', bad],
    ['validate', '--config', bad, '--format', 'github'],
    ['validate', '--json'],
    ['--help'],
    ['check', '--help'],
    ['records', '--help'],
    ['check', 'docs.example.test', '--only', 'smtp', '--json'],
    ['records', '--ca', 'letsencrypt.org.', '--json'],
    ['frobnicate'],
  ]) {
    test(`docs-domains ${args.join(' ')}`, async () => {
      const bundle = await runCli(args);
      const source = await runCli(args, { env: { DOCS_DOMAINS_SOURCE: '1' } });
      assert.equal(bundle.code, source.code);
      assert.equal(bundle.stdout, source.stdout);
      assert.equal(bundle.stderr, source.stderr);
    });
  }
});
