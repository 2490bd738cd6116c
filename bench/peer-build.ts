// Build time and memory against the peer (prints figures; never run by the tests): our site and a
// Starlight site with starlight-openapi (0.26, a dev dependency; bench/timed-build.ts `peerProject`) built on
// the same description in the same run, alternated, each with the environment its own build uses.
//
//   1. GitHub's REST description (`generated/api.github.com.json` of npm `@octokit/openapi` 23.0.2, fetched
//      with `npm pack` into node_modules/.cache/petstore-bench/), RUNS rounds of:
//        ours cold (every cache of the site cleared, then what `npm ci` prepares: Scalar's bundles, timed
//        apart), the peer cold (a fresh project: no Astro cache), ours warm (the same output folder rebuilt
//        after a one-operation change: the description of `issues/list-for-repo` gets one more sentence),
//        the peer warm (its project rebuilt on the same change);
//      the order of ours and the peer's alternates from one round to the next.
//   2. GitHub's two releases (23.0.0 published beside 23.0.2, PETSTORE_VERSIONS=all, as bench/versions.ts
//      builds them), ours cold once: the memory of publishing two versions.
//   3. The Petstore (spec/openapi.yaml), PETSTORE_RUNS rounds of ours cold, the peer cold, ours rebuilt
//      unchanged (`npm run build` again), alternated; before each cold build, of ours and of the peer's, every
//      cache is cleared (the output, .astro, node_modules/.astro, node_modules/.vite, node_modules/.cache with
//      Scalar's prepared bundles: fresh-clone.ts `clearEveryCache`), as a first build or a CI run whose cache
//      missed finds them; and ours as a fresh clone's first build after `npm ci`: every cache cleared, then
//      `npm ci`'s prepare step (timed apart), which makes Scalar's bundles (information, beside the budget).
//
// Per build: wall time; CPU time (user and system of the build and its child processes: less moved by
// other work on a shared machine than the wall time); peak RSS of the whole process tree (the sum of every
// process, sampled from /proc every 200 ms) and of its largest process (GNU time); CPU by process (the
// build's own, the Open Graph drawing, the in-browser mock's bundling, Pagefind); and our stage profile from
// the build's output: prerendering (pages rendered / restored), the Open Graph cards, Pagefind,
// precompression, the in-browser mock, the code samples and their highlighting. Logs are kept in
// .bench-dist/peer/logs/.
//
// Budgets (printed with a verdict; exit code 1 when one is over, 2 on a failed build or a wrong option):
//   GitHub cold, ours / starlight-openapi wall (median of rounds)                  ≤ 1.2× (goal 0.8×)
//   GitHub, the largest process's peak RSS, ours / starlight-openapi's             ≤ 1.2× (goal 1.0×)
//   GitHub warm after a one-operation change, ours / the peer's build of it        ≤ 0.35× (goal 0.25×)
//   Petstore, every cache cleared, ours / starlight-openapi wall (median of rounds) ≤ 1.5× (goal 1.0×)
//   GitHub's two releases, peak RSS of the process tree                             ≤ 2.5 GB (goal 2 GB)
// Seconds depend on the machine and on what else runs on it: read the ratios, measured in the same run,
// and the load average printed beside them.
//
//   node bench/peer-build.ts [--runs 1] [--petstore-runs 3] [--no-github] [--no-versions] [--no-petstore]
//                            [--keep] [--json]
//     --runs N           rounds on GitHub's description (default 1: a round is about 5 minutes on 2 cores;
//                        0: none, only its two releases)
//     --petstore-runs N  rounds on the Petstore (default 3)
//     --no-github        skip 1 and 2; --no-versions skips 2; --no-petstore skips 3
//     --keep             keep the output folders and the peer projects (.bench-dist/peer/)
//     --json             the figures as JSON on stdout instead of the tables (progress stays on stderr)
//   The table of the issue, on a quiet machine: node bench/peer-build.ts --runs 3
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { cacheDirFor } from '../site/integrations/incremental-build.ts';
import { ROOT } from '../tests/support/server.ts';
import { githubHistory, OCTOKIT_CURRENT, octokitDescription, peerBuildEnv, peerProject } from './build-inputs.ts';
import { buildCounts, type Figure, verdictOf } from './figures.ts';
import { clearEveryCache, clearSiteCaches, prepareAsNpmCi } from './fresh-clone.ts';
import { printHeaderHelp } from './help.ts';
import { median } from './stats.ts';
import { type BuildRun, type BuildSpec, loadAverage, OUR_BUILD, ourBuildEnv, timedBuild } from './timed-build.ts';

