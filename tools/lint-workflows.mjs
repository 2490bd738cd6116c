#!/usr/bin/env node
// `npm run lint` part 2: validates every GitHub Actions workflow in .github/workflows/ against the workflow schema
// (@action-validator/core, from npm). Plain JavaScript so that any Node runs it. Exit 0 valid, 1 invalid.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { validateWorkflow } = require('@action-validator/core');

const dir = fileURLToPath(new URL('../.github/workflows/', import.meta.url));
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));

/** The innermost problems of a validation error (oneOf/anyOf nest the real ones in `states`). */
function leaves(e) {
  const inner = (e.states ?? []).flatMap((s) => s.errors.flatMap(leaves));
  return inner.length ? inner : [e];
}

// The validator warns on every `paths:` glob that it does not check them; that is no finding.
const warn = console.warn;
console.warn = (...args) => {
  if (!String(args[0]).startsWith('WARNING: Glob validation is not yet supported')) warn(...args);
};

let bad = 0;
for (const f of files) {
  const { errors } = validateWorkflow(readFileSync(dir + f, 'utf8'));
  for (const e of errors.flatMap(leaves)) {
    bad++;
    const where = e.location ? `:${e.location.line}:${e.location.column}` : e.path ? ` ${e.path}` : '';
    process.stderr.write(`.github/workflows/${f}${where}: ${e.title}${e.detail ? ` (${e.detail})` : ''}\n`);
  }
}
if (bad) process.exit(1);
process.stdout.write(`Checked ${files.length} workflow files: valid.\n`);
