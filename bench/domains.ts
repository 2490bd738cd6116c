// Benchmark of `docs-domains` against Knot DNS and TLS/HTTP servers on loopback (not a test: prints figures).
//
//   0. `validate` of the benchmark's config (1,000 redirects) and of site/domains.yaml as a process, from the
//      bundle (tools/docs-domains/dist/, `npm run build:cli`) and from the TypeScript sources
//      (DOCS_DOMAINS_SOURCE=1), beside the anchor measured in the same run: `node -e 0`, Node's own start;
//   1. one domain, every group that applies (dns; tls; http, since the domain is a redirect `from` of the config),
//      as a process (`node tools/bin/docs-domains.mjs check D --json`): wall time including process start, RUNS
//      runs after one warm-up (the warm-up fills Node's compile cache), and peak RSS (GNU time's %M);
//   2. N domains (default 1,000) in one process, every group: wall time and peak RSS, 3 runs; and DNS only;
//   3. the anchor, measured in the same run: `dig -f` asking Knot the same DNS questions the dns group asks (one
//      dig process, questions one after another), for 1 domain and for N.
//
// The TLS and HTTP servers run in this process (one certificate for *.bench.test, trusted with --ca-file; every
// `from` redirects with 301 to https://docs.bench.test/ keeping path and query), and every connection goes to
// them with --connect 127.0.0.1, so they share the 2 CPUs with the measured process.
//
// Budgets (whole processes): validate ≤ 0.1 s, one domain's check ≤ 0.2 s, set where `node -e 0` took 0.03 s, so
// each of those figures is also printed as Node's start (the anchor's median) plus ours, beside ours' share of the
// budget; 1,000 domains ≤ 150 MB peak RSS with the default concurrency (16).
// The bundle is built first when it is missing or stale.
// Usage: node bench/domains.ts [--runs 10] [--domains 1000]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { KNOTD, type Knot, startKnot } from '../tests/support/knot.ts';
import { TestPki } from '../tests/support/pki.ts';
import { median } from './stats.ts';

const built = spawnSync(process.execPath, [fileURLToPath(new URL('../scripts/build-cli.mjs', import.meta.url))], {
  encoding: 'utf8',
});
if (built.status !== 0) {
  process.stderr.write(`npm run build:cli failed:\n${built.stderr}`);
  process.exit(1);
}

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    domains: { type: 'string', default: '1000' },
  },
});
const RUNS = Number(opts.runs);
const N = Number(opts.domains);
const BIN = fileURLToPath(new URL('../tools/bin/docs-domains.mjs', import.meta.url));
const TARGET = 'host.platform.test';
const PRIMARY = 'docs.bench.test';
const GNU_TIME = spawnSync('sh', ['-c', 'command -v /usr/bin/time']).status === 0 ? '/usr/bin/time' : undefined;
const DIG = spawnSync('sh', ['-c', 'command -v dig']).stdout?.toString().trim() || undefined;

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
  'bench.test': `${SOA('bench.test')}@ CAA 0 issue "letsencrypt.org"\ndocs CNAME ${TARGET}.\n${names
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

/** Runs `cmd args` (under GNU time for the peak RSS when `rss`) and measures its wall time. */
function run(cmd: string, args: string[], rss = true, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const argv = GNU_TIME && rss ? [GNU_TIME, '-f', '__RSS__ %M', cmd, ...args] : [cmd, ...args];
    const t0 = process.hrtime.bigint();
    const child = spawn(argv[0] as string, argv.slice(1), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
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
  return { min: s[0] as number, median: median(s), max: s[s.length - 1] as number };
};
const f = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
const mb = (rs: Run[]) => {
  const kb = Math.max(...rs.map((r) => r.rssKb ?? 0));
  return kb ? `${Math.round(kb / 1024)} MB` : 'n/a';
};

/** The questions the dns group asks for a subdomain (the parents of the CAA climb once: they are cached). */
function digBatch(domains: readonly string[], port: number): string {
  const q = (name: string, type: string) => `@127.0.0.1 -p ${port} +tries=1 +time=2 +noall +answer ${name} ${type}\n`;
  let s = q('bench.test', 'CAA') + q('test', 'CAA') + q(TARGET, 'A');
  for (const d of domains) for (const t of ['SOA', 'CNAME', 'A', 'AAAA', 'MX', 'TXT', 'NS', 'CAA', 'SRV']) s += q(d, t);
  return s;
}

const redirect = (req: IncomingMessage, res: ServerResponse) => {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (host === PRIMARY) res.writeHead(200, { 'content-type': 'text/plain' }).end('docs');
  else res.writeHead(301, { location: `https://${PRIMARY}${req.url ?? '/'}` }).end();
};

