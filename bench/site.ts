// Benchmark of the docs site's reference (prints figures; never run by the tests). Each figure of the
// static reference is printed beside the same figure for the Scalar explorer, measured in the same run.
//
//   1. build: wall time and peak RSS of `astro build`'s process tree (bench/timed-build.ts), for the description given: cold (every
//      cache of the site cleared, then what `npm ci` prepares: Scalar's bundles, timed apart; as a fresh
//      clone or a CI run without a cache), every page rendered
//      (`--force`, the other caches warm) and rebuilt unchanged (Astro's incremental build), beside a
//      Starlight site with starlight-openapi on the same description built in the same run (the ratios);
//   2. bytes before interaction: JS, CSS and HTML an operation page, the index and the explorer load,
//      from the network in headless Chromium (gzip: zlib level 9 of each body, as a host serves it);
//   3. try-it cost: what the first click on "Try it" loads, and what an x-hideTryItPanel page loads
//      for try-it (should be nothing);
//   4. operation page HTML over every operation page in the build (gzip, median and largest);
//   5. first operation content visible on Slow 4G (150 ms RTT, 1.6 Mbit/s down, 4× CPU slowdown),
//      and unthrottled, median of RUNS loads;
//   6. Lighthouse mobile performance and accessibility (`npx lighthouse@12`, system Chromium).
//
// Run:
//   node bench/site.ts                      Petstore spec (spec/openapi.yaml)
//   node bench/site.ts --spec FILE          another description (JSON or YAML), e.g. GitHub's REST
//                                           description: npm i --no-save --prefix /tmp/octo @octokit/openapi
//                                           then --spec /tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json
//   flags: --no-build (use dist/), --no-lighthouse, --runs N (default 5), --build-runs N (builds of each
//          site, alternated; the median is printed; default 1), --build-only (figure 1 only)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_OUT_DIR } from '../site/integrations/incremental-build.ts';
import { CHROMIUM_PATH, launchBrowser } from '../tests/support/chromium.ts';
import { ROOT, startSite } from '../tests/support/server.ts';
import { peerBuildEnv, peerProject } from './build-inputs.ts';
import { clearSiteCaches, prepareAsNpmCi } from './fresh-clone.ts';
import { median } from './stats.ts';
import { ourBuildEnv, timedBuild } from './timed-build.ts';

const { values: opts } = parseArgs({
  options: {
    spec: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'build-runs': { type: 'string', default: '1' },
    'build-only': { type: 'boolean', default: false },
  },
});
const RUNS = Number(opts.runs);
const BUILD_RUNS = Number(opts['build-runs']);
const specFile = opts.spec ? resolve(opts.spec) : undefined;
const env: Record<string, string> = specFile ? { PETSTORE_SPEC: specFile } : {};

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const row = (cells: string[], widths: number[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 12)).join('  ');

// 1. Build, beside the closest peer: a Starlight site with the starlight-openapi plugin (a dev
// dependency) on the same description, built in the same run, alternately, BUILD_RUNS times each.

