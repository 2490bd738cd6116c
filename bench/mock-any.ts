// Benchmark of the mock over descriptions we did not write (prints figures; never run by the tests).
//
// For every description in tests/fixtures/descriptions (the broken ones aside), spec/openapi.yaml,
// and any description given on the command line, loaded as the site loads them (descriptions/loader):
// the plain GETs (no required query, header or cookie parameter, a declared 2xx; path parameters
// and credentials filled from the description, tests/support/descriptions.ts), and how many the
// mock core answers 2xx with a body of the declared type (status declared, Content-Type declared,
// JSON valid against its schema, JSON Lines items valid against `itemSchema`).
//
// Anchor, measured in the same run over the same GETs: openapi-backend's own mocking
// (`mockResponseForOperation`: the first 2xx, its example or a value from its schema), given the
// same document; a description it cannot take counts as none answered. Prism (not installed here)
// is quoted from /work/shared/reference/field-notes.md: 98 of 101 plain GETs of two dozen public
// descriptions (it fails on 3.2 and webhooks-only descriptions).
//
// Also the core's time per GET once warm (validators compiled on each operation's first request).
//
// Budget: at least 95 % of plain GETs answered 2xx with a body of the declared type; goal 100 %.
//
//   node bench/mock-any.ts [DESCRIPTION …]
import { relative } from 'node:path';
import { OpenAPIBackend } from 'openapi-backend';
import { type LoadedDescription, loadDescription } from '../descriptions/loader/index.ts';
import type { Description } from '../descriptions/refs.ts';
import { MOCK_BASE } from '../site/mock/hosts/mount.ts';
import { createMock } from '../site/mock/index.ts';
import { SPEC_PATH } from '../spec/path.ts';
import {
  answerProblems,
  credentials,
  FIXTURES,
  filledPath,
  fixtureDescriptions,
  plainGets,
} from '../tests/support/descriptions.ts';
import { ROOT } from '../tests/support/server.ts';

interface Row {
  name: string;
  gets: number;
  /** 2xx with the declared media type, well-formed. */
  ours: number;
  /** …and the body valid against its schema. */
  oursValid: number;
  anchor: number;
  anchorValid: number;
  us: number;
  failures: string[];
}

/** openapi-backend's mock over the same GETs: how many get a 2xx whose body is of the declared type. */
async function anchorCount(doc: Description): Promise<{ typed: number; valid: number }> {
  let api: OpenAPIBackend;
  try {
    api = new OpenAPIBackend({ definition: structuredClone(doc) as never, quick: true, validate: false });
    await api.init();
  } catch {
    return { typed: 0, valid: 0 };
  }
  let typed = 0;
  let valid = 0;
  for (const op of plainGets(doc)) {
    try {
      const found = api.getOperations().find((o) => o.method === op.method.toLowerCase() && o.path === op.path);
      if (!found?.operationId) continue;
      const { status, mock } = api.mockResponseForOperation(found.operationId);
      const body = mock === undefined ? '' : JSON.stringify(mock);
      if (status < 200 || status >= 300) continue;
      if (answerProblems(doc, op, status, 'application/json', body, { schemas: false }).length === 0) typed++;
      if (answerProblems(doc, op, status, 'application/json', body).length === 0) valid++;
    } catch {
      // A crash of the anchor on this operation: not answered.
    }
  }
  return { typed, valid };
}

