// The docs-domains layout: no import cycle anywhere under tools/docs-domains, and each check group imports only
// core/ and its own folder (shared pieces live in core/, never borrowed from a sibling group).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../tools/docs-domains', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Relative imports (static, `import type` included, re-exports too) of every file, as absolute paths. */
function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files(ROOT)) {
    const src = readFileSync(f, 'utf8');
    const deps = [...src.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms)].map((m) =>
      resolve(dirname(f), m[1] as string),
    );
    g.set(f, deps);
  }
  return g;
}

const rel = (f: string) => relative(ROOT, f);

test('no import cycle in tools/docs-domains', () => {
  const g = graph();
  assert.ok(g.size > 30, `found ${g.size} files`);
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (f: string, path: string[]) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      cycles.push([...path.slice(path.indexOf(f)), f].map(rel).join(' → '));
      return;
    }
    state.set(f, 'open');
    for (const d of g.get(f) ?? []) visit(d, [...path, f]);
    state.set(f, 'done');
  };
  for (const f of g.keys()) visit(f, []);
  assert.deepEqual(cycles, []);
});

test('a check group imports only core/ and its own folder', () => {
  const g = graph();
  const problems: string[] = [];
  for (const [f, deps] of g) {
    const m = /^groups\/([^/]+)\//.exec(rel(f));
    if (!m) continue;
    for (const d of deps) {
      const r = rel(d);
      if (!r.startsWith(`groups/${m[1]}/`) && !r.startsWith('core/')) problems.push(`${rel(f)} imports ${r}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('core/ imports no group: the registry that lists them is groups/index.ts', () => {
  const problems = [...graph()]
    .filter(([f]) => rel(f).startsWith('core/'))
    .flatMap(([f, deps]) => deps.filter((d) => !rel(d).startsWith('core/')).map((d) => `${rel(f)} imports ${rel(d)}`))
    // The shared types name the validated config's shape.
    .filter((p) => !p.endsWith('imports config/types.ts'));
  assert.deepEqual(problems, []);
});
