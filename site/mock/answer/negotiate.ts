// The negotiator of the mock's answers from the description (Prism's `negotiator`): for an
// operation without hand-written behaviour, picks the response to give from the request's
// preferences. Pure: data in, a decision out; the generator (generate.ts) fills it.
//
// - status: `Prefer: code=NNN` (Prism's convention) when the operation declares it (exactly, as
//   `NXX`, or through `default`); otherwise the first declared 2xx (the lowest: parsed objects order integer-like keys), then `default` (as 200), then
//   the first declared 3xx; an operation that declares none of them answers 200 without a body;
// - media type: the first declared one the `Accept` header takes, by quality (RFC 9110 section
//   12.5.1); without `Accept`, or when none matches, the first JSON one, else the first declared;
// - example: `Prefer: example=name` names one of the media type's `examples`.

import { acceptRanges, essence, isJsonMediaType, type MediaRange } from '../../../descriptions/media.ts';
import { type Description, deref, isObject, type JsonObject } from '../../../descriptions/refs.ts';
import { MockError } from '../pipeline/errors.ts';

/** The preferences of a `Prefer` header (RFC 7240) the mock follows. */
export interface Preferences {
  /** `code=404`: the status of the response to give. */
  code?: number;
  /** `example=name`: the named example of the response's media type. */
  example?: string;
}

/**
 * Reads `code` and `example` from `Prefer` headers (RFC 7240 section 2: preferences separated by
 * commas, parameters by semicolons, values optionally quoted). Unknown preferences are ignored.
 */
export function parsePrefer(header: string | null): Preferences {
  const out: Preferences = {};
  if (!header) return out;
  for (const part of header.split(/[,;]/)) {
    const m = /^\s*([A-Za-z0-9_-]+)\s*=\s*(?:"([^"]*)"|([^\s"]*))\s*$/.exec(part);
    if (!m) continue;
    const key = (m[1] as string).toLowerCase();
    const value = m[2] ?? m[3] ?? '';
    if (key === 'code' && /^[1-5]\d\d$/.test(value)) out.code ??= Number(value);
    else if (key === 'example' && value !== '') out.example ??= value;
  }
  return out;
}

/**
 * The media ranges of an `Accept` header the client takes, best first (RFC 9110 section 12.5.1):
 * `q=0` ranges dropped, equal qualities in the order written.
 */
export function parseAccept(header: string | null): MediaRange[] {
  return acceptRanges(header)
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.q > 0)
    .sort((a, b) => b.r.q - a.r.q || a.i - b.i)
    .map(({ r }) => r);
}

/** Whether a media range (`*\/*`, `text/*`, `application/json`) and a media type match, either side a wildcard. */
function matches(range: string, mediaType: string): boolean {
  const [rt = '', rs = ''] = essence(range).split('/');
  const [mt = '', ms = ''] = essence(mediaType).split('/');
  return (rt === '*' || mt === '*' || rt === mt) && (rs === '*' || ms === '*' || rs === ms);
}

/** The outcome of {@link negotiate}. */
export interface Negotiation {
  /** The HTTP status to answer with. */
  status: number;
  /** The Response Object chosen (its `$ref` followed); undefined when the operation declares none to give. */
  response?: JsonObject;
  /** The media type chosen, as declared (a declared wildcard is made concrete from `Accept`). */
  mediaType?: string;
  /** Its Media Type Object (`$ref` followed). */
  media?: JsonObject;
  /** The example asked for by name (`Prefer: example=`), present in `media.examples`. */
  example?: string;
}

/** What the negotiator reads of a request. */
export interface NegotiationRequest {
  accept: string | null;
  prefer: string | null;
}

function statusOf(key: string): number {
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  if (/^[1-5]XX$/i.test(key)) return Number(key[0]) * 100;
  return 200;
}

function pickStatus(responses: JsonObject, code: number | undefined): { key?: string; status: number } {
  const keys = Object.keys(responses);
  if (code !== undefined) {
    const key =
      keys.find((k) => k === String(code)) ??
      keys.find((k) => k.toUpperCase() === `${String(code)[0]}XX`) ??
      keys.find((k) => k === 'default');
    if (key === undefined) {
      throw new MockError(
        'validation_failed',
        `header.Prefer: code=${code} is not a response of this operation; declared: ${keys.join(', ') || 'none'}`,
      );
    }
    return { key, status: code };
  }
  const success = keys.find((k) => /^2(\d\d|XX)$/i.test(k));
  if (success) return { key: success, status: statusOf(success) };
  if (keys.includes('default')) return { key: 'default', status: 200 };
  const redirect = keys.find((k) => /^3(\d\d|XX)$/i.test(k));
  if (redirect) return { key: redirect, status: statusOf(redirect) };
  return { status: 200 };
}

function pickMedia(content: JsonObject, accept: string | null): string | undefined {
  const declared = Object.keys(content);
  if (declared.length === 0) return undefined;
  for (const range of parseAccept(accept)) {
    const found = declared.find((d) => matches(range.range, d));
    if (found === undefined) continue;
    // A declared wildcard (`*/*`, `image/*`) answers with the concrete type asked for.
    if (found.includes('*') && !range.range.includes('*')) return range.range;
    return found;
  }
  return declared.find((d) => isJsonMediaType(d)) ?? declared[0];
}

/**
 * Picks the response an operation gives to a request. Pure.
 * @param op the operation's declared responses
 * @param doc the description (to follow `$ref`s of responses, media types and examples)
 * @param request the `Accept` and `Prefer` headers
 * @throws {MockError} 400 `validation_failed` when `Prefer` names a status or an example the
 *   operation does not declare (naming the ones it declares)
 */
export function negotiate(op: { responses: JsonObject }, doc: Description, request: NegotiationRequest): Negotiation {
  const prefer = parsePrefer(request.prefer);
  const { key, status } = pickStatus(op.responses, prefer.code);
  const response = key === undefined ? undefined : deref(doc, op.responses[key]);
  const out: Negotiation = { status };
  if (!response) return out;
  out.response = response;
  const content = isObject(response.content) ? response.content : {};
  const declared = pickMedia(content, request.accept);
  if (declared !== undefined) {
    const key2 =
      Object.keys(content).find((k) => k === declared) ?? Object.keys(content).find((k) => matches(k, declared));
    out.mediaType = declared.includes('*') ? 'application/json' : declared;
    out.media = key2 === undefined ? {} : (deref(doc, content[key2]) ?? {});
  }
  if (prefer.example !== undefined) {
    const examples = isObject(out.media?.examples) ? out.media.examples : {};
    if (!Object.hasOwn(examples, prefer.example)) {
      const names = Object.keys(examples);
      throw new MockError(
        'validation_failed',
        `header.Prefer: example=${prefer.example} is not an example of the ${status}${out.mediaType ? ` ${out.mediaType}` : ''} response; examples: ${names.join(', ') || 'none'}`,
      );
    }
    out.example = prefer.example;
  }
  return out;
}
