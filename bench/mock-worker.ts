// Benchmark of the in-browser mock (prints figures; never run by the tests).
//
//   1. weight: the service worker script the build writes (dist/client/reference/mock-sw.js), raw,
//      gzip (zlib level 9) and brotli (the build's .br), beside the anchor measured in the same run:
//      the same core bundled with the validators compiled at run time (site/mock/request/compile.ts
//      `runtimeDefinition` with Ajv's compiler), which is what the worker would weigh without
//      build-time compilation (and which a CSP without 'unsafe-eval' would stop);
//   2. Send → rendered response: in headless Chromium, the time from the click on the request
//      client's Send button to the response body shown in the client (GET /pets, the seed pets), for
//      the in-browser mock (dist/client on a plain static file server) beside the server mock
//      (`npm start`'s server), median and range over RUNS fresh page loads each, after one warm-up.
//
// Run (after `npm run build`):  node bench/mock-worker.ts [--runs N]   (default 9)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { DEFAULT_BASE } from '../site/apis/options.ts';
import { MOCK_BASE, mockWorkerPaths } from '../site/mock/hosts/mount.ts';
import { internalForm } from '../site/mock/index.ts';
import { launchBrowser } from '../tests/support/chromium.ts';
import { ROOT, startSite } from '../tests/support/server.ts';
import { startStaticHost } from '../tests/support/static-host.ts';
import { median } from './stats.ts';

const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '9' } } });
const RUNS = Number(opts.runs);
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

// 1. Weight.
const client = join(ROOT, 'dist', 'client');
const MOCK_WORKER_URL = mockWorkerPaths(DEFAULT_BASE).url;
const worker = readFileSync(join(client, MOCK_WORKER_URL));
const workerBr = readFileSync(join(client, `${MOCK_WORKER_URL}.br`)).length;
const dir = mkdtempSync(join(tmpdir(), 'mock-anchor-'));
// The built site's description in the internal form, as the server's mock reads it.
writeFileSync(
  join(dir, 'document.json'),
  JSON.stringify(await internalForm(JSON.parse(readFileSync(join(client, 'openapi.json'), 'utf8')))),
);
const mockModule = (file: string): string => JSON.stringify(join(ROOT, 'site/mock', file));
writeFileSync(
  join(dir, 'entry.ts'),
  [
    `import { HAND_WRITTEN } from ${mockModule('behaviours.ts')};`,
    `import { mockFromDefinition } from ${mockModule('core.ts')};`,
    `import { runtimeDefinition } from ${mockModule('request/compile.ts')};`,
    `import document from ${JSON.stringify(join(dir, 'document.json'))};`,
    `export const mock = mockFromDefinition(runtimeDefinition(document, HAND_WRITTEN), { basePath: ${JSON.stringify(MOCK_BASE)}, handWritten: HAND_WRITTEN });`,
  ].join('\n'),
);
await build({
  entryPoints: [join(dir, 'entry.ts')],
  outfile: join(dir, 'anchor.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'error',
});
const anchor = readFileSync(join(dir, 'anchor.js'));
rmSync(dir, { recursive: true, force: true });
console.log('1. Weight of the mock shipped to the browser (downloaded on the first try-it on a static host only)');
console.log(
  `   service worker ${MOCK_WORKER_URL}: ${kb(worker.length)} raw, ${kb(gzipSync(worker, { level: 9 }).length)} gzip, ${kb(workerBr)} brotli`,
);
console.log(
  `   anchor, validators compiled at run time (Ajv compiler): ${kb(anchor.length)} raw, ${kb(gzipSync(anchor, { level: 9 }).length)} gzip`,
);
console.log('   budget 150 KB gzip, goal 60 KB gzip');

// 2. Send → rendered response.
async function sendTimes(browser: Browser, origin: string): Promise<{ cold: number; warm: number[]; sw: boolean }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const once = async (): Promise<{ ms: number; sw: boolean }> => {
    await page.goto(`${origin}/reference/list-pets/`);
    await page.getByRole('button', { name: 'Try it' }).click();
    const send = page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first();
    await send.waitFor({ timeout: 60_000 });
    const answered = page.waitForResponse((r) => r.url().startsWith(`${origin}${MOCK_BASE}/pets`));
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const el = document.querySelector('.scalar-client');
          const button = [...(el?.querySelectorAll('button') ?? [])].find((b) =>
            /^Send/.test(b.textContent?.trim() ?? ''),
          );
          if (!el || !button) return reject(new Error('no Send button'));
          const t0 = performance.now();
          const seen = () => el.textContent?.includes('"Rex"');
          const observer = new MutationObserver(() => {
            if (!seen()) return;
            observer.disconnect();
            resolve(performance.now() - t0);
          });
          observer.observe(el, { subtree: true, childList: true, characterData: true });
          setTimeout(() => reject(new Error('no response shown within 30 s')), 30_000);
          button.click();
        }),
    );
    return { ms, sw: (await answered).fromServiceWorker() };
  };
  const first = await once();
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push((await once()).ms);
  await context.close();
  return { cold: first.ms, warm, sw: first.sw };
}

const browser = await launchBrowser();
const host = await startStaticHost();
const site = await startSite();
try {
  const inBrowser = await sendTimes(browser, host.url);
  const server = await sendTimes(browser, site.url);
  if (!inBrowser.sw || server.sw) throw new Error('the answers did not come from the expected backends');
  const line = (name: string, r: { cold: number; warm: number[] }) =>
    `   ${name.padEnd(44)} ${median(r.warm).toFixed(0).padStart(5)} ms   (${Math.min(...r.warm).toFixed(0)}–${Math.max(...r.warm).toFixed(0)} ms; first Send ${r.cold.toFixed(0)} ms)`;
  console.log(`\n2. Send → response shown in the request client, GET /pets, median of ${RUNS} page loads`);
  console.log(line('in-browser mock (static host, service worker)', inBrowser));
  console.log(line('server mock (npm start)', server));
} finally {
  await site.stop();
  await host.stop();
  await browser.close();
}
