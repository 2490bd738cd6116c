/**
 * Schema Objects as a readable tree for the reference pages. Pure: no I/O; the document is read, never changed.
 *
 * Input is the loader's internal form (OpenAPI 3.2, so JSON Schema 2020-12), and 3.0's `nullable` and
 * `example` are still read. What a reader needs from a schema: the type (with the `$ref` name, linked
 * to the schema's page; `type` arrays with `null` read as nullable), required marks, `enum` and
 * `const`, constraints, defaults and examples, nested properties. `allOf` is merged into one object
 * (how Pet = NewPet + id reads); `oneOf`/`anyOf` list labelled alternatives, with the discriminator and
 * its mapping; `prefixItems`, `if`/`then`/`else`, `not`, `contentMediaType` and `contentEncoding` are
 * shown. References are expanded to a bounded depth and cut at cycles (any `$ref`, `$defs` included),
 * so a page stays small on large descriptions (GitHub's) while the linked schema page shows the whole
 * shape.
 */

import { isObject, type JsonObject as Json } from '../../../descriptions/json.ts';
import { parsePointer } from '../../../descriptions/pointer.ts';
import { deref } from '../../../descriptions/refs.ts';
import { type Translate, translator } from '../../i18n/catalogue.ts';
import { boundLongStrings } from './long-values.ts';

/** A schema of `components/schemas`, by name, with its page when it has one. */
export interface SchemaLink {
  name: string;
  /**
   * Page of the schema, e.g. `/reference/schemas/pet/`. Absent when the schema has no page of its own
   * (a large description gives pages only to the schemas some page shows collapsed: see
   * `SCHEMA_PAGE_LIMIT` in reference.ts); the name is then shown without a link.
   */
  url?: string;
}

export interface PropertyNode {
  name: string;
  required: boolean;
  schema: SchemaNode;
}

/** One schema as the pages render it. Values (enum, default, example) are JSON text. */
export interface SchemaNode {
  /**
   * `object`, `array`, `string`, `integer`, `number`, `boolean`, `null`, `any`, `never` (the `false`
   * schema), several joined by ` | ` (a `type` array), or `oneOf`/`anyOf` for choices.
   */
  type: string;
  /** `title` of the schema, when it has one. */
  title?: string;
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
  /** `const`, as JSON text. */
  const?: string;
  default?: string;
  /** `example` (3.0) or the first of `examples` (2020-12), as JSON text. */
  example?: string;
  /** The other values of `examples`, as JSON text. */
  moreExamples?: string[];
  /** Human-readable constraints: `min 1`, `max 100`, `pattern ^[a-z]+$`, `1–100 items`… */
  constraints: string[];
  properties?: PropertyNode[];
  /** `additionalProperties`: a schema, or true for any value. */
  additional?: SchemaNode | true;
  items?: SchemaNode;
  /** `prefixItems` (2020-12): the schema of each leading position of an array. */
  prefixItems?: SchemaNode[];
  /** Alternatives of `oneOf`/`anyOf`, each with a label (`variantLabels`, same order). */
  variants?: SchemaNode[];
  /** What each alternative is called: its schema's name, else its `title`, else `Option n (type)`. */
  variantLabels?: string[];
  /** `discriminator` of a `oneOf`/`anyOf` (or of a base schema): the property and its mapping. */
  discriminator?: DiscriminatorView;
  /** `if`/`then`/`else` (2020-12). */
  conditional?: { ifSchema: SchemaNode; thenSchema?: SchemaNode; elseSchema?: SchemaNode };
  /** `not`: values this schema must not match. */
  not?: SchemaNode;
}

/** A discriminator: which property names the alternative, and which value names which schema. */
export interface DiscriminatorView {
  property: string;
  /** `mapping` entries in document order; `ref` is set when the target is a component schema. */
  mapping: Array<{ value: string; target: string; ref?: SchemaLink }>;
}