const BUDGET = {
  githubCold: { budget: 1.2, goal: 0.8 },
  githubLargest: { budget: 1.2, goal: 1.0 },
  githubWarm: { budget: 0.35, goal: 0.25 },
  githubTwoRssMb: { budget: 2500, goal: 2000 },
  petstoreCold: { budget: 1.5, goal: 1.0 },
} as const;

/** The operation the warm build's change touches, and the sentence added to its description. */
const CHANGED = { path: '/repos/{owner}/{repo}/issues', method: 'get', sentence: ' Changed for the warm build.' };

const OUT = join(ROOT, '.bench-dist', 'peer');
const LOGS = join(OUT, 'logs');

/** One build as the tables show it. */
interface Row extends BuildRun {
  name: string;
  side: 'ours' | 'peer';
  /** `prepared`: every cache cleared, then `npm ci`'s prepare step, as a fresh clone's first build */
  kind: 'cold' | 'warm' | 'prepared';
  description: 'github' | 'github-2' | 'petstore';
}

const rows: Row[] = [];

async function build(row: Omit<Row, keyof BuildRun>, spec: Omit<BuildSpec, 'log'> & { log: string }): Promise<Row> {
  process.stderr.write(`${row.name}…`);
  const run = await timedBuild({ ...spec, log: join(LOGS, `${spec.log}.log`) });
  process.stderr.write(` ${run.wall.toFixed(1)} s (CPU ${run.cpu.toFixed(1)} s, tree ${run.treeMb.toFixed(0)} MB)\n`);
  const out = { ...row, ...run };
  rows.push(out);
  return out;
}

/** Our output folder for `name` (its incremental-build cache folder follows it: incremental-build.ts). */
const ourDist = (name: string) => join(OUT, name);

/**
 * How a cold build of ours starts:
 * - `site`: every cache of the site cleared (fresh-clone.ts `clearSiteCaches`), then `npm ci`'s prepare
 *   step (timed apart);
 * - `every`: every cache a build can find cleared (fresh-clone.ts `clearEveryCache`), no prepare step;
 * - `fresh-clone`: every cache cleared, then the prepare step, as a fresh clone's first build after
 *   `npm ci` (rows of kind `prepared`).
 */
type ColdStart = 'site' | 'every' | 'fresh-clone';

/** A cold build of ours, from `start`'s caches ({@link ColdStart}). */
async function ourCold(
  name: string,
  log: string,
  description: Row['description'],
  dist: string,
  env: Record<string, string>,
  start: ColdStart = 'site',
) {
  if (start === 'site') clearSiteCaches([dist]);
  else clearEveryCache([dist]);
  if (start !== 'every') prepare.push(prepareAsNpmCi());
  return build(
    { name, side: 'ours', kind: start === 'fresh-clone' ? 'prepared' : 'cold', description },
    {
      cwd: ROOT,
      script: OUR_BUILD,
      env: ourBuildEnv({ ...env, DIST_DIR: relative(ROOT, dist) }),
      clean: dist,
      log,
    },
  );
}

const prepare: number[] = [];

/** A rebuild of ours into the output folder of an earlier build (its caches as that build left them). */
async function ourRebuild(name: string, log: string, description: Row['description'], dist: string, spec: string) {
  return build(
    { name, side: 'ours', kind: 'warm', description },
    { cwd: ROOT, script: OUR_BUILD, env: ourBuildEnv({ PETSTORE_SPEC: spec, DIST_DIR: relative(ROOT, dist) }), log },
  );
}

