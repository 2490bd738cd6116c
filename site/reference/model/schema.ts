/**
 * Schema Objects (OpenAPI 3.0 §4.7.24) as a readable tree for the reference pages, and example values
 * for schemas that have none. Pure: no I/O; the document is read, never changed.
 *
 * What a reader needs from a schema: the type (with the `$ref` name, linked to the schema's page),
 * required marks, enums, nullable, constraints, defaults and examples, nested properties. `allOf` is
 * merged into one object (how Pet = NewPet + id reads); `oneOf`/`anyOf` list their options. References
 * to object schemas are expanded to a bounded depth and cut at cycles, so a page stays small on large
 * descriptions (GitHub's) while the linked schema page shows the whole shape.
 */

import { parsePointer, resolvePointer } from '../../../spec/pointer.ts';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A link to a schema of `components/schemas`. */
export interface SchemaLink {
  name: string;
  /** Page of the schema, e.g. `/reference/schemas/pet/`. */
  url: string;
}

export interface PropertyNode {
  name: string;
  required: boolean;
  schema: SchemaNode;
}

/** One schema as the pages render it. Values (enum, default, example) are JSON text. */
export interface SchemaNode {
  /** `object`, `array`, `string`, `integer`, `number`, `boolean`, `any`, or `oneOf`/`anyOf` for choices. */
  type: string;
  format?: string;
  /** Set when the schema is a `$ref` to `components/schemas`. */
  ref?: SchemaLink;
  /** True when a referenced object schema is not expanded here (depth bound or cycle): follow `ref`. */
  collapsed?: boolean;
  description?: string;
  nullable: boolean;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  enum?: string[];
  default?: string;
  example?: string;
  /** Human-readable constraints: `min 1`, `max 100`, `pattern ^[a-z]+$`, `1–100 items`… */
  constraints: string[];
  properties?: PropertyNode[];
  /** `additionalProperties`: a schema, or true for any value. */
  additional?: SchemaNode | true;
  items?: SchemaNode;
  variants?: SchemaNode[];
}

export interface SchemaContext {
  doc: Json;
  /** Page URL of a schema by its name in `components/schemas`. */
  schemaUrl: (name: string) => string;
  /** How many object `$ref`s deep a tree expands (default 2: a body and the objects it holds). */
  maxRefDepth?: number;
  /**
   * Object schemas already expanded on the page being built: a schema is expanded once per page and
   * linked after that (the `Error` of five error responses is shown once). Shared and filled in.
   */
  expanded?: Set<string>;
}

const SCHEMA_PREFIX = '#/components/schemas/';

/**
 * Resolves a local `$ref` (`#/a/b`, RFC 6901 fragment form) in the document.
 * @returns the target, or undefined when the reference is not local, malformed or points nowhere
 */
export function resolveLocalRef(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return resolvePointer(doc, ref);
  } catch {
    return undefined;
  }
}

/** Follows `$ref` chains of any kind (parameters, responses, headers, examples…), at most 10 hops. */
export function deref(doc: Json, value: unknown): unknown {
  let v = value;
  for (let i = 0; i < 10 && isObject(v) && typeof v.$ref === 'string'; i++) v = resolveLocalRef(doc, v.$ref);
  return v;
}

/** The schema name of a `#/components/schemas/Name` reference, or null. */
export function schemaRefName(ref: unknown): string | null {
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_PREFIX)) return null;
  try {
    const tokens = parsePointer(ref);
    return tokens.length === 3 ? (tokens[2] ?? null) : null;
  } catch {
    return null;
  }
}

