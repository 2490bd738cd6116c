// Descriptions we did not write, of every version and shape (every fixture), each built into its own
// output folder (DIST_DIR) with PETSTORE_SPEC and served as `npm start` serves it: exactly one page per
// operation and webhook, read from the page's own <main>, Pagefind indexed them, and the mock answers
// their plain GETs with 2xx.
// Broken descriptions stop the build with the file, line and column and leave nothing servable.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { listFiles } from '../../../site/serving/build.ts';
import { COMPRESSIBLE, MIN_COMPRESS_BYTES } from '../../../site/serving/rules.ts';
import { type Build, buildDescription, builtOperationPages, comparePages } from '../../support/built-pages.ts';
import { credentials, FIXTURES, filledPath, fixtureDescriptions, plainGets } from '../../support/descriptions.ts';
import { expectedPages } from '../../support/expected-pages.ts';
import { ROOT, startSite } from '../../support/server.ts';

const OUT = join(ROOT, '.test-dist');
after(() => rmSync(OUT, { recursive: true, force: true }));

/** Builds a description into .test-dist/<name>. */
const build = (spec: string, name: string): Build =>
  buildDescription(spec, join(OUT, name), { BUILD_DATE: '2026-06-01' });

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

const NEVER = ['undefined', '[object Object]', 'NaN'];

// Every fixture description, JSON ones included: a JSON description's /openapi.json and /openapi.yaml
// have the same bytes, which the build must compress side by side without tripping over itself.
for (const spec of fixtureDescriptions()) {
  const fixture = relative(FIXTURES, spec);
  describe(`PETSTORE_SPEC=${fixture}`, () => {
    const name = fixture.replace(/[/.]/g, '-');
    let built: Build;
    let pages: Array<{ file: string; text: string }> = [];

    test('builds', () => {
      built = build(spec, name);
      assert.equal(built.status, 0, built.output.slice(-4000));
      pages = htmlFiles(join(built.dist, 'client', 'reference')).map((file) => ({
        file,
        text: textOf(readFileSync(file, 'utf8')),
      }));
    });

    test('exactly one page per operation and webhook, found by its URL and its own title, method and path; no page shows undefined, [object Object] or NaN', async () => {
      const { document } = await loadDescription(spec);
      const expected = expectedPages(document);
      assert.ok(expected.length > 0);
      const pagesBuilt = builtOperationPages(join(built.dist, 'client'));
      assert.deepEqual(comparePages(expected, pagesBuilt), []);
      // Whatever the examples hold (a photo as base64 in openapi-3.1-large-examples.yaml), a page stays small.
      for (const page of pagesBuilt) {
        const gz = gzipSync(readFileSync(join(built.dist, 'client', page.url, 'index.html'))).length;
        assert.ok(gz <= 60 * 1024, `${page.url}: ${gz} bytes gzip`);
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

    test('output files with the same bytes each have their compressed variants', () => {
      const client = join(built.dist, 'client');
      const groups = new Map<string, string[]>();
      for (const file of listFiles(client)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = readFileSync(join(client, file));
        if (bytes.length < MIN_COMPRESS_BYTES) continue;
        const sha = createHash('sha256').update(bytes).digest('hex');
        groups.set(sha, [...(groups.get(sha) ?? []), file]);
      }
      const same = [...groups.values()].filter((g) => g.length > 1);
      for (const group of same) {
        for (const ext of ['.br', '.gz']) {
          const have = group.map((f) => existsSync(join(client, f + ext)));
          assert.ok(
            have.every((h) => h === have[0]),
            `${ext} of ${group.join(', ')}: ${have.join(', ')}`,
          );
        }
      }
      // A JSON description written with two-space indentation is served as it is at /openapi.yaml,
      // and /openapi.json is the same text: the case that made two compressions collide.
      if (fixture === 'openapi-3.0-same-bytes.json')
        assert.ok(
          same.some((g) => g.includes('openapi.json') && g.includes('openapi.yaml')),
          'openapi.json and openapi.yaml have the same bytes',
        );
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
  ['invalid/invalid-yaml.yaml', /invalid-yaml\.yaml:10:7: YAML syntax error/],
  ['invalid/invalid-json.json', /invalid-json\.json:6:3: JSON syntax error/],
  [
    'invalid/dangling-ref.yaml',
    /dangling-ref\.yaml:14:23: \$ref "#\/components\/schemas\/Nope" points to nothing \(at \/paths\/~1pets\/get/,
  ],
  ['invalid/dangling-split/openapi.yaml', /pets\.yaml:8:19: \$ref "\.\/missing\.yaml#\/Pet"/],
  ['invalid/bad-structure.yaml', /bad-structure\.yaml:8:18: `responses` must be an object/],
];

describe('broken descriptions stop the build with what and where', () => {
  for (const [fixture, message] of INVALID) {
    test(fixture, () => {
      const r = build(join(FIXTURES, fixture), `invalid-${fixture.replace(/[/.]/g, '-')}`);
      assert.notEqual(r.status, 0, 'the build fails');
      assert.match(r.output, message);
      assert.ok(!/\n\s+at .+\(.+:\d+:\d+\)/.test(r.output), `no stack trace:\n${r.output.slice(-2000)}`);
      assert.ok(
        !existsSync(join(r.dist, '.built-from.json')),
        'nothing servable left behind (npm start serves a recorded build)',
      );
    });
  }
});
