// `check --watch`: the loop over an injected run function, clock and sleep (no real waiting), what it reports per
// round, and duration parsing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Report } from '../../../tools/docs-domains/core/types.ts';
import { parseDuration, pending, watch } from '../../../tools/docs-domains/core/watch.ts';

function report(ok: boolean): Report {
  return {
    ok,
    target: 'h.example.net',
    domains: [
      {
        domain: 'docs.example.com',
        kind: 'subdomain',
        ok,
        checks: ok
          ? [{ id: 'cname', status: 'pass', code: 'cname.ok', message: '' }]
          : [
              { id: 'cname', status: 'fail', code: 'cname.mismatch', message: '', records: [{ ttl: 300 }] },
              { id: 'propagation', status: 'fail', code: 'propagation.none', message: '', data: { maxTtl: 900 } },
              { id: 'ttl', status: 'warn', code: 'ttl.different', message: '', records: [{ ttl: 86400 }] },
            ],
      },
      { domain: 'ok.example.com', kind: 'subdomain', ok: true, checks: [] },
    ],
  };
}

function clock() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
      return true;
    },
  };
}

describe('watch', () => {
  test('re-runs until every domain passes', async () => {
    const c = clock();
    const rounds: number[] = [];
    let n = 0;
    const r = await watch({
      runOnce: async () => report(++n >= 3),
      intervalMs: 30_000,
      totalMs: 600_000,
      ...c,
      onRound: (round) => rounds.push(round),
    });
    assert.equal(r.passed, true);
    assert.equal(r.rounds, 3);
    assert.deepEqual(rounds, [1, 2]);
    assert.equal(c.now(), 60_000);
  });
  test('gives up when --timeout-total runs out, the last wait shortened to the time left', async () => {
    const c = clock();
    const left: number[] = [];
    const r = await watch({
      runOnce: async () => report(false),
      intervalMs: 40_000,
      totalMs: 100_000,
      ...c,
      onRound: (_r, _rep, l) => left.push(l),
    });
    assert.equal(r.passed, false);
    assert.equal(r.rounds, 4);
    assert.deepEqual(left, [100_000, 60_000, 20_000]);
    assert.equal(c.now(), 100_000);
  });
  test('an interrupted sleep stops the loop', async () => {
    const r = await watch({
      runOnce: async () => report(false),
      intervalMs: 1,
      totalMs: 1_000,
      now: () => 0,
      sleep: async () => false,
    });
    assert.equal(r.rounds, 1);
    assert.equal(r.passed, false);
  });
});

describe('pending', () => {
  test('per failing domain: the failing checks with their codes and the longest TTL they saw', () => {
    assert.deepEqual(pending(report(false)), [
      {
        domain: 'docs.example.com',
        failing: ['cname (cname.mismatch)', 'propagation (propagation.none)'],
        waitS: 900,
      },
    ]);
    assert.deepEqual(pending(report(true)), []);
  });
});

describe('parseDuration', () => {
  test('units and bare seconds', () => {
    assert.equal(parseDuration('90s'), 90_000);
    assert.equal(parseDuration('10m'), 600_000);
    assert.equal(parseDuration('1h'), 3_600_000);
    assert.equal(parseDuration('250ms'), 250);
    assert.equal(parseDuration('45'), 45_000);
    for (const bad of ['', '10 minutes', '-5s', '0', 'm'])
      assert.throws(() => parseDuration(bad), /duration|longer than zero/, bad);
  });
});