async function measure(path: string): Promise<Row> {
  const name = relative(ROOT, path);
  let loaded: LoadedDescription;
  try {
    loaded = await loadDescription(path);
  } catch (err) {
    return {
      name,
      gets: 0,
      ours: 0,
      oursValid: 0,
      anchor: 0,
      anchorValid: 0,
      us: 0,
      failures: [`does not load: ${(err as Error).message}`],
    };
  }
  const doc = loaded.document;
  const faults: unknown[] = [];
  const mock = await createMock(loaded, { basePath: MOCK_BASE, rateLimit: false, onError: (e) => faults.push(e) });
  const gets = plainGets(doc);
  const failures: string[] = [];
  let ours = 0;
  let oursValid = 0;
  const request = (op: (typeof gets)[number]) => {
    const cred = credentials(doc, op);
    return new Request(`http://127.0.0.1${MOCK_BASE}${filledPath(doc, op)}${cred.query}`, { headers: cred.headers });
  };
  for (const op of gets) {
    const res = await mock.handle(request(op));
    const body = await res.text();
    const ok = res.status >= 200 && res.status < 300;
    const ct = res.headers.get('content-type');
    const typed = ok
      ? answerProblems(doc, op, res.status, ct, body, { schemas: false })
      : [`${res.status} ${body.slice(0, 120)}`];
    const valid = ok && typed.length === 0 ? answerProblems(doc, op, res.status, ct, body) : typed;
    if (typed.length === 0) ours++;
    if (valid.length === 0) oursValid++;
    else failures.push(`GET ${op.path}: ${valid.join('; ').slice(0, 200)}`);
  }
  // Warm: the validators are compiled on each operation's first request; time a second pass.
  const requests = gets.map(request);
  const started = process.hrtime.bigint();
  for (const r of requests) await (await mock.handle(r)).arrayBuffer();
  const us = gets.length > 0 ? Number(process.hrtime.bigint() - started) / 1000 / gets.length : 0;
  for (const f of faults) failures.push(`fault: ${String(f).slice(0, 200)}`);
  const anchor = await anchorCount(doc);
  return {
    name: name.length > 56 ? `…${name.slice(-55)}` : name,
    gets: gets.length,
    ours,
    oursValid,
    anchor: anchor.typed,
    anchorValid: anchor.valid,
    us,
    failures,
  };
}

const paths = [SPEC_PATH, ...fixtureDescriptions(), ...process.argv.slice(2)];
const rows: Row[] = [];
for (const path of paths) rows.push(await measure(path));

const pct = (n: number, d: number): string => (d === 0 ? '   -' : `${((100 * n) / d).toFixed(0).padStart(3)} %`);
const cell = (n: number, d: number): string => `${n} ${pct(n, d)}`.padStart(10);
console.log(`Plain GETs answered 2xx with a body of the declared type (fixtures: ${relative(ROOT, FIXTURES)})`);
console.log('typed: declared status and media type, well-formed; valid: and the body valid against its schema\n');
console.log(
  `${'description'.padEnd(56)} ${'GETs'.padStart(4)}  ${'this mock: typed'.padStart(16)} ${'valid'.padStart(10)}  ${'openapi-backend: typed'.padStart(22)} ${'valid'.padStart(10)}  µs/GET warm`,
);
const line = (name: string, r: Omit<Row, 'name' | 'failures' | 'us'>, us?: number) =>
  console.log(
    `${name.padEnd(56)} ${String(r.gets).padStart(4)}  ${cell(r.ours, r.gets).padStart(16)} ${cell(r.oursValid, r.gets)}  ${cell(r.anchor, r.gets).padStart(22)} ${cell(r.anchorValid, r.gets)}  ${us === undefined ? '' : us.toFixed(0).padStart(6)}`,
  );
for (const r of rows) line(r.name, r, r.us);
const sum = (key: 'gets' | 'ours' | 'oursValid' | 'anchor' | 'anchorValid') => rows.reduce((n, r) => n + r[key], 0);
console.log();
line('all', {
  gets: sum('gets'),
  ours: sum('ours'),
  oursValid: sum('oursValid'),
  anchor: sum('anchor'),
  anchorValid: sum('anchorValid'),
});
console.log('budget ≥ 95 %, goal 100 %; Prism 5.16 (field notes, other descriptions): 98 of 101 (97 %)');
const failures = rows.flatMap((r) => r.failures.map((f) => `${r.name}: ${f}`));
if (failures.length > 0) console.log(`\nNot answered as declared:\n${failures.map((f) => `  ${f}`).join('\n')}`);