export interface SchemaContext {
  doc: Json;
  /** Page URL of a schema by its name in `components/schemas`; undefined when it has no page. */
  schemaUrl: (name: string) => string | undefined;
  /** How many object `$ref`s deep a tree expands (default 2: a body and the objects it holds). */
  maxRefDepth?: number;
  /**
   * Object schemas already expanded on the page being built: a schema is expanded once per page and
   * linked after that (the `Error` of five error responses is shown once). Shared and filled in.
   */
  expanded?: Set<string>;
  /**
   * Property rows the page may still show (shared and counted down): once spent, a schema that a
   * property or an alternative refers to is linked instead of expanded, so one page of a large
   * description (Stripe's `Invoice` holds 80 properties, each a customer, a charge…) stays readable
   * and small; its schema page still shows it. The schema at the top of a body is always shown.
   */
  budget?: { rows: number };
  /** The messages constraints and labels are written with (default English). */
  t?: Translate;
}

/** Property rows one operation page shows before nested schemas are linked instead of expanded. */
export const PAGE_ROW_BUDGET = 250;

const SCHEMA_PREFIX = '#/components/schemas/';

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
  return JSON.stringify(boundLongStrings(value).value) ?? 'null';
}

const english = translator('en');

function constraintsOf(s: Json, t: Translate = english): string[] {
  const out: string[] = [];
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const min = num('minimum');
  const max = num('maximum');
  if (min !== undefined) out.push(`${s.exclusiveMinimum === true ? '>' : '≥'} ${min}`);
  if (max !== undefined) out.push(`${s.exclusiveMaximum === true ? '<' : '≤'} ${max}`);
  if (typeof s.exclusiveMinimum === 'number') out.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === 'number') out.push(`< ${s.exclusiveMaximum}`);
  if (num('multipleOf') !== undefined) out.push(t('ref.constraint.multipleOf', { value: String(s.multipleOf) }));
  const range = (lo: number | undefined, hi: number | undefined, unit: 'characters' | 'items' | 'properties') => {
    if (lo !== undefined && hi !== undefined)
      out.push(
        lo === hi
          ? t(`ref.constraint.exactly.${unit}`, { count: lo })
          : t(`ref.constraint.range.${unit}`, { min: lo, max: hi }),
      );
    else if (lo !== undefined) out.push(t(`ref.constraint.atLeast.${unit}`, { count: lo }));
    else if (hi !== undefined) out.push(t(`ref.constraint.atMost.${unit}`, { count: hi }));
  };
  range(num('minLength'), num('maxLength'), 'characters');
  range(num('minItems'), num('maxItems'), 'items');
  range(num('minProperties'), num('maxProperties'), 'properties');
  if (s.uniqueItems === true) out.push(t('ref.constraint.uniqueItems'));
  if (typeof s.pattern === 'string') out.push(t('ref.constraint.pattern', { pattern: s.pattern }));
  if (Array.isArray(s.required) && s.required.length > 0 && !isObject(s.properties) && !Array.isArray(s.allOf)) {
    // `required` without `properties` (an `if`/`then` branch, say): say which properties must be there.
    out.push(t('ref.constraint.requires', { names: s.required.map(String).join(', ') }));
  }
  if (typeof s.contentMediaType === 'string') out.push(t('ref.constraint.contentType', { type: s.contentMediaType }));
  if (typeof s.contentEncoding === 'string') out.push(t('ref.constraint.encoding', { encoding: s.contentEncoding }));
  return out;
}

function typeOf(s: Json): string {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t): t is string => typeof t === 'string');
    return types.filter((t) => t !== 'null').join(' | ') || (types.length > 0 ? 'null' : 'any');
  }
  if (isObject(s.properties) || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined || s.prefixItems !== undefined) return 'array';
  if (s.const !== undefined) return s.const === null ? 'null' : Array.isArray(s.const) ? 'array' : typeof s.const;
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
  return (
    t === 'object' ||
    t === 'array' ||
    Array.isArray(s.oneOf) ||
    Array.isArray(s.anyOf) ||
    s.if !== undefined ||
    s.not !== undefined
  );
}

/** Nesting bound of a tree whatever its references: a page never grows without end. */
const MAX_NESTING = 12;

const ANY: Omit<SchemaNode, 'type'> = {
  nullable: false,
  deprecated: false,
  readOnly: false,
  writeOnly: false,
  constraints: [],
};

