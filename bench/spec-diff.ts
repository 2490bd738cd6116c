// Benchmark of `spec-diff` (not a test: prints figures).
//
//   1. the Petstore: spec/openapi.yaml against a copy with a few edits (an operation removed, a shared enum
//      narrowed, an operation deprecated, info.version), as a process (`node tools/bin/spec-diff.mjs ... --json`,
//      what `npm run spec:diff` runs): median wall time of RUNS runs after one warm-up (which fills Node's compile
//      cache), and peak RSS; from the bundle (tools/spec-diff/dist/, built first when missing or stale, as npm ci
//      does) and from the TypeScript sources (SPEC_DIFF_SOURCE=1), beside Node's own start (`node -e 0`) measured
//      in the same run; and `npm run spec:diff` itself, to show what npm's own start adds;
//   2. the GitHub REST description two releases apart (npm @octokit/openapi, generated/api.github.com.json, ~13 MB
//      of JSON each): one run, wall time and peak RSS. The two packages are fetched once with `npm pack` into
//      bench/results/ (git-ignored), or read from --github-dir (a folder holding octokit-openapi-<version>/package/…);
//   3. for GitHub's description, the same work in this process split in phases: the shared loader (descriptions/loader/:
//      parse, bundle, upgrade to OpenAPI 3.2) for both files, then the comparison (pruning, api-smart-diff, policy,
//      locating each change on its line);
//   4. the anchor, measured in the same run: a Node process that only reads and parses the same two files
//      (`yaml` for the Petstore, JSON.parse for GitHub's), the floor under any diff of them.
//
// Goals: the Petstore ≤ 1 s; GitHub's description ≤ 30 s and ≤ 1 GB.
// Usage: node bench/spec-diff.ts [--runs 5] [--github-base 23.0.0] [--github-head 23.0.2] [--github-dir DIR] [--skip-github]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseDocument } from 'yaml';
import { diffDescriptions } from '../tools/spec-diff/core/run.ts';
import { loadFile } from '../tools/spec-diff/load.ts';
import { median } from './stats.ts';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'github-base': { type: 'string', default: '23.0.0' },
    'github-head': { type: 'string', default: '23.0.2' },
    'github-dir': { type: 'string' },
    'skip-github': { type: 'boolean', default: false },
  },
});
const RUNS = Number(opts.runs);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'tools/bin/spec-diff.mjs');
const SPEC = join(ROOT, 'spec/openapi.yaml');
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  seconds: number;
  rssMb?: number;
  code: number | null;
  stdout: string;
}

/** Runs node (or `program`) with args; wall time, and peak RSS through GNU time when it is there. */
function measure(args: string[], env: Record<string, string> = {}, program = process.execPath): Run {
  const cmd = GNU_TIME ? GNU_TIME : program;
  const full = GNU_TIME ? ['-f', '%M', program, ...args] : args;
  const t = performance.now();
  const r = spawnSync(cmd, full, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, BUILD_DATE: '2026-11-25', NO_COLOR: '1', ...env },
  });
  const seconds = (performance.now() - t) / 1000;
  const kb = GNU_TIME ? Number(r.stderr.trim().split('\n').at(-1)) : Number.NaN;
  return { seconds, ...(Number.isFinite(kb) ? { rssMb: kb / 1024 } : {}), code: r.status, stdout: r.stdout };
}

const fmt = (r: { seconds: number; rssMb?: number }) =>
  `${r.seconds.toFixed(2)} s${r.rssMb !== undefined ? `, peak RSS ${r.rssMb.toFixed(0)} MB` : ''}`;

function summary(stdout: string): string {
  try {
    const j = JSON.parse(stdout) as { changes: unknown[]; ok: boolean; summary: Record<string, number> };
    return `${j.changes.length} changes (${j.summary.breaking} breaking), ok=${j.ok}`;
  } catch {
    return stdout.slice(0, 200);
  }
}

const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' });
if (built.status !== 0) {
  process.stderr.write(`npm run build:cli failed:\n${built.stderr}`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'spec-diff-bench-'));
