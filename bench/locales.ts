// Benchmark of the reference in several languages (prints figures; not a test):
//
//   build   wall time of a warm `astro build` of the Petstore with PETSTORE_LOCALES=fr,ar,ja against the
//           English-only build (the anchor), alternated in the same run, each into its own output folder
//           (and cache folder); the first build of each is a warm-up and is not counted. Budget ≤ 2.2×,
//           goal ≤ 1.6×.
//   js      JavaScript an operation page loads before any interaction (its module scripts and inline
//           scripts, gzip -9 bytes) in each locale against the English page. Budget: English + 1 KB.
//
// axe-core on the French and Arabic operation pages is tests/browser/i18n.spec.ts (a test: 0 violations).
//
// Run: node bench/locales.ts [--runs 2] [--locales fr,ar,ja]
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { printHeaderHelp } from './help.ts';
import { median } from './stats.ts';
import { ourBuildEnv, timedBuild } from './timed-build.ts';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    locales: { type: 'string', default: 'fr,ar,ja' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  printHeaderHelp(import.meta.url);
  process.exit(0);
}
const runs = Number(values.runs);
const OUT = join(ROOT, '.bench-dist', 'locales');

/** One warm build: wall ms (timed-build.ts). */
async function build(dist: string, locales: string): Promise<number> {
  const run = await timedBuild({
    cwd: ROOT,
    env: ourBuildEnv({ DIST_DIR: dist, PETSTORE_LOCALES: locales }),
    log: join(OUT, 'logs', `${locales || 'en'}-${++builds}.log`),
  });
  return run.wall * 1000;
}
let builds = 0;

/** JavaScript a page loads before interaction: its module scripts' files and its inline scripts, gzip bytes. */
function pageJs(client: string, path: string): number {
  const html = readFileSync(join(client, path, 'index.html'), 'utf8');
  let bytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/type="application\/(?:ld\+)?json"/.test(attrs)) continue;
    const src = /src="([^"]+)"/.exec(attrs)?.[1];
    const text = src
      ? existsSync(join(client, src))
        ? readFileSync(join(client, src))
        : Buffer.alloc(0)
      : Buffer.from(m[2] ?? '');
    bytes += gzipSync(text, { level: 9 }).length;
  }
  return bytes;
}

const english = join(OUT, 'en');
const several = join(OUT, 'locales');
console.log(
  `load before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await build(join('.bench-dist', 'locales', 'en'), '');
await build(join('.bench-dist', 'locales', 'locales'), values.locales);
const en: number[] = [];
const loc: number[] = [];
for (let i = 0; i < runs; i++) {
  en.push(await build(join('.bench-dist', 'locales', 'en'), ''));
  loc.push(await build(join('.bench-dist', 'locales', 'locales'), values.locales));
}
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const e = median(en);
const l = median(loc);
console.log(
  `build, warm (median of ${runs}): English only ${(e / 1000).toFixed(1)} s; English + ${values.locales} ${(l / 1000).toFixed(1)} s; ratio ${(l / e).toFixed(2)}× (budget ≤ 2.2×, goal ≤ 1.6×)`,
);
const enJs = pageJs(join(english, 'client'), 'reference/list-pets');
console.log(`JS before interaction, /reference/list-pets/: en ${enJs} B gzip`);
for (const key of values.locales.split(',')) {
  const js = pageJs(join(several, 'client'), `${key}/reference/list-pets`);
  console.log(`  ${key}: ${js} B gzip (${js - enJs >= 0 ? '+' : ''}${js - enJs} B against English; budget +1024 B)`);
}
rmSync(OUT, { recursive: true, force: true });
