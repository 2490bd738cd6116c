// Runs the repository's Spectral ruleset (.spectral.yaml) in the test process, as `npm run lint:spec`
// does: on the real spec or on a broken copy, all rules or one.
import * as fs from 'node:fs';
import { join } from 'node:path';
import spectralCore, { type Ruleset } from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import bundler from '@stoplight/spectral-ruleset-bundler/with-loader';
import runtime from '@stoplight/spectral-runtime';
import { formatPointer } from '../../descriptions/pointer.ts';
import { ROOT } from './server.ts';

// Spectral's packages are CommonJS whose named exports Node cannot detect: take them off the default export.
const { Document, Spectral } = spectralCore;
const { Json, Yaml } = parsers;
const { bundleAndLoadRuleset } = bundler;
const { fetch } = runtime;

/** One finding: the rule's code, its message, and where, as a JSON pointer (`/paths/~1pets/get`). */
export interface Finding {
  code: string;
  message: string;
  path: string;
}

let ruleset: Promise<Ruleset> | undefined;

/** The ruleset of .spectral.yaml, bundled and loaded once per process. */
export function specRuleset(): Promise<Ruleset> {
  ruleset ??= bundleAndLoadRuleset(join(ROOT, '.spectral.yaml'), { fs, fetch });
  return ruleset;
}

/** The codes of the rules the ruleset runs (Spectral's own rules it turns on, and ours). */
export async function enabledRules(): Promise<string[]> {
  return Object.values((await specRuleset()).rules)
    .filter((r) => r.enabled)
    .map((r) => r.name);
}

/**
 * Lints `doc` (a parsed document, or YAML text) with the ruleset, or with only rule `only`.
 * @throws {Error} when `only` names no rule of the ruleset
 */
export async function lint(doc: unknown, only?: string): Promise<Finding[]> {
  const rules = (await specRuleset()).rules;
  if (only !== undefined && !rules[only]?.enabled) throw new Error(`no rule ${only} in .spectral.yaml`);
  const saved = Object.values(rules).map((r) => [r, r.enabled] as const);
  if (only !== undefined) for (const [r] of saved) r.enabled = r.name === only;
  try {
    const spectral = new Spectral();
    spectral.setRuleset(await specRuleset());
    const document =
      typeof doc === 'string'
        ? new Document(doc, Yaml, join(ROOT, 'spec', 'openapi.yaml'))
        : new Document(JSON.stringify(doc), Json, 'broken.json');
    const results = await spectral.run(document);
    return results.map((r) => ({ code: String(r.code), message: r.message, path: formatPointer(r.path) }));
  } finally {
    for (const [r, enabled] of saved) r.enabled = enabled;
  }
}
