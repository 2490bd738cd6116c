/**
 * The document the try-it client gets for one operation: the operation alone, the components it
 * references (followed transitively), the security schemes, and the servers with the mock on this
 * origin first. Small documents keep the client fast on large descriptions (an operation of GitHub's
 * needs a small part of its description). Pure: the input is never changed.
 *
 * Two edits make the client send what a first-time reader expects:
 * - optional parameters are shown unticked, so the client sends only the required ones (with every
 *   example enabled, `GET /pets` filtered by all of them at once and returned one pet);
 * - `x-codeSamples` are dropped, so the client's snippet is generated from the request it will send,
 *   not the hand-written sample of the page;
 * - a JSON request body without an example gets the one its page shows (spec/examples.ts), so the
 *   client sends the body the page and its code samples show, in full.
 */
import { generatedValue } from '../../../spec/examples.ts';
import { isObject, type JsonObject as Json } from '../../../spec/json.ts';
import { isJsonMediaType } from '../../../spec/media.ts';
import { HTTP_METHODS } from '../../../spec/operations.ts';
import { parsePointer } from '../../../spec/pointer.ts';
import { atPointer, deref } from '../../../spec/refs.ts';
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

/**
 * Optional parameters keep one example, marked `x-disabled` (Scalar's example extension): the client
 * shows the value but leaves the parameter unticked, so a first request sends only what is required.
 * Without it the client enables every optional parameter that has an example, default or enum.
 */
function disableOptional(doc: Json, params: unknown): unknown {
  if (!Array.isArray(params)) return params;
  return params.map((raw) => {
    const p = deref(doc, raw);
    if (!isObject(p) || p.required === true || p.in === 'path') return raw;
    const { example: _e, examples: _es, ...rest } = p;
    const value = shownValue(doc, p);
    return { ...rest, examples: { default: { value: value ?? '', 'x-disabled': true } } };
  });
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
  operation.parameters = disableOptional(doc, operation.parameters);
  if (operation.requestBody !== undefined) operation.requestBody = withBodyExamples(doc, operation.requestBody);
  const pathItem: Json = { [m]: operation };
  if (item.parameters !== undefined) pathItem.parameters = disableOptional(doc, item.parameters);

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
