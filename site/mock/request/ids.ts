// Integer rules for identifiers and other integer parameters, checked on the RAW text before any
// library coerces it (openapi-backend/ajv would turn `1e3` into 1000 and `-0` into 0).
// Source of the rule: spec/README.md, "Identifiers" (int64, minimum 1, plain decimal digits).

/** Largest int64: 2^63 - 1. */
export const INT64_MAX = 9223372036854775807n;
/** Smallest int64: -2^63. */
export const INT64_MIN = -9223372036854775808n;
/** Largest int32: 2^31 - 1. */
export const INT32_MAX = 2147483647n;
/** Smallest int32: -2^31. */
export const INT32_MIN = -2147483648n;

/** The outcome of reading a raw integer: a value, or a reason naming what is wrong. */
export type RawIntResult = { ok: true; value: number; exact: bigint } | { ok: false; reason: string };

const PLAIN_DIGITS = /^(?:0|[1-9][0-9]*)$/;

/**
 * Reads the raw text of an integer parameter (a path segment or one query value, not decoded).
 *
 * Accepted: plain decimal digits without sign, leading zeros, spaces, exponent, fraction or percent
 * escapes (`0`, `7`, `9223372036854775807`). Rejected with a reason: `abc`, `1e3`, `-0`, `+1`,
 * `1.0`, `01`, `%31`, the empty string, and values outside the range of `format` (int64 by
 * default; int32 when `format` is `int32`). Minimum/maximum of the schema are left to the schema
 * validator, which sees the value after this check.
 *
 * Values above 2^53 - 1 are valid int64 but not exact as a JS number: `value` is then the nearest
 * double and `exact` the precise value (no record can have such an id, so a lookup finds nothing).
 *
 * @param raw the text as it appears in the URL
 * @param format the schema `format` (`int64`, `int32` or undefined = int64)
 * @returns the value or a reason ("must be a decimal integer ...", "must be <= ...")
 */
export function readRawInteger(raw: string, format: string | undefined = 'int64'): RawIntResult {
  if (!PLAIN_DIGITS.test(raw)) {
    return { ok: false, reason: `must be a decimal integer (digits only, no sign or leading zeros), got '${raw}'` };
  }
  const exact = BigInt(raw);
  const max = format === 'int32' ? INT32_MAX : INT64_MAX;
  if (exact > max) return { ok: false, reason: `must be <= ${max} (${format === 'int32' ? 'int32' : 'int64'})` };
  return { ok: true, value: Number(raw), exact };
}

const JSON_NUMBER = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

/**
 * The exact value of a JSON number literal when it denotes an integer (`12`, `1.0`, `1e3`,
 * `9.2e18`), else undefined (`1.5`, `1e-3`, not a number). Used with the `context.source` that
 * Node's `JSON.parse` reviver receives to range-check int64 fields beyond 2^53 precisely.
 *
 * @param source the literal as written in the JSON text (RFC 8259 section 6 grammar)
 * @returns the integer as a bigint, or undefined
 */
export function exactJsonInteger(source: string): bigint | undefined {
  const m = JSON_NUMBER.exec(source);
  if (!m) return undefined;
  const [, sign = '', int = '0', frac = '', expText = '0'] = m;
  const exp = Number(expText);
  // Bound the work: a literal like 1e999999 is far outside any int64.
  if (exp > 400) return sign === '-' ? INT64_MIN - 1n : INT64_MAX + 1n;
  let digits = int + frac;
  let shift = exp - frac.length;
  if (shift < 0) {
    const cut = digits.length + shift;
    const dropped = cut > 0 ? digits.slice(cut) : digits;
    if (/[1-9]/.test(dropped)) return undefined;
    digits = cut > 0 ? digits.slice(0, cut) : '0';
    shift = 0;
  }
  const value = BigInt(digits) * 10n ** BigInt(shift);
  return sign === '-' ? -value : value;
}
