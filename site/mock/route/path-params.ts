// The path parameters of a request path, read one way for every operation: the template matched
// to the path, one segment part per parameter, the raw (still percent-encoded) text kept for the
// checks that need it and decoded for the rest.
import { escapeRegExp } from '../../../descriptions/regexp.ts';
import type { Param } from '../pipeline/operations.ts';

/**
 * The raw path parameters of a request path matched to a template, one segment part per parameter
 * (`/files/{name}.{ext}` reads `report.csv` as `report` and `csv`); a parameter with an enum of
 * texts matches one of them, so two parameters side by side (`/blog/{pageName}{extension}`,
 * extension `.json`) split where the enum says.
 * @param template the path template with `{name}` parameters (route/router.ts `routeTemplate`)
 * @returns a reader: path → parameter name → raw text, or null when the path does not match
 */
export function templateParams(
  template: string,
  params: readonly Param[] = [],
): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const m = /^\{([^}]+)\}$/.exec(part);
        if (!m) return escapeRegExp(part);
        names.push(m[1] as string);
        const values = params.find((p) => p.in === 'path' && p.name === m[1])?.schema?.enum;
        if (Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string' && v !== '')) {
          return `(${(values as string[]).map((v) => escapeRegExp(encodeURIComponent(v))).join('|')})`;
        }
        return '([^/]+?)';
      })
      .join('')}$`,
  );
  return (path) => {
    const m = pattern.exec(path);
    if (!m) return null;
    const out: Record<string, string> = {};
    names.forEach((name, i) => {
      out[name] = m[i + 1] ?? '';
    });
    return out;
  };
}

/** Raw path parameters percent-decoded (a malformed escape kept as it is). */
export function decodePathParams(raw: Readonly<Record<string, string>> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** RFC 9562 §4 UUID text: what `format: uuid` (JSON Schema 2020-12 §7.3.5) accepts. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether raw path parameter values fit their schemas' type, `uuid` format and enum: enough to tell
 * `/collection/{id}` (an integer, or a UUID) from `/collection/{slug}` when both match a path.
 */
export function pathFits(params: readonly Param[], raw: Readonly<Record<string, string>> | null): boolean {
  if (!raw) return false;
  const values = decodePathParams(raw);
  for (const p of params) {
    const value = values[p.name];
    if (p.in !== 'path' || value === undefined) continue;
    const schema = p.schema ?? {};
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('integer') && !types.includes('string') && !/^-?\d+$/.test(value)) return false;
    if (types.includes('number') && !types.includes('string') && Number.isNaN(Number(value))) return false;
    if (types.includes('boolean') && !types.includes('string') && value !== 'true' && value !== 'false') return false;
    if (schema.format === 'uuid' && !UUID.test(value)) return false;
    if (Array.isArray(schema.enum) && schema.enum.length > 0 && !schema.enum.some((e) => String(e) === value))
      return false;
  }
  return true;
}
