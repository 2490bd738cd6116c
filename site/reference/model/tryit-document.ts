/**
 * The document the try-it client gets for one operation: the operation alone, the components it
 * references (followed transitively), the security schemes, and the servers with the mock on this
 * origin first. Small documents keep the client fast on large descriptions (an operation of GitHub's
 * needs a small part of its description). Pure: the input is never changed.
 *
 * These edits make the client send what a first-time reader expects:
 * - optional parameters are shown unticked, so the client sends only the required ones (with every
 *   example enabled, `GET /pets` filtered by all of them at once and returned one pet);
 * - a required path, query or header parameter without an example gets a value from its schema (enum,
 *   default, format, type), so an operation with one is sendable as it opens;
 * - `x-codeSamples` are dropped, so the client's snippet is generated from the request it will send,
 *   not the hand-written sample of the page;
 * - a JSON request body without an example gets the one its page shows (descriptions/examples.ts), so the
 *   client sends the body the page and its code samples show, in full;
 * - named examples (`examples` of the body and of parameters) are completed so that every name exists
 *   everywhere: the client builds a request from one example name across the body and the parameters,
 *   and the page lets the reader pick a name (the client opens with it). A parameter without that name
 *   keeps its own first value (an optional one stays unticked).
 */
import { generatedValue } from '../../../descriptions/examples.ts';
import { isObject, type JsonObject as Json } from '../../../descriptions/json.ts';
import { isJsonMediaType } from '../../../descriptions/media.ts';
import { HTTP_METHODS } from '../../../descriptions/operations.ts';
import { parsePointer } from '../../../descriptions/pointer.ts';
import { atPointer, deref } from '../../../descriptions/refs.ts';
import { declaredSchemes, securityRequirements } from '../../../descriptions/security.ts';
import type { OpenApiDocument } from './document.ts';
import { parameterExample } from './schema.ts';

/** A server the try-it client can send to (OpenAPI Server Object). */
export interface TryItServer {
  url: string;
  description?: string;
  variables?: Record<string, unknown>;
}

/** Every `#/components/...` reference reachable from `value`, as JSON pointers. */
export function collectRefs(doc: Json, value: unknown, found: Set<string> = new Set()): Set<string> {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isObject(v)) {
      if (typeof v.$ref === 'string' && v.$ref.startsWith('#/components/') && !found.has(v.$ref)) {
        found.add(v.$ref);
        stack.push(atPointer(doc, v.$ref));
      }
      for (const [k, child] of Object.entries(v)) if (k !== '$ref') stack.push(child);
    }
  }
  return found;
}

/** The value an optional parameter is shown with: its example, else its schema's default or first enum value. */
function shownValue(doc: Json, p: Json): unknown {
  const example = parameterExample(doc, p);
  if (example !== undefined) return example;
  const schema = deref(doc, p.schema);
  return isObject(schema) ? (schema.default ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined)) : undefined;
}

/** Where a value generated from a parameter's schema can go: the URL and the headers. */
const GENERATED_IN = new Set(['path', 'query', 'header']);

/**
 * A required path, query or header parameter without an example, given one made from its schema (its
 * `enum`'s first value, its `default`, a value of its `format` or its type: openapi-sampler through
 * spec/examples.ts), so the client can send the operation as it opens. Undefined when the parameter
 * has an example (its own or its schema's) or no schema to make one from.
 */
function withSchemaValue(doc: Json, p: Json): Json | undefined {
  if (!GENERATED_IN.has(String(p.in)) || parameterExample(doc, p) !== undefined) return undefined;
  const schema =
    p.schema ?? (isObject(p.content) ? (Object.values(p.content).find(isObject)?.schema ?? undefined) : undefined);
  if (schema === undefined) return undefined;
  const value = generatedValue(schema, doc, 'request');
  return value === null || value === undefined ? undefined : { ...p, example: value };
}

/**
 * Optional parameters keep one example, marked `x-disabled` (Scalar's example extension): the client
 * shows the value but leaves the parameter unticked, so a first request sends only what is required.
 * Without it the client enables every optional parameter that has an example, default or enum.
 */
