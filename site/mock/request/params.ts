// Path and query parameters for hand-written behaviours (the Petstore's): the raw-text checks the
// schema validator cannot make (it coerces `1e3` to 1000), and the decoding of the checked text into
// values for handlers. Both are driven by the operation's parameter objects in the description; no
// parameter is described here by hand.

import type { Param, ParamSchema } from '../pipeline/operations.ts';
import { readRawInteger } from './ids.ts';

/** Decoded parameter values and, for integers, their raw text (for messages). */
export interface DecodedParams {
  /** name → number | boolean | string | number[]; absent parameters take the schema `default`. */
  values: Record<string, unknown>;
  /** name → the raw text of integer parameters, exact even above 2^53. */
  raw: Record<string, string>;
}

function isIntegerSchema(s: ParamSchema | undefined): boolean {
  return s?.type === 'integer';
}

function itemsOf(s: ParamSchema | undefined): ParamSchema | undefined {
  return s?.type === 'array' ? s.items : undefined;
}

function formatOf(s: ParamSchema | undefined): string | undefined {
  return typeof s?.format === 'string' ? s.format : undefined;
}

/**
 * Checks the raw text of integer path/query parameters (spec/README.md, "Identifiers": plain
 * decimal digits within int64) and that non-array query parameters appear at most once.
 *
 * @param params the operation's dereferenced parameters
 * @param pathRaw raw path parameters by name (route/path-params.ts)
 * @param query the request's query
 * @returns messages like `path.petId: must be a decimal integer …`, empty when all is well
 */
export function checkRawParams(
  params: readonly Param[],
  pathRaw: Readonly<Record<string, string>>,
  query: URLSearchParams,
): string[] {
  const errors: string[] = [];
  for (const p of params) {
    if (p.in === 'path') {
      const raw = pathRaw[p.name];
      if (raw !== undefined && isIntegerSchema(p.schema)) {
        const r = readRawInteger(raw, formatOf(p.schema));
        if (!r.ok) errors.push(`path.${p.name}: ${r.reason}`);
      }
    } else if (p.in === 'query') {
      const all = query.getAll(p.name);
      if (all.length === 0) continue;
      const items = itemsOf(p.schema);
      if (!items && all.length > 1) {
        errors.push(`query.${p.name}: must be given once, got ${all.length} values`);
        continue;
      }
      if (isIntegerSchema(p.schema)) {
        const r = readRawInteger(all[0] as string, formatOf(p.schema));
        if (!r.ok) errors.push(`query.${p.name}: ${r.reason}`);
      } else if (items && isIntegerSchema(items)) {
        const parts = splitArray(p, all);
        for (const [i, part] of parts.entries()) {
          const r = readRawInteger(part, formatOf(items));
          if (!r.ok) {
            errors.push(`query.${p.name}[${i}]: ${r.reason}`);
            break;
          }
        }
      }
    }
  }
  return errors;
}

/** The items of an array query parameter: comma-separated for `explode: false`, else repeated. */
function splitArray(p: Param, all: string[]): string[] {
  return p.explode === false ? all.flatMap((v) => v.split(',')) : all;
}

/**
 * Decodes validated path and query parameters into values (integers as numbers, booleans,
 * arrays of integers, strings) with schema defaults for absent query parameters.
 * Call only after {@link checkRawParams} and schema validation passed.
 *
 * @param params the operation's dereferenced parameters
 * @param pathRaw raw path segments by name
 * @param query the request's query
 */
export function decodeParams(
  params: readonly Param[],
  pathRaw: Record<string, string>,
  query: URLSearchParams,
): DecodedParams {
  const values: Record<string, unknown> = {};
  const raw: Record<string, string> = {};
  for (const p of params) {
    const schema = p.schema;
    if (p.in === 'path') {
      const text = pathRaw[p.name];
      if (text === undefined) continue;
      raw[p.name] = text;
      values[p.name] = isIntegerSchema(schema) ? Number(text) : decodeURIComponent(text);
    } else if (p.in === 'query') {
      const all = query.getAll(p.name);
      if (all.length === 0) {
        if (schema?.default !== undefined) values[p.name] = schema.default;
        continue;
      }
      const first = all[0] as string;
      const items = itemsOf(schema);
      if (items) {
        const parts = splitArray(p, all);
        values[p.name] = isIntegerSchema(items) ? parts.map(Number) : parts;
      } else if (isIntegerSchema(schema)) {
        raw[p.name] = first;
        values[p.name] = Number(first);
      } else if (schema?.type === 'boolean') {
        values[p.name] = first === 'true';
      } else {
        values[p.name] = first;
      }
    }
  }
  return { values, raw };
}
