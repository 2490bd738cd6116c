/**
 * The diff itself: api-smart-diff (`apiCompare`) on two OpenAPI documents, after setting aside what is
 * identical on both sides. Pure.
 *
 * Why the pruning: api-smart-diff resolves every `$ref` while it walks, so on a large description (GitHub's REST
 * description) it spends most of its time proving that unchanged operations are
 * unchanged. A path item whose JSON is identical on both sides and that refers to no component that changed
 * (directly or through other components) cannot produce a difference, nor can an unchanged component nothing kept
 * refers to; both are removed from shallow copies before the library runs. The result is the same list of
 * differences.
 */
import { apiCompare } from 'api-smart-diff';
import { isObject, type JsonObject } from '../../../descriptions/json.ts';
import { HTTP_METHODS } from '../../../descriptions/operations.ts';
import { formatPointer, parsePointer } from '../../../descriptions/pointer.ts';
import type { ChangeClass, RawDiff } from './types.ts';

/** The library's class names → ours. */
const CLASSES: Record<string, ChangeClass> = {
  breaking: 'breaking',
  'non-breaking': 'non-breaking',
  annotation: 'documentation',
  deprecated: 'deprecation',
  unclassified: 'unclassified',
};

/** The pointer tokens of a local `$ref`; none when it is not local or malformed. */
function componentTokens(ref: string): string[] {
  if (!ref.startsWith('#/')) return [];
  try {
    return parsePointer(ref);
  } catch {
    return [];
  }
}

/** Every local `$ref` (`#/components/<type>/<name>…`) under `value`, as `<type>/<name>` keys. */
function componentRefs(value: unknown, out: Set<string> = new Set()): Set<string> {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && typeof x === 'string') {
          const [root, type, name] = componentTokens(x);
          if (root === 'components' && type !== undefined && name !== undefined) out.add(`${type}/${name}`);
        } else if (typeof x === 'object' && x !== null) stack.push(x);
      }
    }
  }
  return out;
}

/** `components` as a flat map `<type>/<name>` → value. */
function flatComponents(doc: JsonObject): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const comps = doc.components;
  if (!isObject(comps)) return out;
  for (const [type, group] of Object.entries(comps)) {
    if (!isObject(group)) continue;
    for (const [name, value] of Object.entries(group)) out.set(`${type}/${name}`, value);
  }
  return out;
}

