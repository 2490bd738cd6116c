// The description in the one internal form the mock reads: OpenAPI 3.2 (or 3.1 when the upgrade
// to 3.2 reported an incompatibility), as the description loader (spec/loader) produces it. A
// document given in an older version (a test's literal, a caller that parsed a file itself) is
// upgraded in memory the same way, by @scalar/openapi-upgrader. Pure: no I/O, so the bundled
// hosts can import it.
import { upgrade } from '@scalar/openapi-upgrader';
import type { Description } from '../../spec/refs.ts';

/**
 * A parsed OpenAPI or Swagger document in the internal form. A 3.2 document is returned as it is
 * (not copied: treat it as read-only); 2.0, 3.0 and 3.1 are upgraded on a copy.
 * @param parsed the parsed YAML or JSON (`swagger: 2.0` or `openapi: 3.x`)
 * @returns the internal form
 * @throws {Error} when the value is not an object
 */
export function internalForm(parsed: unknown): Description {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('not an OpenAPI document: expected an object');
  }
  const doc = parsed as Record<string, unknown>;
  if (typeof doc.openapi === 'string' && doc.openapi.startsWith('3.2')) return doc;
  return upgrade(structuredClone(doc), '3.2', { onIncompatible: 'collect' }).document as unknown as Description;
}
