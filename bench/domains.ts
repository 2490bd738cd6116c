// Benchmark of `docs-domains check` against a local Knot DNS (not a test: prints figures).
//
//   1. one domain's full DNS check as a process (`node tools/bin/docs-domains.mjs check D --json`), wall time
//      including process start; RUNS runs after one warm-up (the warm-up fills Node's compile cache);
//   2. 200 domains in one run: wall time and peak RSS of the child (GNU time's %M when /usr/bin/time exists,
//      else process.resourceUsage() of the child is not available, so RSS is left out), at several
//      --concurrency values to show the effect of bounded parallelism;
//   3. the same 200 domains with two resolvers (adds the propagation check);
//   4. the same 200 domains through a UDP relay that adds LATENCY ms each way to every query (a resolver on the
//      network rather than on loopback), at --concurrency 1 and 16: where bounded parallelism pays off.
//
// Targets: one check < 0.5 s, 200 domains < 5 s (printed beside the figures).
// Usage: node bench/domains.ts [--runs 10] [--domains 200] [--latency 10]
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { KNOTD, type Knot, startKnot } from '../tests/support/knot.ts';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    domains: { type: 'string', default: '200' },
    latency: { type: 'string', default: '10' },
  },
});
const LATENCY = Number(opts.latency);
const RUNS = Number(opts.runs);
const N = Number(opts.domains);
const BIN = fileURLToPath(new URL('../tools/bin/docs-domains.mjs', import.meta.url));
const TARGET = 'host.platform.test';
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

if (!KNOTD) {
  process.stderr.write('knotd not found: install the Debian package "knot" to run this benchmark\n');
  process.exit(1);
}

const SOA = (z: string) =>
  `$TTL 3600\n@ SOA ns.${z}. hostmaster.${z}. 1 3600 600 86400 300\n@ NS ns.${z}.\nns A 127.0.0.1\n`;
const names = Array.from({ length: N }, (_, i) => `d${i}.bench.test`);
const zones = {
  test: SOA('test'),
  'platform.test': `${SOA('platform.test')}host A 192.0.2.1\nhost AAAA 2001:db8::1\n`,
  // A mix like a real config: mostly correct CNAMEs, some wrong values, some conflicting A records, CAA at the apex.
  'bench.test': `${SOA('bench.test')}@ CAA 0 issue "letsencrypt.org"\n${names
    .map((n, i) => {
      const label = n.split('.')[0];
      if (i % 10 === 7) return `${label} A 198.51.100.${i % 250}\n`;
      if (i % 10 === 9) return `${label} CNAME old.platform.test.\n`;
      return `${label} CNAME ${TARGET}.\n`;
    })
    .join('')}`,
};

interface Run {
  ms: number;
  code: number | null;
  rssKb?: number;
  bytes: number;
}

function run(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const argv = GNU_TIME
      ? [GNU_TIME, '-f', '__RSS__ %M', process.execPath, BIN, ...args]
      : [process.execPath, BIN, ...args];
    const t0 = process.hrtime.bigint();
    const child = spawn(argv[0] as string, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const m = /__RSS__ (\d+)/.exec(err);
      resolve({ ms, code, rssKb: m ? Number(m[1]) : undefined, bytes });
    });
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { min: s[0] as number, median: q(0.5), max: s[s.length - 1] as number };
};
const f = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

/** A UDP relay on 127.0.0.1 that delays each query and each reply by `ms` before passing it on to `port`. */
async function startRelay(port: number, ms: number): Promise<{ resolver: string; close: () => void }> {
  const front = createSocket('udp4');
  await new Promise<void>((r) => front.bind(0, '127.0.0.1', () => r()));
  front.on('message', (msg, client) => {
    const back = createSocket('udp4');
    back.on('message', (reply) => {
      setTimeout(() => front.send(reply, client.port, client.address), ms);
      back.close();
    });
    setTimeout(() => back.send(msg, port, '127.0.0.1'), ms);
  });
  return { resolver: `127.0.0.1:${front.address().port}`, close: () => front.close() };
}

let knotA: Knot | undefined;
let knotB: Knot | undefined;
let relay: { resolver: string; close: () => void } | undefined;
try {
  knotA = await startKnot(zones);
  knotB = await startKnot(zones);
  const base = ['--target', TARGET, '--resolver', knotA.resolver, '--only', 'dns', '--json'];
  console.log(
    `docs-domains benchmark: Node ${process.version}, Knot on ${knotA.resolver} and ${knotB.resolver}, ${N} domains`,
  );

  // 1. One domain.
  await run(['check', names[0] as string, ...base]);
  const one: Run[] = [];
  for (let i = 0; i < RUNS; i++) one.push(await run(['check', names[0] as string, ...base]));
  const s1 = stats(one.map((r) => r.ms));
  console.log(
    `\n1 domain, full DNS check as a process (${RUNS} runs): median ${f(s1.median)}, min ${f(s1.min)}, max ${f(s1.max)}; exit ${one[0]?.code}; peak RSS ${one[0]?.rssKb ? `${Math.round(one[0].rssKb / 1024)} MB` : 'n/a'}  (target < 0.5 s)`,
  );

  // 2. Many domains in one run, at several concurrencies.
  console.log(`\n${N} domains in one run (wall time incl. process start, peak RSS):`);
  for (const c of [1, 16, 64]) {
    const rs: Run[] = [];
    for (let i = 0; i < 3; i++) rs.push(await run(['check', ...names, ...base, '--concurrency', String(c)]));
    const s = stats(rs.map((r) => r.ms));
    const rss = Math.max(...rs.map((r) => r.rssKb ?? 0));
    console.log(
      `  --concurrency ${String(c).padEnd(3)} median ${f(s.median)} (min ${f(s.min)}, max ${f(s.max)}), peak RSS ${rss ? `${Math.round(rss / 1024)} MB` : 'n/a'}, exit ${rs[0]?.code}, ${rs[0]?.bytes} bytes of JSON${c === 16 ? '  <- default (target < 5 s)' : ''}`,
    );
  }

  // 3. Two resolvers (propagation).
  const two: Run[] = [];
  for (let i = 0; i < 3; i++) two.push(await run(['check', ...names, ...base, '--resolver', knotB.resolver]));
  const s2 = stats(two.map((r) => r.ms));
  console.log(
    `\n${N} domains, two resolvers (adds propagation): median ${f(s2.median)} (min ${f(s2.min)}, max ${f(s2.max)}), peak RSS ${Math.round(Math.max(...two.map((r) => r.rssKb ?? 0)) / 1024)} MB`,
  );

  // 4. A resolver LATENCY ms away (each way).
  relay = await startRelay(knotA.port, LATENCY);
  console.log(`\n${N} domains through a relay adding ${LATENCY} ms each way (RTT ${2 * LATENCY} ms):`);
  for (const c of [1, 16]) {
    const r = await run([
      'check',
      ...names,
      '--target',
      TARGET,
      '--resolver',
      relay.resolver,
      '--only',
      'dns',
      '--json',
      '--concurrency',
      String(c),
    ]);
    console.log(
      `  --concurrency ${String(c).padEnd(3)} ${f(r.ms)}, peak RSS ${r.rssKb ? `${Math.round(r.rssKb / 1024)} MB` : 'n/a'}`,
    );
  }
} finally {
  relay?.close();
  await knotA?.stop();
  await knotB?.stop();
}
