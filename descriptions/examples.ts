/**
 * The one source of example values: the description's own examples first, then values generated
 * from the schema by openapi-sampler (Redoc's sampler: `examples`/`const`/`enum`/`default` first,
 * formats and patterns, `readOnly`/`writeOnly` left out by direction, circular schemas cut at a
 * bounded depth and the stubs of the cut dropped). The reference pages, their Markdown twins, the
 * code samples, the try-it documents and the mock all read their examples here, so a page shows
 * the body the mock answers. Pure: the description is never changed.
 */
import { sample } from 'openapi-sampler';
import { type Description, isObject, type JsonObject } from './json.ts';
import { essence, isJsonMediaType, isSequentialMediaType, isXmlMediaType } from './media.ts';
import { deref } from './refs.ts';

/** Depth at which generated values stop following nested schemas. */
export const SAMPLE_DEPTH = 8;

/** Items a generated sequential body (JSON Lines, server-sent events) holds. */
export const SEQUENCE_ITEMS = 3;

/** `response` leaves `writeOnly` properties out, `request` leaves `readOnly` ones out. */
export type Direction = 'response' | 'request';

/** Options of the generator (the same for every reader, so pages and mock agree). */
export interface ExampleOptions {
  direction?: Direction;
  /** Default {@link SAMPLE_DEPTH}. */
  maxDepth?: number;
  /** Items of a generated sequential body; default {@link SEQUENCE_ITEMS}. */
  items?: number;
}

/**
 * What openapi-sampler makes for a schema, over the description (so `$ref`s resolve and cycles stop):
 * a value, or with `xml` an XML document. The one place the sampler's options are set.
 * @returns the sample, or null when the sampler cannot make one
 */
