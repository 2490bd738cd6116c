// Media types as every part reads them (RFC 9110 section 8.3.1): the essence of a Content-Type,
// which ones carry JSON, and which carry a sequence of items (OpenAPI 3.2 `itemSchema`).

/** The media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a media type carries JSON: `application/json`, `application/problem+json` (not JSON Lines or JSON sequences). */
export function isJsonMediaType(mediaType: string): boolean {
  const m = essence(mediaType);
  return m === 'application/json' || /^[a-z]+\/[^;]*\+json$/.test(m);
}

/** Whether a media type carries XML: `application/xml`, `text/xml`, `image/svg+xml`. */
export function isXmlMediaType(mediaType: string): boolean {
  return /[/+]xml$/.test(essence(mediaType));
}

/** Sequential media types (OpenAPI 3.2 section 4.14.4): each item is one value of `itemSchema`. */
const SEQUENTIAL = /^(application\/(jsonl|x-ndjson|x-jsonlines|json-seq)|text\/event-stream)$/;

/** Whether a media type is a sequence of items: JSON Lines, JSON text sequences, server-sent events. */
export function isSequentialMediaType(mediaType: string): boolean {
  return SEQUENTIAL.test(essence(mediaType));
}

/** One media range of an `Accept` header and its quality. */
export interface MediaRange {
  /** The range, lower case, without parameters: `application/json`, `text/*`, `*\/*`. */
  range: string;
  /** 0 to 1; a missing `q` is 1, an invalid one 0 (it names no acceptable quality). */
  q: number;
}

/** A qvalue (RFC 9110 section 12.4.2): 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The media ranges of an `Accept` header in the order written (RFC 9110 section 12.5.1); parts that
 * are no `type/subtype` are left out. One reading for every part that negotiates (the mock's
 * answers, the pages' Markdown twins).
 */
export function acceptRanges(header: string | null | undefined): MediaRange[] {
  if (!header) return [];
  const out: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim());
    if (!/^[^/\s]+\/[^/\s]+$/.test(range)) continue;
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const value = qParam?.slice(qParam.indexOf('=') + 1).trim();
    out.push({ range: range.toLowerCase(), q: value === undefined ? 1 : QVALUE.test(value) ? Number(value) : 0 });
  }
  return out;
}
