// Benchmark of what readers download (prints figures; not a test). Starts the built site as
// `npm start` serves it and loads pages in headless Chromium (system browser, fresh cache each
// load) three ways, side by side in one run:
//   identity  the request says `Accept-Encoding: identity`: every byte raw, as the server sent
//             everything before compression existed (the anchor);
//   gzip      `Accept-Encoding: gzip` (the precompressed .gz files);
//   br        the browser's own `Accept-Encoding` (gzip, deflate, br, zstd): the .br files.
// For each page: bytes on the wire (all responses, headers included, from the DevTools protocol)
// unthrottled, and on Slow 4G (DevTools preset: 562.5 ms latency, 1.47 Mbit/s down, 675 kbit/s up)
// the first contentful paint and the time until the main content is shown (for the explorer, its first operation).
//
// Run: node bench/transfer.ts [--runs 3] [--no-build]
import { parseArgs } from 'node:util';
import type { Browser, CDPSession } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { launchBrowser } from '../tests/support/chromium.ts';
import { ROOT, startSite } from '../tests/support/server.ts';
import { median } from './stats.ts';

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'no-build': { type: 'boolean', default: false } },
});
const RUNS = Number(opts.runs);

/** Pages measured; `ready` is a selector shown when the page's main content is there. */
const PAGES: { name: string; path: string; ready?: string }[] = [
  { name: 'home', path: '/' },
  { name: 'guide', path: '/guides/getting-started/' },
  { name: 'reference', path: '/reference/' },
  { name: 'operation', path: '/reference/list-pets/', ready: 'main h1' },
  {
    name: 'explorer',
    path: '/reference/explorer/#tag/animals/GET/pets',
    ready: 'section[id$="/tag/animals/GET/pets"] .operation-title h3',
  },
];

const MODES = ['identity', 'gzip', 'br'] as const;
type Mode = (typeof MODES)[number];

/** DevTools' "Slow 4G" preset (bytes per second, ms). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 184_320, uploadThroughput: 84_375 };

interface Load {
  bytes: number;
  fcpMs: number;
  readyMs: number | undefined;
}

async function load(browser: Browser, url: string, mode: Mode, throttle: boolean, ready?: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (mode !== 'br') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': mode } });
  if (throttle) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  let bytes = 0;
  let lastActivity = Date.now();
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    lastActivity = Date.now();
  });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  let readyMs: number | undefined;
  if (ready) {
    await page.locator(ready).first().waitFor({ state: 'visible', timeout: 120_000 });
    readyMs = Date.now() - t0;
  }
  // Until `load`, then until nothing more arrives for a second (at most 30 s more): every byte
  // the page fetches on its own, lazy chunks included.
  await page.waitForLoadState('load', { timeout: 180_000 });
  const quietBy = Date.now() + 30_000;
  while (Date.now() - lastActivity < 1000 && Date.now() < quietBy) await page.waitForTimeout(200);
  const fcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const e = performance.getEntriesByName('first-contentful-paint')[0];
        if (e) return resolve(e.startTime);
        new PerformanceObserver((list) => {
          const f = list.getEntriesByName('first-contentful-paint')[0];
          if (f) resolve(f.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();
  return { bytes, fcpMs, readyMs };
}

const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
const sec = (ms: number | undefined): string => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);

if (!opts['no-build']) buildIfStale(ROOT);
const site = await startSite({ MOCK_RATE_LIMIT: '0' });
const browser = await launchBrowser();
try {
  const rows: string[] = [];
  for (const p of PAGES) {
    const url = `${site.url}${p.path}`;
    const figures: Record<Mode, { bytes: number; fcp: number; ready: number | undefined }> = {} as never;
    for (const mode of MODES) {
      const wire = await load(browser, url, mode, false, p.ready);
      const slow: Load[] = [];
      for (let i = 0; i < RUNS; i++) slow.push(await load(browser, url, mode, true, p.ready));
      const readies = slow.map((s) => s.readyMs).filter((r): r is number => r !== undefined);
      figures[mode] = {
        bytes: wire.bytes,
        fcp: median(slow.map((s) => s.fcpMs)),
        ready: readies.length ? median(readies) : undefined,
      };
      process.stderr.write(`${p.name} ${mode}: ${kib(wire.bytes)}\n`);
    }
    for (const mode of MODES) {
      const f = figures[mode];
      rows.push(
        `${p.name.padEnd(10)} ${mode.padEnd(9)} ${kib(f.bytes).padStart(11)} ${`${((f.bytes / figures.identity.bytes) * 100).toFixed(0)} %`.padStart(6)} ${sec(f.fcp).padStart(9)} ${sec(f.ready).padStart(9)}`,
      );
    }
  }
  process.stdout.write(
    [
      `transfer per page load (fresh cache; bytes on the wire incl. headers), Slow 4G medians of ${RUNS} loads`,
      `${'page'.padEnd(10)} ${'encoding'.padEnd(9)} ${'bytes'.padStart(11)} ${'of raw'.padStart(6)} ${'FCP 4G'.padStart(9)} ${'ready 4G'.padStart(9)}`,
      ...rows,
      'identity = no compression (the anchor: what every response was before precompression); ready = main content visible (explorer: its first operation)',
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await site.stop();
}
