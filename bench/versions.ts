import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { cacheDirFor } from '../site/integrations/incremental-build.ts';
import { ROOT } from '../tests/support/server.ts';
import { githubHistory, type History } from './build-inputs.ts';
import { buildCounts, type Figure, verdictOf } from './figures.ts';
import { clearSiteCaches, prepareAsNpmCi } from './fresh-clone.ts';
import { printHeaderHelp } from './help.ts';
import { median } from './stats.ts';
import { type BuildRun, ourBuildEnv, timedBuild } from './timed-build.ts';

/** The issue's budgets and goals. */
const BUDGET = {
  petstoreRatio: { budget: 1.6, goal: 1.3 },
  petstoreRssMb: { budget: 800, goal: 600 },
  githubRatio: { budget: 1.8, goal: 1.4 },
  githubRssMb: { budget: 1200 },
  switcherJsBytes: { budget: 1024, goal: 0 },
} as const;

/** The page whose scripts are weighed: an operation of every Petstore version. */
const SAMPLE_PAGE = 'reference/list-pets/index.html';

const OUT = join(ROOT, '.bench-dist', 'versions');
const LOGS = join(OUT, 'logs');

// ---------------------------------------------------------------------------------------------------
// Pure helpers

/** One script as a page loads it: where it is (file or inline) and its gzip size (bytes). */
export interface PageScript {
  id: string;
  gzip: number;
}

const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

/**
 * Every script an HTML page of the built site loads before interaction: `<script src>`, inline scripts
 * (not JSON data blocks), `<link rel="modulepreload">`, and what those import statically, once each.
 * @param client the built site's folder (`dist/client`)
 * @param page the page's HTML file, relative to `client`
 * @throws {Error} when the page or a referenced file of the site is missing
 */
