// What publishing older versions costs (prints figures; never run by the tests). Builds the site as
// `npm run build` does (astro build with the environment of scripts/build-env.mjs, each configuration
// into its own DIST_DIR under .bench-dist/versions/, so each has its own incremental-build cache) with one
// published version (PETSTORE_VERSIONS=last:1: the anchor, measured in the same run) and with every
// release published (PETSTORE_VERSIONS=all), and prints the ratios beside the budgets:
//
//   1. Petstore, 3 versions: the three-release history of tests/fixtures/versions
//      (1.0.0: the Petstore with getPet sunset on 2026-06-30; 1.1.0 adds an optional `sort` query parameter to listPets; 2.0.0, the
//      working description, removes getPet). Cold once per configuration (every cache of the site cleared,
//      then what `npm ci` prepares: Scalar's bundles, timed apart), then warm (the same inputs built again)
//      RUNS times each, alternated; the medians are compared.
//   2. GitHub's REST description, 2 versions: `generated/api.github.com.json` of npm `@octokit/openapi`
//      23.0.0 (the older release) and 23.0.2 (the working description), fetched with `npm pack` into
//      node_modules/.cache/petstore-bench/. Cold once per configuration, warm GITHUB_RUNS times each.
//   3. JavaScript the version switcher adds to an operation page: every script the page's HTML references
//      (<script src>, inline scripts, <link rel="modulepreload">) and the modules they import statically,
//      each gzip (zlib level 9, as a host serves it), in the 3-version build minus the 1-version build
//      (the same page, /reference/list-pets/). Imports made on interaction (search, try-it) are not counted.
//
// Per build: wall time; CPU time (user and system, the build and its child processes: less moved by
// other work on a shared machine than the wall time); peak RSS of the process tree (the sum of every process of the build, sampled from
// /proc every 200 ms) and of its largest process (GNU time's maximum resident set); and a profile from
// the build's own output: when each stage ended (config and bundles, Vite, prerendering, the hooks after:
// Pagefind, the Open Graph cards, precompression), pages rendered and restored from the incremental
// build's cache, whether Pagefind's index and the cards came from their caches. The build logs are kept
// in .bench-dist/versions/logs/.
//
// The budgets are for the warm builds (a writer's rebuild); the cold builds' figures are printed for
// information.
//
//   node bench/versions.ts [--runs 3] [--github-runs 1] [--no-github] [--keep] [--json]
//     --runs N         warm builds of each Petstore configuration (median; default 3)
//     --github-runs N  warm builds of each GitHub configuration (median; default 1; a cold one takes minutes)
//     --no-github      the Petstore and switcher figures only
//     --keep           keep the output folders (.bench-dist/versions/<name>/)
//     --json           the figures as JSON on stdout instead of the table (progress stays on stderr)
//   e.g. node bench/versions.ts --no-github --runs 5
// Exit code 1 when a figure is over its budget; 2 on a wrong option or a failed build.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { withBuildEnv } from '../scripts/build-env.mjs';
import { cacheDirFor } from '../site/integrations/incremental-build.ts';
import { type Changelog, type ChangelogRelease, formatChangelog, parseChangelog } from '../spec/changelog.ts';
import { ROOT } from '../tests/support/server.ts';
import { clearSiteCaches, prepareAsNpmCi } from './fresh-clone.ts';
import { printHeaderHelp } from './help.ts';

/** The issue's budgets and goals. */
const BUDGET = {
  petstoreRatio: { budget: 1.6, goal: 1.3 },
  petstoreRssMb: { budget: 800, goal: 600 },
  githubRatio: { budget: 1.8, goal: 1.4 },
  githubRssMb: { budget: 1200 },
  switcherJsBytes: { budget: 1024, goal: 0 },
} as const;

const OCTOKIT_OLDER = '23.0.0';
const OCTOKIT_CURRENT = '23.0.2';
/** The page whose scripts are weighed: an operation of every Petstore version. */
const SAMPLE_PAGE = 'reference/list-pets/index.html';

const OUT = join(ROOT, '.bench-dist', 'versions');
const LOGS = join(OUT, 'logs');
const PACKS = join(ROOT, 'node_modules', '.cache', 'petstore-bench', 'octokit');

// ---------------------------------------------------------------------------------------------------
// Pure helpers

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? Number.NaN) + (s[mid] ?? Number.NaN)) / 2;
};

