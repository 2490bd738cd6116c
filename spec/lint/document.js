// Helpers of the custom Spectral functions in this folder: reading the raw (unresolved) document
// safely, following local `$ref`s, and listing its operations with their JSON paths.
import { isObject } from '../../descriptions/shared/json.js';
import { listOperations } from '../../descriptions/shared/operations.js';
import { parsePointer, resolvePointer } from '../../descriptions/shared/pointer.js';

/**
 * @typedef {Record<string, unknown>} Obj
 * @typedef {(string | number)[]} JsonPath a path into the document as Spectral reports it
 * @typedef {{ message: string, path: JsonPath }} Finding
 */

/** The object guard of every part (descriptions/shared/json.js). */
export const isObj = isObject;
/** @param {unknown} v @returns {Obj} */
export function obj(v) {
  return isObj(v) ? v : {};
}
/** @param {unknown} v @returns {unknown[]} */
export function arr(v) {
  return Array.isArray(v) ? v : [];
}
/** @param {unknown} v @returns {string | undefined} */
export function str(v) {
  return typeof v === 'string' ? v : undefined;
}

/**
 * A node with its local `$ref` chain followed (at most 20 hops), and the path it now lives at.
 * @param {unknown} doc
 * @param {unknown} node
 * @param {JsonPath} at where `node` is
 * @returns {{ node: unknown, at: JsonPath }}
 */
export function resolve(doc, node, at) {
  let current = node;
  let where = at;
  for (let hops = 0; hops < 20 && isObj(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return { node: undefined, at: where };
    try {
      where = parsePointer(ref);
      current = resolvePointer(doc, where);
    } catch {
      return { node: undefined, at: where };
    }
  }
  return { node: current, at: where };
}

/**
 * @typedef {object} Operation
 * @property {string} path
 * @property {string} method lower case
 * @property {JsonPath} at path of the Operation Object
 * @property {Obj} op
 * @property {Obj[]} parameters path-level and operation-level parameters, `$ref`s resolved
 */

/**
 * The operations of the raw document, in document order.
 * @param {unknown} doc
 * @returns {Operation[]}
 */
export function operations(doc) {
  return listOperations(obj(doc)).map(({ path, method, operation, pathItem }) => ({
    path,
    method,
    at: ['paths', path, method],
    op: operation,
    parameters: [...arr(pathItem.parameters), ...arr(operation.parameters)]
      .map((p) => resolve(doc, p, []).node)
      .filter(isObj),
  }));
}

/** `GET /pets/{petId}` @param {Operation} o */
export function label(o) {
  return `${o.method.toUpperCase()} ${o.path}`;
}
