// How every benchmark times a build (site.ts, build-scale.ts, versions.ts, peer-build.ts, agents.ts): one
// `astro build` under GNU time, its output kept in a log file and read into a stage profile, and its process
// tree sampled from /proc every 200 ms for the peak of the summed resident memory and the CPU time of each
// process (so the cost of the children — the Open Graph drawing, the in-browser mock's bundling, Pagefind —
// is named apart from the build's own thread); also the environment `npm run build` gives our build, the
// median and the load average. What is built (the peer's project, GitHub's description): build-inputs.ts.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { withBuildEnv } from '../scripts/build-env.mjs';
import { ROOT } from '../tests/support/server.ts';

/** The Astro CLI every build runs (ours and the peer's: one installed Astro). */
export const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
/** What `npm run build` runs for our site: `astro build` (then the search index with PETSTORE_SEARCH_INDEX=after-build): scripts/build.mjs. */
export const OUR_BUILD = join(ROOT, 'scripts', 'build.mjs');

/** `uptime`'s three load averages and the number of cores, for printing beside figures. */
export function loadAverage(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${availableParallelism()} cores`;
}

/**
 * The environment of our site's build: `npm run build`'s (scripts/build-env.mjs), Astro's telemetry off,
 * no colours in the log (the profile reads it), plus `extra`.
 */
export function ourBuildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return withBuildEnv({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...extra });
}

// ---------------------------------------------------------------------------------------------------
// The build's output, read into stages

/** A duration Astro prints (`321ms`, `1.59s`, `1m 5s`) in seconds, or NaN. */
export function astroSeconds(text: string): number {
  const m = /^(?:(\d+)m\s*)?(?:([\d.]+)(ms|s))?$/.exec(text.trim());
  if (!m || (!m[1] && !m[2])) return Number.NaN;
  return Number(m[1] ?? 0) * 60 + (m[2] ? Number(m[2]) / (m[3] === 'ms' ? 1000 : 1) : 0);
}

/** What a build's output says about its stages (every field absent when its line is). */
export interface BuildProfile {
  /** seconds from the start of the build to the end of each stage (when its closing line was printed) */
  ends: { setup?: number; vite?: number; prerender?: number; hooks?: number };
  /** prerendering's own duration as Astro prints it (s) */
  prerender?: number;
  /** routes written by prerendering: rendered, and copied from the incremental build's cache */
  pages: { rendered: number; restored: number };
  /** Pagefind's own time (s), or `reused` when the index came from the cache */
  pagefind?: number | 'reused';
  /** Open Graph cards: drawn and taken from the cache, the seconds and the CPU seconds the integration reports */
  og?: { drawn: number; cached: number; s: number; cpu?: number };
  /** files precompressed, and the seconds from the first page written to the last file compressed */
  precompressed?: { files: number; s?: number };
  /** the in-browser mock: `cached`, or the seconds (and CPU seconds) its child process took */
  mock?: { cached: true } | { cached: false; s: number; cpu?: number };
  /** code samples: blocks shown, distinct ones, highlighted ones (the others taken from another page), seconds in the highlighter (an upper bound) */
  samples?: {
    blocks: number;
    distinct: number;
    highlighted: number;
    highlightS: number;
    /** blocks taken from the build's highlighting thread, and its seconds highlighting (when it ran) */
    thread?: { taken: number; s: number };
  };
}

const count = (n: string | undefined): number => Number(n?.replace(/,/g, ''));

/**
 * Reads a build's profile from its output lines, each with the second (from the start of the build) it
 * arrived at. Lines it does not know are skipped, so an older or newer build still gives what it prints.
 */
export function profileOf(lines: readonly { t: number; text: string }[]): BuildProfile {
  const profile: BuildProfile = { ends: {}, pages: { rendered: 0, restored: 0 } };
  let prerendering = false;
  for (const { t, text } of lines) {
    if (/Building (server|static) entrypoints/.test(text)) profile.ends.setup = t;
    if (/(prerendering|generating) static routes/.test(text)) {
      profile.ends.vite = t;
      prerendering = true;
    }
    const completed = /✓ Completed in ([\dms. ]+)\.?$/.exec(text);
    if (prerendering && completed?.[1]) {
      profile.ends.prerender = t;
      profile.prerender = astroSeconds(completed[1].replace(/\.$/, ''));
      prerendering = false;
    }
    if (/\[build\] Complete!/.test(text)) profile.ends.hooks = t;
    // Routes print as `├─ /path (+12ms)` or `├─ /path (restored)`; concurrent renders share lines.
    const restored = text.match(/\(restored\)/g)?.length ?? 0;
    profile.pages.restored += restored;
    profile.pages.rendered += (text.match(/[├└]─ /g)?.length ?? 0) - restored;
    const pf = /Finished building search index in ([\dms. ]+)/.exec(text);
    if (pf?.[1]) profile.pagefind = astroSeconds(pf[1].replace(/\.$/, ''));
    if (/Pagefind's index reused/.test(text)) profile.pagefind = 'reused';
    const og =
      /\[petstore:og\] ([\d,]+) cards: ([\d,]+) drawn, ([\d,]+) from the cache, ([\d.]+) s(?: \(([\d.]+) s of CPU)?/.exec(
        text,
      );
    if (og) {
      profile.og = { drawn: count(og[2]), cached: count(og[3]), s: Number(og[4]) };
      if (og[5]) profile.og.cpu = Number(og[5]);
    }
    const pc = /([\d,]+) files precompressed(?: in ([\d.]+) s)?/.exec(text);
    if (pc) profile.precompressed = { files: count(pc[1]), ...(pc[2] ? { s: Number(pc[2]) } : {}) };
    if (/\[petstore:mock-worker\].*written.*from the cache/.test(text)) profile.mock = { cached: true };
    const mock = /\[petstore:mock-worker\].*made in ([\d.]+) s(?: \(([\d.]+) s of CPU)?/.exec(text);
    if (mock) profile.mock = { cached: false, s: Number(mock[1]), ...(mock[2] ? { cpu: Number(mock[2]) } : {}) };
    const samples =
      /\[petstore:reference\] code samples: ([\d,]+) blocks, ([\d,]+) distinct, ([\d,]+) highlighted in ([\d.]+) s/.exec(
        text,
      );
    if (samples) {
      const thread =
        /; ([\d,]+) from the highlighting thread, which highlighted [\d,]+ of the [\d,]+ sent in ([\d.]+) s/.exec(text);
      profile.samples = {
        blocks: count(samples[1]),
        distinct: count(samples[2]),
        highlighted: count(samples[3]),
        highlightS: Number(samples[4]),
        ...(thread ? { thread: { taken: count(thread[1]), s: Number(thread[2]) } } : {}),
      };
    }
  }
  return profile;
}

// ---------------------------------------------------------------------------------------------------
// The process tree

/**
 * One process of a build as sampled: its name (the program, or the Node script; after the group when it
 * runs below another of the build's children: `integrations/mock-worker.ts > esbuild`), its group (see
 * {@link sampleTree}), resident bytes and CPU seconds.
 */
interface Sampled {
  name: string;
  group: string;
  bytes: number;
  cpu: number;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/** Every process below `root` (not `root` itself) with its parent, from /proc. */
function descendants(root: number): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended while the folder was read
    }
  }
  const out = new Map<number, number>();
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop() as number;
    for (const [child, parent] of parentOf) {
      if (parent === pid && !out.has(child)) {
        out.set(child, parent);
        todo.push(child);
      }
    }
  }
  return out;
}

/**
 * A process's name: the program, or for Node the script it runs (`astro.mjs`, `integration.ts`); `?` for
 * one that ended since the tree was listed (its /proc entry is gone).
 */
function programOf(pid: number): string {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '?';
  }
  const argv = cmdline.split('\0').filter(Boolean);
  const program = basename(argv[0] ?? '?');
  const script = argv.slice(1).find((a) => !a.startsWith('-'));
  if (!/^node/.test(program) || !script) return program;
  // The site's child processes are named by their folder and file (og/integration.ts, integrations/mock-worker.ts).
  return script.includes('/site/') ? script.slice(script.lastIndexOf('/site/') + 6) : basename(script);
}

/**
 * Samples the tree below `root` (GNU time): each process's resident memory and CPU time, grouped by the
 * process directly below the build's own (its children and theirs count with it: esbuild under the
 * mock's child), the build's own process being `build`. Names are read at every sample: a process just
 * forked still shows its parent's command line.
 */
function sampleTree(root: number, names: Map<number, string>): Map<number, Sampled> {
  const out = new Map<number, Sampled>();
  const tree = descendants(root);
  // A process that has ended but is not reaped yet has an empty command line: it keeps its last name.
  const nameOf = (pid: number): string => {
    const name = programOf(pid);
    if (name !== '?') names.set(pid, name);
    return names.get(pid) ?? name;
  };
  // The build's own process is GNU time's child, or that child's `astro build` when the child is our
  // build script (OUR_BUILD: its search index step is named apart, under the script).
  const top = [...tree].find(([, parent]) => parent === root)?.[0];
  const script = top !== undefined && nameOf(top) === basename(OUR_BUILD) ? top : undefined;
  const build =
    script === undefined
      ? top
      : [...tree].find(([pid, parent]) => parent === script && nameOf(pid) === 'astro.mjs')?.[0];
  const groupOf = (pid: number): string => {
    if (pid === build) return 'build';
    const parent = tree.get(pid);
    if (parent === undefined || parent === build || parent === root || parent === script) return nameOf(pid);
    return groupOf(parent);
  };
  for (const pid of tree.keys()) {
    try {
      const group = groupOf(pid);
      const own = pid === build ? 'build' : nameOf(pid);
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command name: state, ppid, …; utime and stime are the 14th and 15th fields of the line.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      const bytes = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
      out.set(pid, { name: own === group ? own : `${group} > ${own}`, group, bytes, cpu });
    } catch {
      // ended
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// One build

/** One measured build. */
export interface BuildRun {
  /** wall seconds, from the spawn to the exit */
  wall: number;
  /** CPU seconds (user and system) of the build and every child process it waited for (GNU time) */
  cpu: number;
  /** peak of the sum of the resident memory of every process of the build (sampled), MB */
  treeMb: number;
  /** GNU time's maximum resident set of the largest process, MB */
  largestMb: number;
  /** when the tree's peak was sampled (s from the start) and its processes above 50 MB then */
  peakAt: { t: number; processes: { name: string; mb: number }[] };
  /** CPU seconds by process group (sampled: a process's last sample; see {@link sampleTree}) */
  cpuBy: Record<string, number>;
  /** each process group's own peak of resident memory (the sum of its processes at one sample), MB */
  peakBy: Record<string, number>;
  profile: BuildProfile;
  /** the log file, relative to the project root */
  log: string;
}

/** What to build. */
export interface BuildSpec {
  /** the project folder (`astro build` runs there): the root for our site, a peer project's folder */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** more arguments of `astro build` (`--force`) */
  args?: string[];
  /**
   * The script that runs the build, instead of `astro build`: our site's `npm run build`
   * ({@link OUR_BUILD}), which runs `astro build` (and, with PETSTORE_SEARCH_INDEX=after-build, indexes
   * the search once it has exited). Given the same arguments.
   */
  script?: string;
  /** the log file (absolute); its folder is made */
  log: string;
  /** the output folder, removed before the build when given (a cold build keeps caches elsewhere) */
  clean?: string;
}

/**
 * Runs `astro build` with GNU time, samples its process tree and reads its output.
 * @throws {Error} when the build fails (the end of its log on stderr, the log kept)
 */
export async function timedBuild(spec: BuildSpec): Promise<BuildRun> {
  if (spec.clean) rmSync(spec.clean, { recursive: true, force: true });
  mkdirSync(dirname(spec.log), { recursive: true });
  const logStream = createWriteStream(spec.log);
  const t0 = performance.now();
  const child = spawn(
    '/usr/bin/time',
    [
      '-f',
      'GNU-TIME %e %M %U %S',
      process.execPath,
      ...(spec.script ? [spec.script] : [ASTRO, 'build']),
      ...(spec.args ?? []),
    ],
    {
      cwd: spec.cwd,
      env: spec.env,
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
  let peakAt: BuildRun['peakAt'] = { t: 0, processes: [] };
  const last = new Map<number, Sampled>();
  const names = new Map<number, string>();
  const peakBy: Record<string, number> = {};
  const sample = setInterval(() => {
    if (!child.pid) return;
    const now = sampleTree(child.pid, names);
    const byGroup: Record<string, number> = {};
    for (const [pid, s] of now) {
      last.set(pid, s);
      byGroup[s.group] = (byGroup[s.group] ?? 0) + s.bytes / 1024 / 1024;
    }
    for (const [g, m] of Object.entries(byGroup)) peakBy[g] = Math.max(peakBy[g] ?? 0, m);
    const sum = [...now.values()].reduce((a, p) => a + p.bytes, 0);
    if (sum <= peak) return;
    peak = sum;
    peakAt = {
      t: (performance.now() - t0) / 1000,
      processes: [...now.values()]
        .filter((p) => p.bytes > 50 * 1024 * 1024)
        .sort((a, b) => b.bytes - a.bytes)
        .map((p) => ({ name: p.name, mb: Math.round(p.bytes / 1024 / 1024) })),
    };
  }, 200);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearInterval(sample);
  for (const rest of [out, err]) if (rest.s) take(Buffer.from('\n'), rest);
  await new Promise<void>((done) => logStream.end(done));
  const wall = (performance.now() - t0) / 1000;
  if (code !== 0) {
    process.stderr.write(`\n${readFileSync(spec.log, 'utf8').slice(-4000)}\n`);
    throw new Error(`astro build in ${spec.cwd} failed (exit ${code}); log: ${relative(ROOT, spec.log)}`);
  }
  const cpuBy: Record<string, number> = {};
  for (const s of last.values()) cpuBy[s.group] = (cpuBy[s.group] ?? 0) + s.cpu;
  return {
    wall,
    cpu,
    treeMb: peak / 1024 / 1024,
    largestMb: largestKb / 1024,
    peakAt,
    cpuBy,
    peakBy,
    profile: profileOf(lines),
    log: relative(ROOT, spec.log),
  };
}
