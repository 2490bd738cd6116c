// Turns the ajv errors that openapi-backend reports into messages naming the field or parameter:
// `body.name: must be string`, `query.limit: must be <= 100`, `path.petId: must be >= 1`.

import type { ErrorObject } from 'ajv';
import { unescapePointerToken } from '../../../descriptions/pointer.ts';
import type { RequestValidator } from '../pipeline/context.ts';
import type { FieldProblem } from '../pipeline/errors.ts';
import type { Param } from '../pipeline/operations.ts';
import { templateQueryPairs } from '../route/router.ts';

const SECTION: Record<string, string> = { requestBody: 'body', query: 'query', path: 'path', header: 'header' };

/**
 * The dotted location of an ajv error: `/requestBody/name` → `body.name`, `/query/ids/3` →
 * `query.ids[3]`, `/requestBody` with a missing property → `body.<property>`.
 */
function locate(e: ErrorObject): string {
  const parts = e.instancePath.split('/').slice(1).map(unescapePointerToken);
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
 * The JSON pointer (RFC 6901, as a URI fragment, RFC 9457 section 3's example) into the request body
 * of a body error, or undefined for a parameter's.
 */
function bodyPointer(e: ErrorObject): string | undefined {
  if (e.instancePath !== '/requestBody' && !e.instancePath.startsWith('/requestBody/')) return undefined;
  let pointer = e.instancePath.slice('/requestBody'.length);
  const params = e.params as Record<string, unknown>;
  const extra =
    e.keyword === 'required'
      ? params.missingProperty
      : e.keyword === 'additionalProperties'
        ? params.additionalProperty
        : undefined;
  if (typeof extra === 'string') pointer += `/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return `#${pointer.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The fields ajv errors name, each once: `{name: 'body.name', pointer: '#/name', reason: 'is required'}`.
 * @param errors as returned by openapi-backend's `validateRequest` (ajv `allErrors`)
 * @returns the problems, duplicates and noise from `allOf` wrappers removed
 */
export function fieldProblems(errors: readonly ErrorObject[]): FieldProblem[] {
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  const problem = (e: ErrorObject): FieldProblem => {
    const pointer = bodyPointer(e);
    return { name: locate(e), ...(pointer === undefined ? {} : { pointer }), reason: describe(e) };
  };
  for (const e of errors) {
    // `allOf`/`anyOf` failures repeat what their branches already said.
    if (e.keyword === 'allOf' || e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const p = problem(e);
    const key = `${p.name}: ${p.reason}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(p);
    }
  }
  // Only wrappers failed (a value matching two `oneOf` branches): name them rather than nothing.
  if (out.length === 0) for (const e of errors.slice(0, 1)) out.push(problem(e));
  return out;
}

/** A field problem as the text of a message: `body.name: is required`. */
export function problemText(p: FieldProblem): string {
  return `${p.name}: ${p.reason}`;
}

/** What {@link requestInput} needs of an operation. */
export interface InputOperation {
  /** The spec path template, e.g. `/pets/{petId}`. */
  path: string;
  parameters: readonly Param[];
}

/**
 * The object an operation's validators check, built as openapi-backend's `validateRequest` builds
 * it (its `OpenAPIRouter.parseRequest`): `path` parameters matched from the template and
 * percent-decoded, `query` with comma-separated arrays split and single values of array parameters
 * wrapped, `header` (the content type when there is a body), `cookie`, and `requestBody` when the
 * operation has one. Validators with `coerceTypes` change it in place.
 * @param path the request path below the mount path, trailing slashes removed
 * @param query parameter name → value (a repeated name → its values); copied, not changed
 * @param pathParams the template's parameters decoded from `path` (route/path-params.ts)
 * @param sent the request's headers (names in lower case) and cookies; without them the
 *   object carries only the body's content type (the Petstore declares no header or cookie parameter)
 * @returns the object, and `parse` errors for malformed JSON in `content: application/json` query parameters
 */
export function requestInput(
  op: InputOperation,
  pathParams: Record<string, string>,
  query: Readonly<Record<string, string | string[]>>,
  body: { present: boolean; value: unknown },
  sent?: { headers: Record<string, string>; cookies: Record<string, string> },
): { input: Record<string, unknown>; errors: ErrorObject[] } {
  const errors: ErrorObject[] = [];
  const q: Record<string, unknown> = Object.create(null);
  const queryParam = (name: string) => op.parameters.find((p) => p.in === 'query' && p.name === name);
  for (const [name, raw] of Object.entries(query)) {
    let value: unknown = Array.isArray(raw) ? [...raw] : raw;
    const param = queryParam(name);
    if (raw && param) {
      if (param.content?.['application/json']) {
        if (typeof raw === 'string') {
          try {
            value = JSON.parse(raw);
          } catch (err) {
            errors.push({
              keyword: 'parse',
              instancePath: `/query/${name}`,
              schemaPath: `#/parameters/${name}`,
              params: {},
              message: (err as Error).message,
            });
          }
        }
      } else if (param.explode === false && !(Array.isArray(raw) && raw.length > 1)) {
        const one = Array.isArray(raw) ? raw[0] : raw;
        if (typeof one === 'string') {
          let decoded = one.replace(/%2C/g, ',');
          if (param.style === 'spaceDelimited') decoded = decoded.replace(/ /g, ',').replace(/%20/g, ',');
          if (param.style === 'pipeDelimited') decoded = decoded.replace(/\|/g, ',').replace(/%7C/g, ',');
          value = decoded.split(',');
        }
      }
    }
    const type = param?.schema?.type;
    if (typeof value === 'string' && (type === 'array' || (Array.isArray(type) && type.includes('array'))))
      value = [value];
    q[name] = value;
  }
  const path: Record<string, unknown> = { ...pathParams };
  for (const p of op.parameters) {
    if (p.in !== 'path') continue;
    // A path parameter written into a query of the path template (`/export?filename={filename}`)
    // arrives in the query.
    if (path[p.name] === undefined) {
      const key = templateQueryPairs(op.path).find(([, value]) => value === `{${p.name}}`)?.[0];
      if (key !== undefined && typeof query[key] === 'string') path[p.name] = query[key];
    }
    const value = path[p.name];
    if (typeof value === 'string') path[p.name] = pathValue(p, value);
  }
  const input: Record<string, unknown> = {
    path,
    query: q,
    header: sent ? { ...sent.headers } : body.present ? { 'content-type': 'application/json' } : {},
    cookie: sent ? { ...sent.cookies } : {},
  };
  if (body.present) input.requestBody = body.value;
  return { input, errors };
}