const LOGS = join(ROOT, '.bench-dist', 'site', 'logs');
let builds = 0;
/** Wall seconds and peak RSS (MB) of the process tree of `astro build` in `cwd` (timed-build.ts). */
async function build(
  cwd: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Promise<{ wall: number; rssMb: number }> {
  const run = await timedBuild({ cwd, env, args, log: join(LOGS, `build-${++builds}.log`) });
  return { wall: run.wall, rssMb: Math.max(run.treeMb, run.largestMb) };
}

if (!opts['no-build']) {
  // Ours three times per run: cold (node_modules/.cache/petstore-docs and the pages Astro's incremental
  // build kept for dist/ removed first, then Scalar's bundles made as `npm ci` makes them, timed apart:
  // a fresh clone), every page rendered (`--force`: what a build
  // after a change of the description does, the other caches as the cold build left them), then again
  // with nothing changed (the generated pages copied by Astro's incremental build).
  const cold: { wall: number; rssMb: number }[] = [];
  const prepare: number[] = [];
  const forced: { wall: number; rssMb: number }[] = [];
  const ours: { wall: number; rssMb: number }[] = [];
  const peer: { wall: number; rssMb: number }[] = [];
  const peerDir = peerProject(
    specFile ?? join(ROOT, 'spec', 'openapi.yaml'),
    join(ROOT, '.bench-dist', 'site', 'peer'),
  );
  try {
    for (let i = 0; i < BUILD_RUNS; i++) {
      // Ours with the environment `npm run build` gives it (scripts/build-env.mjs).
      clearSiteCaches([process.env.DIST_DIR || DEFAULT_OUT_DIR]);
      prepare.push(prepareAsNpmCi());
      cold.push(await build(ROOT, ourBuildEnv(env)));
      forced.push(await build(ROOT, ourBuildEnv(env), ['--force']));
      ours.push(await build(ROOT, ourBuildEnv(env)));
      peer.push(await build(peerDir, peerBuildEnv()));
    }
  } finally {
    rmSync(peerDir, { recursive: true, force: true });
  }
  const [load1] = loadavg();
  const c = median(cold.map((b) => b.wall));
  const f = median(forced.map((b) => b.wall));
  const o = median(ours.map((b) => b.wall));
  const p = median(peer.map((b) => b.wall));
  const peak = (bs: { rssMb: number }[]): string => `${Math.max(...bs.map((b) => b.rssMb)).toFixed(0)} MB`;
  console.log(
    `build (${specFile ?? 'spec/openapi.yaml'}), median of ${BUILD_RUNS}, load average ${load1?.toFixed(1)} on ${availableParallelism()} cores:`,
  );
  const widths = [56, 10, 10];
  console.log(row(['', 'wall', 'peak RSS'], widths));
  console.log(row(["npm ci's prepare step: Scalar's bundles", `${median(prepare).toFixed(1)} s`, ''], widths));
  console.log(row(['ours, cold (no cache: a fresh clone after npm ci)', `${c.toFixed(1)} s`, peak(cold)], widths));
  console.log(row(['ours, every page rendered (npm run build -- --force)', `${f.toFixed(1)} s`, peak(forced)], widths));
  console.log(row(['ours, rebuild of the same description (npm run build)', `${o.toFixed(1)} s`, peak(ours)], widths));
  console.log(row(['starlight-openapi (same description)', `${p.toFixed(1)} s`, peak(peer)], widths));
  console.log(
    `ratio ours / starlight-openapi: ${(c / p).toFixed(2)}× cold, ${(f / p).toFixed(2)}× every page rendered, ${(o / p).toFixed(2)}× rebuild (budget ≤ 2×, goal ≤ 1.2×)`,
  );
  console.log('budget: Petstore peak RSS ≤ 800 MB (goal 400 MB); GitHub REST ≤ 30 s / 1.2 GB (goal 20 s / 0.8 GB)');
}

if (opts['build-only']) process.exit(0);

// 4. Operation pages on disk.
const client = join(ROOT, 'dist', 'client', 'reference');
const reserved = new Set(['tags', 'schemas', 'explorer', 'tryit']);
const opPages = readdirSync(client, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !reserved.has(d.name) && existsSync(join(client, d.name, 'index.html')))
  .map((d) => d.name);
const sizes = opPages.map((slug) => gzipSync(readFileSync(join(client, slug, 'index.html')), { level: 9 }).length);
const largest = Math.max(...sizes);
console.log(
  `operation pages: ${opPages.length}; HTML gzip median ${kb(median(sizes))}, largest ${kb(largest)} (${opPages[sizes.indexOf(largest)]})`,
);
const sample = opPages.includes('list-pets') ? 'list-pets' : (opPages[0] ?? '');
const hidden = opPages.includes('list-orders') ? 'list-orders' : undefined;

const site = await startSite(specFile ? { PETSTORE_SPEC: specFile } : {});
const browser = await launchBrowser();

interface Weight {
  js: number;
  css: number;
  html: number;
  files: number;
}

/** Bytes (gzip) a page loads until the network is idle, by kind; `match` keeps only some URLs. */
async function weigh(b: Browser, url: string, act?: (p: Page) => Promise<void>, match?: RegExp): Promise<Weight> {
  const ctx = await b.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const w: Weight = { js: 0, css: 0, html: 0, files: 0 };
  const pending: Promise<void>[] = [];
  let counting = !act;
  page.on('response', (res) => {
    if (!counting || (match && !match.test(res.url()))) return;
    const type = res.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : type === 'document' ? 'html' : null;
    if (!kind) return;
    pending.push(
      res
        .body()
        .then((body) => {
          w[kind] += gzipSync(body, { level: 9 }).length;
          w.files += 1;
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (act) {
    await Promise.all(pending);
    counting = true;
    await act(page);
    await page.waitForLoadState('networkidle');
  }
  await Promise.all(pending);
  await ctx.close();
  return w;
}

/** Applies Lighthouse's Slow 4G profile to a page (network and CPU). */
async function slow4g(ctx: BrowserContext, page: Page): Promise<void> {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Milliseconds from navigation start until `selector` is visible, median of RUNS fresh loads. */
async function timeToVisible(b: Browser, url: string, selector: string, throttle: boolean): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await ctx.newPage();
    if (throttle) await slow4g(ctx, page);
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 120_000 });
    times.push(await page.evaluate(() => performance.now()));
    await ctx.close();
  }
  return median(times);
}

function lighthouse(url: string): { performance: number; accessibility: number } | null {
  const r = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--only-categories=performance,accessibility',
      '--form-factor=mobile',
      '--output=json',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 256 * 1024 * 1024 },
  );
  if (r.status !== 0) {
    process.stderr.write(`lighthouse ${url}: exit ${r.status}\n${r.stderr.slice(-2000)}\n`);
    return null;
  }
  const report = JSON.parse(r.stdout) as { categories: Record<string, { score: number }> };
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
  };
}