/**
 * Builds the display tree of a schema.
 * @param schema a Schema Object, a boolean schema (2020-12) or a `$ref` to one
 * @param ctx the document, how schema pages are addressed, and the expansion bound
 */
export function schemaNode(schema: unknown, ctx: SchemaContext): SchemaNode {
  return build(schema, ctx, 0, new Set(), 0);
}

/** A `$ref` target with the reference's sibling keywords (2020-12 allows `description` beside `$ref`). */
function withSiblings(input: Json, target: unknown): unknown {
  const siblings = Object.keys(input).filter((k) => k !== '$ref');
  if (siblings.length === 0 || !isObject(target)) return target;
  const out: Json = { ...target };
  for (const k of siblings) out[k] = input[k];
  return out;
}

function build(
  input: unknown,
  ctx: SchemaContext,
  depth: number,
  stack: ReadonlySet<string>,
  nesting: number,
): SchemaNode {
  const maxDepth = ctx.maxRefDepth ?? 2;
  if (input === false) return { ...ANY, type: 'never' };
  let ref: SchemaLink | undefined;
  let s: unknown = input;
  let nextDepth = depth;
  let nextStack = stack;
  if (isObject(input) && typeof input.$ref === 'string') {
    const name = schemaRefName(input.$ref);
    const key = name ?? input.$ref;
    const target = deref(ctx.doc, input);
    if (name) ref = schemaLink(ctx, name);
    s = withSiblings(input, target);
    if (isObject(target)) {
      const resolved = Array.isArray(target.allOf) ? mergeAllOf(ctx.doc, target, new Set([key])) : target;
      // Small schemas (enums, scalars) are always shown in place; objects only to the depth bound.
      const composite = isComposite(resolved);
      const spent = ctx.budget !== undefined && ctx.budget.rows <= 0 && nesting > 0;
      if (
        composite &&
        (stack.has(key) || depth >= maxDepth || ctx.expanded?.has(key) || nesting >= MAX_NESTING || spent)
      ) {
        return { ...leaf(withSiblings(input, resolved) as Json, ctx.t), ref, collapsed: true };
      }
      if (composite && name) ctx.expanded?.add(name);
      nextDepth = depth + (composite ? 1 : 0);
      nextStack = new Set([...stack, key]);
    }
  }
  if (!isObject(s)) return { ...ANY, type: 'any', ref };
  const merged = Array.isArray(s.allOf) ? mergeAllOf(ctx.doc, s, nextStack) : s;
  const node: SchemaNode = { ...leaf(merged, ctx.t), ref };
  if (nesting >= MAX_NESTING) return node.ref ? { ...node, collapsed: true } : node;
  const child = (v: unknown) => build(v, ctx, nextDepth, nextStack, nesting + 1);
  if (Array.isArray(merged.oneOf) || Array.isArray(merged.anyOf)) {
    const kind = Array.isArray(merged.oneOf) ? 'oneOf' : 'anyOf';
    const options = merged[kind] as unknown[];
    node.type = kind;
    node.variants = options.map(child);
    node.variantLabels = options.map((v, i) => variantLabel(ctx.doc, v, node.variants?.[i], i, ctx.t));
  }
  const disc = discriminatorOf(ctx, merged);
  if (disc) node.discriminator = disc;
  if (isObject(merged.properties)) {
    const required = new Set(Array.isArray(merged.required) ? merged.required.map(String) : []);
    if (ctx.budget) ctx.budget.rows -= Object.keys(merged.properties).length;
    node.properties = Object.entries(merged.properties).map(([name, p]) => ({
      name,
      required: required.has(name),
      schema: child(p),
    }));
  }
  if (merged.additionalProperties === true) node.additional = true;
  else if (isObject(merged.additionalProperties)) node.additional = child(merged.additionalProperties);
  if (Array.isArray(merged.prefixItems)) node.prefixItems = merged.prefixItems.map(child);
  if (merged.items !== undefined && merged.items !== false && merged.items !== true) node.items = child(merged.items);
  if (merged.if !== undefined) {
    node.conditional = {
      ifSchema: child(merged.if),
      ...(merged.then !== undefined ? { thenSchema: child(merged.then) } : {}),
      ...(merged.else !== undefined ? { elseSchema: child(merged.else) } : {}),
    };
  }
  if (merged.not !== undefined) node.not = child(merged.not);
  return node;
}

