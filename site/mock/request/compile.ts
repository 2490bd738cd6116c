// The request validators of the mock: for each operation, one JSON Schema for its JSON body and
// one for its parameters, shaped as openapi-backend shapes them (so the messages name
// `body.name`, `query.limit`, `path.petId`, and an unknown query parameter is refused), compiled by
// Ajv's JSON Schema 2020-12 dialect (`ajv/dist/2020`: the dialect of OpenAPI 3.1 and 3.2 schemas:
// type arrays, `const`, `prefixItems`, `$defs`, `if`/`then`/`else`). The schemas keep the
// description's `$ref`s, pointed at the description registered in Ajv under
// {@link DESCRIPTION_ID}, so circular schemas compile to recursive functions instead of being
// expanded. The server compiles them on each operation's first request (`runtimeDefinition`); the
// build writes them out as code (precompile.ts).
import type { Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type Description, deref, isObject, type JsonObject } from '../../../descriptions/refs.ts';
import type { RequestValidator } from '../pipeline/context.ts';
import { type HandWritten, handWrittenFor, type MockDefinition } from '../pipeline/definition.ts';
import { type MockOperation, mockOperations } from '../pipeline/operations.ts';
import { INT64_FORMAT } from './formats.ts';
import { jsonBodyMedia } from './media.ts';
import { portablePattern } from './pattern.ts';

/** The `$id` the description is registered under in the validators' Ajv. */
export const DESCRIPTION_ID = 'urn:petstore-mock:description';

/** Depth bound of the walks over schema fragments (descriptions are trees of at most this depth in practice). */
const MAX_DEPTH = 200;

/**
 * A copy of a fragment with its local `$ref`s pointed into the description registered in Ajv.
 * @param forRequests the description the fragment is from, to read the fragment as
 *   {@link requestView} reads the description (a fragment of an operation, whose copy is not in the
 *   view); omitted: as it is
 */
export function anchored(value: unknown, depth = 0, forRequests?: Description): unknown {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => anchored(v, depth + 1, forRequests));
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith('#')
        ? `${DESCRIPTION_ID}${v}`
        : anchored(v, depth + 1, forRequests);
  }
  if (forRequests) readAs(out, value as JsonObject, forRequests, 'request');
  return out;
}

/**
 * Changes a copied schema object as validation reads it (see {@link requestView}).
 * @param copy the copy, changed in place
 * @param original the object it was copied from (its properties' `$ref`s resolve in `doc`)
 */
function readAs(copy: JsonObject, original: JsonObject, doc: Description, direction: 'request' | 'response'): void {
  if ('nullable' in copy && !('type' in copy) && typeof copy.nullable === 'boolean') delete copy.nullable;
  if (typeof copy.pattern === 'string') {
    const portable = portablePattern(copy.pattern);
    if (portable === undefined) delete copy.pattern;
    else copy.pattern = portable;
  }
  if (direction === 'request' && Array.isArray(copy.required) && isObject(original.properties)) {
    const props = original.properties;
    copy.required = copy.required.filter((name) => {
      const prop = typeof name === 'string' ? deref(doc, props[name]) : undefined;
      return !(prop && prop.readOnly === true);
    });
  }
}

/**
 * The description as validation reads it, a copy in which:
 * - `nullable` without `type` is dropped: a 3.0 keyword the upgrade to 3.1 leaves where it has no
 *   `type` to add `null` to, and which Ajv refuses to compile (it meant nothing there);
 * - a `pattern` ECMAScript cannot compile with the `u` flag is read the way its author meant
 *   (pattern.ts: `\-` outside a class, `{,2}`, Java's `\p{XDigit}`), or left out when it cannot be
 *   read, so one odd pattern does not leave its operation's whole request unchecked;
 * - for requests, properties marked `readOnly` are no longer `required` (OpenAPI 3.2 section
 *   4.24.4: such a property "SHOULD NOT be sent as part of the request", so a request without it
 *   is valid).
 * @param direction `request` (the default) or `response`
 */
