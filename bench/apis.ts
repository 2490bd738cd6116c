// What several APIs in one site cost, against the same APIs built one site each, in the same run:
//
//   node bench/apis.ts [--runs 2] [--github-runs 1] [--no-github] [--json]
//
// 1. The three-API fixture (tests/fixtures/apis/apis.yaml: the Petstore with three releases, a Swagger
//    2.0 partner API, an OpenAPI 3.1 events API) built as one site, against the sum of the three APIs
//    each built as a site of its own; every build once from an empty output folder, then `--runs` warm
//    builds of each, alternated; the medians compared (budget 1.1×, goal 0.8×).
// 2. GitHub's REST description (@octokit/openapi, fetched with `npm pack`) plus the Petstore in one site
//    against GitHub's alone: cold builds (every cache of the site cleared, as bench/peer-build.ts's),
//    `--github-runs` each, alternated; wall and peak resident memory of the build's process tree (budgets 1.1×, goal 1.05×).
// 3. The JavaScript an operation page loads before any interaction (gzip of its scripts and modules,
//    inline ones included), the Petstore's list-pets in its own site and in the three-API site: unchanged
//    (± 1 KB).
// 4. The in-browser mock a reader of the Petstore downloads (its worker, gzip) in the site that also holds
//    GitHub's description, against the Petstore's own site (budget 1.1×).
// Each build's log is kept in .bench-dist/apis/logs/. The machine's load is printed beside the figures;
// read the ratios, not the seconds, on a shared machine. Exit codes: 0 every figure within budget, 1 one
// over budget (printed as such), 2 a wrong option or a build that failed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { APIS_FIXTURE } from '../tests/support/apis.ts';
import { ROOT } from '../tests/support/server.ts';
import { OCTOKIT_CURRENT, octokitDescription } from './build-inputs.ts';
import { buildCounts, type Figure, verdictOf } from './figures.ts';
import { clearSiteCaches, prepareAsNpmCi } from './fresh-clone.ts';
import { printHeaderHelp } from './help.ts';
import { median } from './stats.ts';
import { type BuildRun, loadAverage, ourBuildEnv, timedBuild } from './timed-build.ts';