function sampled(schema: unknown, doc: Description, direction: Direction, maxDepth: number, xml = false): unknown {
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
        ...(xml ? { format: 'xml' as const } : {}),
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
  if (!s || depth > SAMPLE_DEPTH) return shape;
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

/**
 * The value generated for a schema: openapi-sampler's, the stubs of cut cycles dropped.
 * @returns the value, or null when the sampler cannot make one
 */
export function generatedValue(
  schema: unknown,
  doc: Description,
  direction: Direction = 'response',
  maxDepth = SAMPLE_DEPTH,
): unknown {
  return pruneCycles(doc, sampled(schema, doc, direction, maxDepth), schema);
}

/** One example a Media Type Object gives: a value, or (3.2 `serializedValue`) the body as text. */
export interface DescribedExample {
  /** The page's label: `Example` for `example` (and for a lone `examples.default`), else the key. */
  name: string;
  /** The key in `examples` (what `Prefer: example=` names); absent for `example`. */
  key?: string;
  summary?: string;
  value?: unknown;
  text?: string;
}

/**
 * The value of an Example Object: 3.2's `dataValue`, else `value`, else its `serializedValue` text.
 * @returns undefined when it has none (an `externalValue` only)
 */
export function exampleObjectValue(doc: Description, example: unknown): { value?: unknown; text?: string } | undefined {
  const ex = deref(doc, example);
  if (!ex) return undefined;
  if (ex.dataValue !== undefined) return { value: ex.dataValue };
  if (ex.value !== undefined) return { value: ex.value };
  if (typeof ex.serializedValue === 'string') return { text: ex.serializedValue };
  return undefined;
}

/** The examples a Media Type Object gives, in order: `example`, then each of `examples` that has a value. */
export function describedExamples(doc: Description, media: JsonObject): DescribedExample[] {
  const out: DescribedExample[] = [];
  if (media.example !== undefined) out.push({ name: 'Example', value: media.example });
  if (isObject(media.examples)) {
    const entries = Object.entries(media.examples);
    for (const [key, raw] of entries) {
      const found = exampleObjectValue(doc, raw);
      if (!found) continue;
      // The upgrade to 3.1+ turns a lone `example` into `examples: {default: {value}}`: still "Example".
      const name = entries.length === 1 && key === 'default' ? 'Example' : key;
      const summary = deref(doc, raw)?.summary;
      out.push({ name, key, ...(typeof summary === 'string' && summary.trim() ? { summary } : {}), ...found });
    }
  }
  return out;
}

/** An example as a body: one value (JSON and text media types), or text (XML, sequences, serialized values). */
export interface BodyExample {
  value?: unknown;
  text?: string;
  /** True when generated from the schema, false when the description gives it. */
  generated: boolean;
}

/** The smallest well-formed SVG image (SVG 1.1 section 5.1.2: `svg` in the SVG namespace). */
const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
/** A well-formed XML document with one empty element, for XML media types whose schema is no element. */
const EMPTY_XML = '<?xml version="1.0" encoding="UTF-8"?>\n<value/>';

function xmlOf(schema: unknown, doc: Description, maxDepth: number): string | undefined {
  if (!isObject(schema)) return undefined;
  const xml = sampled(schema, doc, 'response', maxDepth, true);
  return typeof xml === 'string' && xml.trimStart().startsWith('<') ? xml : undefined;
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

function sequenceText(mediaType: string, items: unknown[]): string {
  const m = essence(mediaType);
  if (m === 'text/event-stream') return items.map(sseEvent).join('');
  if (m === 'application/json-seq') return items.map((i) => `\u001e${JSON.stringify(i)}\n`).join('');
  return items.map((i) => `${JSON.stringify(i)}\n`).join('');
}

/**
 * A value as the body of a media type: JSON for JSON media types, a string as it is, an object as a
 * form for `application/x-www-form-urlencoded`, else JSON text.
 */
export function valueText(mediaType: string, value: unknown): string {
  const m = essence(mediaType);
  if (isJsonMediaType(m)) return JSON.stringify(value ?? null);
  if (typeof value === 'string') return value;
  if (m === 'application/x-www-form-urlencoded' && isObject(value)) {
    return new URLSearchParams(Object.entries(value).map(([k, v]) => [k, asText(v)])).toString();
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The body text of an example under a media type. */
export function bodyText(mediaType: string, example: BodyExample): string {
  return example.text ?? valueText(mediaType, example.value);
}

/**
 * A described example as the body of its media type: a sequence's items serialized one per line
 * (or one event each), an object under an XML media type as an XML document holding its values (root
 * named by the schema's `xml.name`; descriptions often write XML examples as objects), else as it is.
 */
export function describedBody(
  doc: Description,
  mediaType: string,
  media: JsonObject,
  example: DescribedExample,
  maxDepth = SAMPLE_DEPTH,
): BodyExample {
  if (example.text !== undefined) return { text: example.text, generated: false };
  if (isSequentialMediaType(mediaType) || media.itemSchema !== undefined) {
    const items = Array.isArray(example.value) ? example.value : [example.value];
    return { text: sequenceText(mediaType, items), generated: false };
  }
  if (isXmlMediaType(mediaType) && typeof example.value === 'object' && example.value !== null) {
    const target = deref(doc, media.schema) ?? {};
    const xml = xmlOf({ ...target, example: example.value }, doc, maxDepth);
    if (xml !== undefined) return { text: xml, generated: false };
  }
  return { value: example.value, generated: false };
}

/**
 * A body generated from a Media Type Object's schema: a sequence of {@link SEQUENCE_ITEMS} items
 * of `itemSchema` (an event's `data` described by `contentSchema` carries JSON text), XML from the
 * schema for XML media types, else the schema's generated value.
 * @returns undefined when the media type has neither `schema` nor `itemSchema`
 */
export function generatedBody(
  doc: Description,
  mediaType: string,
  media: JsonObject,
  options: ExampleOptions = {},
): BodyExample | undefined {
  const maxDepth = options.maxDepth ?? SAMPLE_DEPTH;
  const direction = options.direction ?? 'response';
  if (isSequentialMediaType(mediaType) || media.itemSchema !== undefined) {
    const itemSchema = media.itemSchema ?? deref(doc, media.schema)?.items;
    let one = itemSchema === undefined ? {} : generatedValue(itemSchema, doc, direction, maxDepth);
    // An event's `data` described as encoded JSON (`contentMediaType` + `contentSchema`, JSON
    // Schema 2020-12 section 8) carries a value of that schema, as text.
    const data = deref(doc, objectShape(doc, itemSchema).properties.data);
    if (isObject(one) && data && data.contentSchema !== undefined && (one.data === null || one.data === undefined)) {
      one = { ...one, data: JSON.stringify(generatedValue(data.contentSchema, doc, direction, maxDepth)) };
    }
    const items = Array.from({ length: options.items ?? SEQUENCE_ITEMS }, () => one);
    return { text: sequenceText(mediaType, items), generated: true };
  }
  if (media.schema === undefined) return undefined;
  if (isXmlMediaType(mediaType)) {
    // A schema that is no XML element (a `string`, often `format: binary`): still a document of
    // the declared type, the smallest one.
    const text = xmlOf(media.schema, doc, maxDepth) ?? (essence(mediaType) === 'image/svg+xml' ? EMPTY_SVG : EMPTY_XML);
    return { text, generated: true };
  }
  return { value: generatedValue(media.schema, doc, direction, maxDepth), generated: true };
}

/**
 * The example of a Media Type Object: the one named `name` (a key of `examples`), else the first the
 * description gives ({@link describedExamples}), else one generated from its schema.
 * @returns undefined when the description gives no example and no schema
 */
export function mediaExample(
  doc: Description,
  mediaType: string,
  media: JsonObject,
  options: ExampleOptions & { name?: string } = {},
): BodyExample | undefined {
  const described = describedExamples(doc, media);
  const chosen = (options.name !== undefined && described.find((d) => d.key === options.name)) || described[0];
  if (chosen) return describedBody(doc, mediaType, media, chosen, options.maxDepth);
  return generatedBody(doc, mediaType, media, options);
}
