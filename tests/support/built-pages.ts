// A description built for real (`astro build` with PETSTORE_SPEC into its own output folder) and its
// operation and webhook pages read back from dist/: each page's own `<main>` (its `<h1>`, and the
// method, path and Webhook flag of its endpoint line), never the sidebar, which every page carries.
// Used by the integration tests and by bench/corpus-build.ts. Also what a build wrote: the routes it
// rendered and copied from the previous build (`builtRoutes`), every published file (`outputFiles`), and two
// outputs compared byte for byte (`assertSameOutput`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { listFiles } from '../../site/serving/build.ts';
import type { ExpectedPage } from './expected-pages.ts';
import { ROOT } from './server.ts';

const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

export interface Build {
  status: number | null;
  /** stdout and stderr */
  output: string;
  /** the output folder (its `client/` is the static site) */
  dist: string;
  /** wall time, ms */
  ms: number;
}

/**
 * Runs `astro build` of one description into `dist` (absolute, below the root), as `npm run build`
 * does with PETSTORE_SPEC and DIST_DIR.
 * @param env more environment (BUILD_DATE…)
 */
export function buildDescription(
  spec: string,
  dist: string,
  env: Record<string, string> = {},
  timeoutMs = 300_000,
): Build {
  const started = performance.now();
  const r = spawnSync(process.execPath, [ASTRO, 'build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PETSTORE_SPEC: spec,
      DIST_DIR: relative(ROOT, dist),
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
      ...env,
    },
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}`, dist, ms: performance.now() - started };
}

/** The routes a build wrote, from its output: rendered, and copied from the previous build (Astro's incremental build). */
export function builtRoutes(output: string): { rendered: string[]; copied: string[] } {
  // Routes print as `├─ /path (+12ms)` or `├─ /path (restored)`; a timestamp may follow a path directly.
  const routes = [...output.matchAll(/[├└]─ (\/\S*?)(?=\d\d:\d\d:\d\d|\s|$)(?: \((restored|cached)\))?/g)];
  return {
    rendered: routes.filter((m) => !m[2]).map((m) => m[1] ?? ''),
    copied: routes.filter((m) => m[2]).map((m) => m[1] ?? ''),
  };
}

/** Every file below `dir` (a build's `client/` folder), by path relative to it, with its bytes. */
export function outputFiles(dir: string): Map<string, Buffer> {
  return new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f))]));
}

/** Asserts two outputs ({@link outputFiles}) hold the same files with the same bytes. */
export function assertSameOutput(actual: Map<string, Buffer>, expected: Map<string, Buffer>, what: string): void {
  assert.deepEqual([...actual.keys()], [...expected.keys()], `${what}: the same files`);
  for (const [file, bytes] of expected) {
    assert.ok(bytes.equals(actual.get(file) ?? Buffer.alloc(0)), `${what}: ${file} differs`);
  }
}

/** An operation or webhook page as built: what its own `<main>` says. */
export interface BuiltPage {
  /** `/reference/<slug>/` */
  url: string;
  title: string;
  method: string;
  path: string;
  kind: 'operation' | 'webhook';
  /** the HTML file's size, bytes */
  bytes: number;
}

/** Text of an HTML fragment: tags dropped, entities decoded, white space folded. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Reads one built page: undefined when its `<main>` has no operation head (a tag, schema or other page).
 * @param html the page's HTML
 */
export function readOperationPage(html: string, url: string): BuiltPage | undefined {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0];
  if (!main) return undefined;
  const head = /<div class="ref-op-head[^"]*">\s*<p class="ref-endpoint[^"]*">([\s\S]*?)<\/p>/.exec(main)?.[1];
  if (head === undefined) return undefined;
  const title = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1];
  const method = /<span class="ref-method\b[^"]*">([\s\S]*?)<\/span>/.exec(head)?.[1];
  const path = /<code class="ref-path\b[^"]*"[^>]*>([\s\S]*?)<\/code>/.exec(head)?.[1];
  return {
    url,
    title: htmlText(title ?? ''),
    method: htmlText(method ?? ''),
    path: htmlText(path ?? ''),
    kind: /class="ref-flag ref-webhook\b/.test(head) ? 'webhook' : 'operation',
    bytes: Buffer.byteLength(html),
  };
}

/** Every operation and webhook page under `<client>/reference/`. */
export function builtOperationPages(client: string): BuiltPage[] {
  const dir = join(client, 'reference');
  if (!existsSync(dir)) return [];
  const out: BuiltPage[] = [];
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!file.endsWith(`${sep}index.html`) && file !== 'index.html') continue;
    const url = `/reference/${file.slice(0, -'index.html'.length).split(sep).join('/')}`;
    const page = readOperationPage(readFileSync(join(dir, file), 'utf8'), url);
    if (page) out.push(page);
  }
  return out;
}

/**
 * What differs between the pages a description must give and the pages built: one line per page
 * missing, per page whose title, method, path or kind differ, and per page no operation asked for.
 * @returns problems, empty when the build has exactly the expected pages
 */
export function comparePages(expected: readonly ExpectedPage[], built: readonly BuiltPage[]): string[] {
  const problems: string[] = [];
  const byUrl = new Map(built.map((p) => [p.url, p]));
  for (const want of expected) {
    const got = byUrl.get(want.url);
    const what = `${want.kind} ${want.method} ${want.path}`;
    if (!got) {
      problems.push(`${what}: no page at ${want.url}`);
      continue;
    }
    byUrl.delete(want.url);
    for (const field of ['title', 'method', 'path', 'kind'] as const) {
      // HTML folds white space: a summary written over two lines is one line on the page.
      if (got[field] !== want[field].replace(/\s+/g, ' ').trim())
        problems.push(
          `${what}: ${want.url} shows ${field} ${JSON.stringify(got[field])}, not ${JSON.stringify(want[field])}`,
        );
    }
  }
  for (const extra of byUrl.values())
    problems.push(`${extra.url}: a page for ${extra.method} ${extra.path} no operation asked for`);
  return problems;
}
