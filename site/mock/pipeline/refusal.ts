// Where the mock decides what a refusal looks like: every MockError the pipeline raises (validation,
// credentials, unknown route or version, method, rate limit, malformed JSON, payload too large,
// unsupported media type, an unexpected fault) is answered here, in the words of the API that
// refuses. Pure: from the refusal (errors.ts), the description and the request's `Accept`, a status,
// headers and a body; the pipeline (context.ts `compose`) makes the Response. The rule, in order
// (site/mock/README.md, "How a refusal is worded"):
//
// 1. The API's own words: a hand-written behaviour's (the Petstore's catalogue, petstore/errors.ts).
// 2. The shape the operation documents for the status, else for its range (`4XX`), else its
//    `default` response; a response without a schema documents no shape. A refusal before an
//    operation is known (no route, no version, the method) takes the shape the first operation of
//    the description documents that way. The body is generated from the schema by the one example
//    source (descriptions/examples.ts, what the reference page shows), then the reason is written
//    into it (`fillReason`); `Content-Type` is the documented media type (the `Accept`ed one, else
//    JSON, else the first).
// 3. Nothing documented: RFC 9457 problem details, `application/problem+json`.

import { describedBody, generatedValue, valueText } from '../../../descriptions/examples.ts';
import { type Description, isObject, type JsonObject } from '../../../descriptions/json.ts';
import { acceptRanges, essence, isJsonMediaType } from '../../../descriptions/media.ts';
import { deref, hasType } from '../../../descriptions/refs.ts';
import type { MockError } from './errors.ts';

/** A refusal's body in an API's words: its media type and value. */
export interface RefusalBody {
  mediaType: string;
  body: unknown;
}

/** An API's own words for every refusal (a hand-written behaviour's, pipeline/definition.ts `HandWritten.refusal`). */
export type RefusalWords = (err: MockError) => RefusalBody;

/** A refusal as an answer: status, headers (the refusal's own and `Content-Type`) and the body text. */
export interface RefusalAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The media type of RFC 9457 problem details in JSON (section 3). */
export const PROBLEM_JSON = 'application/problem+json';

/** Reason phrases of the statuses the mock refuses with (RFC 9110 section 15; RFC 6585 for 429). */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
};

/** The reason phrase of a status, or its class's (`Client Error`, `Server Error`). */
export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/**
 * RFC 9457 problem details of a refusal: `type` `about:blank` with the status's reason phrase as
 * `title` (section 4.2.1), `status`, the reason as `detail`, and extension members (section 3.2):
 * `code` (the mock's stable code), the refusal's details, and `errors`, the failing fields
 * (`{name, pointer?, reason}`, pointers into the body per section 3's example) when there are some.
 */
export function problemDetails(err: MockError): JsonObject {
  return {
    type: 'about:blank',
    title: reasonPhrase(err.status),
    status: err.status,
    detail: err.message,
    code: err.code,
    ...err.details,
    ...(err.fields.length > 0 ? { errors: err.fields.map((f) => ({ ...f })) } : {}),
  };
}

/** Names of the property that carries a refusal's reason, most telling first. */
const MESSAGE_NAMES = [
  'message',
  'detail',
  'error_description',
  'errorMessage',
  'error_message',
  'error',
  'title',
  'description',
  'reason',
  'msg',
];
/** Names of a string property that takes the stable code (`validation_failed`) when its schema allows it. */
const CODE_NAMES = ['code', 'error', 'errorCode', 'error_code'];
/** Names of an integer property that takes the HTTP status. */
const STATUS_NAMES = ['code', 'status', 'statusCode', 'status_code', 'httpStatus', 'http_status'];

/** An object schema's properties, through `$ref` and `allOf` (a few levels). */
function propertiesOf(doc: Description, schema: unknown, depth = 0): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  const s = deref(doc, schema);
  if (!s || depth > 4) return out;
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    for (const [k, v] of propertiesOf(doc, part, depth + 1)) out.set(k, v);
  }
  if (isObject(s.properties)) {
    for (const [k, v] of Object.entries(s.properties)) {
      const p = deref(doc, v);
      if (p) out.set(k, p);
    }
  }
  return out;
}

/** A string property any text fits: no `enum`, `const`, `format` or `pattern`. */
function freeText(p: JsonObject): boolean {
  return (
    hasType(p, 'string') &&
    p.enum === undefined &&
    p.const === undefined &&
    p.format === undefined &&
    p.pattern === undefined
  );
}

/** The reason cut to the property's `maxLength` (in characters, as JSON Schema counts them). */
function fitted(p: JsonObject, text: string): string {
  const max = typeof p.maxLength === 'number' ? p.maxLength : undefined;
  const chars = [...text];
  return max !== undefined && chars.length > max ? chars.slice(0, max).join('') : text;
}

/**
 * Writes a refusal into a value generated from the documented schema:
 * - the reason (the message) into the property that carries a message: the first of
 *   {@link MESSAGE_NAMES} that is a free-text string property (no enum, format or pattern), else
 *   the first free-text string property; cut to its `maxLength`;
 * - the HTTP status into an integer property named `code`, `status`, `statusCode`… ({@link STATUS_NAMES});
 * - the stable code (`validation_failed`) into a remaining string property named `code`, `error`,
 *   `errorCode` or `error_code` whose schema allows it (free text, or an `enum` listing it);
 * - `title` (when it is not the message's property) gets the status's reason phrase;
 * - the refusal's details (`versions`) as members, where the schema declares them or allows more;
 * - without a string property at the top, the same one level down in an object property named `error`
 *   (`{"error": {"code": 400, "message": …}}`);
 * - a string schema: the body is the reason.
 * Other properties keep their generated values.
 */
