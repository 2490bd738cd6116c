// Benchmark of the mock API (not a test: prints figures). Starts the built site the way
// `npm start` does (scripts/serve.ts over dist/, rate limit and sandboxes on, as in production),
// Stoplight Prism (`npx --yes @stoplight/prism-cli@5 mock`) and Scalar's mock server
// (`@scalar/mock-server` on `@hono/node-server`, installed into a temporary folder), all three
// fetched from the npm registry at bench time, not dependencies, on 127.0.0.1, and measures with
// autocannon at 50 connections:
//
//   GET  /pets  for DURATION seconds, seeded state (6 pets, default page of 20);
//   POST /pets  (valid NewPet) in ROUNDS rounds of 9,994 creations.
//
// Requests are spread over TOKENS bearer tokens (each gets its own sandbox, created on its first
// request, and its own rate window), so the rate limit (600 per minute per token) is counted on
// every request but never reached; every POST round uses fresh tokens, so every request measured
// is a 201 creation. Prism and Scalar's mock get the same requests (they keep no state).
//
// The same server again with its sandboxes and rate windows in Redis (PETSTORE_MOCK_STORE, a
// redis-server started on a free loopback port without persistence, as the integration tests start
// it): "mock+redis", beside the in-memory "mock" (budgets: GET >= 0.5x in-memory and >= 1.5x Prism,
// POST >= 1x Prism). The load average is printed before and after: other work on the machine moves
// every figure.
//
// `--memory`: a fresh server, then TOKENS_MEMORY (10,000) distinct tokens each making 10 requests
// (1 POST, 9 GET): the server's resident memory before and after, read from /proc; the same for a
// server on Redis.
//
// Usage: node bench/mock.ts [--duration 10] [--rounds 3] [--connections 50] [--tokens 1000]
//                           [--no-prism] [--no-scalar] [--no-redis] [--memory] [--only-memory]
// Prints req/s, p50 and p99 latency (ms) per target and the mock/Prism throughput ratio.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { DEFAULT_SANDBOX_LIMITS } from '../site/mock/access/sandboxes.ts';
import { MOCK_BASE } from '../site/mock/hosts/mount.ts';
import { DEFAULT_CAPS } from '../site/mock/petstore/store.ts';
import { type Redis, startRedis } from '../tests/support/redis.ts';
import { freePort, ROOT, startSite } from '../tests/support/server.ts';
import { median } from './stats.ts';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    tokens: { type: 'string', default: '1000' },
    'no-prism': { type: 'boolean', default: false },
    'no-scalar': { type: 'boolean', default: false },
    'no-redis': { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    'only-memory': { type: 'boolean', default: false },
  },
});
const DURATION = Number(opts.duration);
const ROUNDS = Number(opts.rounds);
const CONNECTIONS = Number(opts.connections);
const TOKENS = Number(opts.tokens);
const TOKENS_MEMORY = 10_000;
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

let tokenRound = 0;

async function cannon(
  url: string,
  init: { method: 'GET' | 'POST' | 'OPTIONS'; duration?: number; amount?: number; tokens?: number },
): Promise<Figures> {
  // A fresh set of tokens per call: POST rounds start from empty sandboxes.
  const prefix = `bench-${process.pid}-${tokenRound++}`;
  const tokens = init.tokens ?? TOKENS;
  let n = 0;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    method: init.method,
    headers:
      init.method === 'POST' ? { authorization: AUTH, 'content-type': 'application/json' } : { authorization: AUTH },
    body: init.method === 'POST' ? NEW_PET : undefined,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${prefix}-${n++ % tokens}` },
        }),
      },
    ],
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
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: median(rounds.map((r) => r.p50)),
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
  const { loadDescription } = await import('../descriptions/loader/index.ts');
  const { SPEC_PATH } = await import('../spec/path.ts');
  // The Petstore's own description: the requests below are its operations.
  const mock = await createMock(await loadDescription(SPEC_PATH), { basePath: MOCK_BASE });
  let i = 0;
  // Spread over TOKENS tokens as the HTTP runs are: sandboxes and rate windows are on.
  const make = (): Request => {
    const authorization = `Bearer core-${i++ % TOKENS}`;
    return method === 'GET'
      ? new Request(`http://127.0.0.1${MOCK_BASE}/pets`, { headers: { authorization } })
      : new Request(`http://127.0.0.1${MOCK_BASE}/pets`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: NEW_PET,
        });
  };
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