export function requestView(doc: Description, direction: 'request' | 'response' = 'request'): Description {
  const copy = structuredClone(doc) as JsonObject;
  const seen = new WeakSet<object>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) walk(v, depth + 1);
      return;
    }
    const o = node as JsonObject;
    readAs(o, o, copy, direction);
    for (const v of Object.values(o)) walk(v, depth + 1);
  };
  walk(copy, 0);
  return copy;
}

/** The schemas of one operation's request, as openapi-backend builds them (its `buildRequestValidatorsForOperation`). */
export interface RequestSchemas {
  /** `{requestBody: <schema>}`, when the operation has a JSON body with a schema. */
  body?: JsonObject;
  /** `{path, query, header, cookie}`, each an object of the operation's parameters. */
  params: JsonObject;
}

/**
 * The request schemas of an operation, its own schemas read as {@link requestView} reads the
 * description. Pure.
 * @param op the operation, as listed from `doc`
 * @param doc the description (for parameter schemas' own `additionalProperties`)
 * @param queryCredentials names of `apiKey` schemes sent `in: query`: allowed in every query
 * @param strictQuery whether a query parameter the operation does not declare is refused (the
 *   Petstore's hand-written operations: `query.colour: is not a parameter of this operation`);
 *   otherwise it is ignored, as Prism ignores it
 */
export function requestSchemas(
  op: MockOperation,
  doc: Description,
  queryCredentials: readonly string[] = [],
  strictQuery = false,
): RequestSchemas {
  const out: RequestSchemas = { params: {} };
  const json = jsonBodyMedia(op);
  if (json?.schema !== undefined) {
    out.body = {
      title: 'Request',
      type: 'object',
      additionalProperties: true,
      properties: { requestBody: anchored(json.schema, 0, doc) },
      required: op.requestBody?.required === true ? ['requestBody'] : [],
    };
  }
  const section = (additional: unknown) => ({
    type: 'object',
    additionalProperties: additional,
    properties: {} as JsonObject,
    required: [] as string[],
  });
  const targets: Record<string, ReturnType<typeof section>> = {
    path: section(false),
    query: section(!strictQuery),
    header: section(true),
    cookie: section(true),
  };
  const required = new Set<string>();
  for (const name of queryCredentials)
    (targets.query as ReturnType<typeof section>).properties[name] = { type: 'string' };
  for (const p of op.parameters) {
    if (p.in === 'querystring') {
      // OpenAPI 3.2: the whole query string is one parameter; its names are not listed.
      (targets.query as ReturnType<typeof section>).additionalProperties = true;
      continue;
    }
    const target = targets[p.in];
    if (!target) continue;
    // A path parameter the path does not name cannot be sent (a slip of the description's
    // author): it is not asked for.
    if (p.in === 'path' && !op.path.includes(`{${p.name}}`)) continue;
    const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
    if (p.required) {
      if (!target.required.includes(name)) target.required.push(name);
      required.add(p.in);
    }
    const schema = deref(doc, p.schema);
    if (schema && schema.additionalProperties !== undefined)
      target.additionalProperties = anchored(schema.additionalProperties, 0, doc);
    const jsonContent = isObject(p.content) ? p.content['application/json'] : undefined;
    let paramSchema = isObject(jsonContent) ? jsonContent.schema : (p.schema ?? {});
    if (!jsonContent && schema && Array.isArray(schema.oneOf)) {
      // A parameter is text, coerced to each alternative in turn: `1` is both the integer and the
      // string of `oneOf: [integer, string]`, which "exactly one" would refuse. Any one will do.
      const { oneOf, ...rest } = schema;
      paramSchema = { ...rest, anyOf: oneOf };
    }
    target.properties[name] = anchored(paramSchema, 0, doc) ?? {};
  }
  out.params = {
    title: 'Request',
    type: 'object',
    additionalProperties: true,
    properties: targets,
    required: [...required],
  };
  return out;
}

