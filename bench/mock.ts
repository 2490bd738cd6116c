// Benchmark of the mock API (not a test: prints figures). Starts the built site the way
// `npm start` does (scripts/serve.ts over dist/, with PORT) and Stoplight Prism mocking the same
// spec (`npx --yes @stoplight/prism-cli@5 mock`, fetched from the npm registry now, not a
// dependency), both on 127.0.0.1, and measures with autocannon at 50 connections:
//
//   GET  /pets  for DURATION seconds, seeded state (6 pets, default page of 20);
//   POST /pets  (valid NewPet, bearer token) in rounds: each round resets the mock and sends
//               exactly as many creations as the pets cap leaves room for (10,000 - 6), so every
//               request measured is a 201 creation, never a 409 capacity_reached. Prism gets the
//               same rounds (it has no state; it answers the documented example).
//
// Usage: node bench/mock.ts [--duration 10] [--rounds 3] [--connections 50] [--no-prism]
// Prints req/s, p50 and p99 latency (ms) per target and the mock/Prism throughput ratio.
import { type ChildProcess, spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { MOCK_BASE } from '../site/mock/mount.ts';
import { DEFAULT_CAPS } from '../site/mock/store.ts';
import { freePort, ROOT, startSite } from '../tests/support/server.ts';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'no-prism': { type: 'boolean', default: false },
  },
});
const DURATION = Number(opts.duration);
const ROUNDS = Number(opts.rounds);
const CONNECTIONS = Number(opts.connections);
const SEEDED_PETS = 6;
const AUTH = 'Bearer bench-token';
const NEW_PET = JSON.stringify({ name: 'Coco', categoryId: 3, status: 'available' });

interface Figures {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function cannon(
  url: string,
  init: { method: 'GET' | 'POST' | 'OPTIONS'; duration?: number; amount?: number },
): Promise<Figures> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    method: init.method,
    headers:
      init.method === 'POST' ? { authorization: AUTH, 'content-type': 'application/json' } : { authorization: AUTH },
    body: init.method === 'POST' ? NEW_PET : undefined,
    ...(init.amount ? { amount: init.amount } : { duration: init.duration ?? DURATION }),
  });
  const requests = r.requests.total;
  const seconds = r.duration;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Combines rounds: total requests over total time; the worst p99 and the median p50. */
