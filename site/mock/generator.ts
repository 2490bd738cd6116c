// The generator of the mock's answers from the description (Prism's `generator`): fills the
// response the negotiator picked. The body is the named example, else the media type's
// `example`, else its first `examples` entry, else a value generated from the schema by
// openapi-sampler (Redoc's sampler: `examples`/`const`/`enum`/`default` first, formats, `writeOnly`
// properties left out of responses, circular schemas cut at a bounded depth). Sequential media
// types (OpenAPI 3.2 `itemSchema`: JSON Lines, JSON text sequences, server-sent events) get a few
// items. Headers the response declares get their example or a generated value. Pure.
import { sample } from 'openapi-sampler';
import { isJsonMediaType } from './media.ts';
import type { Negotiation } from './negotiator.ts';
import { type Description, deref, isObject, type JsonObject } from './refs.ts';

/** What {@link generate} produces: everything but the CORS headers, which the pipeline adds. */
export interface Generated {
  status: number;
  headers: Record<string, string>;
  /** The body as text; null for none. */
  body: string | null;
}

/** Options of {@link generate}. */
export interface GenerateOptions {
  /** Items of a sequential media type (JSON Lines, server-sent events). Default 3. */
  items?: number;
  /** Depth at which generated values stop following nested schemas. Default 8. */
  maxDepth?: number;
}

/** Statuses that never carry a body (RFC 9110 sections 15.3.5, 15.3.6, 15.4.5). */
const NO_BODY = new Set([204, 205, 304]);

/** Sequential media types: each item is one value of `itemSchema`. */
const SEQUENTIAL = /^(application\/(jsonl|x-ndjson|x-jsonlines|json-seq)|text\/event-stream)$/;

function bare(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The value of an Example Object (OpenAPI 3.2 adds `dataValue`; `serializedValue` is already text). */
function exampleValue(doc: Description, example: unknown): { found: boolean; value?: unknown; text?: string } {
  const ex = deref(doc, example);
  if (!ex) return { found: false };
  if (ex.dataValue !== undefined) return { found: true, value: ex.dataValue };
  if (ex.value !== undefined) return { found: true, value: ex.value };
  if (typeof ex.serializedValue === 'string') return { found: true, text: ex.serializedValue };
  return { found: false };
}

/**
 * A value generated from a schema (openapi-sampler over the description, so `$ref`s resolve and
 * cycles stop). `null` when the sampler cannot make one.
 * @param direction `response` leaves `writeOnly` properties out, `request` leaves `readOnly` ones out
 */
export function sampleSchema(
  schema: unknown,
  doc: Description,
  direction: 'response' | 'request' = 'response',
  maxDepth = 8,
): unknown {
  if (!isObject(schema) && schema !== true) return null;
  try {
    return sample(
      (schema === true ? {} : schema) as never,
      {
        skipReadOnly: direction === 'request',
        skipWriteOnly: direction === 'response',
        quiet: true,
        enablePatterns: true,
        maxSampleDepth: maxDepth,
      },
      doc as object,
    );
  } catch {
    return null;
  }
}

/** The properties and required names of an object schema, through `$ref`, `allOf` and the first `oneOf`/`anyOf`. */
function objectShape(doc: Description, schema: unknown, depth = 0): { properties: JsonObject; required: Set<string> } {
  const shape = { properties: {} as JsonObject, required: new Set<string>() };
  const s = deref(doc, schema);
  if (!s || depth > 8) return shape;
  if (isObject(s.properties)) Object.assign(shape.properties, s.properties);
  if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') shape.required.add(r);
  const parts = [...(Array.isArray(s.allOf) ? s.allOf : [])];
  // The sampler satisfies `if` by merging it with `then` (2020-12 section 10.2.2): so must the shape.
  if (s.if !== undefined && s.then !== undefined) parts.push(s.if, s.then);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0) parts.push(list[0]);
  }
  for (const part of parts) {
    const sub = objectShape(doc, part, depth + 1);
    Object.assign(shape.properties, sub.properties);
    for (const r of sub.required) shape.required.add(r);
  }
  return shape;
}

function isEmptyObject(v: unknown): boolean {
  return isObject(v) && Object.keys(v).length === 0;
}

