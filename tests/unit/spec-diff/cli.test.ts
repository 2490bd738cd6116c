// The CLI in-process (main(argv, io)): the formats, the JSON report against its schema, and exit code 2 with a
// clear message for what cannot be read.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { main } from '../../../tools/spec-diff/cli.ts';
import { BASE, edited, lineOf } from './fixtures.ts';

let dir: string;
const HEAD = edited((d) => {
  d.deleteIn(['paths', '/items/{id}', 'delete']);
  d.setIn(['paths', '/items', 'get', 'summary'], 'List every item');
});

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-cli-'));
  writeFileSync(join(dir, 'base.yaml'), BASE);
  writeFileSync(join(dir, 'head.yaml'), HEAD);
  writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: [\n');
  writeFileSync(join(dir, 'notapi.yaml'), 'hello: world\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: { BUILD_DATE: '2026-11-25', ...env },
    cwd: dir,
    // No repository here: any git call fails as outside one.
    git: () => {
      throw new Error('fatal: not a git repository');
    },
  });
  return { code, stdout, stderr };
}

describe('spec-diff diff', () => {
  test('text: each change with decision, class, code and file:line; exit 1 on a breaking change', async () => {
    const r = await run(['--base', 'base.yaml', '--head', 'head.yaml']);
    assert.equal(r.code, 1, r.stderr);
    const line = lineOf(HEAD, '/items/{id}:');
    assert.match(r.stdout, new RegExp(`FAIL  breaking +operation-removed  head\\.yaml:${line}:3`));
    assert.match(r.stdout, /Removed operation DELETE \/items\/\{id\} \(deleteItem\), which was not deprecated/);
    assert.match(r.stdout, /ok +documentation +documentation-change/);
    assert.match(r.stdout, /FAIL: changes the API policy does not allow/);
  });

  test('--json matches report.schema.json', async () => {
    const r = await run(['diff', '--base', 'base.yaml', '--head', 'head.yaml', '--json']);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout) as { ok: boolean; changes: { code: string; message: unknown }[] };
    const schema = JSON.parse(
      readFileSync(new URL('../../../tools/spec-diff/report.schema.json', import.meta.url), 'utf8'),
    );
    const validate = new Ajv2020({ strict: false }).compile(schema);
    assert.ok(validate(JSON.parse(r.stdout)), JSON.stringify(validate.errors));
    assert.equal(report.ok, false);
    assert.equal(report.changes[0]?.code, 'operation-removed');
    assert.equal(typeof report.changes[0]?.message, 'string');
  });

  test('--format github: annotations at file and line; --summary appends the Markdown table', async () => {
    const summary = join(dir, 'summary.md');
    const r = await run(['--base', 'base.yaml', '--head', 'head.yaml', '--format', 'github', '--summary', summary]);
    assert.equal(r.code, 1);
    const line = lineOf(HEAD, '/items/{id}:');
    assert.match(
      r.stdout,
      new RegExp(
        `^::error file=head\\.yaml,line=${line},col=3,title=spec-diff%3A breaking operation-removed::Removed`,
        'm',
      ),
    );
    assert.doesNotMatch(r.stdout, /documentation-change/, 'documentation changes are not annotated');
    const md = readFileSync(summary, 'utf8');
    assert.match(md, /^### API changes: ❌/);
    assert.match(md, /\| ❌ fail \| breaking \| `operation-removed` \|/);
    assert.match(md, /<details><summary>1 documentation change<\/summary>/);
  });

  test('the notice period is a flag', async () => {
    const head = edited((d) => {
      d.setIn(['paths', '/items', 'post', 'deprecated'], true);
      d.setIn(['paths', '/items', 'post', 'x-deprecated-sunset'], '2027-03-01');
    });
    writeFileSync(join(dir, 'dep.yaml'), head);
    assert.equal((await run(['--base', 'base.yaml', '--head', 'dep.yaml'])).code, 0);
    const r = await run(['--base', 'base.yaml', '--head', 'dep.yaml', '--notice-days', '180']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /sunset-too-soon/);
    assert.match(r.stdout, /use 2027-05-24 or later/);
  });

  test('exit 2: a base that is neither a file nor a revision, with --json as an object', async () => {
    const r = await run(['--base', 'v9.9.9', '--head', 'head.yaml', '--json']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /spec-diff: error: --base v9\.9\.9: no such file, and .* is not in a git repository/);
    assert.equal(JSON.parse(r.stdout).error.code, 'base_not_found');
  });

  test('exit 2: an invalid description names the file and line', async () => {
    const r = await run(['--base', 'base.yaml', '--head', 'broken.yaml', '--format', 'github']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /broken\.yaml:3:1: YAML syntax error/);
    assert.match(r.stdout, /^::error file=broken\.yaml,line=3,(col=1,)?title=spec-diff::/m);
    const n = await run(['--base', 'notapi.yaml', '--head', 'head.yaml']);
    assert.equal(n.code, 2);
    assert.match(n.stderr, /notapi\.yaml: not an OpenAPI description/);
  });

  test('exit 2: a bad BUILD_DATE, an unknown option', async () => {
    assert.equal((await run(['--base', 'base.yaml', '--head', 'head.yaml'], { BUILD_DATE: 'tomorrow' })).code, 2);
    assert.equal((await run(['--frobnicate'])).code, 2);
  });

  test('--help shows examples and exit codes', async () => {
    const r = await run(['diff', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Examples:/);
    assert.match(r.stdout, /Exit codes: 0/);
  });
});