/** The link to a component schema: its name, and its page when it has one. */
function schemaLink(ctx: SchemaContext, name: string): SchemaLink {
  const url = ctx.schemaUrl(name);
  return url ? { name, url } : { name };
}

/**
 * Adds to `into` the name of every component schema that a display tree (or any value holding trees,
 * such as an operation's view) shows collapsed: a reader needs that schema's own page to see its fields.
 * @param value a {@link SchemaNode}, or any object or array that holds some
 * @param into names found, filled in
 */
export function collapsedSchemas(value: unknown, into: Set<string>): void {
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    const node = v as Partial<SchemaNode>;
    if (node.collapsed === true && node.ref) into.add(node.ref.name);
    for (const x of Object.values(v)) walk(x);
  };
  walk(value);
}

/** The label of a `oneOf`/`anyOf` alternative: its schema name, else its `title`, else `Option n (type)`. */
function variantLabel(
  doc: Json,
  raw: unknown,
  node: SchemaNode | undefined,
  i: number,
  t: Translate = english,
): string {
  if (node?.ref) return node.ref.name;
  const target = deref(doc, raw);
  if (isObject(target) && typeof target.title === 'string' && target.title.trim()) return target.title.trim();
  return `${t('ref.schema.option', { n: i + 1 })}${node && node.type !== 'any' ? ` (${node.type})` : ''}`;
}

/** The discriminator of a schema (OpenAPI 3.2 §4.8.25): property name and mapping, or undefined. */
function discriminatorOf(ctx: SchemaContext, s: Json): DiscriminatorView | undefined {
  const d = s.discriminator;
  if (!isObject(d) || typeof d.propertyName !== 'string') return undefined;
  const mapping: DiscriminatorView['mapping'] = [];
  if (isObject(d.mapping)) {
    for (const [value, target] of Object.entries(d.mapping)) {
      if (typeof target !== 'string') continue;
      // A mapping value is a reference or a bare schema name (`Cat` stands for #/components/schemas/Cat).
      const name = schemaRefName(target) ?? (/^[A-Za-z0-9._-]+$/.test(target) ? target : null);
      mapping.push({ value, target, ...(name ? { ref: schemaLink(ctx, name) } : {}) });
    }
  }
  return { property: d.propertyName, mapping };
}

function leaf(s: Json, t?: Translate): SchemaNode {
  const node: SchemaNode = {
    type: typeOf(s),
    nullable: s.nullable === true || (Array.isArray(s.type) && s.type.includes('null') && s.type.length > 1),
    deprecated: s.deprecated === true,
    readOnly: s.readOnly === true,
    writeOnly: s.writeOnly === true,
    constraints: constraintsOf(s, t),
  };
  if (typeof s.format === 'string') node.format = s.format;
  if (typeof s.title === 'string' && s.title.trim()) node.title = s.title.trim();
  if (typeof s.description === 'string' && s.description.trim()) node.description = s.description.trim();
  if (Array.isArray(s.enum)) node.enum = s.enum.map(jsonText);
  if (s.const !== undefined) node.const = jsonText(s.const);
  if (s.default !== undefined) node.default = jsonText(s.default);
  const examples = schemaExamples(s);
  if (examples.length > 0) node.example = jsonText(examples[0]);
  if (examples.length > 1) node.moreExamples = examples.slice(1).map(jsonText);
  return node;
}

/** A schema's example values: 3.0's `example`, then 2020-12's `examples` array (without repeating it). */
export function schemaExamples(s: Json): unknown[] {
  const out: unknown[] = [];
  if (s.example !== undefined) out.push(s.example);
  if (Array.isArray(s.examples)) {
    for (const v of s.examples) if (!out.some((o) => JSON.stringify(o) === JSON.stringify(v))) out.push(v);
  }
  return out;
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
  if (isObject(schema)) return schemaExamples(schema)[0];
  return undefined;
}