/** GitHub, one version: cold and warm, ours and the peer's, `runs` rounds alternated. */
async function github(runs: number): Promise<void> {
  const dir = join(OUT, 'github-description');
  mkdirSync(dir, { recursive: true });
  const spec = join(dir, 'openapi.json');
  const original = readFileSync(octokitDescription(OCTOKIT_CURRENT), 'utf8');
  const document = JSON.parse(original) as { paths: Record<string, Record<string, { description?: string }>> };
  const op = document.paths[CHANGED.path]?.[CHANGED.method];
  if (!op) throw new Error(`@octokit/openapi ${OCTOKIT_CURRENT} has no ${CHANGED.method} ${CHANGED.path}`);
  op.description = `${op.description ?? ''}${CHANGED.sentence}`;
  const changed = JSON.stringify(document);
  const dist = ourDist('github-ours');
  const peerDir = join(OUT, 'github-peer');
  for (let round = 1; round <= runs; round++) {
    const ours = async () => {
      writeFileSync(spec, original);
      await ourCold(`GitHub, ours, cold (round ${round})`, `github-ours-cold-${round}`, 'github', dist, {
        PETSTORE_SPEC: spec,
      });
      writeFileSync(spec, changed);
      await ourRebuild(
        `GitHub, ours, warm after a one-operation change (round ${round})`,
        `github-ours-warm-${round}`,
        'github',
        dist,
        spec,
      );
    };
    const peer = async () => {
      const peerSpec = join(dir, 'peer.json');
      writeFileSync(peerSpec, original);
      peerProject(peerSpec, peerDir);
      await build(
        { name: `GitHub, starlight-openapi, cold (round ${round})`, side: 'peer', kind: 'cold', description: 'github' },
        { cwd: peerDir, env: peerBuildEnv(), log: `github-peer-cold-${round}` },
      );
      writeFileSync(peerSpec, changed);
      await build(
        {
          name: `GitHub, starlight-openapi, warm after a one-operation change (round ${round})`,
          side: 'peer',
          kind: 'warm',
          description: 'github',
        },
        { cwd: peerDir, env: peerBuildEnv(), log: `github-peer-warm-${round}` },
      );
    };
    // Alternated: odd rounds build ours first, even rounds the peer's.
    for (const step of round % 2 ? [ours, peer] : [peer, ours]) await step();
  }
}

/** GitHub, two published versions, ours cold once (bench/versions.ts builds the same history). */
async function githubTwoVersions(): Promise<void> {
  const history = githubHistory(join(OUT, 'github-history'));
  await ourCold('GitHub, two versions, ours, cold', 'github-2-ours-cold', 'github-2', ourDist('github-two'), {
    PETSTORE_SPEC: history.spec,
    PETSTORE_CHANGELOG: history.changelog,
    PETSTORE_VERSIONS: 'all',
  });
}

/** The Petstore: ours cold, the peer cold, ours rebuilt unchanged, `runs` rounds alternated. */
async function petstore(runs: number): Promise<void> {
  const spec = join(ROOT, 'spec', 'openapi.yaml');
  const dist = ourDist('petstore-ours');
  const peerDir = join(OUT, 'petstore-peer');
  for (let round = 1; round <= runs; round++) {
    const ours = async () => {
      await ourCold(
        `Petstore, ours, every cache cleared (round ${round})`,
        `petstore-ours-cold-${round}`,
        'petstore',
        dist,
        { PETSTORE_SPEC: spec },
        'every',
      );
      await ourRebuild(
        `Petstore, ours, rebuilt unchanged (round ${round})`,
        `petstore-ours-warm-${round}`,
        'petstore',
        dist,
        spec,
      );
      await ourCold(
        `Petstore, ours, a fresh clone's first build: every cache cleared, then npm ci's prepare step (round ${round})`,
        `petstore-ours-prepared-${round}`,
        'petstore',
        dist,
        { PETSTORE_SPEC: spec },
        'fresh-clone',
      );
    };
    const peer = async () => {
      clearEveryCache([]);
      peerProject(spec, peerDir);
      await build(
        {
          name: `Petstore, starlight-openapi, every cache cleared (round ${round})`,
          side: 'peer',
          kind: 'cold',
          description: 'petstore',
        },
        { cwd: peerDir, env: peerBuildEnv(), log: `petstore-peer-cold-${round}` },
      );
    };
    for (const step of round % 2 ? [ours, peer] : [peer, ours]) await step();
  }
}

