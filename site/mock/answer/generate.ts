// The generator of the mock's answers from the description (Prism's `generator`): fills the
// response the negotiator picked. The body is the media type's example from the one example
// source (descriptions/examples.ts: the named example, else the description's first, else one generated
// from the schema), the same the reference page shows. Headers the response declares get their
// example or a generated value. Pure.
import {
  bodyText,
  exampleObjectValue,
  generatedValue,
  mediaExample,
  SAMPLE_DEPTH,
} from '../../../descriptions/examples.ts';
import { isToken } from '../../../descriptions/http.ts';
import { type Description, isObject, type JsonObject } from '../../../descriptions/json.ts';
import { isJsonMediaType } from '../../../descriptions/media.ts';
import { deref } from '../../../descriptions/refs.ts';
import type { Negotiation } from './negotiate.ts';

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

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
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
    if (name.toLowerCase() === 'content-type' || !isToken(name)) continue;
    const header = deref(doc, raw);
    if (!header) continue;
    let value: unknown = header.example;
    if (value === undefined && isObject(header.examples)) {
      const ex = exampleObjectValue(doc, Object.values(header.examples)[0]);
      value = ex?.text ?? ex?.value;
    }
    if (value === undefined) {
      const content = isObject(header.content) ? Object.values(header.content)[0] : undefined;
      const schema = header.schema ?? (isObject(content) ? content.schema : undefined);
      value = generatedValue(schema, doc, 'response', maxDepth);
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
  const maxDepth = options.maxDepth ?? SAMPLE_DEPTH;
  const status = n.status >= 200 && n.status <= 599 ? n.status : 200;
  const headers = headersOf(n.response, doc, maxDepth);
  if (NO_BODY.has(status) || !n.mediaType || !n.media) return { status, headers, body: null };
  headers['Content-Type'] = n.mediaType;
  const example = mediaExample(doc, n.mediaType, n.media, { name: n.example, items: options.items, maxDepth });
  // Nothing to go on: an empty JSON object for JSON, no bytes otherwise.
  if (!example) return { status, headers, body: isJsonMediaType(n.mediaType) ? '{}' : '' };
  return { status, headers, body: bodyText(n.mediaType, example) };
}
