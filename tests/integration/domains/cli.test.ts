// The CLI as a process: validate (exit 0/1/2, file:line:col, --json), usage errors (exit 2), --help.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../../support/cli-run.ts';

const dir = mkdtempSync(join(tmpdir(), 'docs-domains-cli-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const good = file(
  'good.yaml',
  'domains:\n  platformHost: host.platform.test\n  primary: docs.example.test\n  redirects:\n    - {from: old.example.test, to: docs.example.test, status: 301}\n',
);
const bad = file(
  'bad.yaml',
  'domains:\n  platformHost: host.platform.test\n  primary: https://docs.example.test\n  redirects:\n    - {from: a.example.test, to: b.example.test, status: 303}\n',
);

describe('validate', () => {
  test('the repository config: exit 0', async () => {
    const r = await runCli(['validate']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /site\/domains\.yaml: valid/);
  });
  test('valid file: exit 0; --json gives the normalized config', async () => {
    const r = await runCli(['validate', '--config', good, '--json']);
    assert.equal(r.code, 0);
    const j = JSON.parse(r.stdout);
    assert.equal(j.ok, true);
    assert.deepEqual(j.config.redirects, [{ from: 'old.example.test', to: 'docs.example.test', status: 301 }]);
  });
  test('invalid file: exit 1, each problem as file:line:col', async () => {
    const r = await runCli(['validate', '--config', bad]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split('\n');
    assert.match(
      lines[0] ?? '',
      new RegExp(`^${bad.replace(/[.]/g, '\\.')}:3:12: error: primary "https://docs\\.example\\.test" has a scheme`),
    );
    assert.ok(
      lines.some((l) =>
        /:5:\d+: error: domains\.redirects\[0\]\.status: must be one of 301, 302, 307, 308 \(got 303\)/.test(l),
      ),
    );
    assert.match(lines.at(-1) ?? '', /2 problems$/);
    const j = JSON.parse((await runCli(['validate', '--config', bad, '--json'])).stdout);
    assert.equal(j.ok, false);
    assert.deepEqual(
      j.problems.map((p: { line: number; col: number }) => `${p.line}:${p.col}`),
      ['3:12', '5:58'],
    );
  });
  test('unreadable file: exit 2', async () => {
    const r = await runCli(['validate', '--config', join(dir, 'nope.yaml')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read the config .*nope\.yaml: ENOENT/);
  });
});

describe('usage', () => {
  const T = ['--target', 'host.platform.test', '--resolver', '127.0.0.1:9', '--timeout', '100'];
  const cases: [string[], RegExp][] = [
    [['check', 'docs.example.test', '--target', 'h.test', '--resolver', 'dns.google'], /expected an IP address/],
    [['check', 'docs.example.test', ...T, '--only', 'dns,smtp'], /unknown check group "smtp"; available: dns/],
    [['check', 'docs.example.test', ...T, '--skip', 'dns,tls,http'], /leave no check group/],
    [['check', 'docs.example.test', ...T, '--only', ','], /--only <groups>.*name at least one check group/],
    [['check', 'https://docs.example.test', ...T], /domain "https:\/\/docs\.example\.test" has a scheme/],
    [
      ['check', 'Host.Platform.Test.', ...T],
      /domain "Host\.Platform\.Test\." is the target \(the platform host\) itself/,
    ],
    [['check', 'docs.example.test', ...T, '--ca', 'letsencrypt.org.'], /without the trailing dot/],
    [['check', 'docs.example.test', ...T, '--timeout', '0'], /--timeout must be a whole number/],
    // 0 retries is allowed, so the message must not say "from 1".
    [['check', 'docs.example.test', ...T, '--retries', '-1'], /--retries must be a whole number from 0 to 10\./],
    [['check', '--config', bad, '--resolver', '127.0.0.1:9'], /the config .*bad\.yaml is invalid/],
    [['check', '--bogus'], /unknown option '--bogus'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ];
  for (const [args, re] of cases) {
    test(`exit 2: ${args.filter((a) => !T.includes(a)).join(' ')}`, async () => {
      const r = await runCli(args);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, re);
    });
  }
  test('--help lists the commands, options, examples and exit codes: exit 0', async () => {
    const r = await runCli(['check', '--help']);
    assert.equal(r.code, 0);
    for (const s of [
      '--resolver <ip[:port]>',
      '--ca <issuer-domain>',
      '--only <groups>',
      '--skip <groups>',
      'Examples:',
      'Exit codes:',
    ])
      assert.ok(r.stdout.includes(s), s);
    const top = await runCli(['--help']);
    assert.equal(top.code, 0);
    assert.match(top.stdout, /validate/);
    assert.match(top.stdout, /check/);
    // The tls and http groups are part of `check`: the top-level description says so.
    assert.match(top.stdout.replace(/\s+/g, ' '), /check DNS, TLS and redirects for each domain/);
  });
  test('no arguments: help and exit 2', async () => {
    const r = await runCli([]);
    assert.equal(r.code, 2);
  });
});