try {
  const base = site.url;
  const pages = [
    { name: `operation (/reference/${sample}/)`, url: `${base}/reference/${sample}/`, visible: 'main h1' },
    { name: 'index (/reference/)', url: `${base}/reference/`, visible: 'main h1' },
    {
      name: 'explorer (/reference/explorer/)',
      url: `${base}/reference/explorer/#${specFile ? '' : 'tag/animals/GET/pets'}`,
      visible: specFile
        ? 'section[id*="/tag/"] h3, .section h1'
        : 'section[id$="/tag/animals/GET/pets"] .operation-title h3',
    },
  ];

  console.log('\nbefore interaction (gzip, fresh cache):');
  const widths = [34, 10, 10, 10, 7];
  console.log(row(['page', 'JS', 'CSS', 'HTML', 'files'], widths));
  for (const p of pages) {
    const w = await weigh(browser, p.url);
    console.log(row([p.name, kb(w.js), kb(w.css), kb(w.html), String(w.files)], widths));
  }
  console.log('budget: operation page JS ≤ 100 KB (goal 40 KB), HTML ≤ 40 KB (goal 20 KB)');

  const click = await weigh(browser, `${base}/reference/${sample}/`, async (page) => {
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 60_000 });
  });
  console.log(`\nfirst "Try it" click loads: JS ${kb(click.js)}, CSS ${kb(click.css)} (${click.files} files)`);
  if (hidden) {
    const none = await weigh(
      browser,
      `${base}/reference/${hidden}/`,
      undefined,
      /\/_astro\/bundles\.\w+\/tryit\.|\/(tryit|modal|style)\.[\w-]+\.(js|css)$|\/reference\/tryit\//,
    );
    console.log(
      `x-hideTryItPanel page (/reference/${hidden}/) loads for try-it: JS ${kb(none.js)}, CSS ${kb(none.css)} (budget 0)`,
    );
  }

  console.log(`\ntime to first content visible, median of ${RUNS} (mobile viewport):`);
  console.log(row(['page', 'unthrottled', 'Slow 4G'], [34, 12, 10]));
  for (const p of pages) {
    if (p.name.startsWith('index')) continue;
    const fast = await timeToVisible(browser, p.url, p.visible, false);
    const slow = await timeToVisible(browser, p.url, p.visible, true);
    console.log(row([p.name, `${fast.toFixed(0)} ms`, `${slow.toFixed(0)} ms`], [34, 12, 10]));
  }
  console.log('budget: operation page on Slow 4G ≤ 2.0 s (goal 1.5 s)');

  if (!opts['no-lighthouse']) {
    console.log('\nLighthouse 12, mobile (performance / accessibility):');
    for (const p of pages) {
      const score = lighthouse(p.url.replace(/#.*$/, ''));
      console.log(`  ${p.name.padEnd(34)} ${score ? `${score.performance} / ${score.accessibility}` : 'failed'}`);
    }
    console.log('budget: ≥ 90 (goal 100) for /reference/ and an operation page');
  }
} finally {
  await browser.close();
  await site.stop();
  rmSync(join(ROOT, '.lighthouseci'), { recursive: true, force: true });
}
