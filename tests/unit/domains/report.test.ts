// Output: colour only on a TTY and without NO_COLOR, progress on stderr for many domains, --json exact shape.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { main } from '../../../tools/docs-domains/cli.ts';
import type { Report } from '../../../tools/docs-domains/core/types.ts';
import { formatJson, formatReport, useColor } from '../../../tools/docs-domains/report/human.ts';
import { startFaultServer } from '../../support/fault-dns.ts';

const report: Report = {
  ok: false,
  target: 'host.platform.test',
  domains: [
    {
      domain: 'docs.example.test',
      kind: 'subdomain',
      ok: false,
      checks: [
        {
          id: 'cname',
          status: 'fail',
          code: 'cname.mismatch',
          message: 'm',
          action: 'a',
          records: [{ name: 'x', type: 'A', ttl: 1, value: '192.0.2.1' }],
        },
        { id: 'ttl', status: 'pass', code: 'ttl.ok', message: 'ok' },
      ],
    },
  ],
};

describe('report', () => {
  test('colour: TTY and no NO_COLOR only (an empty NO_COLOR does not count)', () => {
    assert.equal(useColor({ isTTY: true }, {}), true);
    assert.equal(useColor({ isTTY: true }, { NO_COLOR: '1' }), false);
    assert.equal(useColor({ isTTY: true }, { NO_COLOR: '' }), true);
    assert.equal(useColor({ isTTY: false }, {}), false);
    assert.equal(useColor({}, {}), false);
  });
  test('human report with and without colour', () => {
    const plain = formatReport(report, false);
    assert.ok(!plain.includes('\u001b['));
    assert.match(plain, /FAIL {2}cname {7}m\n {20}→ a\n {2}PASS {2}ttl/);
    assert.ok(formatReport(report, true).includes('\u001b[31mFAIL'));
    // Every coloured span closes on its own line: the summary's reset does not spill past the final newline.
    assert.ok(formatReport(report, true).endsWith('error).\u001b[0m\n'));
    // The summary counts domains first, then checks.
    assert.match(plain, /\n1 domain: 0 ok, 1 needs attention \(checks: 1 pass, 0 warn, 1 fail, 0 error\)\.\n$/);
  });
  test('--json: exactly {ok, target, domains[{domain, kind, ok, checks[{id, status, code, message, action?, records?}]}]}', () => {
    const extra = structuredClone(report) as Report & { extra?: number };
    extra.extra = 1;
    (extra.domains[0]?.checks[1] as unknown as Record<string, unknown>).internal = true;
    const j = JSON.parse(formatJson(extra));
    assert.deepEqual(Object.keys(j), ['ok', 'target', 'domains']);
    assert.deepEqual(Object.keys(j.domains[0]), ['domain', 'kind', 'ok', 'checks']);
    assert.deepEqual(Object.keys(j.domains[0].checks[0]), ['id', 'status', 'code', 'message', 'action', 'records']);
    assert.deepEqual(Object.keys(j.domains[0].checks[1]), ['id', 'status', 'code', 'message']);
  });
});

describe('the CLI in-process', () => {
  test('progress on a TTY stderr while many domains are checked; colour on a TTY stdout', async () => {
    const s = await startFaultServer('good');
    try {
      let out = '';
      let err = '';
      const io = {
        stdout: { isTTY: true, write: (x: string) => (out += x) },
        stderr: { isTTY: true, write: (x: string) => (err += x) },
        env: {},
        cwd: process.cwd(),
      };
      const domains = ['a.example.test', 'b.example.test', 'c.example.test'];
      const code = await main(
        ['check', ...domains, '--target', 'host.platform.test', '--resolver', s.resolver, '--only', 'dns'],
        io,
      );
      assert.equal(code, 0, out + err);
      assert.match(err, /checked 1\/3 /);
      assert.match(err, /checked 3\/3 /);
      assert.ok(out.includes('\u001b[32mPASS'));
      // --no-progress and NO_COLOR
      err = '';
      out = '';
      await main(
        [
          'check',
          ...domains,
          '--target',
          'host.platform.test',
          '--resolver',
          s.resolver,
          '--only',
          'dns',
          '--no-progress',
        ],
        { ...io, env: { NO_COLOR: '1' } },
      );
      assert.equal(err, '');
      assert.ok(!out.includes('\u001b['));
    } finally {
      await s.close();
    }
  });
});
