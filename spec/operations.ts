// The operations of an OpenAPI document, listed one way for every part of the repository (the spec
// rules, the reference mapping, the mock and the tests).

/** The fixed fields of a Path Item Object that hold an operation, in the order OpenAPI 3.0.3 §4.7.9 lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One of {@link HTTP_METHODS}: a lower-case HTTP method as a path item key. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of a document, with the objects it lives in (the document's own objects, not copies). */
export interface OperationEntry {
  /** Lower-case method, the path item key (`get`). */
  method: HttpMethod;
  /** Path template as written under `paths` (`/pets/{petId}`). */
  path: string;
  /** The operation's `operationId`, or undefined when it has none. */
  operationId: string | undefined;
  /** The Operation Object. */
  operation: Record<string, unknown>;
  /** The Path Item Object holding it (path-level `parameters`, `servers`, …). */
  pathItem: Record<string, unknown>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Every operation of an OpenAPI 3.0 document in document order: paths as written, and within a path
 * the methods in {@link HTTP_METHODS} order. Pure; reads only `doc.paths`. A path item that is not an
 * object, or a method whose value is not an object, is skipped. A path item `$ref` is not followed.
 */
export function listOperations(doc: { paths?: unknown }): OperationEntry[] {
  const out: OperationEntry[] = [];
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