/** A value worth carrying in the report: a scalar or a short array of scalars (never a whole operation). */
function small(v: unknown): boolean {
  if (v === undefined) return false;
  if (v === null || typeof v !== 'object') return true;
  return Array.isArray(v) && v.length <= 20 && v.every((x) => x === null || typeof x !== 'object');
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Shallow copies of both documents without the path items (and webhooks) and components that cannot differ.
 * Exported for the tests; {@link compareDocuments} calls it.
 */
export function pruneIdentical(base: JsonObject, head: JsonObject): [JsonObject, JsonObject] {
  const bc = flatComponents(base);
  const hc = flatComponents(head);
  const keys = new Set([...bc.keys(), ...hc.keys()]);
  // Components that changed, then every component that refers to one of those (fixed point).
  const dirty = new Set<string>();
  const refs = new Map<string, Set<string>>();
  for (const k of keys) {
    const r = componentRefs(hc.get(k));
    componentRefs(bc.get(k), r);
    refs.set(k, r);
    if (!same(bc.get(k), hc.get(k))) dirty.add(k);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [k, r] of refs) {
      if (dirty.has(k)) continue;
      for (const t of r)
        if (dirty.has(t)) {
          dirty.add(k);
          grew = true;
          break;
        }
    }
  }
  const keep = new Set<string>(dirty);
  const prune = (field: 'paths' | 'webhooks'): [JsonObject | undefined, JsonObject | undefined] => {
    const b = base[field];
    const h = head[field];
    if (!isObject(b) || !isObject(h)) return [b as JsonObject | undefined, h as JsonObject | undefined];
    const nb: JsonObject = {};
    const nh: JsonObject = {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(h)])) {
      const r = componentRefs(h[key]);
      componentRefs(b[key], r);
      if (same(b[key], h[key]) && ![...r].some((x) => dirty.has(x))) continue;
      if (key in b) nb[key] = b[key];
      if (key in h) nh[key] = h[key];
      for (const x of r) keep.add(x);
    }
    return [nb, nh];
  };
  const [bp, hp] = prune('paths');
  const [bw, hw] = prune('webhooks');
  // What the kept parts refer to, transitively, must stay for the library to resolve it.
  const queue = [...keep];
  while (queue.length > 0) {
    const k = queue.pop() as string;
    for (const t of refs.get(k) ?? [])
      if (!keep.has(t)) {
        keep.add(t);
        queue.push(t);
      }
  }
  const comps = (doc: JsonObject, flat: Map<string, unknown>): JsonObject | undefined => {
    if (!isObject(doc.components)) return doc.components as JsonObject | undefined;
    const out: JsonObject = {};
    for (const [type, group] of Object.entries(doc.components)) {
      if (!isObject(group)) {
        out[type] = group;
        continue;
      }
      const g: JsonObject = {};
      for (const name of Object.keys(group)) if (keep.has(`${type}/${name}`)) g[name] = flat.get(`${type}/${name}`);
      out[type] = g;
    }
    return out;
  };
  const withParts = (
    doc: JsonObject,
    paths: JsonObject | undefined,
    hooks: JsonObject | undefined,
    flat: Map<string, unknown>,
  ): JsonObject => {
    const out: JsonObject = { ...doc };
    if (paths !== undefined) out.paths = paths;
    if (hooks !== undefined) out.webhooks = hooks;
    if (doc.components !== undefined) out.components = comps(doc, flat);
    return out;
  };
  return [withParts(base, bp, bw, bc), withParts(head, hp, hw, hc)];
}

/** Separates a path from an operation in the key of a stand-in path item: a private-use character no path has. */
const STAND_IN = '\uE000';

/**
 * OpenAPI 3.2 operations api-smart-diff does not know, moved where it does: each `query` operation and each
 * entry of `additionalOperations` becomes the `get` of a stand-in path item of its own (key: the path,
 * {@link STAND_IN}, then `query` or `+NAME`), with the real path item's other fields (`parameters`, `servers`,
 * `summary`) beside it as they apply to it. The library's path item rules keep only the eight methods of
 * 3.0/3.1 and drop every other field once a path item has one, so without this a `query` operation's changes
 * would be invisible. Shallow copies; returns the document itself when it has no such operation.
 */
export function hoistOperations(doc: JsonObject): JsonObject {
  const paths = doc.paths;
  if (!isObject(paths)) return doc;
  let out: JsonObject | undefined;
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item) || (item.query === undefined && item.additionalOperations === undefined)) continue;
    out ??= { ...paths };
    const { query, additionalOperations, ...rest } = item;
    const shared: JsonObject = {};
    for (const [k, v] of Object.entries(rest)) if (!(HTTP_METHODS as readonly string[]).includes(k)) shared[k] = v;
    out[path] = rest;
    if (isObject(query)) out[`${path}${STAND_IN}query`] = { ...shared, get: query };
    if (isObject(additionalOperations))
      for (const [name, op] of Object.entries(additionalOperations))
        if (isObject(op)) out[`${path}${STAND_IN}+${name}`] = { ...shared, get: op };
  }
  return out ? { ...doc, paths: out } : doc;
}

