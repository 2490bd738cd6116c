/**
 * `check --watch`: re-run the checks until every domain passes or the total time runs out. The loop is pure over
 * its injected run function, clock and sleep, so it is tested without waiting.
 */
import type { Check, Report } from './types.ts';

/** Per domain, what still fails and how long the DNS answers seen stay cached (the expected wait). */
export interface Pending {
  domain: string;
  /** `id (code)` of each check that is `fail` or `error`. */
  failing: string[];
  /** The longest TTL among the failing checks' records, seconds: when caches should hold the fix. */
  waitS?: number;
}

/** The domains that are not ok, with the expected wait from the TTLs in their failing checks' records and data. */
export function pending(report: Report): Pending[] {
  const out: Pending[] = [];
  for (const d of report.domains) {
    if (d.ok) continue;
    const bad = d.checks.filter((c) => c.status === 'fail' || c.status === 'error');
    const ttls = bad.flatMap((c) => ttlsOf(c));
    const p: Pending = { domain: d.domain, failing: bad.map((c) => `${c.id} (${c.code})`) };
    if (ttls.length) p.waitS = Math.max(...ttls);
    out.push(p);
  }
  return out;
}

function ttlsOf(c: Check): number[] {
  const fromRecords = (c.records ?? []).flatMap((r) =>
    r && typeof r === 'object' && typeof (r as { ttl?: unknown }).ttl === 'number' ? [(r as { ttl: number }).ttl] : [],
  );
  const maxTtl = c.data?.maxTtl;
  return typeof maxTtl === 'number' ? [...fromRecords, maxTtl] : fromRecords;
}

export interface WatchInput {
  /** One full run of the checks (a fresh resolver each time, so no cached answer hides a change). */
  runOnce: () => Promise<Report>;
  /** Pause between runs, ms. */
  intervalMs: number;
  /** Give up after this long, ms (measured from the start, including the runs). */
  totalMs: number;
  /** Milliseconds since some fixed point (injected clock). */
  now: () => number;
  /** Waits `ms` (resolves early, with false, when interrupted). */
  sleep: (ms: number) => Promise<boolean>;
  /** Called after each run that did not pass, with the time left (ms). */
  onRound?: (round: number, report: Report, leftMs: number) => void;
}

export interface WatchResult {
  /** The last report. */
  report: Report;
  /** True when every domain passed before the time ran out. */
  passed: boolean;
  rounds: number;
}

/** Runs until `report.ok`, the total time is spent, or the sleep is interrupted. */
export async function watch(i: WatchInput): Promise<WatchResult> {
  const start = i.now();
  let rounds = 0;
  for (;;) {
    const report = await i.runOnce();
    rounds++;
    if (report.ok) return { report, passed: true, rounds };
    const left = i.totalMs - (i.now() - start);
    if (left <= 0) return { report, passed: false, rounds };
    i.onRound?.(rounds, report, left);
    const slept = await i.sleep(Math.min(i.intervalMs, left));
    if (!slept) return { report, passed: false, rounds };
  }
}

/**
 * Parses a duration: `90s`, `10m`, `1h`, `500ms`, or a bare number of seconds.
 * @returns milliseconds
 * @throws {Error} for anything else
 */
export function parseDuration(v: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v.trim());
  if (!m) throw new Error(`"${v}" is not a duration such as 90s, 10m or 1h.`);
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = Math.round(n * unit);
  if (ms <= 0) throw new Error(`"${v}" must be longer than zero.`);
  return ms;
}
