// Benchmark of what the site gives agents and link previews (prints figures; not a test):
//
//   build    the time a Petstore build spends on it: every page's Markdown twin, /llms.txt,
//            /llms-full.txt and the Open Graph images (drawn with astro-og-canvas's own renderer,
//            its cache off), timed in this process, beside the wall time of a full `astro build` of
//            this tree in the same run (the anchor); "added" is the first over the second minus it.
//            An upper bound: the build draws the images in child processes beside the prerender
//            (site/og/integration.ts) and keeps them between builds, so a build's wall time
//            grows by less than their CPU time.
//   search   `search_docs` over MCP (the SDK's client, Streamable HTTP to `npm start` on loopback):
//            p50/p95 of 400 calls over 8 queries, beside an MCP `ping` round trip (the anchor: the
//            protocol and HTTP without any tool work).
//   size     an operation's Markdown twin vs its HTML page, gzip -9 bytes (GET /pets, and the median
//            over every operation).
//
// Run: node bench/agents.ts [--no-build] [--calls 400]
//   --no-build  skips the full build (then no build anchor; dist/ must exist for search and size)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateOpenGraphImage } from 'astro-og-canvas';
import { llmsFullTxt, llmsTxt } from '../site/agents/llms.ts';
import { sitePages } from '../site/agents/site.ts';
import { siteApis } from '../site/apis/config.ts';
import { DEFAULT_OPTIONS } from '../site/apis/options.ts';
import { ogCard, ogImageOptions } from '../site/og/card.ts';
import { referenceModel } from '../site/reference/loaded-description.ts';
import { ROOT, startSite } from '../tests/support/server.ts';
import { ourBuildEnv, timedBuild } from './timed-build.ts';

const { values: opts } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, calls: { type: 'string', default: '400' } },
});
const CALLS = Number(opts.calls);
const ms = (n: number): string => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

// --- build -----------------------------------------------------------------------------------
let anchorMs: number | undefined;
if (!opts['no-build']) {
  const run = await timedBuild({
    cwd: ROOT,
    env: ourBuildEnv(),
    log: join(ROOT, '.bench-dist', 'agents', 'build.log'),
  });
  anchorMs = run.wall * 1000;
}
const t0 = performance.now();
const [api] = siteApis(DEFAULT_OPTIONS).apis;
const pages = await sitePages(api);
const model = await referenceModel(api);
let mdBytes = 0;
for (const p of pages) mdBytes += Buffer.byteLength(p.markdown());
const tMd = performance.now();
const llms = llmsTxt(model, pages, 'https://docs.example.com/');
const full = llmsFullTxt(model, pages, 'https://docs.example.com/');
const tLlms = performance.now();
for (const p of pages) await generateOpenGraphImage({ ...ogImageOptions(ogCard(p, model.title)), cacheDir: false });
const tOg = performance.now();
const added = tOg - t0;
console.log(`build: ${pages.length} pages`);
console.log(`  Markdown twins     ${ms(tMd - t0)} (${(mdBytes / 1024).toFixed(0)} KiB)`);
console.log(
  `  llms.txt + full    ${ms(tLlms - tMd)} (${(llms.length / 1024).toFixed(1)} KiB, ${(full.length / 1024).toFixed(0)} KiB)`,
);
console.log(`  Open Graph images  ${ms(tOg - tLlms)} (${ms((tOg - tLlms) / pages.length)} per image)`);
if (anchorMs !== undefined) {
  console.log(
    `  full build (anchor) ${(anchorMs / 1000).toFixed(1)} s → added ${(added / 1000).toFixed(1)} s = ${((100 * added) / (anchorMs - added)).toFixed(1)} % of a build without it (budget ≤ 25 %, goal ≤ 10 %)`,
  );
} else {
  console.log(`  added ${(added / 1000).toFixed(1)} s (no anchor: --no-build)`);
}

// --- size ------------------------------------------------------------------------------------
const client = join(ROOT, 'dist', 'client');
const gz = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;
const ratios: number[] = [];
for (const p of pages.filter((x) => x.kind === 'operation')) {
  const html = join(client, p.url, 'index.html');
  const md = join(client, p.mdUrl);
  ratios.push(gz(md) / gz(html));
}
ratios.sort((a, b) => a - b);
const petsHtml = gz(join(client, 'reference', 'list-pets', 'index.html'));
const petsMd = gz(join(client, 'reference', 'list-pets.md'));
console.log('size: Markdown vs HTML page, gzip -9 (budget ≤ 30 %, goal ≤ 15 %)');
console.log(
  `  GET /pets           HTML ${petsHtml} B, Markdown ${petsMd} B = ${((100 * petsMd) / petsHtml).toFixed(1)} %`,
);
console.log(
  `  median of ${ratios.length} operations ${(100 * pct(ratios, 0.5)).toFixed(1)} % (max ${(100 * (ratios.at(-1) ?? 0)).toFixed(1)} %)`,
);

// --- search over MCP -------------------------------------------------------------------------
const site = await startSite();
try {
  const mcp = new Client({ name: 'bench', version: '1' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`)));
  const queries = [
    'inventory',
    'rate limit',
    'deprecated sunset',
    'create a pet',
    'custom domain CAA',
    'pagination offset',
    'error codes',
    'order status',
  ];
  for (let i = 0; i < 20; i++) {
    await mcp.ping();
    await mcp.callTool({ name: 'search_docs', arguments: { query: queries[i % queries.length] } });
  }
  const search: number[] = [];
  const ping: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    let t = performance.now();
    await mcp.ping();
    ping.push(performance.now() - t);
    t = performance.now();
    await mcp.callTool({ name: 'search_docs', arguments: { query: queries[i % queries.length] } });
    search.push(performance.now() - t);
  }
  search.sort((a, b) => a - b);
  ping.sort((a, b) => a - b);
  console.log(`search_docs over MCP, ${CALLS} calls on loopback (budget p95 ≤ 50 ms, goal ≤ 10 ms)`);
  console.log(`  search_docs  p50 ${ms(pct(search, 0.5))}  p95 ${ms(pct(search, 0.95))}`);
  console.log(`  ping anchor  p50 ${ms(pct(ping, 0.5))}  p95 ${ms(pct(ping, 0.95))}`);
  await mcp.close();
} finally {
  await site.stop();
}
console.log(
  `load average while measuring: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${readdirSync('/sys/devices/system/cpu').filter((d) => /^cpu\d+$/.test(d)).length} CPUs)`,
);
