/**
 * The key of a build cache entry (node_modules/.cache/petstore-docs/): SHA-256, hex, over parts each
 * prefixed with its length, so that no two different lists of parts give the same bytes to hash
 * (`'ab', 'c'` and `'a', 'bc'` differ). Pure; the keys of the browser bundles, the Open Graph images
 * and the reference pages (reference/build/page-key.ts).
 * @param parts strings (UTF-8) or bytes, in a fixed order
 * @returns 64 hex digits
 */
import { createHash } from 'node:crypto';

export function cacheKey(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(`${part.length}\0`);
    hash.update(part);
  }
  return hash.digest('hex');
}