/** A duration Astro prints (`321ms`, `1.59s`, `1m 5s`) in seconds, or NaN. */
function seconds(text: string): number {
  const m = /^(?:(\d+)m\s*)?(?:([\d.]+)(ms|s))?$/.exec(text.trim());
  if (!m || (!m[1] && !m[2])) return Number.NaN;
  return Number(m[1] ?? 0) * 60 + (m[2] ? Number(m[2]) / (m[3] === 'ms' ? 1000 : 1) : 0);
}

/** What a build's output says about its stages. */
export interface BuildProfile {
  /** seconds from the start of the build to the end of each stage (when its closing line was printed) */
  ends: { setup?: number; vite?: number; prerender?: number; hooks?: number };
  /** routes written by prerendering: rendered, and copied from the incremental build's cache */
  pages: { rendered: number; restored: number };
  /** Pagefind's own time (s), or `reused` when the index came from the cache */
  pagefind?: number | 'reused';
  /** Open Graph cards: drawn and taken from the cache, and the seconds the integration reports */
  og?: { drawn: number; cached: number; s: number };
  /** files precompressed */
  precompressed?: number;
}

/**
 * Reads a build's profile from its output lines, each with the second (from the start of the build) it
 * arrived at.
 */
export function profileOf(lines: readonly { t: number; text: string }[]): BuildProfile {
  const profile: BuildProfile = { ends: {}, pages: { rendered: 0, restored: 0 } };
  let prerendering = false;
  for (const { t, text } of lines) {
    if (/Building server entrypoints/.test(text)) profile.ends.setup = t;
    if (/prerendering static routes/.test(text)) {
      profile.ends.vite = t;
      prerendering = true;
    }
    if (prerendering && /✓ Completed in /.test(text)) {
      profile.ends.prerender = t;
      prerendering = false;
    }
    if (/\[build\] Complete!/.test(text)) profile.ends.hooks = t;
    // Routes print as `├─ /path (+12ms)` or `├─ /path (restored)`; concurrent renders share lines.
    const restored = text.match(/\(restored\)/g)?.length ?? 0;
    profile.pages.restored += restored;
    profile.pages.rendered += (text.match(/[├└]─ /g)?.length ?? 0) - restored;
    const pf = /Finished building search index in ([\dms. ]+)/.exec(text);
    if (pf?.[1]) profile.pagefind = seconds(pf[1].replace(/\.$/, ''));
    if (/Pagefind's index reused/.test(text)) profile.pagefind = 'reused';
    const og = /\[petstore:og\] ([\d,]+) cards: ([\d,]+) drawn, ([\d,]+) from the cache, ([\d.]+) s/.exec(text);
    const count = (n: string | undefined) => Number(n?.replace(/,/g, ''));
    if (og) profile.og = { drawn: count(og[2]), cached: count(og[3]), s: Number(og[4]) };
    const pc = /(\d+) files precompressed/.exec(text);
    if (pc) profile.precompressed = Number(pc[1]);
  }
  return profile;
}

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

/** A release history on disk: the working description and the changelog whose folder holds released/. */
interface History {
  /** its folders' and logs' prefix */
  name: string;
  /** what the table calls it */
  label: string;
  spec: string;
  changelog: string;
  /** how it was made, for the table */
  source: string;
}

/** A changelog entry that changes no operation (enough for a release to be published). */
function plainRelease(version: string, date: string): ChangelogRelease {
  return { version, date, breaking: false, operations: [], other: [] };
}

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

/** `generated/api.github.com.json` of `@octokit/openapi@version`, packed from the registry once. */
function octokitDescription(version: string): string {
  const dir = join(PACKS, version);
  const file = join(dir, 'package', 'generated', 'api.github.com.json');
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`npm pack @octokit/openapi@${version} …\n`);
  const r = spawnSync('npm', ['pack', `@octokit/openapi@${version}`, '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm pack @octokit/openapi@${version} failed: ${r.stderr}`);
  const tgz = join(dir, r.stdout.trim().split('\n').at(-1) ?? '');
  const x = spawnSync('tar', ['xzf', tgz, '-C', dir, 'package/generated/api.github.com.json']);
  if (x.status !== 0 || !existsSync(file)) throw new Error(`${tgz} has no generated/api.github.com.json`);
  return file;
}

/** GitHub's REST description in two releases: 23.0.0 released, 23.0.2 the working description. */
function githubHistory(dir: string): History {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'released'), { recursive: true });
  copyFileSync(octokitDescription(OCTOKIT_CURRENT), join(dir, 'openapi.json'));
  copyFileSync(octokitDescription(OCTOKIT_OLDER), join(dir, 'released', `${OCTOKIT_OLDER}.json`));
  const changelog: Changelog = {
    releases: [plainRelease(OCTOKIT_CURRENT, '2026-02-02'), plainRelease(OCTOKIT_OLDER, '2026-01-12')],
  };
  writeFileSync(join(dir, 'changelog.json'), formatChangelog(parseChangelog(formatChangelog(changelog))));
  return {
    name: 'github',
    label: 'GitHub',
    spec: join(dir, 'openapi.json'),
    changelog: join(dir, 'changelog.json'),
    source: `@octokit/openapi ${OCTOKIT_OLDER} and ${OCTOKIT_CURRENT}, generated/api.github.com.json`,
  };
}