/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

/**
 * Scalar's mock server on a free port: `@scalar/mock-server` and `@hono/node-server` installed
 * into a temporary folder (once), run by a three-line script.
 */
async function startScalar(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = join(tmpdir(), 'petstore-bench-scalar');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'node_modules', '@scalar', 'mock-server'))) {
    const r = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefix', dir, '@scalar/mock-server@0.14', '@hono/node-server@2'],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (r.status !== 0) throw new Error('npm install @scalar/mock-server failed');
  }
  const runner = join(dir, 'run.mjs');
  writeFileSync(
    runner,
    [
      "import { readFileSync } from 'node:fs';",
      "import { serve } from '@hono/node-server';",
      "import { createMockServer } from '@scalar/mock-server';",
      "const app = await createMockServer({ document: readFileSync(process.argv[2], 'utf8'), logger: false });",
      "serve({ fetch: app.fetch, port: Number(process.argv[3]), hostname: '127.0.0.1' });",
    ].join('\n'),
  );
  const port = await freePort();
  const child = spawn(process.execPath, [runner, join(ROOT, 'spec/openapi.yaml'), String(port)], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`scalar mock exited (${child.exitCode})`);
    try {
      await fetch(`${url}/pets`, { headers: { authorization: AUTH }, signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('scalar mock did not answer within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The core alone: heap growth after GC for TOKENS_MEMORY tokens x (1 POST + 9 GET). */
async function heapAfterTokens(redis?: Redis): Promise<{ delta: number; sandboxes: number; storeBytes: number }> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const { createMock } = await import('../site/mock/index.ts');
  const { redisStore } = await import('../site/mock/hosts/redis-store.ts');
  const { loadDescription } = await import('../descriptions/loader/index.ts');
  const { SPEC_PATH } = await import('../spec/path.ts');
  // With Redis: the instance keeps only its bounded cache (site/mock/hosts/redis-store.ts).
  const store = redis ? redisStore({ url: redis.url, prefix: 'bench-heap:' }) : undefined;
  if (store) await store.connected;
  // The Petstore's own description: the requests below are its operations.
  const mock = await createMock(await loadDescription(SPEC_PATH), { basePath: MOCK_BASE, ...(store ? { store } : {}) });
  const request = (token: string, post: boolean): Request =>
    new Request(`http://127.0.0.1${MOCK_BASE}/pets`, {
      method: post ? 'POST' : 'GET',
      headers: { authorization: `Bearer heap-${token}`, 'content-type': 'application/json' },
      body: post ? NEW_PET : undefined,
    });
  for (let i = 0; i < 100; i++) await (await mock.handle(request('warm', i === 0))).text();
  mock.reset();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let t = 0; t < TOKENS_MEMORY; t++) {
    for (let i = 0; i < 10; i++) await (await mock.handle(request(String(t), i === 0))).text();
  }
  gc();
  const stats = mock.stats();
  await store?.close();
  return { delta: process.memoryUsage().heapUsed - before, sandboxes: stats.sandboxes, storeBytes: stats.storeBytes };
}

/**
 * Memory of a fresh server before and after TOKENS_MEMORY tokens made 10 requests each.
 * @param redis when given, the server keeps its sandboxes there (only its bounded cache in memory)
 */
async function measureMemory(redis?: Redis): Promise<string[]> {
  const site = await startSite(redis ? { PETSTORE_MOCK_STORE: redis.url } : {});
  try {
    const pid = site.process.pid as number;
    const base = `${site.url}${MOCK_BASE}/pets`;
    // Warm-up on a few tokens (compiles validators and JIT paths), then the anchor.
    await cannon(base, { method: 'GET', amount: 2000, tokens: 10 });
    await cannon(base, { method: 'POST', amount: 200, tokens: 10 });
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssOf(pid);
    const t0 = performance.now();
    // Each token: one POST (its sandbox gets its own store), then nine GETs.
    await cannon(base, { method: 'POST', amount: TOKENS_MEMORY, tokens: TOKENS_MEMORY });
    const gets = await cannon(base, { method: 'GET', amount: TOKENS_MEMORY * 9, tokens: TOKENS_MEMORY });
    const seconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssOf(pid);
    const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;
    if (redis) {
      const heap = await heapAfterTokens(redis);
      return [
        `memory, sandboxes in Redis: ${TOKENS_MEMORY} tokens x 10 requests (${fmt(seconds, 1)} s, GET non2xx ${gets.non2xx}): server RSS before ${mib(before)}, after ${mib(after)}: +${mib(after - before)}, ${fmt((after - before) / TOKENS_MEMORY)} bytes per token (RSS keeps garbage not yet collected)`,
        `  the core alone on Redis, same traffic in-process: heap after GC +${mib(heap.delta)} (${fmt(heap.delta / TOKENS_MEMORY)} bytes per token); cache ${heap.sandboxes} sandboxes, estimated ${mib(heap.storeBytes)} (heap bound 32 MiB)`,
      ];
    }
    const heap = await heapAfterTokens();
    return [
      `memory: ${TOKENS_MEMORY} tokens x 10 requests (1 POST + 9 GET each, ${fmt(seconds, 1)} s, GET non2xx ${gets.non2xx}):`,
      `  server RSS before ${mib(before)} (anchor, after warm-up), after ${mib(after)}: +${mib(after - before)}, ${fmt((after - before) / TOKENS_MEMORY)} bytes per token (RSS keeps garbage not yet collected)`,
      `  the core alone, same traffic in-process: heap after GC +${mib(heap.delta)} (${fmt(heap.delta / TOKENS_MEMORY)} bytes per token); ${heap.sandboxes} sandboxes, estimated store bytes ${mib(heap.storeBytes)} (budget ${mib(DEFAULT_SANDBOX_LIMITS.maxStoreBytes)})`,
    ];
  } finally {
    await site.stop();
  }
}

async function main(): Promise<void> {
  // `astro` comes from node_modules/.bin, as under `npm run`.
  process.env.PATH = [join(ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter);
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  buildIfStale(ROOT);
  const results: Record<string, Figures> = {};
  const room = DEFAULT_CAPS.pets - SEEDED_PETS;
  const lines: string[] = [];
  const load = (): string =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  const loadBefore = load();
  const redis = opts['no-redis'] ? undefined : await startRedis();
  // A failed run must not leave its redis-server behind (stop() sends SIGTERM at once).
  process.once('exit', () => {
    void redis?.stop();
  });

  /** GET for DURATION, then POST rounds of `room` creations, each round on fresh tokens. */
  async function measure(base: string, label: string): Promise<void> {
    process.stderr.write(`${label}: ${base}\n`);
    await cannon(`${base}/pets`, { method: 'GET', duration: 2 }); // warm-up
    results[`${label} GET /pets`] = await cannon(`${base}/pets`, { method: 'GET' });
    await measurePosts(base, label);
  }

  /** POST rounds of `room` creations, each round on fresh tokens, after a warm-up. */
  async function measurePosts(base: string, label: string): Promise<void> {
    await cannon(`${base}/pets`, { method: 'POST', amount: 2000 }); // warm-up
    const rounds: Figures[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await cannon(`${base}/pets`, { method: 'POST', amount: room }));
    results[`${label} POST /pets`] = combine(rounds);
  }

  if (!opts['only-memory']) {
    // The server `npm start` runs (scripts/serve.ts): /api/mock goes from node:http straight to
    // the core, with sandboxes and the rate limit on; beside it the same server with its sandboxes
    // and rate windows in Redis. Both run at once and their GET figures are taken in alternate
    // slices (in-memory, Redis, in-memory, Redis), so a change of the machine's load during the run
    // weighs on both alike.
    const site = await startSite();
    const onRedis = redis ? await startSite({ PETSTORE_MOCK_STORE: redis.url }) : undefined;
    try {
      const targets: [string, string][] = [[`${site.url}${MOCK_BASE}`, 'mock']];
      if (onRedis) targets.push([`${onRedis.url}${MOCK_BASE}`, 'mock+redis']);
      for (const [base, label] of targets) {
        process.stderr.write(`${label}: ${base}\n`);
        await cannon(`${base}/pets`, { method: 'GET', duration: 2 }); // warm-up
      }
      const slices = new Map<string, Figures[]>();
      for (let slice = 0; slice < 2; slice++) {
        for (const [base, label] of targets) {
          const f = await cannon(`${base}/pets`, { method: 'GET', duration: DURATION / 2 });
          slices.set(label, [...(slices.get(label) ?? []), f]);
        }
      }
      for (const [label, figures] of slices) results[`${label} GET /pets`] = combine(figures);
      for (const [base, label] of targets) await measurePosts(base, label);
    } finally {
      await site.stop();
      await onRedis?.stop();
    }

    if (!opts['no-prism']) {
      process.stderr.write('prism: starting (npx --yes @stoplight/prism-cli@5)...\n');
      const prism = await startPrism();
      try {
        await measure(prism.url, 'prism');
      } finally {
        await prism.stop();
      }
    }

    if (!opts['no-scalar']) {
      process.stderr.write('scalar: starting (@scalar/mock-server@0.14)...\n');
      try {
        const scalar = await startScalar();
        try {
          await measure(scalar.url, 'scalar');
        } finally {
          await scalar.stop();
        }
      } catch (err) {
        lines.push(`scalar mock server: not measured (${err instanceof Error ? err.message : String(err)})`);
      }
    }

    const core = { GET: await coreAlone('GET'), POST: await coreAlone('POST') };
    lines.unshift(
      `autocannon, ${CONNECTIONS} connections, loopback, requests spread over ${TOKENS} tokens (rate limit and sandboxes on); GET ${DURATION} s (the two mock servers in alternate slices of ${DURATION / 2} s); POST ${ROUNDS} rounds x ${room} creations (fresh tokens each round)`,
      `${'target'.padEnd(26)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(8)} ${'non2xx'.padStart(6)} ${'errors'.padStart(6)}`,
      ...Object.entries(results).map(([k, f]) => row(k, f)),
      ...Object.entries(core).map(
        ([m, c]) =>
          `core alone ${m} /pets: ${fmt(c.rps)} req/s sequential in-process, ${fmt(c.cpuUs, 1)} µs CPU per request (Request in, Response out, no HTTP)`,
      ),
    );
    for (const m of ['GET', 'POST']) {
      const mock = results[`mock ${m} /pets`];
      for (const other of ['prism', 'scalar']) {
        const o = results[`${other} ${m} /pets`];
        if (mock && o)
          lines.push(`${m} /pets: mock/${other} throughput ratio ${fmt(mock.rps / o.rps, 2)} (target >= 3 vs prism)`);
      }
      if (mock) lines.push(`${m} /pets: mock p99 ${fmt(mock.p99, 1)} ms (target GET <= 10 ms)`);
      const onRedis = results[`mock+redis ${m} /pets`];
      const prism = results[`prism ${m} /pets`];
      if (onRedis && mock) {
        lines.push(
          `${m} /pets with Redis: ${fmt(onRedis.rps)} req/s = ${fmt(onRedis.rps / mock.rps, 2)}x in-memory${m === 'GET' ? ' (budget >= 0.5x)' : ''}${prism ? `, ${fmt(onRedis.rps / prism.rps, 2)}x Prism (budget >= ${m === 'GET' ? '1.5' : '1'}x)` : ''}; p99 ${fmt(onRedis.p99, 1)} ms with Redis beside ${fmt(mock.p99, 1)} ms in memory`,
        );
      }
    }
  }
  if (opts.memory || opts['only-memory']) {
    // The throughput figures first: a memory run that fails (a server slow to start on a loaded
    // machine) must not take them with it.
    process.stdout.write(`${lines.splice(0).join('\n')}\n`);
    for (const store of redis ? [undefined, redis] : [undefined]) {
      try {
        lines.push(...(await measureMemory(store)));
      } catch (err) {
        lines.push(
          `memory${store ? ' (Redis)' : ''}: not measured (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
        );
      }
    }
  }
  await redis?.stop();
  lines.push(`load average (1, 5, 15 min) before ${loadBefore}; after ${load()} (2 vCPUs shared)`);
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
