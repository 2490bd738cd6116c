/**
 * The prose of a description that the in-browser mock never reads: left out of its bundled definitions
 * (precompile.ts `shipped`) and of the key its bundle is kept under (integrations/mock-worker.ts), so a
 * change to an operation's text alone keeps the bundle. Pure; nothing given is changed.
 */
import { isObject, type JsonObject } from '../../../descriptions/refs.ts';

/** An object without its prose: `summary` and `description`, and an `externalDocs`' `description` (its `url` stays). */
export function withoutProse(object: JsonObject): JsonObject {
  const { summary: _summary, description: _description, ...rest } = object;
  if (isObject(rest.externalDocs)) {
    const { description: _docs, ...docs } = rest.externalDocs;
    rest.externalDocs = docs;
  }
  return rest;
}

/** The parameters written in a path or an operation, each without its description (a `$ref` stays as it is). */
export function parametersWithoutProse(parameters: unknown): unknown {
  if (!Array.isArray(parameters)) return parameters;
  return parameters.map((p) => (isObject(p) && p.$ref === undefined ? withoutProse(p) : p));
}

/**
 * The description without the summary and description of each path and operation: what the bundled
 * mock's definitions are made from as far as they can differ (precompile.ts `definitionModules` leaves that
 * prose out), so two descriptions equal here make the same definitions. The build keys its bundles by it
 * (integrations/mock-worker.ts): a change to an operation's text alone keeps the bundle. Pure; the
 * document is not changed.
 * @param doc the description as written (any version: paths, path items and operations are the same shape)
 */
export function withoutOperationProse(doc: JsonObject): JsonObject {
  if (!isObject(doc.paths)) return doc;
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) {
      paths[path] = item;
      continue;
    }
    const copy: JsonObject = {};
    for (const [key, op] of Object.entries(withoutProse(item))) {
      copy[key] = isObject(op) && key !== '$ref' && key !== 'additionalOperations' ? withoutProse(op) : op;
    }
    paths[path] = copy;
  }
  return { ...doc, paths };
}
