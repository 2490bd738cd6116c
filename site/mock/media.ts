// Media types as the mock reads them: which ones carry JSON, and which of an operation's request
// media types is validated as JSON. Kept apart from the validators so the bundled hosts, which
// carry no schema compiler, can use them.
import type { MockOperation } from './operations.ts';
import { isObject } from './refs.ts';

/** Whether a media type carries JSON: `application/json`, `application/problem+json` (not JSON Lines or JSON sequences). */
export function isJsonMediaType(mediaType: string): boolean {
  const m = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return m === 'application/json' || /^[a-z]+\/[^;]*\+json$/.test(m);
}

/** The request body media type validated as JSON: the first JSON one the operation declares. */
export function jsonBodyMedia(op: Pick<MockOperation, 'requestBody'>): { type: string; schema?: unknown } | undefined {
  const content = op.requestBody?.content;
  if (!isObject(content)) return undefined;
  for (const [type, media] of Object.entries(content)) {
    if (isJsonMediaType(type)) return { type, schema: isObject(media) ? media.schema : undefined };
  }
  return undefined;
}
