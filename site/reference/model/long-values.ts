/**
 * Long strings in the values a page shows (examples, generated samples, schema examples and defaults),
 * shortened to a preview and their length. Real descriptions put whole files into examples (a receipt's
 * photo as 38 KB of base64); printed in the request example, the response example and every generated
 * code sample, one such value made an operation page of over 200 KB gzip. A page shows each such string
 * as its first characters and what it is (`"iVBORw0KGgoAAAANSUhEUg… (base64, 37,912 characters)"`);
 * the full value stays in the description the page links to (`/openapi.json`, `/openapi.yaml`) and in
 * the try-it document, so a request sent from the page carries it whole. Pure.
 */

/** A string longer than this (UTF-16 code units) is shortened on the pages. */
export const LONG_STRING_CHARS = 2048;

/** How many characters of a shortened string are kept as its preview. */
const PREVIEW_CHARS = 48;

/** Base64 (RFC 4648 §4), or its URL-safe alphabet (§5), possibly in lines. */
const BASE64 = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+={0,2})$/;

/**
 * The placeholder of a long string: its first characters, then its kind and length.
 * @param text a string longer than {@link LONG_STRING_CHARS}
 */
export function shortenedString(text: string): string {
  const kind = /^data:[^,]{0,100},/.test(text)
    ? 'data URL, '
    : BASE64.test(text.slice(0, 4096).replace(/\r?\n/g, '').replace(/=+$/, ''))
      ? 'base64, '
      : '';
  return `${text.slice(0, PREVIEW_CHARS)}… (${kind}${text.length.toLocaleString('en-US')} characters)`;
}

/**
 * A copy of a JSON value with every string longer than {@link LONG_STRING_CHARS} (values and object
 * keys alike) replaced by {@link shortenedString}; other values kept. The result is still JSON, so
 * code that parses a value's text back (samples) works on it.
 * @returns the value (the same object when nothing was long) and how many strings were shortened
 */
export function boundLongStrings(value: unknown): { value: unknown; shortened: number } {
  let shortened = 0;
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') {
      if (v.length <= LONG_STRING_CHARS) return v;
      shortened++;
      return shortenedString(v);
    }
    if (typeof v !== 'object' || v === null || depth > 64) return v;
    if (Array.isArray(v)) {
      const before = shortened;
      const out = v.map((x) => walk(x, depth + 1));
      return shortened === before ? v : out;
    }
    const before = shortened;
    const out = Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k.length > LONG_STRING_CHARS ? walk(k, depth) : k, walk(x, depth + 1)]),
    );
    return shortened === before ? v : out;
  };
  const out = walk(value, 0);
  return { value: out, shortened };
}