export function pageScripts(client: string, page: string): PageScript[] {
  const html = readFileSync(join(client, page), 'utf8');
  const seen = new Map<string, PageScript>();
  const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
  const visitFile = (url: string, from: string) => {
    if (/^(https?:)?\/\//.test(url)) throw new Error(`${page} loads a script from another origin: ${url}`);
    const file = url.startsWith('/') ? join(client, url.split(/[?#]/)[0] ?? '') : resolve(dirname(from), url);
    const id = relative(client, file);
    if (seen.has(id)) return;
    if (!existsSync(file)) throw new Error(`${page} loads ${url}, which the build did not write (${file})`);
    const body = readFileSync(file);
    seen.set(id, { id, gzip: gz(body) });
    for (const m of body.toString('utf8').matchAll(STATIC_IMPORT)) if (m[1]) visitFile(m[1], file);
  };
  const pageFile = join(client, page);
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    const src = /\bsrc=["']?([^"'\s>]+)/.exec(attrs)?.[1];
    if (src) {
      visitFile(src, pageFile);
      continue;
    }
    const type = /\btype=["']?([^"'\s>]+)/.exec(attrs)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue; // JSON data, templates
    const body = m[2] ?? '';
    if (!body.trim()) continue;
    const id = `inline:${body.trim().slice(0, 60).replace(/\s+/g, ' ')}`;
    seen.set(`${id}#${seen.size}`, { id, gzip: gz(body) });
    for (const i of body.matchAll(STATIC_IMPORT)) if (i[1]) visitFile(i[1], pageFile);
  }
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/g)) {
    const href = /\bhref=["']?([^"'\s>]+)/.exec(m[0])?.[1];
    if (href) visitFile(href, pageFile);
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------------------------------------------
// Edges: release histories, builds

/** The Petstore's three releases: tests/fixtures/versions (made by its make-history.ts with spec:release). */
function petstoreHistory(): History {
  const fixture = join(ROOT, 'tests', 'fixtures', 'versions');
  return {
    name: 'petstore',
    label: 'Petstore',
    spec: join(fixture, 'openapi.yaml'),
    changelog: join(fixture, 'changelog.json'),
    source: relative(ROOT, fixture),
  };
}

/** One measured build. */
interface Build extends BuildRun {
  /** what the table calls it */
  name: string;
  config: string;
  /** `refill`: a build that puts back what another configuration's cold build cleared (not counted) */
  kind: 'cold' | 'refill' | 'warm';
}

/**
 * Runs `astro build` as `npm run build` does, with `env`, into `dist` (absolute, below the root); its
 * output goes to a log file and feeds the profile.
 * @throws {Error} when the build fails (the end of its log on stderr)
 */
async function timedOurBuild(
  name: string,
  config: string,
  kind: Build['kind'],
  dist: string,
  env: Record<string, string>,
  label: string,
): Promise<Build> {
  process.stderr.write(`${label}…`);
  const run = await timedBuild({
    cwd: ROOT,
    env: ourBuildEnv({ DIST_DIR: relative(ROOT, dist), ...env }),
    log: join(LOGS, `${label}.log`),
    clean: dist,
  });
  process.stderr.write(` ${run.wall.toFixed(1)} s\n`);
  return { name, config, kind, ...run };
}

/** Two configurations of one history: one published version (the anchor) and all of them. */
interface Pair {
  history: History;
  one: Build[];
  all: Build[];
  /** output folders */
  dist: { one: string; all: string };
}

/**
 * A cold build of each configuration (every cache of the site cleared and `npm ci`'s prepare step run
 * again, timed apart), then `warm` builds of each with the same inputs, alternated.
 */
async function measurePair(history: History, date: string, warm: number, prepare: number[]): Promise<Pair> {
  const dist = { one: join(OUT, `${history.name}-one`), all: join(OUT, `${history.name}-all`) };
  const base = { PETSTORE_SPEC: history.spec, PETSTORE_CHANGELOG: history.changelog, BUILD_DATE: date };
  const env = { one: { ...base, PETSTORE_VERSIONS: 'last:1' }, all: { ...base, PETSTORE_VERSIONS: 'all' } };
  const pair: Pair = { history, one: [], all: [], dist };
  const label = { one: '1 version', all: 'all versions' };
  for (const which of ['one', 'all'] as const) {
    clearSiteCaches([dist[which]]);
    prepare.push(prepareAsNpmCi());
    const cold = `${history.label}, ${label[which]}, cold`;
    pair[which].push(
      await timedOurBuild(cold, which, 'cold', dist[which], env[which], `${history.name}-${which}-cold`),
    );
  }
  // The second cold build cleared the caches both configurations share (the first one's search index):
  // one more build of the first puts them back, so that every warm build below is warm. Not counted.
  pair.one.push(
    await timedOurBuild(
      `${history.label}, 1 version, caches refilled`,
      'one',
      'refill',
      dist.one,
      env.one,
      `${history.name}-one-refill`,
    ),
  );
  // Alternated, so that other work on the machine weighs on both configurations alike.
  for (let i = 1; i <= warm; i++) {
    for (const which of ['one', 'all'] as const) {
      const name = `${history.label}, ${label[which]}, warm ${i}`;
      pair[which].push(
        await timedOurBuild(name, which, 'warm', dist[which], env[which], `${history.name}-${which}-warm${i}`),
      );
    }
  }
  return pair;
}

// ---------------------------------------------------------------------------------------------------
// Figures and the table

const peakMb = (bs: Build[]) => Math.max(...bs.map((b) => Math.max(b.treeMb, b.largestMb)));
const warmOf = (bs: Build[]) => bs.filter((b) => b.kind === 'warm');
const coldOf = (bs: Build[]) => bs.find((b) => b.kind === 'cold');

function pairFigures(
  pair: Pair,
  label: string,
  ratio: { budget: number; goal?: number },
  rss: { budget: number; goal?: number },
): Figure[] {
  const n = pair.history.name === 'petstore' ? 3 : 2;
  const one = median(warmOf(pair.one).map((b) => b.wall));
  const all = median(warmOf(pair.all).map((b) => b.wall));
  const oneCold = coldOf(pair.one)?.wall ?? Number.NaN;
  const allCold = coldOf(pair.all)?.wall ?? Number.NaN;
  const peak = peakMb(warmOf(pair.all));
  const cpuOne = median(warmOf(pair.one).map((b) => b.cpu));
  const cpuAll = median(warmOf(pair.all).map((b) => b.cpu));
  const coldPeak = peakMb(pair.all.filter((b) => b.kind === 'cold'));
  return [
    {
      figure: `${label}, ${n} versions: build wall, warm (median of ${warmOf(pair.all).length})`,
      anchor: `${one.toFixed(1)} s (1 version)`,
      measured: `${all.toFixed(1)} s`,
      value: all / one,
      ...ratio,
      unit: '×',
      verdict: verdictOf(all / one, ratio),
    },
    {
      figure: `${label}, ${n} versions: peak RSS, warm (process tree)`,
      anchor: `${peakMb(warmOf(pair.one)).toFixed(0)} MB (1 version)`,
      measured: `${peak.toFixed(0)} MB`,
      value: peak,
      ...rss,
      unit: 'MB',
      verdict: verdictOf(peak, rss),
    },
    {
      // Less moved than the wall time by other work on a shared machine.
      figure: `${label}, ${n} versions: build CPU time, warm (median)`,
      anchor: `${cpuOne.toFixed(1)} s (1 version)`,
      measured: `${cpuAll.toFixed(1)} s`,
      value: cpuAll / cpuOne,
      unit: '×',
      verdict: 'information',
    },
    {
      figure: `${label}, ${n} versions: build wall, cold`,
      anchor: `${oneCold.toFixed(1)} s (1 version)`,
      measured: `${allCold.toFixed(1)} s`,
      value: allCold / oneCold,
      unit: '×',
      verdict: 'information',
    },
    {
      figure: `${label}, ${n} versions: peak RSS, cold (process tree)`,
      anchor: `${peakMb(pair.one.filter((b) => b.kind === 'cold')).toFixed(0)} MB (1 version)`,
      measured: `${coldPeak.toFixed(0)} MB`,
      value: coldPeak,
      unit: 'MB',
      verdict: 'information',
    },
  ];
}

function printTable(
  figures: Figure[],
  builds: Build[],
  scripts: { one: PageScript[]; all: PageScript[] } | undefined,
  meta: Record<string, string>,
): void {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(
    `Published versions: cost of the build and of the page (node bench/versions.ts; ${availableParallelism()} cores; load average at the end ${load}; at the start ${meta.loadStart})`,
  );
  console.log(
    `build date ${meta.date}; Petstore history: ${meta.petstore}${meta.github ? `; GitHub: ${meta.github}` : ''}`,
  );
  console.log('anchor: the one-version build (PETSTORE_VERSIONS=last:1) of the same description, in the same run\n');
  const fmt = (f: Figure) =>
    f.unit === '×' ? `${f.value.toFixed(2)}×` : f.unit === 'MB' ? `${f.value.toFixed(0)} MB` : `${f.value} B`;
  const lim = (f: Figure, v: number | undefined) =>
    v === undefined || !Number.isFinite(v)
      ? '-'
      : f.unit === '×'
        ? `≤ ${v}×`
        : f.unit === 'MB'
          ? `≤ ${v} MB`
          : `≤ ${v} B`;
  console.log('| figure | anchor | measured | ratio / value | budget | goal | verdict |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.figure} | ${f.anchor} | ${f.measured} | ${fmt(f)} | ${lim(f, f.budget)} | ${lim(f, f.goal)} | ${f.verdict} |`,
    );
  }
  console.log('\nEvery build (stage ends: seconds from the start; pages: rendered / restored from the cache):');
  console.log(
    '| build | wall | CPU | peak RSS tree / largest process | tree at its peak | setup | Vite | prerender | hooks | pages | Pagefind | OG cards drawn / cached | log |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const b of builds) {
    const e = b.profile.ends;
    const s = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));
    const pf = b.profile.pagefind;
    console.log(
      `| ${b.name} | ${b.wall.toFixed(1)} s | ${b.cpu.toFixed(1)} s | ${b.treeMb.toFixed(0)} / ${b.largestMb.toFixed(0)} MB | ${b.peakAt.t.toFixed(0)} s: ${b.peakAt.processes.map((p) => `${p.name} ${p.mb}`).join(', ')} | ${s(e.setup)} | ${s(e.vite)} | ${s(e.prerender)} | ${s(e.hooks)} | ${b.profile.pages.rendered} / ${b.profile.pages.restored} | ${pf === undefined ? '-' : pf === 'reused' ? 'reused' : `${pf.toFixed(1)} s`} | ${b.profile.og ? `${b.profile.og.drawn} / ${b.profile.og.cached}` : '-'} | ${b.log} |`,
    );
  }
  console.log(
    `\nnpm ci's prepare step before each cold build (Scalar's bundles, not in the cold figures): ${meta.prepare}`,
  );
  if (scripts) {
    const one = new Map(scripts.one.map((s) => [s.id, s]));
    const added = scripts.all.filter((s) => !one.has(s.id));
    console.log(
      `\nscripts of /${SAMPLE_PAGE.replace(/index\.html$/, '')} (gzip): 1 version ${scripts.one.length} (${scripts.one.reduce((a, s) => a + s.gzip, 0)} B), 3 versions ${scripts.all.length} (${scripts.all.reduce((a, s) => a + s.gzip, 0)} B); only in the 3-version page: ${added.length ? added.map((s) => `${s.id} ${s.gzip} B`).join(', ') : 'none'}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'github-runs': { type: 'string', default: '1' },
      'no-github': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    printHeaderHelp(import.meta.url);
    return;
  }
  const { runs, 'github-runs': githubRuns } = buildCounts({ runs: values.runs, 'github-runs': values['github-runs'] });
  const loadStart = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  // One date for every build of the run: the page keys include it, so a run across midnight stays warm.
  const date = new Date().toISOString().slice(0, 10);
  mkdirSync(OUT, { recursive: true });
  const prepare: number[] = [];

  const petstore = await measurePair(petstoreHistory(), date, runs, prepare);
  const figures = pairFigures(petstore, 'Petstore', BUDGET.petstoreRatio, BUDGET.petstoreRssMb);

  // The switcher's JavaScript: the same operation page, 3 versions against 1.
  const scripts = {
    one: pageScripts(join(petstore.dist.one, 'client'), SAMPLE_PAGE),
    all: pageScripts(join(petstore.dist.all, 'client'), SAMPLE_PAGE),
  };
  const html = readFileSync(join(petstore.dist.all, 'client', SAMPLE_PAGE), 'utf8');
  const switcherLinks = /<nav class="ref-versions"[\s\S]*?<\/nav>/.exec(html)?.[0].match(/data-version=/g)?.length ?? 0;
  if (switcherLinks !== 3) {
    throw new Error(
      `the 3-version build's /${SAMPLE_PAGE} has ${switcherLinks} switcher links, not 3: nothing to weigh`,
    );
  }
  const sum = (xs: PageScript[]) => xs.reduce((a, s) => a + s.gzip, 0);
  const added = sum(scripts.all) - sum(scripts.one);
  figures.push({
    figure: 'JavaScript the switcher adds to an operation page, gzip',
    anchor: `${sum(scripts.one)} B (1 version)`,
    measured: `${sum(scripts.all)} B`,
    value: added,
    ...BUDGET.switcherJsBytes,
    unit: 'B',
    verdict: verdictOf(added, BUDGET.switcherJsBytes),
  });

  let github: Pair | undefined;
  if (!values['no-github']) {
    github = await measurePair(githubHistory(join(OUT, 'github-history')), date, githubRuns, prepare);
    figures.push(...pairFigures(github, "GitHub's REST", BUDGET.githubRatio, BUDGET.githubRssMb));
  }

  const builds = [...petstore.one, ...petstore.all, ...(github ? [...github.one, ...github.all] : [])];
  const meta = {
    date,
    loadStart,
    petstore: petstore.history.source,
    ...(github ? { github: github.history.source } : {}),
    prepare: prepare.map((s) => `${s.toFixed(1)} s`).join(', '),
  };
  if (!values.keep) {
    for (const pair of [petstore, github]) {
      if (!pair) continue;
      for (const d of [pair.dist.one, pair.dist.all]) {
        rmSync(d, { recursive: true, force: true });
        rmSync(join(ROOT, cacheDirFor(d)), { recursive: true, force: true });
      }
    }
    rmSync(join(OUT, 'github-history'), { recursive: true, force: true });
  }
  if (values.json) {
    console.log(
      JSON.stringify(
        { ...meta, loadEnd: loadavg(), cores: availableParallelism(), figures, builds: builds, scripts },
        null,
        1,
      ),
    );
  } else {
    printTable(figures, builds, scripts, meta);
  }
  process.exitCode = figures.some((f) => f.verdict === 'OVER BUDGET') ? 1 : 0;
}

try {
  await main();
} catch (err) {
  // A wrong option or a failed build: the message names it (a failed build's log is kept), without a stack.
  process.stderr.write(`bench/versions.ts: ${(err as Error).message}\n`);
  process.exitCode = 2;
}