/**
 * A generated value without the stubs the sampler leaves where it cut a circular schema: an empty
 * object standing for a schema that requires properties is dropped when its property is optional,
 * and empty-object items are dropped from arrays. The cut happens at the bounded depth, so the
 * value stays finite and valid against the schema's `required`. Required properties that have no
 * schema (named only in `required`) get a placeholder.
 */
export function pruneCycles(doc: Description, value: unknown, schema: unknown, depth = 0): unknown {
  if (depth > 32 || typeof value !== 'object' || value === null) return value;
  const s = deref(doc, schema);
  if (Array.isArray(value)) {
    const items = s?.items;
    const needs = objectShape(doc, items).required.size > 0;
    return value.filter((v) => !(needs && isEmptyObject(v))).map((v) => pruneCycles(doc, v, items, depth + 1));
  }
  const shape = objectShape(doc, s);
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    const propSchema = shape.properties[key];
    if (isEmptyObject(v) && !shape.required.has(key) && objectShape(doc, propSchema).required.size > 0) continue;
    out[key] = pruneCycles(doc, v, propSchema, depth + 1);
  }
  // A property required without a schema of its own (`then: {required: [last4]}`) is left out by
  // the sampler: any value satisfies it.
  for (const key of shape.required) if (!(key in out) && shape.properties[key] === undefined) out[key] = 'string';
  return out;
}

/** The smallest well-formed SVG image (SVG 1.1 section 5.1.2: `svg` in the SVG namespace). */
const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
/** A well-formed XML document with one empty element, for XML media types whose schema is no element. */
const EMPTY_XML = '<?xml version="1.0" encoding="UTF-8"?>\n<value/>';