export function fillReason(doc: Description, schema: unknown, value: unknown, err: MockError, depth = 0): unknown {
  const s = deref(doc, schema);
  if (typeof value === 'string' || (value === null && s && hasType(s, 'string'))) return err.message;
  if (!isObject(value) || depth > 1) return value;
  const props = propertiesOf(doc, schema);
  const out: JsonObject = { ...value };
  const strings = [...props].filter(([, p]) => freeText(p));
  const messageKey =
    MESSAGE_NAMES.find((name) => strings.some(([k]) => k === name)) ??
    strings.find(([k]) => !CODE_NAMES.includes(k))?.[0];
  if (messageKey === undefined) {
    const nested = props.get('error');
    if (nested && isObject(out.error)) out.error = fillReason(doc, nested, out.error, err, depth + 1);
    return out;
  }
  out[messageKey] = fitted(props.get(messageKey) as JsonObject, err.message);
  // The refusal's details (`versions` of `version_not_found`) where the schema has room for them.
  const open = s?.additionalProperties !== false && s?.unevaluatedProperties !== false;
  for (const [key, v] of Object.entries(err.details)) if (props.has(key) || open) out[key] ??= v;
  for (const [key, p] of props) {
    if (key === messageKey) continue;
    if (STATUS_NAMES.includes(key) && (hasType(p, 'integer') || hasType(p, 'number'))) out[key] = err.status;
    else if (CODE_NAMES.includes(key) && (freeText(p) || (Array.isArray(p.enum) && p.enum.includes(err.code)))) {
      out[key] = err.code;
    } else if (key === 'title' && freeText(p)) out[key] = reasonPhrase(err.status);
  }
  return out;
}

/** A documented error response: the media type to answer with and its Media Type Object. */
interface Documented {
  mediaType: string;
  media: JsonObject;
}

/** The keys of a Responses Object that may word a refusal of `status`, in the rule's order. */
function candidateKeys(responses: JsonObject, status: number): string[] {
  const keys = Object.keys(responses);
  const range = `${String(status)[0]}XX`;
  return [
    ...keys.filter((k) => k === String(status)),
    ...keys.filter((k) => k.toUpperCase() === range),
    ...keys.filter((k) => k === 'default'),
  ];
}

/** Of a response's media types with a schema: the first the `Accept` ranges take, else JSON, else the first. */
function pickMedia(content: JsonObject, accept: string | null | undefined): string | undefined {
  const withSchema = Object.keys(content).filter(
    (k) => isObject(content[k]) && (content[k] as JsonObject).schema !== undefined,
  );
  if (withSchema.length === 0) return undefined;
  const fits = (range: string, declared: string) => {
    const [rt, rs] = range.split('/');
    const [dt, ds] = essence(declared).split('/');
    return (rt === '*' || rt === dt || dt === '*') && (rs === '*' || rs === ds || ds === '*');
  };
  for (const { range, q } of acceptRanges(accept)) {
    if (q <= 0) continue;
    const found = withSchema.find((d) => fits(range, d));
    if (found !== undefined) return found;
  }
  return withSchema.find((d) => isJsonMediaType(d)) ?? withSchema[0];
}

/**
 * The error response an operation documents for a status (the status, else its range, else
 * `default`), skipping responses without a schema.
 */
export function documentedRefusal(
  doc: Description,
  responses: JsonObject | undefined,
  status: number,
  accept?: string | null,
): Documented | undefined {
  if (!responses) return undefined;
  for (const key of candidateKeys(responses, status)) {
    const response = deref(doc, responses[key]);
    const content = response && isObject(response.content) ? response.content : undefined;
    if (!content) continue;
    const mediaType = pickMedia(content, accept);
    if (mediaType === undefined) continue;
    const media = deref(doc, content[mediaType]) ?? {};
    return { mediaType: mediaType.includes('*') ? 'application/json' : mediaType, media };
  }
  return undefined;
}

/** What {@link refusalAnswer} reads of the API that refuses. */
export interface RefusingApi {
  /** The description (internal form), to follow `$ref`s and generate bodies. */
  doc: Description;
  /** Its operations' Responses Objects in document order (the API-wide shape of a refusal before routing). */
  responses: readonly JsonObject[];
  /** Its own words (a hand-written behaviour's), which come first. */
  words?: RefusalWords;
}

/**
 * The answer to a refusal, in the words of the API that refuses (the rule at the top of this file).
 * @param err the refusal
 * @param api the API refusing; undefined for a request outside every API (problem details)
 * @param responses the routed operation's Responses Object; undefined before routing
 * @param accept the request's `Accept` header (which documented media type)
 */
export function refusalAnswer(
  err: MockError,
  api: RefusingApi | undefined,
  responses?: JsonObject,
  accept?: string | null,
): RefusalAnswer {
  const answer = (mediaType: string, body: string): RefusalAnswer => ({
    status: err.status,
    headers: { 'Content-Type': mediaType, ...err.headers },
    body,
  });
  if (api?.words) {
    const own = api.words(err);
    return answer(own.mediaType, valueText(own.mediaType, own.body));
  }
  if (api) {
    const documented =
      documentedRefusal(api.doc, responses, err.status, accept) ??
      (responses === undefined
        ? api.responses.map((r) => documentedRefusal(api.doc, r, err.status, accept)).find((d) => d !== undefined)
        : undefined);
    if (documented) {
      const { mediaType, media } = documented;
      const value = fillReason(api.doc, media.schema, generatedValue(media.schema, api.doc, 'response'), err);
      const body = describedBody(api.doc, mediaType, media, { name: 'refusal', value });
      return answer(mediaType, body.text ?? valueText(mediaType, body.value));
    }
  }
  return answer(PROBLEM_JSON, JSON.stringify(problemDetails(err)));
}