/**
 * A path parameter's value as its schema reads it (OpenAPI 3.2 section 4.12.2.5, "Style Examples"):
 * an array from `simple` (`3,4,5`), `label` (`.3.4.5` or `.3,4,5`) or `matrix` (`;id=3,4,5` or
 * `;id=3;id=4`) text; an object from `k,v,k2,v2` (or `k=v,k2=v2` exploded); other values as they are.
 */
export function pathValue(param: InputOperation['parameters'][number], value: string): unknown {
  const type = param.schema?.type;
  const is = (t: string) => type === t || (Array.isArray(type) && type.includes(t));
  if (!is('array') && !is('object')) return value;
  let text = value;
  let separator = ',';
  if (param.style === 'label' && text.startsWith('.')) {
    text = text.slice(1);
    if (param.explode) separator = '.';
  } else if (param.style === 'matrix' && text.startsWith(';')) {
    if (param.explode && is('array'))
      return text
        .slice(1)
        .split(';')
        .map((part) => part.replace(/^[^=]*=/, ''));
    text = text.replace(/^;[^=]*=?/, '');
  }
  const parts = text === '' ? [] : text.split(separator);
  if (is('array')) return parts;
  const out: Record<string, string> = {};
  if (param.explode) {
    for (const part of parts) {
      const [k, v = ''] = part.split('=', 2);
      if (k) out[k] = v;
    }
  } else for (let i = 0; i + 1 < parts.length; i += 2) out[parts[i] as string] = parts[i + 1] as string;
  return out;
}

/**
 * Runs an operation's validators over a {@link requestInput} object, in order.
 * @returns every ajv error, in the order the validators report them
 */
export function runValidators(validators: readonly RequestValidator[], input: unknown): ErrorObject[] {
  const errors: ErrorObject[] = [];
  for (const validate of validators) {
    validate(input);
    if (validate.errors) errors.push(...validate.errors);
  }
  return errors;
}
