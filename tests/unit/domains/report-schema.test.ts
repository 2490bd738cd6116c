// The --json report and its JSON Schema (site/domains-report.schema.json): every reason code is in the schema and
// in the README, a real report validates, and exit-2 errors print {ok: false, error: {code, message}} on stdout.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { main } from '../../../tools/docs-domains/cli.ts';
import { runChecks } from '../../../tools/docs-domains/core/run.ts';
import type { Report } from '../../../tools/docs-domains/core/types.ts';
import { dnsGroup } from '../../../tools/docs-domains/groups/dns/group.ts';
import { CAA_CODES, DNS_CODES } from '../../../tools/docs-domains/groups/dns/messages.ts';
import { REDIRECT_CODES } from '../../../tools/docs-domains/groups/http/messages.ts';
import { TLS_CODES } from '../../../tools/docs-domains/groups/tls/messages.ts';
import { formatJson } from '../../../tools/docs-domains/report/human.ts';
import { fakeResolver, rr } from '../../support/fake-dns.ts';

const schema = JSON.parse(readFileSync(new URL('../../../site/domains-report.schema.json', import.meta.url), 'utf8'));
const readme = readFileSync(new URL('../../../tools/docs-domains/README.md', import.meta.url), 'utf8');
const ALL = [...DNS_CODES, ...CAA_CODES, ...TLS_CODES, ...REDIRECT_CODES, 'internal.error'];
const validate = new Ajv({ allErrors: true, strict: false }).compile<unknown>(schema);

describe('reason codes', () => {
  test('the schema lists exactly the codes the evaluators can decide', () => {
    assert.deepEqual([...schema.definitions.check.properties.code.enum].sort(), [...ALL].sort());
  });
  test('the README lists every code', () => {
    const missing = ALL.filter((c) => !readme.includes(`\`${c}\``));
    assert.deepEqual(missing, []);
  });
});

function io() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (s: string) => (out.stdout += s) },
      stderr: { write: (s: string) => (out.stderr += s) },
      env: { NO_COLOR: '1' },
      cwd: process.cwd(),
    },
  };
}

describe('--json', () => {
  test('a report from the runner validates against the schema', async () => {
    const T = 'host.platform.example.net';
    const dns = fakeResolver({
      'example.com': [rr('example.com', 'SOA', 'ns h 1 2 3 4 300'), rr('example.com', 'CAA', '0 issue "pki.goog"')],
      'docs.example.com': [rr('docs.example.com', 'CNAME', 'old.example.net')],
      [T]: [rr(T, 'A', '192.0.2.1')],
    });
    const report = await runChecks({
      domains: ['docs.example.com', 'example.com'],
      config: { platformHost: T, primary: 'docs.example.com', redirects: [] },
      target: T,
      resolvers: dns.servers,
      dns,
      timeoutMs: 1000,
      options: {},
      groups: [dnsGroup],
    });
    const json = JSON.parse(formatJson(report));
    assert.ok(validate(json), JSON.stringify(validate.errors, null, 2));
    const caa = (json as Report).domains[0]?.checks.find((c) => c.id === 'caa');
    assert.equal(caa?.code, 'caa.not_authorized');
    assert.deepEqual(caa?.fix, [{ op: 'add', record: 'example.com. IN CAA 0 issue "letsencrypt.org"' }]);
  });

  const cases: [string, string[], string][] = [
    ['an unreadable config', ['check', '--config', '/nonexistent/domains.yaml', '--json'], 'config_unreadable'],
    ['a usage error from commander', ['check', '--bogus', '--json'], 'usage'],
    ['a usage error of ours', ['check', 'https://x.example.com', '--target', 'h.example.net', '--json'], 'usage'],
    [
      'validate with an unreadable file',
      ['validate', '--config', '/nonexistent/x.yaml', '--json'],
      'config_unreadable',
    ],
    [
      'records with an unreadable config',
      ['records', '--config', '/nonexistent/x.yaml', '--json'],
      'config_unreadable',
    ],
  ];
  for (const [what, argv, code] of cases) {
    test(`exit 2 with --json: ${what} is {ok: false, error} on stdout and text on stderr`, async () => {
      const { out, io: streams } = io();
      assert.equal(await main(argv, streams), 2);
      const j = JSON.parse(out.stdout);
      assert.equal(j.ok, false);
      assert.equal(j.error.code, code);
      assert.ok(j.error.message.length > 5);
      assert.ok(validate(j), JSON.stringify(validate.errors));
      assert.match(out.stderr, /error/);
    });
  }
  test('an invalid config: config_invalid', async () => {
    const { out, io: streams } = io();
    const dir = await import('node:fs').then((fs) => fs.mkdtempSync('/tmp/dd-json-'));
    const file = `${dir}/bad.yaml`;
    (await import('node:fs')).writeFileSync(file, 'domains:\n  platformHost: h.example.net\n  primary: https://x\n');
    assert.equal(await main(['check', '--config', file, '--json'], streams), 2);
    assert.equal(JSON.parse(out.stdout).error.code, 'config_invalid');
    assert.match(out.stderr, /bad\.yaml:3:\d+: error/);
  });
  test('without --json, stdout stays empty on exit 2', async () => {
    const { out, io: streams } = io();
    assert.equal(await main(['check', '--config', '/nonexistent/domains.yaml'], streams), 2);
    assert.equal(out.stdout, '');
  });
});
