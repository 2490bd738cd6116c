// The spec-diff bundle (scripts/build-cli.mjs, run by npm ci and before the tests) against the TypeScript sources it
// was built from (SPEC_DIFF_SOURCE=1): the same output and exit code for a diff in every format, a release refused,
// the help and the input errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { requireFreshBundle } from '../../support/cli-bundle.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = join(ROOT, 'tools', 'spec-diff', 'dist');
const BIN = join(ROOT, 'tools', 'bin', 'spec-diff.mjs');
const SPEC = join(ROOT, 'spec', 'openapi.yaml');

const stale = requireFreshBundle(ROOT, DIST, 'spec-diff');

const dir = mkdtempSync(join(tmpdir(), 'spec-diff-bundle-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const doc = parseDocument(readFileSync(SPEC, 'utf8'));
doc.deleteIn(['paths', '/pets/{petId}', 'get']);
doc.setIn(['components', 'schemas', 'PetStatus', 'enum'], ['available', 'pending']);
const head = join(dir, 'openapi.yaml');
writeFileSync(head, doc.toString());

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', BUILD_DATE: '2026-11-25', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the spec-diff bundle answers as the sources do', { skip: stale }, () => {
  test('it lists its inputs: the sources, the loader, the lock', () => {
    const { inputs } = JSON.parse(readFileSync(join(DIST, 'inputs.json'), 'utf8')) as { inputs: string[] };
    for (const f of [
      'tools/spec-diff/cli.ts',
      'tools/spec-diff/core/policy.ts',
      'descriptions/loader/load.ts',
      'package-lock.json',
    ])
      assert.ok(inputs.includes(f), f);
  });

  for (const args of [
    ['diff', '--base', SPEC, '--head', head],
    ['diff', '--base', SPEC, '--head', head, '--json'],
    ['diff', '--base', SPEC, '--head', head, '--format', 'github'],
    ['diff', '--base', SPEC, '--head', head, '--format', 'markdown'],
    ['diff', '--base', join(dir, 'missing.yaml'), '--head', head, '--json'],
    ['--help'],
    ['release', '--help'],
    ['frobnicate', '--json'],
  ]) {
    test(`spec-diff ${args.map((a) => a.replace(dir, '<tmp>').replace(ROOT, '')).join(' ')}`, () => {
      const bundle = run(args);
      const source = run(args, { SPEC_DIFF_SOURCE: '1' });
      assert.equal(bundle.code, source.code);
      assert.equal(bundle.stdout, source.stdout);
      assert.equal(bundle.stderr, source.stderr);
      assert.ok(bundle.stdout.length + bundle.stderr.length > 0);
    });
  }

  test('spec-diff --api partner: the APIs read at run time (PETSTORE_APIS), not bundled', () => {
    const env = { PETSTORE_APIS: join(ROOT, 'tests', 'fixtures', 'apis', 'apis.yaml') };
    const args = [
      'diff',
      '--api',
      'partner',
      '--base',
      join(ROOT, 'tests', 'fixtures', 'apis', 'partner', 'swagger.yaml'),
    ];
    const bundle = run(args, env);
    const source = run(args, { ...env, SPEC_DIFF_SOURCE: '1' });
    assert.equal(bundle.code, 0, bundle.stderr);
    assert.match(bundle.stdout, /^partner \(Partner Pets API\): /);
    assert.equal(bundle.stdout, source.stdout);
    assert.equal(bundle.stderr, source.stderr);
  });
});
