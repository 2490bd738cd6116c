// Benchmark of the docs site (prints figures; not a test):
//   1. wall time of `npm run build`;
//   2. bytes of JavaScript and CSS that /reference loads, raw and gzip, measured from the network
//      in headless Chromium (gzip: zlib level 9 of each body, as a static host would serve it);
//   3. time until the first operation is visible in headless Chromium (median of RUNS loads).
//
// Run: node bench/site.ts [--no-build]   (RUNS=5 by default)
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/support/chromium.ts';
import { ROOT, startSite } from '../tests/support/server.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const FIRST_OPERATION = 'tag/animals/GET/pets';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

if (!process.argv.includes('--no-build')) {
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    throw new Error(`npm run build failed (exit ${r.status})`);
  }
  console.log(`npm run build: ${(ms / 1000).toFixed(1)} s wall time`);
}

const site = await startSite();
const browser = await launchBrowser();
try {
  // Bytes /reference loads (fresh context, no cache).
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const totals: Record<string, { raw: number; gzip: number; files: number }> = {};
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : type === 'document' ? 'html' : null;
    if (!kind) return;
    pending.push(
      res
        .body()
        .then((body) => {
          const t = totals[kind] ?? { raw: 0, gzip: 0, files: 0 };
          totals[kind] = t;
          t.raw += body.length;
          t.gzip += gzipSync(body, { level: 9 }).length;
          t.files += 1;
        })
        .catch(() => undefined),
    );
  });
  await page.goto(`${site.url}/reference/`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  console.log('/reference transfer (from the network, fresh cache):');
  for (const kind of ['html', 'js', 'css']) {
    const t = totals[kind];
    if (t)
      console.log(
        `  ${kind.padEnd(4)} ${String(t.files).padStart(2)} files  raw ${kb(t.raw).padStart(11)}  gzip ${kb(t.gzip).padStart(10)}`,
      );
  }
  await context.close();

  // Time until the first operation is visible.
  const deep: number[] = [];
  const intro: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const p = await ctx.newPage();
    await p.goto(`${site.url}/reference/#${FIRST_OPERATION}`, { waitUntil: 'commit' });
    await p.locator(`section[id$="/${FIRST_OPERATION}"] .operation-title h3`).waitFor({ state: 'visible' });
    deep.push(await p.evaluate(() => performance.now()));
    await ctx.close();
    const ctx2 = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const p2 = await ctx2.newPage();
    await p2.goto(`${site.url}/reference/`, { waitUntil: 'commit' });
    await p2.locator('[data-sidebar-id$="/tag/animals"]').waitFor({ state: 'visible' });
    await p2.locator('section[id$="/description/introduction"] h1').waitFor({ state: 'visible' });
    intro.push(await p2.evaluate(() => performance.now()));
    await ctx2.close();
  }
  console.log(
    `time to first operation visible (/reference/#${FIRST_OPERATION}), median of ${RUNS}: ${median(deep).toFixed(0)} ms`,
  );
  console.log(
    `time to reference shell visible (/reference/, title + sidebar), median of ${RUNS}: ${median(intro).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await site.stop();
}
