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