const tmp = mkdtempSync(join(tmpdir(), 'docs-domains-bench-'));
const pki = new TestPki();
let knot: Knot | undefined;
const servers: { close: () => void }[] = [];
try {
  knot = await startKnot(zones);
  const pair = pki.leaf('bench', ['*.bench.test', 'bench.test']);
  const https = createHttpsServer({ key: pair.key, cert: pair.cert }, redirect);
  const http = createHttpServer(redirect);
  for (const s of [https, http]) {
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
    servers.push(s);
  }
  const config = join(tmp, 'domains.yaml');
  writeFileSync(
    config,
    `domains:\n  platformHost: ${TARGET}\n  primary: ${PRIMARY}\n  redirects:\n${names.map((n) => `    - {from: ${n}, to: ${PRIMARY}, status: 301}\n`).join('')}`,
  );
  const all = [
    '--config',
    config,
    '--resolver',
    knot.resolver,
    '--connect',
    '127.0.0.1',
    '--port',
    String((https.address() as AddressInfo).port),
    '--http-port',
    String((http.address() as AddressInfo).port),
    '--ca-file',
    pki.caFile,
    '--json',
  ];
  const dnsOnly = ['--config', config, '--resolver', knot.resolver, '--only', 'dns', '--json'];
  console.log(
    `docs-domains benchmark: Node ${process.version}, Knot on ${knot.resolver}, TLS/HTTP servers on 127.0.0.1, ${N} domains${DIG ? `, ${spawnSync(DIG, ['-v']).stderr.toString().trim()}` : ', dig not found'}`,
  );

  const node = process.execPath;
  /**
   * RUNS runs after one warm-up (which fills Node's compile cache), each right after a `node -e 0` (Node's own start,
   * the anchor): the wall-time statistics, and ours, the median of the differences of each pair, so that a load that
   * changes during the benchmark weighs on both sides of each difference alike.
   */
  const timed = async (args: string[], env: Record<string, string> = {}) => {
    await run(node, args, false, env);
    const rs: Run[] = [];
    const starts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      starts.push((await run(node, ['-e', '0'], false)).ms);
      rs.push(await run(node, args, true, env));
    }
    return {
      ...stats(rs.map((r) => r.ms)),
      rss: mb(rs),
      code: rs[0]?.code,
      start: stats(starts).median,
      ours: stats(rs.map((r, i) => r.ms - (starts[i] as number))).median,
    };
  };
  const line = (x: Awaited<ReturnType<typeof timed>>) =>
    `median ${f(x.median)}, min ${f(x.min)}, max ${f(x.max)}; peak RSS ${x.rss}; exit ${x.code}`;
  /**
   * A whole-process figure as Node's start plus ours: the budgets were set where `node -e 0` took 0.03 s, so on a
   * slower or busier machine compare our part with the budget minus 0.03 s.
   */
  const split = (x: Awaited<ReturnType<typeof timed>>, budgetS: number) =>
    `= node's start ${f(x.start)} (node -e 0, run before each) + ours ${f(x.ours)} (median of the pairs; budget ≤ ${budgetS} s where node -e 0 takes 0.03 s: ours ≤ ${(budgetS - 0.03).toFixed(2)} s)`;

  // 0. validate, and Node's own start as the anchor.
  const anchor = await timed(['-e', '0']);
  console.log(`\nanchor: node -e 0 (${RUNS} runs):                     ${line(anchor)}`);
  const SOURCE = { DOCS_DOMAINS_SOURCE: '1' };
  const shipped = fileURLToPath(new URL('../site/domains.yaml', import.meta.url));
  for (const [what, file] of [
    ['site/domains.yaml', shipped],
    [`the benchmark's config (${N} redirects)`, config],
  ] as const) {
    console.log(`validate ${what}:`);
    const bundled = await timed([BIN, 'validate', '--config', file]);
    console.log(`  bundle:  ${line(bundled)}`);
    console.log(`           ${split(bundled, 0.1)}`);
    console.log(`  sources: ${line(await timed([BIN, 'validate', '--config', file], SOURCE))}`);
  }

  // 1. One domain, every group.
  const one = names[0] as string;
  const s1 = await timed([BIN, 'check', one, ...all]);
  console.log(`\n1 domain, dns + tls + http, one process (${RUNS} runs): ${line(s1)}`);
  console.log(`  ${split(s1, 0.2)}`);
  console.log(
    `1 domain, dns + tls + http, from the sources: ${line(await timed([BIN, 'check', one, ...all], SOURCE))}`,
  );
  const onesDns: Run[] = [];
  for (let i = 0; i < RUNS; i++) onesDns.push(await run(node, [BIN, 'check', one, ...dnsOnly]));
  const s1d = stats(onesDns.map((r) => r.ms));
  console.log(`1 domain, dns only:           median ${f(s1d.median)}, min ${f(s1d.min)}, max ${f(s1d.max)}`);
  if (DIG) {
    const file1 = join(tmp, 'one.dig');
    writeFileSync(file1, digBatch([one], knot.port));
    const digs: Run[] = [];
    for (let i = 0; i < RUNS; i++) digs.push(await run(DIG, ['-f', file1], false));
    const sd = stats(digs.map((r) => r.ms));
    console.log(
      `  anchor: dig -f, the same ${digBatch([one], knot.port).split('\n').length - 1} DNS questions, one process: median ${f(sd.median)}, min ${f(sd.min)}, max ${f(sd.max)}`,
    );
  }

  // 2. N domains in one process.
  console.log(`\n${N} domains in one process, --concurrency 16 (3 runs each; wall time incl. process start):`);
  const many: Run[] = [];
  for (let i = 0; i < 3; i++) many.push(await run(node, [BIN, 'check', ...all]));
  const sm = stats(many.map((r) => r.ms));
  console.log(
    `  dns + tls + http: median ${f(sm.median)} (min ${f(sm.min)}, max ${f(sm.max)}), peak RSS ${mb(many)}, exit ${many[0]?.code}, ${many[0]?.bytes} bytes of JSON  (budget ≤ 150 MB)`,
  );
  const manyDns: Run[] = [];
  for (let i = 0; i < 3; i++) manyDns.push(await run(node, [BIN, 'check', ...dnsOnly]));
  const smd = stats(manyDns.map((r) => r.ms));
  console.log(
    `  dns only:         median ${f(smd.median)} (min ${f(smd.min)}, max ${f(smd.max)}), peak RSS ${mb(manyDns)}`,
  );
  if (DIG) {
    const fileN = join(tmp, 'many.dig');
    const batch = digBatch([PRIMARY, ...names], knot.port);
    writeFileSync(fileN, batch);
    const d = await run(DIG, ['-f', fileN], true);
    console.log(
      `  anchor: dig -f, the same ${batch.split('\n').length - 1} DNS questions one after another: ${f(d.ms)}, peak RSS ${mb([d])}`,
    );
  }
} finally {
  for (const s of servers) s.close();
  await knot?.stop();
  pki.cleanup();
  rmSync(tmp, { recursive: true, force: true });
}