/** JSON text of a value for display (strings quoted, so `"1"` and `1` differ). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

function constraintsOf(s: Json): string[] {
  const out: string[] = [];
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const min = num('minimum');
  const max = num('maximum');
  if (min !== undefined) out.push(`${s.exclusiveMinimum === true ? '>' : '≥'} ${min}`);
  if (max !== undefined) out.push(`${s.exclusiveMaximum === true ? '<' : '≤'} ${max}`);
  if (typeof s.exclusiveMinimum === 'number') out.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === 'number') out.push(`< ${s.exclusiveMaximum}`);
  if (num('multipleOf') !== undefined) out.push(`multiple of ${s.multipleOf}`);
  const range = (lo: number | undefined, hi: number | undefined, unit: string) => {
    if (lo !== undefined && hi !== undefined) out.push(lo === hi ? `exactly ${lo} ${unit}` : `${lo}–${hi} ${unit}`);
    else if (lo !== undefined) out.push(`at least ${lo} ${unit}`);
    else if (hi !== undefined) out.push(`at most ${hi} ${unit}`);
  };
  range(num('minLength'), num('maxLength'), 'characters');
  range(num('minItems'), num('maxItems'), 'items');
  range(num('minProperties'), num('maxProperties'), 'properties');
  if (s.uniqueItems === true) out.push('unique items');
  if (typeof s.pattern === 'string') out.push(`pattern ${s.pattern}`);
  return out;
}

function typeOf(s: Json): string {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.filter((t) => t !== 'null').join(' | ') || 'null';
  if (isObject(s.properties) || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined) return 'array';
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const kinds = new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
    if (kinds.size === 1) return [...kinds][0] === 'number' ? 'number' : String([...kinds][0]);
  }
  return 'any';
}

/**
 * Merges the members of an `allOf` into one schema: properties in order (later ones refine earlier
 * ones), `required` united, the outer schema's own keywords kept. Members are dereferenced.
 */
export function mergeAllOf(doc: Json, schema: Json, seen: ReadonlySet<string> = new Set()): Json {
  const merged: Json = {};
  const properties: Json = {};
  const required = new Set<string>();
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const part of parts) {
    const name = isObject(part) ? schemaRefName(part.$ref) : null;
    if (name && seen.has(name)) continue;
    const target = deref(doc, part);
    if (!isObject(target)) continue;
    const p = Array.isArray(target.allOf) ? mergeAllOf(doc, target, name ? new Set([...seen, name]) : seen) : target;
    for (const [k, v] of Object.entries(p)) {
      if (k === 'properties' && isObject(v)) Object.assign(properties, v);
      else if (k === 'required' && Array.isArray(v)) for (const r of v) required.add(String(r));
      else if (k !== 'allOf' && merged[k] === undefined) merged[k] = v;
    }
  }
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'allOf') continue;
    if (k === 'properties' && isObject(v)) Object.assign(properties, v);
    else if (k === 'required' && Array.isArray(v)) for (const r of v) required.add(String(r));
    else merged[k] = v;
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (merged.type === undefined && merged.properties) merged.type = 'object';
  return merged;
}

function isComposite(s: Json): boolean {
  const t = typeOf(s);
  return t === 'object' || t === 'array' || Array.isArray(s.oneOf) || Array.isArray(s.anyOf);
}

/**
 * Builds the display tree of a schema.
 * @param schema a Schema Object or a `$ref` to one
 * @param ctx the document, how schema pages are addressed, and the expansion bound
 */
export function schemaNode(schema: unknown, ctx: SchemaContext): SchemaNode {
  return build(schema, ctx, 0, new Set());
}

function build(input: unknown, ctx: SchemaContext, depth: number, stack: ReadonlySet<string>): SchemaNode {
  const maxDepth = ctx.maxRefDepth ?? 2;
  let ref: SchemaLink | undefined;
  let s: unknown = input;
  let nextDepth = depth;
  let nextStack = stack;
  if (isObject(input) && typeof input.$ref === 'string') {
    const name = schemaRefName(input.$ref);
    const target = deref(ctx.doc, input);
    if (name) ref = { name, url: ctx.schemaUrl(name) };
    s = target;
    if (name && isObject(target)) {
      const resolved = Array.isArray(target.allOf) ? mergeAllOf(ctx.doc, target, new Set([name])) : target;
      // Small schemas (enums, scalars) are always shown in place; objects only to the depth bound.
      const composite = isComposite(resolved);
      if (composite && (stack.has(name) || depth >= maxDepth || ctx.expanded?.has(name))) {
        return { ...leaf(resolved), ref, collapsed: true };
      }
      if (composite) ctx.expanded?.add(name);
      nextDepth = depth + (composite ? 1 : 0);
      nextStack = new Set([...stack, name]);
    }
  }
  if (!isObject(s))
    return { type: 'any', nullable: false, deprecated: false, readOnly: false, writeOnly: false, constraints: [], ref };
  const merged = Array.isArray(s.allOf) ? mergeAllOf(ctx.doc, s, nextStack) : s;
  const node: SchemaNode = { ...leaf(merged), ref };
  if (Array.isArray(merged.oneOf) || Array.isArray(merged.anyOf)) {
    const kind = Array.isArray(merged.oneOf) ? 'oneOf' : 'anyOf';
    node.type = kind;
    node.variants = (merged[kind] as unknown[]).map((v) => build(v, ctx, nextDepth, nextStack));
  }
  if (isObject(merged.properties)) {
    const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
    node.properties = Object.entries(merged.properties).map(([name, p]) => ({
      name,
      required: required.has(name),
      schema: build(p, ctx, nextDepth, nextStack),
    }));
  }
  if (merged.additionalProperties === true) node.additional = true;
  else if (isObject(merged.additionalProperties))
    node.additional = build(merged.additionalProperties, ctx, nextDepth, nextStack);
  if (merged.items !== undefined) node.items = build(merged.items, ctx, nextDepth, nextStack);
  return node;
}