/** The `apiKey` schemes of a description sent `in: query` (their names are query parameters of every operation). */
export function queryCredentialNames(doc: Description): string[] {
  const components = isObject(doc.components) ? doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const names: string[] = [];
  for (const s of Object.values(schemes)) {
    const scheme = deref(doc, s);
    if (scheme?.type === 'apiKey' && scheme.in === 'query' && typeof scheme.name === 'string') names.push(scheme.name);
  }
  return names;
}

/**
 * An Ajv of the 2020-12 dialect with the mock's options (`allErrors`, not strict: unknown keywords
 * and formats of a description are ignored, not fatal) and formats, the description registered.
 * @param view the description as requests see it ({@link requestView})
 * @param extra more Ajv options (`coerceTypes` for parameters, `code` for standalone code)
 */
export function validatorAjv(view: Description, extra: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false, ...extra });
  addFormats(ajv);
  ajv.addFormat('int64', INT64_FORMAT);
  try {
    ajv.addSchema({ ...view, $id: DESCRIPTION_ID }, undefined, undefined, false);
  } catch {
    // An `$id` or `$anchor` given twice (in examples, say) makes the whole document unusable as a
    // schema: register only the reusable schemas, which is what nearly every `$ref` names.
    const components = isObject(view.components) ? view.components : {};
    try {
      ajv.addSchema(
        { $id: DESCRIPTION_ID, components: { schemas: components.schemas ?? {} } },
        undefined,
        undefined,
        false,
      );
    } catch {
      ajv.addSchema({ $id: DESCRIPTION_ID }, undefined, undefined, false);
    }
  }
  return ajv;
}

/**
 * Request validators compiled at run time, each operation's on its first request.
 * @param doc the description (internal form)
 * @param operations its operations ({@link mockOperations})
 * @param onError told about a schema Ajv cannot compile; that part of the request is then not checked
 * @param strictQuery whether an operation refuses undeclared query parameters (see {@link requestSchemas})
 * @returns validators by operationId: body (when there is one), then parameters
 */
export function runtimeValidators(
  doc: Description,
  operations: readonly MockOperation[],
  onError: (err: unknown) => void = () => {},
  strictQuery: (operationId: string) => boolean = () => false,
): (operationId: string) => readonly RequestValidator[] {
  let compiled: { bodies: Ajv2020; params: Ajv2020 } | undefined;
  const credentials = queryCredentialNames(doc);
  const byId = new Map(operations.map((o) => [o.operationId, o]));
  return (operationId) => {
    const op = byId.get(operationId);
    if (!op) return [];
    if (!compiled) {
      const view = requestView(doc);
      compiled = { bodies: validatorAjv(view), params: validatorAjv(view, { coerceTypes: true }) };
    }
    const ajvs = compiled;
    const schemas = requestSchemas(op, doc, credentials, strictQuery(operationId));
    const out: RequestValidator[] = [];
    for (const [ajv, schema] of [
      [ajvs.bodies, schemas.body],
      [ajvs.params, schemas.params],
    ] as const) {
      if (!schema) continue;
      try {
        out.push(ajv.compile(schema));
      } catch (err) {
        onError(new Error(`${operationId}: request schema not compiled, not checked: ${(err as Error).message}`));
      }
    }
    return out;
  };
}

/**
 * The definition of a description made at start-up (the server, the Astro dev route, the tests): its
 * operations listed once, the hand-written behaviour that applies, and its request validators,
 * compiled on each operation's first request. No I/O.
 * @param document the description in the loader's internal form
 * @param handWritten the hand-written behaviours that may apply (none: every operation answers from
 *   the description, as an older released version does)
 * @param onError told about a schema Ajv cannot compile
 */
export function runtimeDefinition(
  document: Description,
  handWritten: readonly HandWritten[],
  onError?: (err: unknown) => void,
): MockDefinition {
  const operations = mockOperations(document);
  const own = handWrittenFor(operations, handWritten);
  const validators = runtimeValidators(document, operations, onError, (id) => own?.owns(id) ?? false);
  return { document, operations, validators, ...(own ? { behaviour: own.name } : {}) };
}