function combine(rounds: Figures[]): Figures {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const p50s = rounds.map((r) => r.p50).sort((a, b) => a - b);
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(...rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

async function startPrism(): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    'npx',
    ['--yes', '@stoplight/prism-cli@5', 'mock', '-h', '127.0.0.1', '-p', String(port), join(ROOT, 'spec/openapi.yaml')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const alive = (): boolean => child.exitCode === null && child.signalCode === null;
  const killGroup = (signal: NodeJS.Signals): void => {
    // npx runs prism in a child process: signal the process group we created (detached).
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (!alive()) return resolve();
      child.once('exit', () => resolve());
      killGroup('SIGTERM');
      setTimeout(() => {
        if (alive()) killGroup('SIGKILL');
      }, 3000).unref();
    });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!alive()) throw new Error(`prism exited (${child.exitCode ?? child.signalCode}):\n${log}`);
    try {
      await fetch(`${url}/pets`, { headers: { authorization: AUTH }, signal: AbortSignal.timeout(1000) });
      return { url, child, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`prism did not answer on ${url} within 180 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The core alone, in this process, no HTTP: sequential `handle()` calls for `ms` milliseconds. */
async function coreAlone(method: 'GET' | 'POST', ms = 3000): Promise<{ rps: number; cpuUs: number }> {
  const { createMock } = await import('../site/mock/index.ts');
  const { loadSpec } = await import('../spec/load.ts');
  const mock = await createMock(loadSpec(), { basePath: MOCK_BASE });
  const make = (): Request =>
    method === 'GET'
      ? new Request(`http://127.0.0.1${MOCK_BASE}/pets`, { headers: { authorization: AUTH } })
      : new Request(`http://127.0.0.1${MOCK_BASE}/pets`, {
          method: 'POST',
          headers: { authorization: AUTH, 'content-type': 'application/json' },
          body: NEW_PET,
        });
  for (let i = 0; i < 1000; i++) await (await mock.handle(make())).text();
  mock.reset();
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    if (method === 'POST' && n % (DEFAULT_CAPS.pets - SEEDED_PETS) === 0) mock.reset();
    await (await mock.handle(make())).text();
    n++;
  }
  const cpu = process.cpuUsage(cpu0);
  return { rps: (n / (performance.now() - t0)) * 1000, cpuUs: (cpu.user + cpu.system) / n };
}

const fmt = (n: number, d = 0): string => n.toFixed(d);

function row(name: string, f: Figures): string {
  return `${name.padEnd(26)} ${fmt(f.rps).padStart(8)} ${fmt(f.p50, 1).padStart(7)} ${fmt(f.p99, 1).padStart(7)} ${String(f.requests).padStart(8)} ${String(f.non2xx).padStart(6)} ${String(f.errors).padStart(6)}`;
}

async function main(): Promise<void> {
  // `astro` comes from node_modules/.bin, as under `npm run`.
  process.env.PATH = [join(ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter);
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  buildIfStale(ROOT);
  const results: Record<string, Figures> = {};
  const room = DEFAULT_CAPS.pets - SEEDED_PETS;

  /** GET for DURATION, then POST rounds of `room` creations with a reset before each. */
  async function measureMock(mockBase: string, label: string): Promise<void> {
    const reset = async (): Promise<void> => {
      const r = await fetch(`${mockBase}/_reset`, { method: 'POST' });
      if (r.status !== 204) throw new Error(`reset failed: ${r.status}`);
    };
    process.stderr.write(`${label}: ${mockBase}\n`);
    await reset();
    await cannon(`${mockBase}/pets`, { method: 'GET', duration: 2 }); // warm-up
    results[`${label} GET /pets`] = await cannon(`${mockBase}/pets`, { method: 'GET' });
    const rounds: Figures[] = [];
    await reset();
    await cannon(`${mockBase}/pets`, { method: 'POST', amount: 2000 }); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      await reset();
      rounds.push(await cannon(`${mockBase}/pets`, { method: 'POST', amount: room }));
    }
    results[`${label} POST /pets`] = combine(rounds);
    await reset();
  }

  // The server `npm start` runs (scripts/serve.ts): /api/mock goes from node:http straight to
  // the core; pages go through Astro's Node adapter.
  const site = await startSite();
  try {
    await measureMock(`${site.url}${MOCK_BASE}`, 'mock');
  } finally {
    await site.stop();
  }

  if (!opts['no-prism']) {
    process.stderr.write('prism: starting (npx --yes @stoplight/prism-cli@5)...\n');
    const prism = await startPrism();
    try {
      process.stderr.write(`prism: ${prism.url}\n`);
      await cannon(`${prism.url}/pets`, { method: 'GET', duration: 2 });
      results['prism GET /pets'] = await cannon(`${prism.url}/pets`, { method: 'GET' });
      await cannon(`${prism.url}/pets`, { method: 'POST', amount: 2000 });
      const rounds: Figures[] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await cannon(`${prism.url}/pets`, { method: 'POST', amount: room }));
      results['prism POST /pets'] = combine(rounds);
    } finally {
      await prism.stop();
    }
  }

  const core = { GET: await coreAlone('GET'), POST: await coreAlone('POST') };
  const lines = [
    `autocannon, ${CONNECTIONS} connections, loopback; GET ${DURATION} s; POST ${ROUNDS} rounds x ${room} creations (reset between rounds)`,
    `${'target'.padEnd(26)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(8)} ${'non2xx'.padStart(6)} ${'errors'.padStart(6)}`,
    ...Object.entries(results).map(([k, f]) => row(k, f)),
    ...Object.entries(core).map(
      ([m, c]) =>
        `core alone ${m} /pets: ${fmt(c.rps)} req/s sequential in-process, ${fmt(c.cpuUs, 1)} µs CPU per request (Request in, Response out, no HTTP)`,
    ),
  ];
  for (const m of ['GET', 'POST']) {
    const mock = results[`mock ${m} /pets`];
    const prism = results[`prism ${m} /pets`];
    if (mock && prism) {
      lines.push(
        `${m} /pets: mock/prism throughput ratio ${fmt(mock.rps / prism.rps, 2)}; mock p99 ${fmt(mock.p99, 1)} ms (target < 20 ms): ${mock.rps >= prism.rps && mock.p99 < 20 ? 'met' : 'MISSED'}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const failed = Object.entries(results).filter(([k, f]) => k.startsWith('mock') && (f.non2xx > 0 || f.errors > 0));
  if (failed.length > 0) {
    process.stderr.write(`non-2xx or errors from the mock: ${failed.map(([k]) => k).join(', ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