function leaf(s: Json): SchemaNode {
  const node: SchemaNode = {
    type: typeOf(s),
    nullable: s.nullable === true || (Array.isArray(s.type) && s.type.includes('null')),
    deprecated: s.deprecated === true,
    readOnly: s.readOnly === true,
    writeOnly: s.writeOnly === true,
    constraints: constraintsOf(s),
  };
  if (typeof s.format === 'string') node.format = s.format;
  if (typeof s.description === 'string' && s.description.trim()) node.description = s.description.trim();
  if (Array.isArray(s.enum)) node.enum = s.enum.map(jsonText);
  if (s.default !== undefined) node.default = jsonText(s.default);
  if (s.example !== undefined) node.example = jsonText(s.example);
  return node;
}

/**
 * An example value for a schema without one: `example`, then `default`, the first `enum` value, or a
 * placeholder by type; objects and arrays recurse to a bounded depth, cycles end in null.
 */
export function exampleFor(schema: unknown, doc: Json, depth = 0, seen: ReadonlySet<string> = new Set()): unknown {
  const name = isObject(schema) ? schemaRefName(schema.$ref) : null;
  if (name && seen.has(name)) return null;
  const nextSeen = name ? new Set([...seen, name]) : seen;
  const target = deref(doc, schema);
  if (!isObject(target)) return null;
  const s = Array.isArray(target.allOf) ? mergeAllOf(doc, target, nextSeen) : target;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const choice = Array.isArray(s.oneOf) ? s.oneOf[0] : Array.isArray(s.anyOf) ? s.anyOf[0] : undefined;
  if (choice !== undefined) return exampleFor(choice, doc, depth, nextSeen);
  if (depth > 4) return null;
  switch (typeOf(s)) {
    case 'object': {
      const out: Json = {};
      if (isObject(s.properties)) {
        for (const [k, v] of Object.entries(s.properties)) {
          const p = deref(doc, v);
          if (isObject(p) && p.writeOnly === true) continue;
          out[k] = exampleFor(v, doc, depth + 1, nextSeen);
        }
      }
      return out;
    }
    case 'array':
      return s.items === undefined ? [] : [exampleFor(s.items, doc, depth + 1, nextSeen)];
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'date-time'
        ? '2026-01-01T00:00:00Z'
        : s.format === 'date'
          ? '2026-01-01'
          : s.format === 'uri'
            ? 'https://example.com'
            : s.format === 'email'
              ? 'user@example.com'
              : 'string';
    default:
      return null;
  }
}

/**
 * The example of a Parameter Object: its `example`, else the first value of its `examples`, else its
 * schema's `example`; undefined when it has none.
 */
export function parameterExample(doc: Json, p: Json): unknown {
  if (p.example !== undefined) return p.example;
  if (isObject(p.examples)) {
    for (const raw of Object.values(p.examples)) {
      const ex = deref(doc, raw);
      if (isObject(ex) && ex.value !== undefined) return ex.value;
    }
  }
  const schema = deref(doc, p.schema);
  if (isObject(schema) && schema.example !== undefined) return schema.example;
  return undefined;
}