// ---------------------------------------------------------------------------------------------------
// Figures

const pick = (description: Row['description'], side: Row['side'], kind: Row['kind']) =>
  rows.filter((r) => r.description === description && r.side === side && r.kind === kind);
const wallOf = (rs: Row[]) => median(rs.map((r) => r.wall));
const cpuOf = (rs: Row[]) => median(rs.map((r) => r.cpu));
const peakOf = (rs: Row[]) => Math.max(...rs.map((r) => Math.max(r.treeMb, r.largestMb)));
const s = (n: number) => `${n.toFixed(1)} s`;
const mb = (n: number) => `${n.toFixed(0)} MB`;

function ratio(
  figure: string,
  measured: Row[],
  anchor: Row[],
  anchorName: string,
  limits?: { budget: number; goal?: number },
  by: (rs: Row[]) => number = wallOf,
): Figure {
  const value = by(measured) / by(anchor);
  return {
    figure,
    anchor: `${s(by(anchor))} (${anchorName})`,
    measured: s(by(measured)),
    value,
    ...(limits ?? {}),
    unit: '×',
    verdict: verdictOf(value, limits),
  };
}

function memory(figure: string, measured: Row[], anchor: Row[], limits?: { budget: number; goal?: number }): Figure {
  const value = peakOf(measured);
  return {
    figure,
    anchor: anchor.length ? `${mb(peakOf(anchor))} (starlight-openapi)` : '-',
    measured: mb(value),
    value,
    ...(limits ?? {}),
    unit: 'MB',
    verdict: verdictOf(value, limits),
  };
}

/** The largest process's peak (GNU time) of `measured` against `anchor`'s, as a ratio. */
function largest(figure: string, measured: Row[], anchor: Row[], limits: { budget: number; goal?: number }): Figure {
  const of = (rs: Row[]) => Math.max(...rs.map((r) => r.largestMb));
  const value = of(measured) / of(anchor);
  return {
    figure,
    anchor: `${mb(of(anchor))} (starlight-openapi)`,
    measured: mb(of(measured)),
    value,
    ...limits,
    unit: '×',
    verdict: verdictOf(value, limits),
  };
}

