// Faults: a server that answers garbage, a wrong ID, a wrong question, TC, or nothing. The DNS client discards
// what does not match the question and reports `error` within its time budget; the CLI never crashes or hangs.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import { queryOnce } from '../../../tools/docs-domains/core/dns/client.ts';
import { BIN, checkJson } from '../../support/cli-run.ts';
import { type FaultMode, startFaultServer } from '../../support/fault-dns.ts';
import { freePort } from '../../support/server.ts';

const server = (port: number) => ({ host: '127.0.0.1', port });

describe('DNS client against a faulty server', () => {
  const cases: [FaultMode, RegExp][] = [
    // The budget the user gave (--timeout), not one try's share of it.
    ['garbage', /no valid reply within 400 ms in 2 UDP tries \(discarded replies: (\d× )?garbage\)/],
    ['wrong-id', /discarded replies: (\d× )?wrong ID/],
    ['wrong-question', /discarded replies: (\d× )?wrong question/],
    ['silent', /^no valid reply within 400 ms in 2 UDP tries$/],
    ['tc-broken', /reply truncated \(TC\) and TCP failed/],
  ];
  for (const [mode, re] of cases) {
    test(`${mode}: error, with the reason`, async () => {
      const s = await startFaultServer(mode);
      try {
        const r = await queryOnce(server(s.port), 'docs.example.test', 'CNAME', { timeoutMs: 400, retries: 1 });
        assert.equal(r.outcome, 'error');
        assert.match(r.error ?? '', re);
        assert.deepEqual(r.answers, []);
        if (mode !== 'tc-broken') assert.equal(s.stats.udp, 2, 'one retry');
      } finally {
        await s.close();
      }
    });
  }

  test('tc: the truncated UDP answer is retried over TCP', async () => {
    const s = await startFaultServer('tc');
    try {
      const r = await queryOnce(server(s.port), 'docs.example.test', 'CNAME', { timeoutMs: 1000 });
      assert.equal(r.outcome, 'answer');
      assert.equal(r.transport, 'tcp');
      assert.equal(r.answers[0]?.value, 'host.platform.test');
      assert.equal(s.stats.tcp, 1);
    } finally {
      await s.close();
    }
  });

  test('SERVFAIL and REFUSED are errors naming the RCODE', async () => {
    for (const [mode, rcode] of [
      ['servfail', 'SERVFAIL'],
      ['refused', 'REFUSED'],
    ] as const) {
      const s = await startFaultServer(mode);
      try {
        const r = await queryOnce(server(s.port), 'docs.example.test', 'A', { timeoutMs: 500 });
        assert.equal(r.outcome, 'error');
        assert.equal(r.rcode, rcode);
        assert.equal(r.error, rcode);
      } finally {
        await s.close();
      }
    }
  });

  test('nothing listening (ICMP port unreachable): error "refused" at once, not a timeout', async () => {
    const port = await freePort();
    const r = await queryOnce(server(port), 'docs.example.test', 'CNAME', { timeoutMs: 60_000, retries: 0 });
    assert.equal(r.outcome, 'error');
    assert.equal(r.error, `refused: nothing listens on 127.0.0.1:${port} (ICMP port unreachable)`);
  });

  test('a good server: answer over UDP; the question name is matched case-insensitively', async () => {
    const s = await startFaultServer('good');
    try {
      const r = await queryOnce(server(s.port), 'Docs.Example.TEST', 'CNAME', { timeoutMs: 500 });
      assert.equal(r.outcome, 'answer');
      assert.equal(r.transport, 'udp');
      const n = await queryOnce(server(s.port), 'docs.example.test', 'A', { timeoutMs: 500 });
      assert.equal(n.outcome, 'nodata');
    } finally {
      await s.close();
    }
  });
});

describe('the CLI against a faulty server', () => {
  for (const mode of ['garbage', 'wrong-id', 'wrong-question', 'silent', 'tc-broken'] as const) {
    test(`${mode}: every check is error, exit 1, no hang`, async () => {
      const s = await startFaultServer(mode);
      try {
        const r = await checkJson(
          [
            'docs.example.test',
            '--target',
            'host.platform.test',
            '--resolver',
            s.resolver,
            '--timeout',
            '300',
            '--only',
            'dns',
          ],
          { killAfterMs: 20_000 },
        );
        assert.equal(r.code, 1);
        assert.equal(r.report.ok, false);
        const checks = r.report.domains[0]?.checks ?? [];
        assert.deepEqual(
          checks.map((c) => `${c.id}:${c.status}`),
          ['cname:error', 'conflict:error', 'ttl:error', 'caa:error'],
        );
        for (const c of checks) assert.ok(c.action);
      } finally {
        await s.close();
      }
    });
  }

  test('tc: the CLI falls back to TCP and the CNAME passes', async () => {
    const s = await startFaultServer('tc');
    try {
      const r = await checkJson([
        'docs.example.test',
        '--target',
        'host.platform.test',
        '--resolver',
        s.resolver,
        '--only',
        'dns',
      ]);
      assert.equal(r.report.domains[0]?.checks.find((c) => c.id === 'cname')?.status, 'pass');
      assert.ok(s.stats.tcp > 0);
    } finally {
      await s.close();
    }
  });
});

describe('IPv6 resolver syntax', () => {
  test('--resolver [::1]:PORT reaches a server on the IPv6 loopback (UDP, and TCP after TC)', async (t) => {
    for (const mode of ['good', 'tc'] as const) {
      let s: Awaited<ReturnType<typeof startFaultServer>>;
      try {
        s = await startFaultServer(mode, '::1');
      } catch (err) {
        t.skip(`no IPv6 loopback here: ${(err as Error).message}`);
        return;
      }
      try {
        const r = await checkJson([
          'docs.example.test',
          '--target',
          'host.platform.test',
          '--resolver',
          s.resolver,
          '--only',
          'dns',
        ]);
        assert.match(s.resolver, /^\[::1\]:\d+$/);
        assert.equal(r.report.domains[0]?.checks.find((c) => c.id === 'cname')?.status, 'pass', mode);
      } finally {
        await s.close();
      }
    }
  });
});

describe('Ctrl-C', () => {
  // Both launcher paths: native type stripping, and the re-spawn with --experimental-strip-types (Node 22.12-22.17),
  // which must forward the signal to its child.
  for (const extra of [[], ['--no-experimental-strip-types']]) {
    test(`SIGINT stops a run in flight: report printed, exit 130 (${extra.length ? 're-spawned launcher' : 'native'})`, async () => {
      const s = await startFaultServer('silent');
      try {
        const child = spawn(
          process.execPath,
          [
            ...extra,
            BIN,
            'check',
            'a.example.test',
            '--target',
            'h.test',
            '--resolver',
            s.resolver,
            '--timeout',
            '60000',
            '--only',
            'dns',
            '--json',
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        // Interrupt once the first question has reached the server.
        const poll = setInterval(() => {
          if (s.stats.udp > 0) {
            clearInterval(poll);
            child.kill('SIGINT');
          }
        }, 20);
        const hang = setTimeout(() => child.kill('SIGKILL'), 20_000);
        const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
        clearTimeout(hang);
        clearInterval(poll);
        assert.equal(code, 130);
        const report = JSON.parse(out);
        assert.equal(report.ok, false);
        assert.match(report.domains[0].checks[0].message, /aborted/);
      } finally {
        await s.close();
      }
    });
  }
});