/** One measured build. */
interface Build {
  /** what the table calls it */
  name: string;
  config: string;
  /** `refill`: a build that puts back what another configuration's cold build cleared (not counted) */
  kind: 'cold' | 'refill' | 'warm';
  wall: number;
  /** peak of the sum of the RSS of every process of the build (sampled), MB */
  treeMb: number;
  /** GNU time's maximum resident set of the build's largest process, MB */
  largestMb: number;
  /** CPU seconds (user and system) of the build and the child processes it waited for (GNU time) */
  cpu: number;
  /** when the tree's peak was sampled (s from the start) and its processes above 50 MB */
  peakAt: { t: number; processes: { comm: string; mb: number }[] };
  profile: BuildProfile;
  log: string;
}

/** Pids of `root` and every process below it (from /proc). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended while the folder was read
    }
  }
  const out: number[] = [];
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop() as number;
    out.push(pid);
    todo.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Resident memory of each process by its program (or Node script) name, bytes (nothing for those that ended). */
function residentBytes(pids: readonly number[]): { comm: string; bytes: number }[] {
  const out: { comm: string; bytes: number }[] = [];
  for (const pid of pids) {
    try {
      const bytes = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
      // The program, or for Node the script it runs (astro.mjs, a child process's module).
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const program = basename(argv[0] ?? '?');
      const script = argv.slice(1).find((a) => !a.startsWith('-'));
      out.push({ comm: program === 'node' && script ? basename(script) : program, bytes });
    } catch {
      // ended
    }
  }
  return out;
}

/**
 * Runs `astro build` as `npm run build` does, with `env`, into `dist` (absolute, below the root); its
 * output goes to a log file and feeds the profile.
 * @throws {Error} when the build fails (the end of its log on stderr)
 */