function figures(): Figure[] {
  const out: Figure[] = [];
  const gh = {
    oursCold: pick('github', 'ours', 'cold'),
    oursWarm: pick('github', 'ours', 'warm'),
    peerCold: pick('github', 'peer', 'cold'),
    peerWarm: pick('github', 'peer', 'warm'),
  };
  if (gh.oursCold.length) {
    const n = gh.oursCold.length;
    out.push(
      ratio(`GitHub, cold: wall (median of ${n})`, gh.oursCold, gh.peerCold, 'starlight-openapi', BUDGET.githubCold),
      ratio(`GitHub, cold: CPU time (median of ${n})`, gh.oursCold, gh.peerCold, 'starlight-openapi', undefined, cpuOf),
      ratio(
        `GitHub, warm after a one-operation change: wall, against the peer's build of the same change`,
        gh.oursWarm,
        gh.peerWarm,
        'starlight-openapi, warm',
        BUDGET.githubWarm,
      ),
      ratio(
        `GitHub, warm after a one-operation change: wall, against our cold build`,
        gh.oursWarm,
        gh.oursCold,
        'ours, cold',
      ),
      largest(
        'GitHub, one version: peak RSS of the largest process',
        [...gh.oursCold, ...gh.oursWarm],
        [...gh.peerCold, ...gh.peerWarm],
        BUDGET.githubLargest,
      ),
      memory(
        'GitHub, one version: peak RSS of the process tree',
        [...gh.oursCold, ...gh.oursWarm],
        [...gh.peerCold, ...gh.peerWarm],
      ),
    );
  }
  const two = pick('github-2', 'ours', 'cold');
  if (two.length) {
    out.push(memory('GitHub, two versions, cold: peak RSS of the process tree', two, [], BUDGET.githubTwoRssMb));
    if (gh.oursCold.length)
      out.push(
        ratio('GitHub, two versions, cold: wall, against one version', two, gh.oursCold, 'ours, one version, cold'),
      );
  }
  const pet = {
    oursCold: pick('petstore', 'ours', 'cold'),
    oursWarm: pick('petstore', 'ours', 'warm'),
    oursPrepared: pick('petstore', 'ours', 'prepared'),
    peer: pick('petstore', 'peer', 'cold'),
  };
  if (pet.oursCold.length) {
    const n = pet.oursCold.length;
    out.push(
      ratio(
        `Petstore, every cache cleared: wall (median of ${n})`,
        pet.oursCold,
        pet.peer,
        'starlight-openapi',
        BUDGET.petstoreCold,
      ),
      ratio(
        `Petstore, every cache cleared: CPU time (median of ${n})`,
        pet.oursCold,
        pet.peer,
        'starlight-openapi',
        undefined,
        cpuOf,
      ),
      ratio(
        `Petstore, a fresh clone's first build (every cache cleared, then npm ci's prepare step): wall (median of ${n})`,
        pet.oursPrepared,
        pet.peer,
        'starlight-openapi, every cache cleared',
      ),
      ratio(
        `Petstore, rebuilt unchanged: wall (median of ${n})`,
        pet.oursWarm,
        pet.peer,
        'starlight-openapi, every cache cleared',
      ),
      memory('Petstore: peak RSS of the process tree', [...pet.oursCold, ...pet.oursWarm], pet.peer),
    );
  }
  return out;
}