try {
  // 1. The Petstore.
  const doc = parseDocument(readFileSync(SPEC, 'utf8'));
  doc.deleteIn(['paths', '/pets/{petId}', 'get']);
  doc.setIn(['components', 'schemas', 'PetStatus', 'enum'], ['available', 'pending']);
  doc.setIn(['paths', '/store/orders/{orderId}', 'delete', 'deprecated'], true);
  doc.setIn(['paths', '/store/orders/{orderId}', 'delete', 'x-deprecated-sunset'], '2027-12-31');
  doc.setIn(['info', 'version'], '1.1.0');
  const head = join(work, 'openapi.yaml');
  writeFileSync(head, doc.toString());
  const petArgs = [MAIN, '--base', SPEC, '--head', head, '--json'];
  const SOURCES = { SPEC_DIFF_SOURCE: '1' };
  measure(petArgs);
  measure(petArgs, SOURCES);
  const node0 = Array.from({ length: RUNS }, () => measure(['-e', '0']));
  const pet = Array.from({ length: RUNS }, () => measure(petArgs));
  const petSources = Array.from({ length: RUNS }, () => measure(petArgs, SOURCES));
  const npmArgs = ['run', '--silent', 'spec:diff', '--', '--base', SPEC, '--head', head, '--json'];
  const viaNpm = Array.from({ length: RUNS }, () => measure(npmArgs, {}, 'npm'));
  const petAnchorScript = `const {parse}=await import(${JSON.stringify(join(ROOT, 'node_modules/yaml/dist/index.js'))});const fs=await import('node:fs');parse(fs.readFileSync(${JSON.stringify(SPEC)},'utf8'));parse(fs.readFileSync(${JSON.stringify(head)},'utf8'));`;
  const anchor = Array.from({ length: RUNS }, () => measure(['--input-type=module', '-e', petAnchorScript]));
  const med = (rs: Run[]) => ({
    seconds: median(rs.map((r) => r.seconds)),
    rssMb: Math.max(...rs.map((r) => r.rssMb ?? 0)),
  });
  const petMedian = med(pet);
  const start = med(node0).seconds;
  process.stdout.write(
    `Petstore (${RUNS} runs after a warm-up, median): spec-diff ${fmt(petMedian)}; ${summary(pet[0]?.stdout ?? '')}\n` +
      `  = node's start ${start.toFixed(2)} s (node -e 0) + ours ${(petMedian.seconds - start).toFixed(2)} s\n` +
      `  from the TypeScript sources (SPEC_DIFF_SOURCE=1): ${fmt(med(petSources))}\n` +
      `  npm run spec:diff (the same, through npm): ${fmt(med(viaNpm))}: npm adds ${(med(viaNpm).seconds - petMedian.seconds).toFixed(2)} s\n` +
      `  anchor: node reading and parsing both YAML files: ${fmt(med(anchor))}\n` +
      `  goal ≤ 1 s: ${petMedian.seconds <= 1 ? 'met' : 'NOT met'}\n`,
  );

  // 2. GitHub's REST description, two releases apart.
  if (!opts['skip-github']) {
    const dir = opts['github-dir'] ?? join(ROOT, 'bench/results/octokit');
    const file = (v: string) => join(dir, `octokit-openapi-${v}`, 'package/generated/api.github.com.json');
    for (const v of [opts['github-base'], opts['github-head']] as string[]) {
      if (existsSync(file(v))) continue;
      mkdirSync(join(dir, `octokit-openapi-${v}`), { recursive: true });
      process.stderr.write(`fetching @octokit/openapi@${v} with npm pack into ${dir}\n`);
      const p = spawnSync('npm', ['pack', `@octokit/openapi@${v}`, '--silent', '--pack-destination', dir], {
        encoding: 'utf8',
      });
      if (p.status !== 0) throw new Error(`npm pack @octokit/openapi@${v} failed: ${p.stderr}`);
      const tgz = join(dir, p.stdout.trim().split('\n').at(-1) as string);
      const x = spawnSync('tar', ['xzf', tgz, '-C', join(dir, `octokit-openapi-${v}`)]);
      if (x.status !== 0) throw new Error(`tar failed on ${tgz}`);
    }
    const [b, h] = [file(opts['github-base'] as string), file(opts['github-head'] as string)];
    const gh = measure([MAIN, '--base', b, '--head', h, '--json']);
    const ghAnchor = measure([
      '-e',
      `const fs=require('node:fs');JSON.parse(fs.readFileSync(${JSON.stringify(b)},'utf8'));JSON.parse(fs.readFileSync(${JSON.stringify(h)},'utf8'));`,
    ]);
    let t = performance.now();
    const [lb, lh] = [await loadFile(b), await loadFile(h)];
    const loadS = (performance.now() - t) / 1000;
    t = performance.now();
    diffDescriptions(lb, lh, { buildDate: '2026-11-25', noticeDays: 90, baseLabel: b, headFile: h });
    const diffS = (performance.now() - t) / 1000;
    process.stdout.write(
      `GitHub REST description ${opts['github-base']} → ${opts['github-head']} (1 run): spec-diff ${fmt(gh)}; ${summary(gh.stdout)}\n` +
        `  phases in-process: shared loader, both files ${loadS.toFixed(2)} s; comparison, policy and lines ${diffS.toFixed(2)} s\n` +
        `  anchor: node reading and JSON.parse of both files: ${fmt(ghAnchor)}\n` +
        `  goal ≤ 30 s and ≤ 1 GB: ${gh.seconds <= 30 && (gh.rssMb ?? 0) <= 1024 ? 'met' : 'NOT met'}\n`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