async function timedBuild(
  name: string,
  config: string,
  kind: Build['kind'],
  dist: string,
  env: Record<string, string>,
  label: string,
): Promise<Build> {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(LOGS, { recursive: true });
  const log = join(LOGS, `${label}.log`);
  const logStream = createWriteStream(log);
  process.stderr.write(`${label}…`);
  const t0 = performance.now();
  const child = spawn(
    '/usr/bin/time',
    ['-f', 'GNU-TIME %e %M %U %S', process.execPath, join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'],
    {
      cwd: ROOT,
      env: withBuildEnv({
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        NO_COLOR: '1',
        DIST_DIR: relative(ROOT, dist),
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: { t: number; text: string }[] = [];
  let largestKb = 0;
  let cpu = Number.NaN;
  const take = (chunk: Buffer, rest: { s: string }) => {
    const t = (performance.now() - t0) / 1000;
    logStream.write(chunk);
    const parts = (rest.s + chunk.toString('utf8')).split('\n');
    rest.s = parts.pop() ?? '';
    for (const text of parts) {
      const gnu = /^GNU-TIME [\d.]+ (\d+) ([\d.]+) ([\d.]+)$/.exec(text);
      if (gnu) {
        largestKb = Number(gnu[1]);
        cpu = Number(gnu[2]) + Number(gnu[3]);
      } else lines.push({ t, text });
    }
  };
  const out = { s: '' };
  const err = { s: '' };
  child.stdout.on('data', (c: Buffer) => take(c, out));
  child.stderr.on('data', (c: Buffer) => take(c, err));
  let peak = 0;
  let peakAt: Build['peakAt'] = { t: 0, processes: [] };
  const sample = setInterval(() => {
    if (!child.pid) return;
    const processes = residentBytes(processTree(child.pid));
    const sum = processes.reduce((a, p) => a + p.bytes, 0);
    if (sum <= peak) return;
    peak = sum;
    peakAt = {
      t: (performance.now() - t0) / 1000,
      processes: processes
        .filter((p) => p.bytes > 50 * 1024 * 1024)
        .sort((a, b) => b.bytes - a.bytes)
        .map((p) => ({ comm: p.comm, mb: Math.round(p.bytes / 1024 / 1024) })),
    };
  }, 200);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearInterval(sample);
  for (const rest of [out, err]) if (rest.s) take(Buffer.from('\n'), rest);
  await new Promise<void>((done) => logStream.end(done));
  const wall = (performance.now() - t0) / 1000;
  if (code !== 0) {
    process.stderr.write(`\n${readFileSync(log, 'utf8').slice(-4000)}\n`);
    throw new Error(`${label}: astro build failed (exit ${code}); log: ${relative(ROOT, log)}`);
  }
  process.stderr.write(` ${wall.toFixed(1)} s\n`);
  return {
    name,
    config,
    kind,
    wall,
    treeMb: peak / 1024 / 1024,
    largestMb: largestKb / 1024,
    cpu,
    peakAt,
    profile: profileOf(lines),
    log: relative(ROOT, log),
  };
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
    pair[which].push(await timedBuild(cold, which, 'cold', dist[which], env[which], `${history.name}-${which}-cold`));
  }
  // The second cold build cleared the caches both configurations share (the first one's search index):
  // one more build of the first puts them back, so that every warm build below is warm. Not counted.
  pair.one.push(
    await timedBuild(
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
        await timedBuild(name, which, 'warm', dist[which], env[which], `${history.name}-${which}-warm${i}`),
      );
    }
  }
  return pair;
}

// ---------------------------------------------------------------------------------------------------
// Figures and the table

interface Figure {
  figure: string;
  anchor: string;
  measured: string;
  value: number;
  /** undefined: a figure printed for information */
  budget?: number;
  goal?: number;
  unit: '×' | 'MB' | 'B';
  verdict: 'goal met' | 'within budget' | 'OVER BUDGET' | 'information';
}

function verdictOf(value: number, budget: number, goal?: number): Figure['verdict'] {
  if (!(value <= budget)) return 'OVER BUDGET';
  return goal !== undefined && value <= goal ? 'goal met' : 'within budget';
}

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
      verdict: verdictOf(all / one, ratio.budget, ratio.goal),
    },
    {
      figure: `${label}, ${n} versions: peak RSS, warm (process tree)`,
      anchor: `${peakMb(warmOf(pair.one)).toFixed(0)} MB (1 version)`,
      measured: `${peak.toFixed(0)} MB`,
      value: peak,
      ...rss,
      unit: 'MB',
      verdict: verdictOf(peak, rss.budget, rss.goal),
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
      `| ${b.name} | ${b.wall.toFixed(1)} s | ${b.cpu.toFixed(1)} s | ${b.treeMb.toFixed(0)} / ${b.largestMb.toFixed(0)} MB | ${b.peakAt.t.toFixed(0)} s: ${b.peakAt.processes.map((p) => `${p.comm} ${p.mb}`).join(', ')} | ${s(e.setup)} | ${s(e.vite)} | ${s(e.prerender)} | ${s(e.hooks)} | ${b.profile.pages.rendered} / ${b.profile.pages.restored} | ${pf === undefined ? '-' : pf === 'reused' ? 'reused' : `${pf.toFixed(1)} s`} | ${b.profile.og ? `${b.profile.og.drawn} / ${b.profile.og.cached}` : '-'} | ${b.log} |`,
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
  const runs = Number(values.runs);
  const githubRuns = Number(values['github-runs']);
  for (const [flag, n] of [
    ['--runs', runs],
    ['--github-runs', githubRuns],
  ] as const) {
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a whole number ≥ 1`);
  }
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
    verdict: verdictOf(added, BUDGET.switcherJsBytes.budget, BUDGET.switcherJsBytes.goal),
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