function xmlOf(schema: unknown, doc: Description, maxDepth: number): string | undefined {
  if (!isObject(schema)) return undefined;
  try {
    return String(
      sample(
        schema as never,
        { skipWriteOnly: true, quiet: true, format: 'xml', maxSampleDepth: maxDepth },
        doc as object,
      ),
    );
  } catch {
    return undefined;
  }
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** One server-sent event (the WHATWG HTML "event stream" format) from an item. */
function sseEvent(item: unknown): string {
  const lines: string[] = [];
  const fields = isObject(item) && 'data' in item ? item : { data: item };
  for (const name of ['event', 'id', 'retry'] as const) {
    const v = fields[name];
    if (v !== undefined && v !== null) lines.push(`${name}: ${String(v).replace(/[\r\n]+/g, ' ')}`);
  }
  for (const line of asText(fields.data).split(/\r?\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

function serializeItems(mediaType: string, items: unknown[]): string {
  const m = bare(mediaType);
  if (m === 'text/event-stream') return items.map(sseEvent).join('');
  if (m === 'application/json-seq') return items.map((i) => `\u001e${JSON.stringify(i)}\n`).join('');
  return items.map((i) => `${JSON.stringify(i)}\n`).join('');
}

function serialize(mediaType: string, value: unknown): string {
  const m = bare(mediaType);
  if (isJsonMediaType(m)) return JSON.stringify(value ?? null);
  if (typeof value === 'string') return value;
  if (m === 'application/x-www-form-urlencoded' && isObject(value)) {
    return new URLSearchParams(Object.entries(value).map(([k, v]) => [k, asText(v)])).toString();
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A header value Fetch accepts (visible ASCII and spaces), or undefined. */
function headerValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = Array.isArray(value) ? value.map(asText).join(',') : asText(value);
  const clean = text.replace(/[\r\n]+/g, ' ').trim();
  return /^[\x20-\x7e]*$/.test(clean) ? clean : encodeURI(clean);
}

function headersOf(response: JsonObject | undefined, doc: Description, maxDepth: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (!response || !isObject(response.headers)) return out;
  for (const [name, raw] of Object.entries(response.headers)) {
    if (name.toLowerCase() === 'content-type' || !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) continue;
    const header = deref(doc, raw);
    if (!header) continue;
    let value: unknown = header.example;
    if (value === undefined && isObject(header.examples)) {
      const first = Object.values(header.examples)[0];
      const ex = exampleValue(doc, first);
      value = ex.text ?? ex.value;
    }
    if (value === undefined) {
      const content = isObject(header.content) ? Object.values(header.content)[0] : undefined;
      const schema = header.schema ?? (isObject(content) ? content.schema : undefined);
      value = sampleSchema(schema, doc, 'response', maxDepth);
    }
    const text = headerValue(value);
    if (text !== undefined && text !== '') out[name] = text;
  }
  return out;
}

/**
 * Fills a negotiated response. Pure.
 * @param n the negotiator's decision
 * @param doc the description (for `$ref`s of examples, headers and schemas)
 * @returns status, headers (`Content-Type` from the description) and the body text
 */
export function generate(n: Negotiation, doc: Description, options: GenerateOptions = {}): Generated {
  const maxDepth = options.maxDepth ?? 8;
  const status = n.status >= 200 && n.status <= 599 ? n.status : 200;
  const headers = headersOf(n.response, doc, maxDepth);
  if (NO_BODY.has(status) || !n.mediaType || !n.media) return { status, headers, body: null };
  const media = n.media;
  const mediaType = n.mediaType;
  headers['Content-Type'] = mediaType;
  const m = bare(mediaType);

  // A named example, then `example`, then the first of `examples`.
  let chosen: { found: boolean; value?: unknown; text?: string } = { found: false };
  if (n.example !== undefined && isObject(media.examples)) chosen = exampleValue(doc, media.examples[n.example]);
  if (!chosen.found && media.example !== undefined) chosen = { found: true, value: media.example };
  if (!chosen.found && isObject(media.examples)) {
    for (const ex of Object.values(media.examples)) {
      chosen = exampleValue(doc, ex);
      if (chosen.found) break;
    }
  }
  if (chosen.text !== undefined) return { status, headers, body: chosen.text };

  if (SEQUENTIAL.test(m) || media.itemSchema !== undefined) {
    let items: unknown[];
    if (chosen.found) items = Array.isArray(chosen.value) ? chosen.value : [chosen.value];
    else {
      let itemSchema = media.itemSchema;
      if (itemSchema === undefined) {
        const schema = deref(doc, media.schema);
        itemSchema = schema?.items;
      }
      const count = options.items ?? 3;
      let one =
        itemSchema === undefined
          ? {}
          : pruneCycles(doc, sampleSchema(itemSchema, doc, 'response', maxDepth), itemSchema);
      // An event's `data` described as encoded JSON (`contentMediaType` + `contentSchema`, JSON
      // Schema 2020-12 section 8) carries a value of that schema, as text.
      const data = deref(doc, objectShape(doc, itemSchema).properties.data);
      if (isObject(one) && data && data.contentSchema !== undefined && (one.data === null || one.data === undefined)) {
        one = {
          ...one,
          data: JSON.stringify(
            pruneCycles(doc, sampleSchema(data.contentSchema, doc, 'response', maxDepth), data.contentSchema),
          ),
        };
      }
      items = Array.from({ length: count }, () => one);
    }
    return { status, headers, body: serializeItems(mediaType, items) };
  }

  if (chosen.found) {
    // An example written as an object under an XML media type (descriptions often do) is sent as
    // an XML document holding its values (root named by the schema's `xml.name`), not as JSON.
    if (/[/+]xml$/.test(m) && typeof chosen.value === 'object' && chosen.value !== null) {
      const target = deref(doc, media.schema) ?? {};
      const xml = xmlOf({ ...target, example: chosen.value }, doc, maxDepth);
      if (xml?.trimStart().startsWith('<')) return { status, headers, body: xml };
    }
    return { status, headers, body: serialize(mediaType, chosen.value) };
  }
  if (media.schema === undefined) {
    // Nothing to go on: an empty JSON object for JSON, no bytes otherwise.
    return { status, headers, body: isJsonMediaType(m) ? '{}' : '' };
  }
  if (/[/+]xml$/.test(m)) {
    const xml = xmlOf(media.schema, doc, maxDepth);
    if (xml?.trimStart().startsWith('<')) return { status, headers, body: xml };
    // A schema that is no XML element (a `string`, often `format: binary`): still a document of
    // the declared type, the smallest one.
    return { status, headers, body: m === 'image/svg+xml' ? EMPTY_SVG : EMPTY_XML };
  }
  const value = pruneCycles(doc, sampleSchema(media.schema, doc, 'response', maxDepth), media.schema);
  return { status, headers, body: serialize(mediaType, value) };
}