function disableOptional(doc: Json, params: unknown, names: readonly string[] = []): unknown {
  if (!Array.isArray(params)) return params;
  return params.map((raw) => {
    const p = deref(doc, raw);
    if (!isObject(p)) return raw;
    const own = isObject(p.examples) ? p.examples : {};
    if (p.required === true || p.in === 'path') {
      // A required parameter with named examples gets every name the request uses (its first value).
      const first = Object.values(own)[0];
      if (first === undefined) return withSchemaValue(doc, p) ?? raw;
      if (names.every((n) => n in own)) return raw;
      return { ...p, examples: { ...Object.fromEntries(names.map((n) => [n, first])), ...own } };
    }
    const { example: _e, examples: _es, ...rest } = p;
    const value = shownValue(doc, p);
    const examples: Json = { default: { value: value ?? '', 'x-disabled': true } };
    for (const n of names) {
      const ex = deref(doc, own[n]);
      // Its own example of that name is part of the example: sent; else shown unticked.
      examples[n] =
        isObject(ex) && ex.value !== undefined
          ? { value: ex.value, 'x-disabled': false }
          : { value: value ?? '', 'x-disabled': true };
    }
    return { ...rest, examples };
  });
}

/**
 * The example names a request uses: those of its JSON request body's `examples` and of its
 * parameters' `examples`, in that order.
 */
export function requestExampleNames(doc: Json, operation: Json, pathItem: Json): string[] {
  const names = new Set<string>();
  const body = deref(doc, operation.requestBody);
  if (isObject(body) && isObject(body.content)) {
    for (const [mediaType, rawMedia] of Object.entries(body.content)) {
      const media = deref(doc, rawMedia);
      if (isJsonMediaType(mediaType) && isObject(media) && isObject(media.examples)) {
        for (const n of Object.keys(media.examples)) names.add(n);
      }
    }
  }
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = deref(doc, raw);
      if (isObject(p) && isObject(p.examples)) for (const n of Object.keys(p.examples)) names.add(n);
    }
  }
  return [...names];
}

/** A body whose JSON media types' `examples` get every name (their first example for a missing one). */
function withEveryName(doc: Json, raw: unknown, names: readonly string[]): unknown {
  const body = deref(doc, raw);
  if (!isObject(body) || !isObject(body.content) || names.length === 0) return raw;
  const content: Json = {};
  let changed = false;
  for (const [mediaType, rawMedia] of Object.entries(body.content)) {
    const media = deref(doc, rawMedia);
    content[mediaType] = rawMedia;
    if (!isObject(media) || !isObject(media.examples)) continue;
    const own = media.examples;
    const first = Object.values(own)[0];
    if (first === undefined || names.every((n) => n in own)) continue;
    content[mediaType] = { ...media, examples: { ...Object.fromEntries(names.map((n) => [n, first])), ...own } };
    changed = true;
  }
  return changed ? { ...body, content } : raw;
}

/**
 * A request body whose JSON media types lack an example, with the generated one (the page's), and
 * inlined when it was a `$ref`; the body as it is when nothing lacks one.
 */
function withBodyExamples(doc: Json, raw: unknown): unknown {
  const body = deref(doc, raw);
  if (!isObject(body) || !isObject(body.content)) return raw;
  let changed = false;
  const content: Json = {};
  for (const [mediaType, rawMedia] of Object.entries(body.content)) {
    const media = deref(doc, rawMedia);
    content[mediaType] = rawMedia;
    if (!isObject(media) || media.schema === undefined || !isJsonMediaType(mediaType)) continue;
    if (media.example !== undefined || (isObject(media.examples) && Object.keys(media.examples).length > 0)) continue;
    content[mediaType] = { ...media, example: generatedValue(media.schema, doc, 'request') };
    changed = true;
  }
  return changed ? { ...body, content } : raw;
}

/**
 * The one-operation document for the try-it client.
 * @param method HTTP method, any case
 * @param path the path template as written in the document
 * @param servers what the client offers, first is the default (the mock on this origin)
 * @throws {Error} when the document has no such operation
 */
