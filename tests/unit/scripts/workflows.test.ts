// The GitHub Actions workflows call only npm scripts that exist, and the files are valid workflows (the same
// validator `npm run lint` runs).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { parse } from 'yaml';

const root = new URL('../../..', import.meta.url);
const dir = new URL('.github/workflows/', root);
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const scripts = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts as Record<string, string>;

/** Every `run:` script of every step of every job. */
function runs(file: string): string[] {
  const wf = parse(readFileSync(new URL(file, dir), 'utf8')) as {
    jobs: Record<string, { steps?: { run?: string }[] }>;
  };
  return Object.values(wf.jobs).flatMap((j) => (j.steps ?? []).flatMap((s) => (s.run ? [s.run] : [])));
}

test('the site and domains workflows exist', () => {
  assert.deepEqual(files.sort(), ['domains.yml', 'site.yml']);
});

test('every `npm run X` (and `npm test`) a workflow calls is a script of package.json', () => {
  const missing: string[] = [];
  let seen = 0;
  for (const f of files)
    for (const r of runs(f))
      for (const m of r.matchAll(/\bnpm (?:run(?:-script)?\s+([\w:.-]+)|(test|start))\b/g)) {
        seen++;
        const name = (m[1] ?? m[2]) as string;
        if (!(name in scripts)) missing.push(`${f}: npm run ${name}`);
      }
  assert.ok(seen >= 4, `only ${seen} npm scripts found`);
  assert.deepEqual(missing, []);
});

test('every `npx docs-domains` call names a command the CLI has', () => {
  for (const f of files)
    for (const r of runs(f))
      for (const m of r.matchAll(/npx docs-domains (\w+)/g))
        assert.ok(['validate', 'check', 'records'].includes(m[1] as string), `${f}: ${m[0]}`);
});

test('the workflows are valid (workflow schema, as npm run lint checks)', () => {
  const { validateWorkflow } = createRequire(import.meta.url)('@action-validator/core') as {
    validateWorkflow(src: string): { errors: unknown[] };
  };
  const warn = console.warn;
  console.warn = () => {};
  try {
    for (const f of files) assert.deepEqual(validateWorkflow(readFileSync(new URL(f, dir), 'utf8')).errors, [], f);
  } finally {
    console.warn = warn;
  }
});
