// Turns the ajv errors that openapi-backend reports into messages naming the field or parameter:
// `body.name: must be string`, `query.limit: must be <= 100`, `path.petId: must be >= 1`.

import type { ErrorObject } from 'ajv';

const SECTION: Record<string, string> = { requestBody: 'body', query: 'query', path: 'path', header: 'header' };

/**
 * The dotted location of an ajv error: `/requestBody/name` → `body.name`, `/query/ids/3` →
 * `query.ids[3]`, `/requestBody` with a missing property → `body.<property>`.
 */
function locate(e: ErrorObject): string {
  const parts = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const [head = '', ...rest] = parts;
  let out = SECTION[head] ?? (head || 'request');
  for (const r of rest) out += /^\d+$/.test(r) ? `[${r}]` : `.${r}`;
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required' && typeof params.missingProperty === 'string') {
    // A missing top-level section (`requestBody`, `path`, `query`) is named by itself.
    const name = params.missingProperty;
    return out === 'request' ? (SECTION[name] ?? name) : `${out}.${name}`;
  }
  if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${out}.${params.additionalProperty}`;
  }
  return out;
}

function describe(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a parameter of this operation';
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    default:
      return e.message ?? `fails '${e.keyword}'`;
  }
}

/**
 * Maps ajv errors to unique, readable messages.
 * @param errors as returned by openapi-backend's `validateRequest` (ajv `allErrors`)
 * @returns messages `location: problem`, duplicates and noise from `allOf` wrappers removed
 */
export function formatAjvErrors(errors: readonly ErrorObject[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of errors) {
    // `allOf`/`anyOf` failures repeat what their branches already said.
    if (e.keyword === 'allOf' || e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const msg = `${locate(e)}: ${describe(e)}`;
    if (!seen.has(msg)) {
      seen.add(msg);
      out.push(msg);
    }
  }
  return out;
}