let opts: Record<string, string | boolean | undefined>;
try {
  opts = parseArgs({
    options: {
      runs: { type: 'string', default: '2' },
      'github-runs': { type: 'string', default: '1' },
      'no-github': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n(node bench/apis.ts --help)\n`);
  process.exit(2);
}
if (opts.help) {
  printHeaderHelp(import.meta.url);
  process.exit(0);
}
let counts: { runs: number; 'github-runs': number };
try {
  counts = buildCounts({ runs: opts.runs as string, 'github-runs': opts['github-runs'] as string });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(2);
}

const OUT = join(ROOT, '.bench-dist', 'apis');
const LOGS = join(OUT, 'logs');
const say = (line: string) => process.stderr.write(`${line}\n`);

/** One site to build: its output folder (below the root) and its environment. */
interface Site {
  name: string;
  dist: string;
  env: Record<string, string>;
}

const VERSIONS = join(ROOT, 'tests', 'fixtures', 'versions');
// One date for every build of the run: the page keys include it, so a run across midnight stays warm.
const common = { BUILD_DATE: new Date().toISOString().slice(0, 10), PETSTORE_VERSIONS: 'all' };
const three: Site = {
  name: 'three-apis',
  dist: '.bench-dist/apis/three',
  env: { ...common, PETSTORE_APIS: join(APIS_FIXTURE, 'apis.yaml') },
};
const alone: Site[] = [
  {
    name: 'petstore',
    dist: '.bench-dist/apis/petstore',
    env: {
      ...common,
      PETSTORE_SPEC: join(VERSIONS, 'openapi.yaml'),
      PETSTORE_CHANGELOG: join(VERSIONS, 'changelog.json'),
    },
  },
  {
    name: 'partner',
    dist: '.bench-dist/apis/partner',
    env: { ...common, PETSTORE_SPEC: join(APIS_FIXTURE, 'partner/swagger.yaml') },
  },
  {
    name: 'events',
    dist: '.bench-dist/apis/events',
    env: { ...common, PETSTORE_SPEC: join(APIS_FIXTURE, 'events/openapi.yaml') },
  },
];

let count = 0;
/**
 * Builds a site once and returns the run. `first`: its output folder cleared and `--force` (the caches
 * shared by the sites stay, so the next warm builds find theirs); `cold`: also every cache of the site
 * cleared, then `npm ci`'s prepare step (Scalar's bundles, not timed), as bench/peer-build.ts's; `warm`:
 * the same output folder built again.
 */
async function build(site: Site, how: 'first' | 'cold' | 'warm'): Promise<BuildRun> {
  const n = ++count;
  say(`build ${n}: ${site.name}, ${how} …`);
  try {
    if (how === 'cold') {
      clearSiteCaches([site.dist]);
      prepareAsNpmCi();
    }
    return await timedBuild({
      cwd: ROOT,
      env: ourBuildEnv({ ...site.env, DIST_DIR: site.dist }),
      args: how === 'warm' ? [] : ['--force'],
      log: join(LOGS, `${String(n).padStart(2, '0')}-${site.name}-${how}.log`),
      ...(how === 'warm' ? {} : { clean: join(ROOT, site.dist) }),
    });
  } catch (err) {
    say((err as Error).message);
    process.exit(2);
  }
}

/** Gzip bytes of what an HTML page loads before any interaction: its scripts (inline and external) and modules. */
function pageJs(client: string, page: string): number {
  const html = readFileSync(join(client, page), 'utf8');
  let bytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    const text = src ? readFileSync(join(client, src.split('?')[0] as string)) : Buffer.from(m[2] ?? '');
    bytes += gzipSync(text, { level: 9 }).length;
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    bytes += gzipSync(readFileSync(join(client, m[1] as string)), { level: 9 }).length;
  }
  return bytes;
}

const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const figures: Figure[] = [];
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A ratio figure (lower is better) with its verdict against `limits`. */
function ratio(
  figure: string,
  anchor: string,
  measured: string,
  value: number,
  limits: { budget: number; goal?: number },
): Figure {
  return { figure, anchor, measured, value, ...limits, unit: '×', verdict: verdictOf(value, limits) };
}

say(loadAverage());
rmSync(LOGS, { recursive: true, force: true });
mkdirSync(LOGS, { recursive: true });

// 1. Three APIs in one site against three sites.
const sites = [three, ...alone];
for (const site of sites) await build(site, 'first');
const warm = new Map<string, number[]>(sites.map((s) => [s.name, []]));
for (let r = 0; r < counts.runs; r++) {
  for (const site of r % 2 ? [...sites].reverse() : sites) warm.get(site.name)?.push((await build(site, 'warm')).wall);
}
const threeWall = median(warm.get(three.name) ?? []);
const sumWall = alone.reduce((s, site) => s + median(warm.get(site.name) ?? []), 0);
figures.push(
  ratio(
    'three-API fixture, warm build',
    `the three APIs built one site each, warm (${alone.map((s) => `${s.name} ${fmt(median(warm.get(s.name) ?? []))} s`).join(', ')})`,
    `${fmt(threeWall)} s vs ${fmt(sumWall)} s`,
    threeWall / sumWall,
    { budget: 1.1, goal: 0.8 },
  ),
);

// 3. The JavaScript of an operation page before interaction.
const ownJs = pageJs(join(ROOT, alone[0]?.dist ?? '', 'client'), 'reference/list-pets/index.html');
const inThreeJs = pageJs(join(ROOT, three.dist, 'client'), 'reference/petstore/list-pets/index.html');
figures.push({
  figure: 'JavaScript of an operation page before interaction (gzip)',
  anchor: `the Petstore's own site: ${fmt(ownJs)} B`,
  measured: `${fmt(inThreeJs)} B in the three-API site`,
  value: inThreeJs - ownJs,
  budget: 1024,
  unit: 'B',
  verdict: Math.abs(inThreeJs - ownJs) <= 1024 ? 'within budget' : 'OVER BUDGET',
});

// 2. and 4. GitHub's description with the Petstore, against GitHub alone.
if (!opts['no-github']) {
  const github = octokitDescription(OCTOKIT_CURRENT);
  const list = join(OUT, 'github-and-petstore.yaml');
  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    list,
    `- id: github\n  description: ${JSON.stringify(github)}\n- id: petstore\n  description: ${JSON.stringify(join(ROOT, 'spec', 'openapi.yaml'))}\n`,
  );
  const pair: Site = {
    name: 'github-and-petstore',
    dist: '.bench-dist/apis/github-petstore',
    env: { ...common, PETSTORE_APIS: list },
  };
  const githubAlone: Site = {
    name: 'github',
    dist: '.bench-dist/apis/github',
    env: { ...common, PETSTORE_SPEC: github },
  };
  const petstoreAlone: Site = { name: 'petstore-spec', dist: '.bench-dist/apis/petstore-spec', env: { ...common } };
  const runs = new Map<string, BuildRun[]>([
    [pair.name, []],
    [githubAlone.name, []],
  ]);
  for (let r = 0; r < counts['github-runs']; r++) {
    for (const site of r % 2 ? [githubAlone, pair] : [pair, githubAlone])
      runs.get(site.name)?.push(await build(site, 'cold'));
  }
  await build(petstoreAlone, 'first');
  const limits = { budget: 1.1, goal: 1.05 };
  /** The pair against GitHub's alone, by one figure of their builds (the median of each side's). */
  const against = (what: string, unit: string, by: (b: BuildRun) => number): Figure => {
    const of = (name: string) => median((runs.get(name) ?? []).map(by));
    return ratio(
      `GitHub's description plus the Petstore, cold build: ${what}`,
      `GitHub's alone, ${fmt(of(githubAlone.name))} ${unit}`,
      `${fmt(of(pair.name))} ${unit}`,
      of(pair.name) / of(githubAlone.name),
      limits,
    );
  };
  figures.push(
    against('wall', 's', (b) => b.wall),
    against('peak RSS of the process tree', 'MB', (b) => b.treeMb),
  );
  const inPair = gzipOf(join(ROOT, pair.dist, 'client', 'reference', 'petstore', 'mock-sw.js'));
  const own = gzipOf(join(ROOT, petstoreAlone.dist, 'client', 'reference', 'mock-sw.js'));
  figures.push(
    ratio(
      "in-browser mock a Petstore reader downloads (gzip), in the site that also holds GitHub's",
      `the Petstore's own site, ${fmt(own)} B`,
      `${fmt(inPair)} B`,
      inPair / own,
      { budget: 1.1 },
    ),
  );
  const workers = readdirSync(join(ROOT, pair.dist, 'client', 'reference'))
    .filter((d) => existsSync(join(ROOT, pair.dist, 'client', 'reference', d, 'mock-sw.js')))
    .map((d) => `${d} ${fmt(gzipOf(join(ROOT, pair.dist, 'client', 'reference', d, 'mock-sw.js')))} B`);
  say(`workers in the GitHub + Petstore site (gzip): ${workers.join(', ')}`);
}

say(loadAverage());
if (opts.json) {
  process.stdout.write(`${JSON.stringify({ load: loadAverage(), figures }, null, 2)}\n`);
} else {
  const rows = figures.map((f) => [
    f.figure,
    f.anchor,
    f.measured,
    f.unit === '×' ? `${fmt(f.value)}×` : `${f.value >= 0 ? '+' : ''}${fmt(f.value)} ${f.unit}`,
    f.budget === undefined
      ? ''
      : f.unit === '×'
        ? `≤ ${f.budget}×${f.goal ? ` (goal ≤ ${f.goal}×)` : ''}`
        : `± ${f.budget} ${f.unit}`,
    f.verdict,
  ]);
  const head = ['figure', 'anchor (same run)', 'measured', 'ratio / difference', 'budget', 'verdict'];
  process.stdout.write(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|\n`);
  for (const r of rows) process.stdout.write(`| ${r.join(' | ')} |\n`);
  process.stdout.write(`\n${loadAverage()}; logs in .bench-dist/apis/logs/\n`);
}
process.exitCode = figures.some((f) => f.verdict === 'OVER BUDGET') ? 1 : 0;
