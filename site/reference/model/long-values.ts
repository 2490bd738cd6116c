/**
 * Long values a page shows (examples, generated samples, schema examples and defaults), shortened:
 * long strings to a preview and their length, long examples to their first items. Real descriptions put whole files into examples (a receipt's
 * photo in base64); printed in the request example, the response example and every generated code
 * sample, one such value made an operation page many times its usual size. A page shows each such string
 * as its first characters and what it is (`"iVBORw0KGgoAAAANSUhEUg… (base64, 37,912 characters)"`);
 * a very long example (a news API's list of whole articles) is shown by its first items. The full
 * value stays in the description the page links to (`/openapi.json`, `/openapi.yaml`) and in the
 * try-it document, so a request sent from the page carries it whole. Pure.
 */
import { type Translate, translator } from '../../i18n/catalogue.ts';
import { formatNumber } from '../../i18n/format.ts';

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

/** An example whose pretty-printed text is longer than this (characters) is shown in part. */
export const LONG_EXAMPLE_CHARS = 16_384;

/** How many items of an array a shown-in-part example keeps. */
const KEPT_ITEMS = 2;

/** An example as a page shows it. */
export interface BoundExample {
  /** pretty-printed JSON (or the text as is) */
  text: string;
  /** how many strings were shortened ({@link boundLongStrings}) */
  shortened: number;
  /** the length (characters) of the whole example's text, when `text` shows only a part of it */
  cutFrom?: number;
}

/**
 * An example value as a page shows it: its long strings shortened, and when its text is still longer
 * than `limit` (default {@link LONG_EXAMPLE_CHARS}), its arrays cut to their first items (a string in place of the rest
 * says how many there were), then, if still too long, its text cut at a line end with a last line
 * saying so. The text stays JSON unless that last cut was needed.
 * @param pretty how a value becomes text (JSON with two-space indentation, strings as they are)
 */
export function boundExample(
  raw: unknown,
  pretty: (value: unknown) => string,
  limit: number = LONG_EXAMPLE_CHARS,
): BoundExample {
  const { value, shortened } = boundLongStrings(raw);
  const text = pretty(value);
  if (text.length <= limit) return { text, shortened };
  const whole = pretty(raw).length;
  const cut = (v: unknown, depth: number): unknown => {
    if (typeof v !== 'object' || v === null || depth > 64) return v;
    if (Array.isArray(v)) {
      const kept = v.slice(0, KEPT_ITEMS).map((x) => cut(x, depth + 1));
      return v.length > KEPT_ITEMS
        ? [...kept, `… ${(v.length - KEPT_ITEMS).toLocaleString('en-US')} more items`]
        : kept;
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x, depth + 1)]));
  };
  let part = pretty(cut(value, 0));
  if (part.length > limit) {
    const end = part.lastIndexOf('\n', limit);
    part = `${part.slice(0, end > 0 ? end : limit)}\n…`;
  }
  return { text: part, shortened, cutFrom: whole };
}

/**
 * What a page says under an example it shows shortened, naming where the full example is; undefined
 * when it shows the example whole. One sentence per case in the catalogue, so each language words it whole.
 * @param links where the full example is, as the page writes it (HTML links, Markdown links)
 * @param lang the page's language, for the numbers
 */
export function shortenedNote(
  example: { shortened?: number; cutFrom?: number },
  links: string,
  t: Translate = translator('en'),
  lang = 'en',
): string | undefined {
  const count = example.shortened ?? 0;
  const values = { links, limit: formatNumber(LONG_STRING_CHARS, lang), count };
  if (example.cutFrom === undefined) return count > 0 ? t('ref.example.shortened', values) : undefined;
  const total = formatNumber(example.cutFrom, lang);
  return count > 0
    ? t('ref.example.cutAndShortened', { ...values, total })
    : t('ref.example.cut', { ...values, total });
}

/** A generated sample's request body longer than this (characters) is cut to its first items. */
export const SAMPLE_BODY_CHARS = 2048;

/**
 * The request body a generated code sample sends: the example the page shows above it, cut to its first
 * items when longer than {@link SAMPLE_BODY_CHARS}: every generated language printing a long body whole
 * multiplies it on the page, and the page's example is the place to read the whole of it.
 * @param text the shown example's text (JSON, or a text already cut)
 */
export function sampleBody(text: string): string {
  if (text.length <= SAMPLE_BODY_CHARS) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const end = text.lastIndexOf('\n', SAMPLE_BODY_CHARS);
    return `${text.slice(0, end > 0 ? end : SAMPLE_BODY_CHARS)}\n…`;
  }
  return boundExample(value, (v) => JSON.stringify(v, null, 2), SAMPLE_BODY_CHARS).text;
}
