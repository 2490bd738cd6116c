// The one OpenAPI walk, for TypeScript code. The implementation is plain JavaScript
// (descriptions/shared/operations.js) so that the Spectral ruleset can import the same one.
import type { HTTP_METHODS } from './shared/operations.js';

/** One of {@link HTTP_METHODS}: a lower-case HTTP method as a path item key. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

export {
  HTTP_METHODS,
  listAllOperations,
  listOperations,
  type OperationEntry,
  PATH_ITEM_METHODS,
  type PathItemOperation,
  type PathItemOperationEntry,
  pathItemOperations,
} from './shared/operations.js';
