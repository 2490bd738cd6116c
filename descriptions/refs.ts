// Internal references (`#/components/…`) of a description. The loader keeps them (schemas may be
// circular), so readers follow them where they read an object, one hop at a time with a bound, and
// never dereference a schema deeply.
import { type Description, isObject, type JsonObject } from './json.ts';
import { resolvePointer } from './pointer.ts';

export { type Description, isObject, type JsonObject };

/**
 * The value a local JSON pointer reference names (RFC 6901, as a URI fragment: `#/a/b~1c`,
 * percent-decoded), or undefined when it names nothing, is malformed or is not local.
 */
export function atPointer(doc: Description, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  try {
    return resolvePointer(doc, ref);
  } catch {
    return undefined;
  }
}

/** Reference hops followed before giving up (a chain longer than this is a cycle). */
const MAX_HOPS = 32;

/**
 * Follows `$ref` chains from a value to the object they end at (parameters, request bodies,
 * responses, examples, headers, path items, and a schema's top level). Pure.
 * @returns the object, or undefined when a reference names nothing, is external, or loops
 */
export function deref<T = JsonObject>(doc: Description, value: unknown): T | undefined {
  let here = value;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (!isObject(here)) return undefined;
    const ref = here.$ref;
    if (typeof ref !== 'string') return here as T;
    here = atPointer(doc, ref);
  }
  return undefined;
}

/** The `type` keyword as a list (JSON Schema 2020-12 allows a string or an array). */
export function typesOf(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  const t = schema.type;
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

/** Whether a schema's `type` is or includes `name`. */
export function hasType(schema: unknown, name: string): boolean {
  return typesOf(schema).includes(name);
}
