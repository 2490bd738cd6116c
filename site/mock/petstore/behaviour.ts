// The Petstore's hand-written behaviour as a table plugged into the one pipeline: for each of its
// operations, how the steps treat it (a bearer token, its identifier rules, a JSON object body
// checked on its source text, a store it changes) and its handler as the answer. Whether it applies
// is decided once per description (index.ts, `MockDefinition.behaviour`); every other operation
// behaves as its description says.
import { type Description, isObject, type JsonObject } from '../../../descriptions/json.ts';
import { deref, hasType } from '../../../descriptions/refs.ts';
import { bearerAuthenticator } from '../access/stages.ts';
import type { Behaviour, PreparedOperation } from '../pipeline/context.ts';
import { jsonResponse } from '../pipeline/http.ts';
import type { MockOperation, Param } from '../pipeline/operations.ts';
import { jsonBodyMedia } from '../request/media.ts';
import { checkRawParams, decodeParams } from '../request/params.ts';
import { jsonObjectBody } from './body.ts';
import { createHandlers, HANDLED_ROUTES, type Handler, handlersApply } from './handlers.ts';
import { type DeprecationInfo, deprecationHeaders } from './http.ts';
import { Store } from './store.ts';

/**
 * Whether the Petstore's behaviour applies to a description's operations: it has every operation
 * of {@link HANDLED_ROUTES} under its own name, method and path (the Petstore's description, or a
 * draft of it).
 */
export function petstoreApplies(operations: readonly MockOperation[]): boolean {
  return handlersApply(operations.map((o) => ({ ...o, operationId: o.named ? o.operationId : undefined })));
}

/** Whether an operation of a description the Petstore's behaviour applies to is one of its hand-written ones. */
export function isPetstoreOperation(operationId: string): boolean {
  return Object.hasOwn(HANDLED_ROUTES, operationId);
}

/** Property names of a body schema holding integers (and, of those, counts: not `format: int64`). */
function collectIntegerKeys(doc: Description, schema: unknown, out: Set<string>, counts: Set<string>, depth = 0): void {
  const s = deref(doc, schema);
  if (!s || depth > 20) return;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) for (const sub of list) collectIntegerKeys(doc, sub, out, counts, depth + 1);
  }
  for (const [name, raw] of Object.entries(isObject(s.properties) ? s.properties : {})) {
    const p = deref(doc, raw);
    if (hasType(p, 'integer')) {
      out.add(name);
      if (p?.format !== 'int64') counts.add(name);
    }
    collectIntegerKeys(doc, p, out, counts, depth + 1);
  }
  if (hasType(s, 'array') && s.items) collectIntegerKeys(doc, s.items, out, counts, depth + 1);
}

function deprecationOf(op: MockOperation): DeprecationInfo | undefined {
  if (!op.deprecated) return undefined;
  return {
    since: op['x-deprecated-since'],
    sunset: op['x-deprecated-sunset'],
    policy: op.externalDocs?.url,
    successor: op['x-successor']?.url,
  };
}

/** The handler over the token's store as an operation's answer. */
function handlerAnswer(handler: Handler): NonNullable<Behaviour['answer']> {
  return (ctx, op: PreparedOperation) => {
    const store = ctx.state;
    if (!(store instanceof Store))
      throw new Error("a hand-written answer needs the Petstore's store (the sandbox stage)");
    const decoded = decodeParams(op.params, ctx.pathRaw ?? {}, ctx.url.searchParams);
    const result = handler({
      params: decoded.values,
      raw: decoded.raw,
      body: ctx.body,
      inexact: ctx.inexact ?? new Map(),
      url: ctx.url,
      store,
    });
    return jsonResponse(result.status, result.body, result.headers);
  };
}

/**
 * The behaviour of each of the Petstore's operations in a description it applies to, by operationId.
 * @param params each operation's parameters as the decoders read them
 * @throws {Error} when a deprecated operation carries a malformed date (an error of our description)
 */
export function petstoreBehaviours(
  doc: Description,
  operations: readonly MockOperation[],
  params: (op: MockOperation) => readonly Param[],
): Map<string, Behaviour> {
  const ours = operations.filter((op) => isPetstoreOperation(op.operationId));
  const extraHeaders: Record<string, Record<string, string>> = {};
  for (const op of ours) {
    const dep = deprecationOf(op);
    if (dep) extraHeaders[op.operationId] = deprecationHeaders(dep);
  }
  const handlers = createHandlers(extraHeaders);
  const components = isObject(doc.components) ? doc.components : {};
  // The scheme the hand-written operations enforce: HTTP bearer (any non-empty token). A
  // requirement list with an empty alternative (`{}`) makes authentication optional.
  const bearerSchemes = new Set(
    Object.entries(isObject(components.securitySchemes) ? components.securitySchemes : {})
      .filter(([, raw]) => {
        const s = deref(doc, raw);
        return s?.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer';
      })
      .map(([name]) => name),
  );
  const out = new Map<string, Behaviour>();
  for (const op of ours) {
    const handler = handlers[op.operationId];
    if (!handler) continue;
    const requirements = (
      Array.isArray(op.security ?? doc.security) ? (op.security ?? doc.security) : []
    ) as JsonObject[];
    const intKeys = new Set<string>();
    const countKeys = new Set<string>();
    collectIntegerKeys(doc, jsonBodyMedia(op)?.schema, intKeys, countKeys);
    const own = params(op);
    out.set(op.operationId, {
      authenticate: bearerAuthenticator(
        requirements.length > 0 &&
          !requirements.some((req) => Object.keys(req).length === 0) &&
          requirements.some((req) => Object.keys(req).some((name) => bearerSchemes.has(name))),
      ),
      writes: true,
      checkRawParams: (pathRaw, query) => checkRawParams(own, pathRaw, query),
      readBody: jsonObjectBody(intKeys, countKeys),
      answer: handlerAnswer(handler),
    });
  }
  return out;
}