/** The real pointer tokens of tokens into a hoisted document ({@link hoistOperations}). */
export function unhoistTokens(tokens: string[]): string[] {
  const key = tokens[1];
  if (tokens[0] !== 'paths' || key === undefined || !key.includes(STAND_IN)) return tokens;
  const cut = key.indexOf(STAND_IN);
  const path = key.slice(0, cut);
  const which = key.slice(cut + 1);
  const op = which === 'query' ? ['query'] : ['additionalOperations', which.slice(1)];
  if (tokens.length === 2) return ['paths', path, ...op];
  if (tokens[2] === 'get') return ['paths', path, ...op, ...tokens.slice(3)];
  // A field of the real path item shared into the stand-in (its `parameters`, …).
  return ['paths', path, ...tokens.slice(2)];
}

/** The library's sentences name the stand-in path (`GET /pets<U+E000>query`): the operation as written instead. */
function unhoistText(text: string): string {
  if (!text.includes(STAND_IN)) return text;
  return text
    .replace(/\bGET ([^\s`]*)\uE000(query|\+[^\s`]+)/g, (_, path: string, which: string) =>
      which === 'query' ? `QUERY ${path}` : `${which.slice(1)} ${path}`,
    )
    .replace(/\uE000(query|\+[^\s`]+)/g, '');
}

/**
 * The differences between two OpenAPI 3.x documents, classified by api-smart-diff's OpenAPI rules, OpenAPI 3.2's
 * `query` and `additionalOperations` operations included ({@link hoistOperations}).
 *
 * Both documents must be written in the same OpenAPI version family: 3.0 documents are compared with the 3.0
 * rules, anything else (3.1, or 3.2 as the loader upgrades to) with the 3.1 rules, JSON Schema 2020-12, which
 * 3.2 keeps. The inputs are not modified.
 *
 * @param base the earlier description (plain data; internal `$ref`s allowed, circular ones too)
 * @param head the later description
 * @returns the differences in the library's order, each with a JSON pointer (RFC 6901)
 */
export function compareDocuments(base: JsonObject, head: JsonObject): RawDiff[] {
  const [b, h] = pruneIdentical(hoistOperations(base), hoistOperations(head));
  const is30 = String(base.openapi).startsWith('3.0') && String(head.openapi).startsWith('3.0');
  // The library picks its rules from `openapi`; it knows 3.0 and 3.1 (3.2 would fall back to the 3.0 rules).
  if (!is30) {
    b.openapi = '3.1.0';
    h.openapi = '3.1.0';
  }
  const { diffs } = apiCompare(b, h);
  return diffs.map((d) => {
    const out: RawDiff = {
      action: d.action as RawDiff['action'],
      pointer: formatPointer(unhoistTokens(d.path.map(String))),
      class: CLASSES[d.type] ?? 'unclassified',
    };
    if (d.description) out.description = unhoistText(d.description);
    if (small(d.before)) out.before = d.before;
    if (small(d.after)) out.after = d.after;
    return refine(out);
  });
}

/** The JSON types a `type` value allows (`integer` is also a `number`). */
function typeSet(v: unknown): Set<string> | undefined {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? [v] : undefined;
  return list ? new Set(list.map(String)) : undefined;
}

/**
 * Where api-smart-diff's rules fall short. Its response rules are the request rules reversed, which makes any
 * `type` replaced inside a response schema non-breaking; but a client that parsed a string fails on an integer. A
 * response type change is breaking unless every new type was allowed before (narrowing: `[string, null]` → `string`,
 * `number` → `integer`).
 */
export function refine(d: RawDiff): RawDiff {
  if (
    d.action !== 'replace' ||
    d.class === 'breaking' ||
    !/\/responses\/[^/]+\/(?:content\/[^/]+\/schema|headers\/[^/]+\/schema)(?:\/.*)?\/type$/.test(d.pointer)
  )
    return d;
  const before = typeSet(d.before);
  const after = typeSet(d.after);
  if (!before || !after) return d;
  const allowed = (t: string) => before.has(t) || (t === 'integer' && before.has('number'));
  return [...after].every(allowed) ? d : { ...d, class: 'breaking' };
}