export function tryItDocument(input: OpenApiDocument, method: string, path: string, servers: TryItServer[]): Json {
  const doc = input as Json;
  const m = method.toLowerCase();
  const item = isObject(doc.paths) ? doc.paths[path] : undefined;
  if (!isObject(item) || !isObject(item[m]) || !(HTTP_METHODS as readonly string[]).includes(m)) {
    throw new Error(`no operation ${method.toUpperCase()} ${path} in the document`);
  }
  const { 'x-codeSamples': _s, 'x-code-samples': _s2, ...operation } = item[m] as Json;
  // `default` stays the first-time request (optional parameters unticked): upgraded 3.0 descriptions
  // carry a parameter's single `example` under that name.
  const names = requestExampleNames(doc, operation, item).filter((n) => n !== 'default');
  operation.parameters = disableOptional(doc, operation.parameters, names);
  if (operation.requestBody !== undefined) {
    operation.requestBody = withEveryName(doc, withBodyExamples(doc, operation.requestBody), names);
  }
  const pathItem: Json = { [m]: operation };
  if (item.parameters !== undefined) pathItem.parameters = disableOptional(doc, item.parameters, names);

  const components: Record<string, Json> = {};
  const sourceComponents = isObject(doc.components) ? doc.components : {};
  for (const ref of collectRefs(doc, pathItem)) {
    const [, kind, name] = parsePointer(ref);
    const target = atPointer(doc, ref);
    if (!kind || name === undefined || target === undefined) continue;
    components[kind] ??= {};
    (components[kind] as Json)[name] = target;
  }
  if (isObject(sourceComponents.securitySchemes)) components.securitySchemes = sourceComponents.securitySchemes;

  const info = isObject(doc.info) ? doc.info : {};
  const out: Json = {
    openapi: doc.openapi,
    info: { title: info.title ?? 'API', version: info.version ?? '' },
    servers,
    paths: { [path]: pathItem },
    components,
  };
  if (doc.security !== undefined) out.security = doc.security;
  return out;
}

/** Whether try-it can put a token in a scheme's credential: an API key (header, query, cookie) or HTTP bearer. */
function tokenFillable(doc: Json, raw: unknown): boolean {
  const s = deref(doc, raw);
  if (!isObject(s)) return false;
  if (s.type === 'apiKey') return ['header', 'query', 'cookie'].includes(String(s.in));
  return s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer';
}

/**
 * Whether try-it can send the reader's sandbox token to the mock through a scheme: every kind but mutual
 * TLS (a property of the connection): API keys, any HTTP scheme (basic as `sandbox:<token>`), OAuth 2.0
 * and OpenID Connect (the token as access token). See browser/mock-credentials.ts.
 */
function mockFillable(doc: Json, raw: unknown): boolean {
  const s = deref(doc, raw);
  if (!isObject(s)) return false;
  if (s.type === 'apiKey') return ['header', 'query', 'cookie'].includes(String(s.in));
  return s.type === 'http' || s.type === 'oauth2' || s.type === 'openIdConnect';
}

/**
 * The security schemes try-it selects for one operation and fills with the reader's sandbox token.
 * The operation's security requirements are its own `security`, else the description's (OpenAPI 3.2
 * section 4.8.10.1: an operation's list replaces the top-level one; the requirements are alternatives
 * and the schemes of one are all needed; an empty one, `{}`, makes security optional). Of those, the
 * first requirement whose every scheme can carry the token to the mock is chosen (all of its schemes
 * are filled together), else the first that names a declared scheme (mutual TLS, which the mock does not
 * simulate). An operation whose security is optional gets none: the client sends it without
 * credentials. An operation that needs none gets `fallback`: the mock keys a reader's sandbox by the
 * token, so try-it sends it there too.
 * @param fallback the API's own scheme for the sandbox token (the explorer's preferred one, else {@link sandboxScheme})
 * @returns a scheme's name, the names of a requirement that needs several (in the requirement's order),
 *   `fallback`, or null for optional security
 */
export function operationSchemes(
  input: OpenApiDocument,
  method: string,
  path: string,
  fallback: string | null,
): string | string[] | null {
  const doc = input as Json;
  const item = isObject(doc.paths) ? doc.paths[path] : undefined;
  const operation = isObject(item) ? item[method.toLowerCase()] : undefined;
  const declared = declaredSchemes(doc);
  const requirements = securityRequirements(doc, isObject(operation) ? operation : undefined);
  if (requirements.some((req) => Object.keys(req).length === 0)) return null;
  const named = requirements
    .map((req) => Object.keys(req).filter((name) => declared[name] !== undefined))
    .filter((names) => names.length > 0);
  const chosen = named.find((names) => names.every((name) => mockFillable(doc, declared[name]))) ?? named[0];
  if (!chosen) return fallback;
  return chosen.length === 1 ? (chosen[0] as string) : chosen;
}

/**
 * The security scheme try-it puts the reader's sandbox token in when the description has no bearer
 * scheme: the first API key (header, query or cookie) or HTTP bearer scheme it declares, or null. The
 * mock accepts any non-empty credential of a declared scheme, so a sandbox of one's own needs only that.
 */
export function sandboxScheme(input: OpenApiDocument): string | null {
  const doc = input as Json;
  for (const [name, raw] of Object.entries(declaredSchemes(doc))) if (tokenFillable(doc, raw)) return name;
  return null;
}
