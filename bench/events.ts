// Event APIs beside REST, figures beside their anchors measured in the same run:
//   1. build: the Petstore with four public event APIs (tests/fixtures/event-apis: MQTT streetlights 2.6,
//      Kraken WebSocket, AMQP RPC, Gitter streaming) warm, against the Petstore alone warm (budget: +60 % at most);
//   2. an operation page's JavaScript before interaction (gzip): the Petstore's listPets in the site with
//      event APIs against the same page in the Petstore's own site (budget: unchanged); and an event
//      operation page's (its try-it loader included) beside them;
//   3. the mock at 100 connections on loopback: WebSocket request/reply on the event mock (Kraken's ping →
//      pong, each connection sending its next ping when the pong arrives) against the REST mock's GET
//      /pets with autocannon, messages (requests) per second and p99 latency.
// Usage: node bench/events.ts [--no-build] [--seconds 10]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ROOT, startSite } from '../tests/support/server.ts';
import { loadAverage, ourBuildEnv, timedBuild } from './timed-build.ts';

const USAGE = `Usage: node bench/events.ts [--no-build] [--seconds N]

Event APIs beside REST, each figure beside its anchor measured in the same run:
  1. warm build of the Petstore with four public event APIs against the Petstore alone (budget +60 %);
  2. an operation page's JavaScript before interaction (gzip), listPets beside event APIs against the
     Petstore's own site (budget: unchanged), and an event operation page's;
  3. the mocks at 100 connections on loopback: event WebSocket ping/pong against REST GET /pets.

Options:
  --no-build    skip 1 and measure the builds already in .bench-dist/events/ (petstore, with-events)
  --seconds N   how long each mock load runs (default 10)
  --help        this text

Examples:
  node bench/events.ts
  node bench/events.ts --no-build --seconds 5`;

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean' },
    seconds: { type: 'string', default: '10' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!(Number(values.seconds) > 0)) {
  process.stderr.write(`--seconds: "${values.seconds}" is not a positive number\n\n${USAGE}\n`);
  process.exit(2);
}
const SECONDS = Number(values.seconds);
const CONNECTIONS = 100;
const LIST = join(ROOT, 'tests/fixtures/event-apis/apis.yaml');
const ALONE = '.bench-dist/events/petstore';
const WITH = '.bench-dist/events/with-events';
const say = (line: string) => process.stdout.write(`${line}\n`);

say(`load average before: ${loadAverage()}`);

if (!values['no-build']) {
  const build = async (dist: string, env: Record<string, string>, name: string) => {
    const spec = {
      cwd: ROOT,
      env: ourBuildEnv({ DIST_DIR: dist, BUILD_DATE: '2026-11-27', ...env }),
      log: join(ROOT, '.bench-dist/events/logs', `${name}.log`),
    };
    await timedBuild({ ...spec, clean: join(ROOT, dist) }); // cold, to fill the caches
    return timedBuild(spec); // warm
  };
  // The Petstore alone as a list of one, so both sites have the same URL layout and catalog code.
  mkdirSync(join(ROOT, '.bench-dist/events'), { recursive: true });
  const one = join(ROOT, '.bench-dist/events/petstore.yaml');
  writeFileSync(one, `- id: petstore\n  description: ${join(ROOT, 'spec/openapi.yaml')}\n  category: Public APIs\n`);
  const alone = await build(ALONE, { PETSTORE_APIS: one }, 'petstore');
  const withEvents = await build(WITH, { PETSTORE_APIS: LIST }, 'with-events');
  const ratio = withEvents.wall / alone.wall - 1;
  const cpuRatio = withEvents.cpu / alone.cpu - 1;
  const pct = (r: number) => `${r >= 0 ? '+' : ''}${(r * 100).toFixed(0)} %`;
  // Where each warm build's time goes: the end of each stage (s from the start, from the build's log), the
  // routes rendered and copied from the previous build, and whether the event descriptions were parsed.
  for (const [name, run] of [
    ['Petstore alone', alone],
    ['with event APIs', withEvents],
  ] as const) {
    const e = run.profile.ends;
    const at = (t: number | undefined) => (t === undefined ? '-' : `${t.toFixed(1)} s`);
    const events = /event descriptions: (.*)/.exec(readFileSync(join(ROOT, run.log), 'utf8'))?.[1];
    say(
      `  ${name}: setup ends ${at(e.setup)}, Vite ${at(e.vite)}, prerender ${at(e.prerender)}, hooks ${at(e.hooks)}; routes ${run.profile.pages.rendered} rendered, ${run.profile.pages.restored} copied${events ? `; event descriptions: ${events}` : ''}`,
    );
  }
  say(
    `warm build: Petstore alone ${alone.wall.toFixed(1)} s wall (${alone.cpu.toFixed(1)} s CPU); with four event APIs ${withEvents.wall.toFixed(1)} s wall (${withEvents.cpu.toFixed(1)} s CPU): wall ${pct(ratio)}, CPU ${pct(cpuRatio)} (budget +60 %: ${Math.max(ratio, cpuRatio) <= 0.6 ? 'within' : 'OVER'})`,
  );
}

