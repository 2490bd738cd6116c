// The operations of a description as every step of the mock reads them, listed once per description:
// the operations of `paths` as the one lister lists them (descriptions/operations.ts: a `$ref`ed path item
// followed, cycles cut; the fixed methods, 3.2's `query` and `additionalOperations`), with path-level
// parameters merged, and their parameters with schemas followed through `$ref`s. Webhooks are what
// the API sends, not what it answers, so the mock does not serve them. Pure: the description is
// read, never changed, and its schemas keep their references.
import { isToken } from '../../../descriptions/http.ts';
import { type Description, isObject, type JsonObject } from '../../../descriptions/json.ts';
import { listAllOperations } from '../../../descriptions/operations.ts';
import { deref } from '../../../descriptions/refs.ts';

/** A parameter as the mock reads it: the Parameter Object with its own `$ref` followed. */
export interface MockParameter extends JsonObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
  content?: Record<string, unknown>;
  style?: string;
  explode?: boolean;
}

/** One operation of the description, ready for the router and the pipeline. Plain data (JSON). */
export interface MockOperation {
  /** The method as written (`get`, `query`, or an `additionalOperations` name such as `COPY`). */
  method: string;
  /** The path template, e.g. `/pets/{petId}`. */
  path: string;
  /** The `operationId`, or `METHOD /path` when it has none (unique among the operations). */
  operationId: string;
  /** Whether `operationId` was written in the description. */
  named: boolean;
  /** Path-level and operation-level parameters, the operation's winning on name and location. */
  parameters: MockParameter[];
  /** The Request Body Object with its `$ref` followed. */
  requestBody?: JsonObject;
  /** The Responses Object as written (references inside kept). */
  responses: JsonObject;
  /** The operation's `security` when it has one (else the document's applies). */
  security?: Record<string, string[]>[];
  deprecated?: boolean;
  externalDocs?: { url?: string };
  'x-successor'?: { operationId?: string; url?: string };
  'x-deprecated-since'?: string;
  'x-deprecated-sunset'?: string;
}

function parametersOf(doc: Description, list: unknown): MockParameter[] {
  if (!Array.isArray(list)) return [];
  const out: MockParameter[] = [];
  for (const item of list) {
    const p = deref<MockParameter>(doc, item);
    if (p && typeof p.name === 'string' && typeof p.in === 'string') out.push(p);
  }
  return out;
}

function merged(pathLevel: MockParameter[], own: MockParameter[]): MockParameter[] {
  const key = (p: MockParameter) => `${p.in}\0${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
  const ownKeys = new Set(own.map(key));
  return [...pathLevel.filter((p) => !ownKeys.has(key(p))), ...own];
}

/**
 * Lists the operations the mock answers.
 * @param doc the loader's internal form (OpenAPI 3.2 or 3.1); documents without `paths` have none
 * @returns the operations in document order; an operationId used twice keeps its first operation's
 *   name and the others get `METHOD /path`
 */
export function mockOperations(doc: Description): MockOperation[] {
  const out: MockOperation[] = [];
  const ids = new Set<string>();
  const pathParams = new Map<object, MockParameter[]>();
  for (const { key: method, path, operation: op, pathItem } of listAllOperations(doc, { followRefs: true })) {
    if (!path.startsWith('/') || !isToken(method)) continue;
    const shared = pathParams.get(pathItem) ?? parametersOf(doc, pathItem.parameters);
    pathParams.set(pathItem, shared);
    const written = typeof op.operationId === 'string' && op.operationId !== '' ? op.operationId : undefined;
    let operationId = written ?? `${method.toUpperCase()} ${path}`;
    if (ids.has(operationId)) operationId = `${method.toUpperCase()} ${path}`;
    if (ids.has(operationId)) continue;
    ids.add(operationId);
    const requestBody = op.requestBody === undefined ? undefined : deref(doc, op.requestBody);
    const mockOp: MockOperation = {
      method,
      path,
      operationId,
      named: written !== undefined && operationId === written,
      parameters: merged(shared, parametersOf(doc, op.parameters)),
      responses: isObject(op.responses) ? op.responses : {},
    };
    if (requestBody) mockOp.requestBody = requestBody;
    if (Array.isArray(op.security)) mockOp.security = op.security as Record<string, string[]>[];
    // The lifecycle fields as written (the Petstore's deprecation headers read them).
    const lifecycle = ['deprecated', 'externalDocs', 'x-successor', 'x-deprecated-since', 'x-deprecated-sunset'];
    Object.assign(mockOp, Object.fromEntries(lifecycle.filter((k) => op[k] !== undefined).map((k) => [k, op[k]])));
    out.push(mockOp);
  }
  return out;
}

/** A parameter's schema as the decoders read it: its top level and `items` followed through `$ref`s. */
export interface ParamSchema extends JsonObject {
  type?: unknown;
  format?: unknown;
  items?: ParamSchema;
  default?: unknown;
  enum?: unknown;
}

/** A parameter of an operation as the decoders read it (see {@link paramView}). */
export interface Param extends MockParameter {
  schema?: ParamSchema;
}

/** A parameter with its schema's top level and `items` followed through `$ref`s. */
export function paramView(doc: Description, p: MockParameter): Param {
  const schema = deref<ParamSchema>(doc, p.schema);
  if (!schema) return { ...p, schema: undefined };
  const items = schema.items === undefined ? undefined : deref<ParamSchema>(doc, schema.items);
  return { ...p, schema: items ? { ...schema, items } : schema };
}
