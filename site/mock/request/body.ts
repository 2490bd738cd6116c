// Request bodies: media type, size limit while streaming, UTF-8 and JSON with exact int64 checks.
// Rules: spec/README.md "Limits" (65,536 bytes) and the 400/413/415 rows of the error catalogue.

import { MockError } from '../pipeline/errors.ts';
import { exactJsonInteger, INT64_MAX, INT64_MIN } from './ids.ts';

/** Maximum request body size in bytes (spec/README.md, "Limits"). */
export const MAX_BODY_BYTES = 65_536;

/**
 * Checks that a body-carrying request declares JSON: `application/json`, case-insensitive, with
 * optional parameters; a `charset` parameter, when present, must be `utf-8`.
 *
 * @param contentType the `Content-Type` header value, or null when absent
 * @throws {MockError} 415 `unsupported_media_type` naming the header
 */
export function checkJsonContentType(contentType: string | null): void {
  if (contentType === null || contentType.trim() === '') {
    throw new MockError(
      'unsupported_media_type',
      'header Content-Type: missing; this operation takes application/json',
    );
  }
  const [type = '', ...params] = contentType.split(';');
  if (type.trim().toLowerCase() !== 'application/json') {
    throw new MockError(
      'unsupported_media_type',
      `header Content-Type: '${type.trim()}' is not supported; this operation takes application/json`,
    );
  }
  for (const p of params) {
    const [name = '', value = ''] = p.split('=');
    if (name.trim().toLowerCase() === 'charset' && value.trim().replace(/"/g, '').toLowerCase() !== 'utf-8') {
      throw new MockError(
        'unsupported_media_type',
        `header Content-Type: charset must be utf-8, got '${value.trim()}'`,
      );
    }
  }
}

/**
 * Checks that a request body is not content-coded: the mock reads bodies as they are, so a
 * `Content-Encoding` other than `identity` (a gzip body, say) is refused up front, as RFC 9110
 * section 8.4 asks (415), instead of failing later as "not valid UTF-8" or "not valid JSON".
 *
 * @param contentEncoding the `Content-Encoding` header value, or null when absent
 * @throws {MockError} 415 `unsupported_media_type` naming the header
 */
export function checkIdentityEncoding(contentEncoding: string | null): void {
  if (contentEncoding === null) return;
  const codings = contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length > 0) {
    throw new MockError(
      'unsupported_media_type',
      `header Content-Encoding: '${contentEncoding.trim()}' is not supported; send the JSON body uncompressed`,
    );
  }
}

/**
 * Reads a request body up to `limit` bytes. Rejects early on a `Content-Length` over the limit and
 * stops reading (cancelling the stream) as soon as the bytes received pass it, so a client cannot
 * make the mock buffer more than `limit` bytes whatever it declares.
 *
 * @param request the Fetch request
 * @param limit maximum size in bytes
 * @param keep false to read and drop the bytes (a body accepted as it is, read so the connection
 *   can carry the next request)
 * @returns the bytes (empty when there is no body, or when not kept)
 * @throws {MockError} 413 `payload_too_large`
 */
export async function readBodyBytes(
  request: Request,
  limit: number = MAX_BODY_BYTES,
  keep = true,
): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limit) {
    throw new MockError(
      'payload_too_large',
      `body: ${declared.trim()} bytes declared in Content-Length; the limit is ${limit} bytes`,
    );
  }
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new MockError('payload_too_large', `body: more than ${limit} bytes received; the limit is ${limit} bytes`);
    }
    if (keep) chunks.push(value);
  }
  if (!keep) return new Uint8Array();
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks, size);
}

/**
 * A request body up to `limit` bytes ({@link readBodyBytes}) as UTF-8 text.
 * @returns the body decoded as UTF-8 ('' when there is none)
 * @throws {MockError} 413 `payload_too_large`; 400 `malformed_json` when the bytes are not UTF-8
 */
export async function readBodyText(request: Request, limit: number = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readBodyBytes(request, limit);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new MockError('malformed_json', 'body: not valid UTF-8');
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A parsed JSON body and the int64 fields that need care. */
export interface ParsedBody {
  value: unknown;
  /** Int64 fields whose literal lies outside -2^63 … 2^63-1: `body.<key>: must be <= …`. */
  overflow: { key: string; source: string; exact: bigint }[];
  /**
   * Integer fields whose literal is not an integer although the double it rounds to is one
   * (`9223372036854775807.5`, `1.0000000000000001`): ajv would accept them as integers.
   */
  fractional: { key: string; source: string }[];
  /** Int64 fields inside the int64 range but beyond 2^53-1 (not exact as a JS number): key → literal. */
  inexact: Map<string, string>;
}

interface ReviverContext {
  source?: string;
}

const PLAIN_INTEGER = /^-?[0-9]+$/;

/**
 * Parses a JSON body. Integer fields (`int64Keys`, the property names with `type: integer` in the
 * operation's request schema) are checked on their source text, which Node 24's `JSON.parse`
 * reviver passes as `context.source`: the range exactly, so `9223372036854775808` is caught
 * although it rounds to the same double as `9223372036854775807`; and integrality exactly, so
 * `1.0000000000000001` or `9223372036854775807.5` (which round to integral doubles) are not
 * taken for integers.
 *
 * @param text the body text
 * @param int64Keys property names that hold integer values
 * @throws {MockError} 400 `malformed_json` with the parser's position message, or saying the
 *   JSON is nested too deeply to read (valid JSON that overflows the parser's stack)
 */
export function parseJsonBody(text: string, int64Keys: ReadonlySet<string>): ParsedBody {
  const overflow: ParsedBody['overflow'] = [];
  const fractional: ParsedBody['fractional'] = [];
  const inexact = new Map<string, string>();
  let value: unknown;
  try {
    value = JSON.parse(text, function reviver(this: unknown, key: string, v: unknown, context?: ReviverContext) {
      if (typeof v !== 'number' || !context?.source || !int64Keys.has(key)) return v;
      const source = context.source;
      // Fast path: plain digits within 2^53 are exact as they are.
      if (Number.isSafeInteger(v) && PLAIN_INTEGER.test(source)) return v;
      // A non-integral double is left to the schema validator ("must be integer").
      if (!Number.isInteger(v) && Number.isFinite(v)) return v;
      const exact = exactJsonInteger(source);
      if (exact === undefined) fractional.push({ key, source });
      else if (exact > INT64_MAX || exact < INT64_MIN) overflow.push({ key, source, exact });
      else if (!Number.isSafeInteger(v)) inexact.set(key, exact.toString());
      return v;
    });
  } catch (err) {
    // With a reviver V8 parses recursively: valid JSON nested a few thousand levels deep (an
    // array of 32,000 `[` fits in the body limit) overflows the stack. It is not "not valid JSON".
    if (err instanceof RangeError) {
      throw new MockError('malformed_json', 'body: JSON nested too deeply for the mock to read');
    }
    const detail = err instanceof Error ? err.message : String(err);
    throw new MockError('malformed_json', `body: not valid JSON (${detail})`);
  }
  return { value, overflow, fractional, inexact };
}
