// The Petstore's request body: a JSON object, read and checked on its source text (request/body.ts)
// before its schema is: int64 range, integrality, and counts the store keeps exactly.
import type { Behaviour } from '../pipeline/context.ts';
import {
  checkIdentityEncoding,
  checkJsonContentType,
  MAX_BODY_BYTES,
  parseJsonBody,
  readBodyText,
} from '../request/body.ts';
import { catalogueError } from './errors.ts';

/** The largest count the store keeps exactly: 2^53 - 1 (`Number.MAX_SAFE_INTEGER`). */
const MAX_COUNT = BigInt(Number.MAX_SAFE_INTEGER);

function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return `a ${typeof v}`;
}

/**
 * The Petstore's body: JSON content type (415), identity encoding (415), at most
 * {@link MAX_BODY_BYTES} (413), UTF-8 JSON (400 `malformed_json`), an object, and integer fields
 * checked on their JSON source text (int64 range, integrality, counts ≤ 2^53 - 1).
 * @param intKeys property names of the body schema that hold integers
 * @param countKeys of those, the counts (not `format: int64`): the store does arithmetic on them,
 *   so they must be exact as JS numbers
 */
export function jsonObjectBody(intKeys: ReadonlySet<string>, countKeys: ReadonlySet<string>): Behaviour['readBody'] {
  return async (ctx) => {
    const request = ctx.request;
    checkJsonContentType(request.headers.get('content-type'));
    checkIdentityEncoding(request.headers.get('content-encoding'));
    const text = await readBodyText(request, MAX_BODY_BYTES);
    if (text.trim() === '') throw catalogueError('validation_failed', 'body: is required (a JSON object)');
    const parsed = parseJsonBody(text, intKeys);
    // Counts (quantity) above 2^53 - 1 would be rounded by the store's arithmetic and echoed
    // back as another number; identifiers above it are only compared, exactly, in messages.
    const tooLarge = [
      ...parsed.overflow.filter((o) => o.exact > 0n).map((o) => ({ key: o.key, source: o.source })),
      ...[...parsed.inexact].filter(([, v]) => BigInt(v) > MAX_COUNT).map(([key, source]) => ({ key, source })),
    ].filter((t) => countKeys.has(t.key));
    const overflow = parsed.overflow.filter((o) => !(o.exact > 0n && countKeys.has(o.key)));
    if (overflow.length > 0 || parsed.fractional.length > 0 || tooLarge.length > 0) {
      throw catalogueError(
        'validation_failed',
        [
          ...parsed.fractional.map((f) => `body.${f.key}: must be integer, got ${f.source}`),
          ...tooLarge.map(
            (t) => `body.${t.key}: must be <= ${MAX_COUNT} (the largest count the mock keeps exactly), got ${t.source}`,
          ),
          ...overflow.map(
            (o) =>
              `body.${o.key}: must be ${o.exact > 0n ? '<= 9223372036854775807' : '>= -9223372036854775808'} (int64), got ${o.source}`,
          ),
        ].join('; '),
      );
    }
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      throw catalogueError('validation_failed', `body: must be a JSON object, got ${jsonKind(parsed.value)}`);
    }
    ctx.body = parsed.value;
    ctx.bodyIsJson = true;
    ctx.inexact = parsed.inexact;
  };
}
