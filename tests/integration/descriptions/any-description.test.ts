// Descriptions we did not write, of every version and shape, each built into its own output folder
// (DIST_DIR) with PETSTORE_SPEC and served as `npm start` serves it: every operation and webhook has a
// page, the sidebar lists them, Pagefind indexed them, and the mock answers their plain GETs with 2xx.
// Broken descriptions stop the build with the file, line and column and leave nothing servable.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { loadDescription } from '../../../spec/loader/index.ts';
import { credentials, filledPath, plainGets } from '../../support/descriptions.ts';
import { ROOT, startSite } from '../../support/server.ts';

const FIXTURES = join(ROOT, 'tests/fixtures/descriptions');
const OUT = join(ROOT, '.test-dist');
after(() => rmSync(OUT, { recursive: true, force: true }));

const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

/** Runs `astro build` of one description into .test-dist/<name>; returns its exit status and output. */
function build(spec: string, name: string): { status: number | null; output: string; dist: string } {
  const dist = join(OUT, name);
  const r = spawnSync(process.execPath, [ASTRO, 'build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PETSTORE_SPEC: spec,
      DIST_DIR: relative(ROOT, dist),
      ASTRO_TELEMETRY_DISABLED: '1',
      BUILD_DATE: '2026-06-01',
    },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}`, dist };
}

/** Every HTML file below a folder. */
function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f));
}

/** The visible text of an HTML page, roughly: tags removed, entities of the common kind decoded. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#123;/g, '{')
    .replace(/&#125;/g, '}')
    .replace(/&#x7B;/gi, '{')
    .replace(/&#x7D;/gi, '}')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

interface Expected {
  kind: 'operation' | 'webhook';
  method: string;
  /** the path, or the webhook's name */
  path: string;
  operation: Obj;
  pathItem: Obj;
}

/** Every operation and webhook of a loaded description, read independently of the site's model. */
function expectedPages(doc: Obj): Expected[] {
  const out: Expected[] = [];
  for (const [kind, container] of [
    ['operation', doc.paths],
    ['webhook', doc.webhooks],
  ] as const) {
    if (!isObj(container)) continue;
    for (const [path, item] of Object.entries(container)) {
      if (!isObj(item)) continue;
      for (const m of METHODS)
        if (isObj(item[m]))
          out.push({ kind, method: m.toUpperCase(), path, operation: item[m] as Obj, pathItem: item });
      if (isObj(item.additionalOperations)) {
        for (const [m, op] of Object.entries(item.additionalOperations)) {
          if (isObj(op)) out.push({ kind, method: m, path, operation: op, pathItem: item });
        }
      }
    }
  }
  return out;
}

const VALID = [
  'swagger-2.0.yaml',
  'openapi-3.0-shapes.yaml',
  'openapi-3.1-webhooks.yaml',
  'openapi-3.1-webhooks-only.yaml',
  'openapi-3.2.yaml',
  'split/openapi.yaml',
  'circular-paths.yaml',
];

const NEVER = ['undefined', '[object Object]', 'NaN'];

for (const fixture of VALID) {
  describe(`PETSTORE_SPEC=${fixture}`, () => {
    const name = fixture.replace(/[/.]/g, '-');
    const spec = join(FIXTURES, fixture);
    let built: ReturnType<typeof build>;
    let pages: Array<{ file: string; text: string }> = [];

    test('builds', () => {
      built = build(spec, name);
      assert.equal(built.status, 0, built.output.slice(-4000));
      pages = htmlFiles(join(built.dist, 'client', 'reference')).map((file) => ({
        file,
        text: textOf(readFileSync(file, 'utf8')),
      }));
      assert.ok(pages.length > 0);
    });

    test('every operation and webhook has a page with its method and path (or name); no page shows undefined, [object Object] or NaN', async () => {
      const { document } = await loadDescription(spec);
      const expected = expectedPages(document);
      assert.ok(expected.length > 0);
      for (const e of expected) {
        const page = pages.find(
          (p) =>
            p.text.includes(` ${e.method} `) &&
            p.text.includes(e.path) &&
            (e.kind === 'operation' || /Webhook/.test(p.text)),
        );
        assert.ok(page, `no page for ${e.kind} ${e.method} ${e.path}`);
      }
      for (const p of pages) {
        for (const word of NEVER) {
          assert.ok(
            !new RegExp(`(^|[^\\w-])${word.replace(/[[\]]/g, '\\$&')}([^\\w-]|$)`).test(p.text),
            `${relative(ROOT, p.file)} shows ${word}`,
          );
        }
      }
    });

    test("the build log is free of rolldown's warning about Astro's own head-inject marker", () => {
      assert.ok(!/MODULE_LEVEL_DIRECTIVE/.test(built.output), built.output.slice(0, 2000));
    });

    test('Pagefind indexed the reference pages', () => {
      const entry = JSON.parse(readFileSync(join(built.dist, 'client', 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
        languages: Record<string, { page_count: number }>;
      };
      const count = Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
      assert.ok(count >= pages.length / 2, `${count} pages indexed`);
    });

    test('the mock answers every plain GET with 2xx', async () => {
      const { document } = await loadDescription(spec);
      const site = await startSite({ DIST_DIR: relative(ROOT, built.dist), PETSTORE_SPEC: spec });
      try {
        for (const op of plainGets(document)) {
          const { headers, query } = credentials(document, op);
          const res = await fetch(`${site.url}/api/mock${filledPath(document, op)}${query}`, { headers });
          const body = await res.text();
          assert.ok(
            res.status >= 200 && res.status < 300,
            `GET ${op.path} answered ${res.status}: ${body.slice(0, 300)}`,
          );
        }
      } finally {
        await site.stop();
      }
    });
  });
}

const INVALID: Array<[string, RegExp]> = [
  ['invalid/invalid-yaml.yaml', /invalid-yaml\.yaml:\d+:\d+: YAML syntax error/],
  ['invalid/invalid-json.json', /invalid-json\.json:6:3: JSON syntax error/],
  [
    'invalid/dangling-ref.yaml',
    /dangling-ref\.yaml:14:\d+: \$ref "#\/components\/schemas\/Nope" points to nothing \(at \/paths\/~1pets\/get/,
  ],
  ['invalid/dangling-split/openapi.yaml', /pets\.yaml:8:\d+: \$ref "\.\/missing\.yaml#\/Pet"/],
  ['invalid/bad-structure.yaml', /bad-structure\.yaml:8:\d+: `responses` must be an object/],
];

describe('broken descriptions stop the build with what and where', () => {
  for (const [fixture, message] of INVALID) {
    test(fixture, () => {
      const r = build(join(FIXTURES, fixture), `invalid-${fixture.replace(/[/.]/g, '-')}`);
      assert.notEqual(r.status, 0, 'the build fails');
      assert.match(r.output, message);
      assert.ok(!/\n\s+at .+\(.+:\d+:\d+\)/.test(r.output), `no stack trace:\n${r.output.slice(-2000)}`);
      assert.ok(!existsSync(join(r.dist, 'server', 'entry.mjs')), 'nothing servable left behind');
    });
  }
});