function printTables(figs: Figure[], meta: { start: string; end: string }): void {
  console.log('Build time and memory against starlight-openapi (node bench/peer-build.ts)');
  console.log(`${meta.start} at the start, ${meta.end} at the end`);
  console.log('anchor: starlight-openapi 0.26 on the same description, built in the same run, alternated\n');
  const fmt = (f: Figure) => (f.unit === '×' ? `${f.value.toFixed(2)}×` : mb(f.value));
  const lim = (f: Figure, v?: number) =>
    v === undefined ? '-' : f.unit === '×' ? `≤ ${v}×` : `≤ ${(v / 1000).toFixed(1)} GB`;
  console.log('| figure | anchor | measured | ratio / value | budget | goal | verdict |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figs) {
    console.log(
      `| ${f.figure} | ${f.anchor} | ${f.measured} | ${fmt(f)} | ${lim(f, f.budget)} | ${lim(f, f.goal)} | ${f.verdict} |`,
    );
  }
  console.log(
    '\nEvery build: wall, CPU (user + system), peak RSS of the tree / of its largest process, CPU by process:',
  );
  console.log(
    '| build | wall | CPU | peak RSS tree / largest | tree at its peak | peak by process | CPU by process | log |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const byProcess = Object.entries(r.cpuBy)
      .filter(([, c]) => c >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(([g, c]) => `${g} ${c.toFixed(1)}`)
      .join(', ');
    const peaks = Object.entries(r.peakBy)
      .filter(([, m]) => m >= 50)
      .sort((a, b) => b[1] - a[1])
      .map(([g, m]) => `${g} ${m.toFixed(0)}`)
      .join(', ');
    console.log(
      `| ${r.name} | ${s(r.wall)} | ${s(r.cpu)} | ${mb(r.treeMb)} / ${mb(r.largestMb)} | ${r.peakAt.t.toFixed(0)} s: ${r.peakAt.processes.map((p) => `${p.name} ${p.mb}`).join(', ')} | ${peaks} | ${byProcess} | ${r.log} |`,
    );
  }
  console.log(
    '\nOur stages (seconds; ends are from the start of the build; pages: rendered / restored from the cache):',
  );
  console.log(
    '| build | setup ends | Vite ends | prerender | pages | samples: blocks / distinct / highlighted, highlighting s (at most); from the highlighting thread, its s | Open Graph: drawn / cached, s (CPU s) | Pagefind | precompression: files, s | in-browser mock | hooks end |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const o = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));
  for (const r of rows.filter((x) => x.side === 'ours')) {
    const p = r.profile;
    const samples = p.samples
      ? `${p.samples.blocks} / ${p.samples.distinct} / ${p.samples.highlighted}, ${o(p.samples.highlightS)}${
          p.samples.thread ? `; ${p.samples.thread.taken}, ${o(p.samples.thread.s)}` : ''
        }`
      : '-';
    const og = p.og
      ? `${p.og.drawn} / ${p.og.cached}, ${o(p.og.s)}${p.og.cpu === undefined ? '' : ` (${o(p.og.cpu)})`}`
      : '-';
    const pf = p.pagefind === undefined ? '-' : p.pagefind === 'reused' ? 'reused' : o(p.pagefind);
    const pc = p.precompressed ? `${p.precompressed.files}, ${o(p.precompressed.s)}` : '-';
    const mock = !p.mock
      ? '-'
      : p.mock.cached
        ? 'cached'
        : `made in ${o(p.mock.s)}${p.mock.cpu === undefined ? '' : ` (CPU ${o(p.mock.cpu)})`}`;
    console.log(
      `| ${r.name} | ${o(p.ends.setup)} | ${o(p.ends.vite)} | ${o(p.prerender)} | ${p.pages.rendered} / ${p.pages.restored} | ${samples} | ${og} | ${pf} | ${pc} | ${mock} | ${o(p.ends.hooks)} |`,
    );
  }
  if (prepare.length)
    console.log(
      `\nnpm ci's prepare step before each cold build of ours (not in the figures): ${prepare.map(s).join(', ')}`,
    );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      'petstore-runs': { type: 'string', default: '3' },
      'no-github': { type: 'boolean', default: false },
      'no-versions': { type: 'boolean', default: false },
      'no-petstore': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    printHeaderHelp(import.meta.url);
    return;
  }
  // --runs 0 leaves out the rounds on one version of GitHub's description, not its two releases.
  const runs = values.runs === '0' ? 0 : buildCounts({ runs: values.runs }).runs;
  const { 'petstore-runs': petstoreRuns } = buildCounts({ 'petstore-runs': values['petstore-runs'] });
  const start = loadAverage();
  mkdirSync(LOGS, { recursive: true });
  if (!values['no-github']) {
    if (runs > 0) await github(runs);
    if (!values['no-versions']) await githubTwoVersions();
  }
  if (!values['no-petstore']) await petstore(petstoreRuns);
  const figs = figures();
  const meta = { start, end: loadAverage() };
  if (!values.keep) {
    for (const name of [
      'github-ours',
      'github-two',
      'petstore-ours',
      'github-peer',
      'petstore-peer',
      'github-description',
      'github-history',
    ]) {
      rmSync(join(OUT, name), { recursive: true, force: true });
    }
    // The pages Astro's incremental build kept for those folders (the site's other caches stay: `npm run build` uses them).
    for (const name of ['github-ours', 'github-two', 'petstore-ours']) {
      rmSync(join(ROOT, cacheDirFor(ourDist(name))), { recursive: true, force: true });
    }
  }
  if (values.json) console.log(JSON.stringify({ ...meta, figures: figs, builds: rows, prepare }, null, 1));
  else printTables(figs, meta);
  process.exitCode = figs.some((f) => f.verdict === 'OVER BUDGET') ? 1 : 0;
}

try {
  await main();
} catch (err) {
  process.stderr.write(`bench/peer-build.ts: ${(err as Error).message}\n`);
  process.exitCode = 2;
}
