// The operations of an OpenAPI document, listed one way for every part of the repository (the
// loader's shape checks, the reference model, the mock, spec-diff, the Spectral ruleset): the
// TypeScript code imports it through descriptions/operations.ts, the Spectral ruleset (.spectral.yaml,
// spec/lint/) directly. Plain JavaScript with JSDoc types, because Spectral bundles its custom
// functions without a TypeScript step.
import { isObject } from './json.js';
import { resolvePointer } from './pointer.js';

/**
 * The fixed fields of a Path Item Object that hold an operation, in the order OpenAPI 3.0.3 §4.7.9 lists them.
 * @type {readonly ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']}
 */
export const HTTP_METHODS = Object.freeze(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * One operation of a document, with the objects it lives in (the document's own objects, not copies).
 * @typedef {object} OperationEntry
 * @property {(typeof HTTP_METHODS)[number]} method lower-case method, the path item key (`get`)
 * @property {string} path path template as written under `paths` (`/pets/{petId}`)
 * @property {string | undefined} operationId the operation's `operationId`, or undefined when it has none
 * @property {Record<string, unknown>} operation the Operation Object
 * @property {Record<string, unknown>} pathItem the Path Item Object holding it (path-level `parameters`, …)
 */

/**
 * Every operation of an OpenAPI 3.0 document in document order: paths as written, and within a path
 * the methods in {@link HTTP_METHODS} order. Pure; reads only `doc.paths`. A path item that is not an
 * object, or a method whose value is not an object, is skipped. A path item `$ref` is not followed.
 * @param {{ paths?: unknown }} doc
 * @returns {OperationEntry[]}
 */
export function listOperations(doc) {
  return listAllOperations(doc)
    .filter((e) => /** @type {readonly string[]} */ (HTTP_METHODS).includes(e.key))
    .map(({ key, path, operationId, operation, pathItem }) => ({
      method: /** @type {(typeof HTTP_METHODS)[number]} */ (key),
      path,
      operationId,
      operation,
      pathItem,
    }));
}

/**
 * The fixed fields of an OpenAPI 3.2 Path Item Object that hold an operation (§4.8.9): {@link HTTP_METHODS},
 * then `query`, new in 3.2.
 * @type {readonly ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']}
 */
export const PATH_ITEM_METHODS = Object.freeze([...HTTP_METHODS, /** @type {const} */ ('query')]);

/**
 * One operation of a Path Item Object in OpenAPI 3.2 terms: a fixed field or an entry of `additionalOperations`.
 * @typedef {object} PathItemOperation
 * @property {string} key how it is keyed: the lower-case fixed field (`get`, `query`), or the
 *   `additionalOperations` name as written (`COPY`); unique within a path item
 * @property {string} method the method as sent: upper case for a fixed field (`QUERY`), as written for an
 *   additional operation (HTTP methods are case-sensitive, RFC 9110 §9.1)
 * @property {string[]} at where it is in the path item, as JSON pointer tokens: `['query']`,
 *   `['additionalOperations', 'COPY']`
 * @property {boolean} additional true for an entry of `additionalOperations`
 * @property {Record<string, unknown>} operation the Operation Object
 */

/**
 * The operations of one Path Item Object: the fixed fields in {@link PATH_ITEM_METHODS} order, then
 * `additionalOperations` in document order. An additional name that equals a fixed field in any case is
 * skipped (3.2 §4.8.9.1 forbids it: the fixed field holds that method); values that are not objects are
 * skipped. Pure.
 * @param {Record<string, unknown>} pathItem
 * @returns {PathItemOperation[]}
 */
export function pathItemOperations(pathItem) {
  /** @type {PathItemOperation[]} */
  const out = [];
  for (const key of PATH_ITEM_METHODS) {
    const operation = pathItem[key];
    if (isObject(operation)) out.push({ key, method: key.toUpperCase(), at: [key], additional: false, operation });
  }
  const extra = pathItem.additionalOperations;
  if (isObject(extra)) {
    for (const [key, operation] of Object.entries(extra)) {
      if (!isObject(operation) || /** @type {readonly string[]} */ (PATH_ITEM_METHODS).includes(key.toLowerCase()))
        continue;
      out.push({ key, method: key, at: ['additionalOperations', key], additional: true, operation });
    }
  }
  return out;
}

/** Path-item `$ref` hops followed before giving up (a longer chain is a cycle). */
const MAX_PATH_ITEM_HOPS = 32;

/**
 * A path item with its local `$ref` chain followed (OpenAPI 3.1 §4.8.9: a path item may be a `$ref`).
 * @param {Record<string, unknown>} doc
 * @param {unknown} item
 * @returns {Record<string, unknown> | undefined} undefined when a reference names nothing, is external, or loops
 */
function followPathItem(doc, item) {
  let here = item;
  for (let hop = 0; hop < MAX_PATH_ITEM_HOPS; hop++) {
    if (!isObject(here)) return undefined;
    if (typeof here.$ref !== 'string') return here;
    if (!here.$ref.startsWith('#')) return undefined;
    try {
      here = resolvePointer(doc, here.$ref);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * One operation of a document in OpenAPI 3.2 terms, with where it lives.
 * @typedef {PathItemOperation & {
 *   kind: 'operation' | 'webhook',
 *   path: string,
 *   operationId: string | undefined,
 *   pathItem: Record<string, unknown>,
 * }} PathItemOperationEntry
 * `kind` is `webhook` for an entry of `webhooks` (OpenAPI 3.1 §4.8.1), whose `path` is the webhook's name;
 * `pathItem` is the Path Item Object holding it (its `$ref` followed when asked).
 */

/**
 * Every operation of an OpenAPI 3.x document, 3.2's included: under each path (document order) the
 * operations of {@link pathItemOperations}, then, when asked, those of `webhooks`. Pure; values that are
 * not objects are skipped.
 * @param {Record<string, unknown>} doc
 * @param {{ webhooks?: boolean, followRefs?: boolean }} [options] `webhooks`: list `webhooks` too (after
 *   the paths); `followRefs`: follow a path item's local `$ref` chain (the loader resolves them in place;
 *   a document given as it is written keeps them), a chain that loops or names nothing is skipped
 * @returns {PathItemOperationEntry[]}
 */
export function listAllOperations(doc, options = {}) {
  /** @type {PathItemOperationEntry[]} */
  const out = [];
  /**
   * @param {'operation' | 'webhook'} kind
   * @param {unknown} items
   */
  const add = (kind, items) => {
    if (!isObject(items)) return;
    for (const [path, raw] of Object.entries(items)) {
      const pathItem = options.followRefs ? followPathItem(doc, raw) : raw;
      if (!isObject(pathItem)) continue;
      for (const entry of pathItemOperations(pathItem)) {
        const id = entry.operation.operationId;
        out.push({ ...entry, kind, path, operationId: typeof id === 'string' ? id : undefined, pathItem });
      }
    }
  };
  add('operation', doc.paths);
  if (options.webhooks) add('webhook', doc.webhooks);
  return out;
}
