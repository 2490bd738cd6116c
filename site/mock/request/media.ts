// Media types as the mock reads them: which ones carry JSON, and which of an operation's request
// media types is validated as JSON. Kept apart from the validators so the bundled hosts, which
// carry no schema compiler, can use them.
import { isObject } from '../../../descriptions/json.ts';
import { isJsonMediaType } from '../../../descriptions/media.ts';
import type { MockOperation } from '../pipeline/operations.ts';

export { isJsonMediaType };

/** The request body media type validated as JSON: the first JSON one the operation declares. */
export function jsonBodyMedia(op: Pick<MockOperation, 'requestBody'>): { type: string; schema?: unknown } | undefined {
  const content = op.requestBody?.content;
  if (!isObject(content)) return undefined;
  for (const [type, media] of Object.entries(content)) {
    if (isJsonMediaType(type)) return { type, schema: isObject(media) ? media.schema : undefined };
  }
  return undefined;
}