/**
 * Gzip bytes of the scripts an HTML page loads before any interaction: its inline and external scripts and
 * every module they import statically (followed, each file counted once); dynamic `import()`s load later.
 */
function pageJs(client: string, page: string): number {
  const html = readFileSync(join(client, page), 'utf8');
  const seen = new Set<string>();
  let bytes = 0;
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    bytes += gzipSync(code, { level: 9 }).length;
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"`()]*?from\s*)?["']([^"']+\.js)["']/g)) {
      visit(join(dirname(file), m[1] as string));
    }
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) visit(join(client, src.split('?')[0] as string));
    else bytes += gzipSync(Buffer.from(m[2] ?? ''), { level: 9 }).length;
  }
  return bytes;
}
try {
  const own = pageJs(join(ROOT, ALONE, 'client'), 'reference/petstore/list-pets/index.html');
  const beside = pageJs(join(ROOT, WITH, 'client'), 'reference/petstore/list-pets/index.html');
  const event = pageJs(join(ROOT, WITH, 'client'), 'reference/kraken/receive-ping/index.html');
  say(
    `operation page JS before interaction (gzip): Petstore listPets alone ${own} B, beside event APIs ${beside} B (${beside === own ? 'unchanged' : `${beside - own > 0 ? '+' : ''}${beside - own} B`}); an event operation page ${event} B`,
  );
} catch (error) {
  say(`page JS: ${(error as Error).message} (build first, without --no-build)`);
}

// 3. The mocks on one server of the site with event APIs.
const site = await startSite({ DIST_DIR: WITH, PETSTORE_APIS: LIST, MOCK_RATE_LIMIT: '0' }, 120_000);
try {
  // Warm the event mock's load (its descriptions load on first use).
  await fetch(`${site.url}/api/mock/kraken/`, { method: 'POST', body: '{"event":"ping","reqid":1}' });
  const rest = await autocannon({
    url: `${site.url}/api/mock/petstore/pets`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: 'Bearer bench' },
  });
  say(
    `REST mock GET /pets, ${CONNECTIONS} connections, ${SECONDS} s: ${Math.round(rest.requests.total / rest.duration)} requests/s, p99 ${rest.latency.p99} ms (non-2xx ${rest.non2xx})`,
  );
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      (_, c) =>
        new Promise<void>((resolve) => {
          const ws = new WebSocket(`${site.url.replace(/^http/, 'ws')}/api/mock/kraken/?access_token=bench-${c}`);
          let sentAt = 0;
          let reqid = 0;
          const next = () => {
            if (performance.now() > deadline) {
              ws.close();
              return;
            }
            sentAt = performance.now();
            ws.send(JSON.stringify({ event: 'ping', reqid: ++reqid }));
          };
          ws.addEventListener('open', next);
          ws.addEventListener('message', (e) => {
            const frame = JSON.parse(String(e.data)) as { event: string };
            if (frame.event !== 'pong') return;
            latencies.push(performance.now() - sentAt);
            next();
          });
          ws.addEventListener('error', () => {
            errors++;
            resolve();
          });
          ws.addEventListener('close', () => resolve());
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  say(
    `event mock WebSocket ping → pong, ${CONNECTIONS} connections, ${SECONDS} s: ${Math.round(latencies.length / seconds)} messages/s (replies), p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms (errors ${errors})`,
  );
} finally {
  await site.stop();
}
say(`load average after: ${loadAverage()}`);
