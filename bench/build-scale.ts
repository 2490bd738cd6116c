import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadDescription } from '../descriptions/loader/index.ts';
import { listAllOperations } from '../descriptions/operations.ts';
import { ROOT } from '../tests/support/server.ts';
import { clearSiteCaches, prepareAsNpmCi } from './fresh-clone.ts';
import { median } from './stats.ts';
import { loadAverage, ourBuildEnv, timedBuild } from './timed-build.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
    'clear-caches': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PETSTORE = join(ROOT, 'spec', 'openapi.yaml');
const specs = [PETSTORE, ...positionals.map((p) => resolve(p))];

/** Wall seconds, CPU seconds and peak RSS (MB, the process tree) of `astro build` on `spec` into `dist`. */
async function build(spec: string, dist: string, label: string): Promise<{ wall: number; cpu: number; rssMb: number }> {
  const run = await timedBuild({
    cwd: ROOT,
    env: ourBuildEnv({ PETSTORE_SPEC: spec, DIST_DIR: dist }),
    log: join(ROOT, '.bench-dist', 'build-scale', 'logs', `${label}.log`),
    clean: dist,
  });
  return { wall: run.wall, cpu: run.cpu, rssMb: Math.max(run.treeMb, run.largestMb) };
}

/** Gzip sizes (bytes) of every `index.html` under `dir`. */
function pageSizes(dir: string, out: { path: string; gz: number }[] = []): { path: string; gz: number }[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) pageSizes(p, out);
    else if (name === 'index.html') out.push({ path: p, gz: gzipSync(readFileSync(p), { level: 9 }).length });
  }
  return out;
}

interface Row {
  spec: string;
  operations: number;
  schemas: number;
  /** Schema pages the build wrote (every schema, or the linked ones on large descriptions). */
  schemaPages: number;
  builds: { wall: number; cpu: number; rssMb: number }[];
  pages: { path: string; gz: number }[];
}

const rows: Row[] = [];
for (const [i, spec] of specs.entries()) {
  const loaded = await loadDescription(spec);
  const operations = listAllOperations(loaded.document, { webhooks: true }).length;
  const components = (loaded.document.components ?? {}) as Record<string, Record<string, unknown> | undefined>;
  rows.push({
    spec,
    operations,
    schemas: Object.keys(components.schemas ?? {}).length,
    schemaPages: 0,
    builds: [],
    pages: [],
  });
  void i;
}
const distOf = (i: number) => join(ROOT, '.test-dist', `scale-${i}`);
if (values['clear-caches']) {
  // The first round is then what a fresh clone's first build after `npm ci` does (fresh-clone.ts).
  clearSiteCaches([...rows.keys()].map(distOf));
  process.stderr.write(`npm ci's prepare step (Scalar's bundles): ${prepareAsNpmCi().toFixed(1)} s\n`);
}
for (let run = 0; run < RUNS; run++) {
  for (const [i, row] of rows.entries()) {
    process.stderr.write(`build ${run + 1}/${RUNS}: ${basename(row.spec)}…\n`);
    row.builds.push(await build(row.spec, distOf(i), `${i}-${basename(row.spec)}-${run + 1}`));
  }
}
for (const [i, row] of rows.entries()) {
  // Operation pages only: not the index, tag, schema, webhook-list or explorer pages.
  const reference = join(distOf(i), 'client', 'reference');
  row.pages = pageSizes(reference).filter(
    (p) => !/\/reference\/(index\.html$|explorer\/|tryit\/|schemas\/|tags?\/|webhooks\/index)/.test(p.path),
  );
  const schemaDir = join(reference, 'schemas');
  row.schemaPages = existsSync(schemaDir)
    ? readdirSync(schemaDir, { withFileTypes: true }).filter((d) => d.isDirectory()).length
    : 0;
  if (!values.keep) rmSync(distOf(i), { recursive: true, force: true });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const later = (row: Row) => (row.builds.length > 1 ? row.builds.slice(1) : row.builds);
const anchor = median(later(rows[0] as Row).map((b) => b.wall));
const anchorFirst = rows[0]?.builds[0]?.wall ?? Number.NaN;
console.log(`Build by description size (${RUNS} build(s) each, alternated; ${loadAverage()})\n`);
console.log(
  [
    'description',
    'ops',
    'schemas (pages)',
    'first build s (× Petstore)',
    'later builds s (× Petstore)',
    'peak RSS',
    'largest op page',
    'median op page',
  ].join('  |  '),
);
for (const row of rows) {
  const wall = median(later(row).map((b) => b.wall));
  const first = row.builds[0]?.wall ?? Number.NaN;
  const gz = row.pages.map((p) => p.gz);
  const largest = row.pages.reduce((a, b) => (b.gz > (a?.gz ?? 0) ? b : a), row.pages[0]);
  console.log(
    [
      row.spec === PETSTORE ? 'Petstore (anchor)' : basename(row.spec),
      row.operations,
      `${row.schemas} (${row.schemaPages})`,
      `${first.toFixed(1)} (${(first / anchorFirst).toFixed(2)}×)`,
      `${wall.toFixed(1)} (${(wall / anchor).toFixed(2)}×)`,
      `${Math.max(...row.builds.map((b) => b.rssMb)).toFixed(0)} MB`,
      largest ? `${kb(largest.gz)} (${largest.path.split('/reference/')[1]?.replace(/index\.html$/, '')})` : '-',
      gz.length ? kb(median(gz)) : '-',
    ].join('  |  '),
  );
}
console.log(
  '\nbudgets: ~130-operation description ≤ 2× the Petstore build (goal 1.5×); largest op page ≤ 60 KB gzip (goal 30 KB)',
);
