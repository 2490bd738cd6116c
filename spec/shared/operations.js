// The operations of an OpenAPI document, listed one way for every part of the repository: the
// TypeScript code imports it through spec/operations.ts, the Spectral ruleset (.spectral.yaml,
// spec/lint/) directly. Plain JavaScript with JSDoc types, because Spectral bundles its custom
// functions without a TypeScript step.

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
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Every operation of an OpenAPI 3.0 document in document order: paths as written, and within a path
 * the methods in {@link HTTP_METHODS} order. Pure; reads only `doc.paths`. A path item that is not an
 * object, or a method whose value is not an object, is skipped. A path item `$ref` is not followed.
 * @param {{ paths?: unknown }} doc
 * @returns {OperationEntry[]}
 */
export function listOperations(doc) {
  /** @type {OperationEntry[]} */
  const out = [];
  if (!isObject(doc.paths)) return out;
  for (const [path, pathItem] of Object.entries(doc.paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
      out.push({ method, path, operationId, operation, pathItem });
    }
  }
  return out;
}

/**
 * The fixed fields of an OpenAPI 3.2 Path Item Object that hold an operation (§4.8.9): {@link HTTP_METHODS},
 * then `query`, new in 3.2.
 * @type {readonly string[]}
 */
export const PATH_ITEM_METHODS = Object.freeze([...HTTP_METHODS, 'query']);

/**
 * One operation of a path item in OpenAPI 3.2 terms: a fixed field or an entry of `additionalOperations`.
 * @typedef {object} PathItemOperationEntry
 * @property {string} key how it is keyed: the lower-case fixed field (`get`, `query`), or the
 *   `additionalOperations` name as written (`COPY`); unique within a path item
 * @property {string} method the method as sent: upper case for a fixed field (`QUERY`), as written for an
 *   additional operation (HTTP methods are case-sensitive, RFC 9110 §9.1)
 * @property {string[]} at where it is in the path item, as JSON pointer tokens: `['query']`,
 *   `['additionalOperations', 'COPY']`
 * @property {string} path path template as written under `paths`
 * @property {string | undefined} operationId
 * @property {Record<string, unknown>} operation the Operation Object
 * @property {Record<string, unknown>} pathItem the Path Item Object holding it
 */

/**
 * Every operation of an OpenAPI 3.x document, 3.2's included: under each path (document order) the fixed
 * fields in {@link PATH_ITEM_METHODS} order, then `additionalOperations` in document order. An additional
 * name that equals a fixed field in any case is skipped (3.2 §4.8.9.1 forbids it: the fixed field holds that
 * method). Pure; reads only `doc.paths`; values that are not objects are skipped.
 * @param {{ paths?: unknown }} doc
 * @returns {PathItemOperationEntry[]}
 */
export function listAllOperations(doc) {
  /** @type {PathItemOperationEntry[]} */
  const out = [];
  if (!isObject(doc.paths)) return out;
  for (const [path, pathItem] of Object.entries(doc.paths)) {
    if (!isObject(pathItem)) continue;
    /** @type {Array<[string, string, string[], unknown]>} */
    const found = PATH_ITEM_METHODS.map((m) => [m, m.toUpperCase(), [m], pathItem[m]]);
    const extra = pathItem.additionalOperations;
    if (isObject(extra))
      for (const [name, operation] of Object.entries(extra))
        if (!PATH_ITEM_METHODS.includes(name.toLowerCase()))
          found.push([name, name, ['additionalOperations', name], operation]);
    for (const [key, method, at, operation] of found) {
      if (!isObject(operation)) continue;
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
      out.push({ key, method, at, path, operationId, operation, pathItem });
    }
  }
  return out;
}
