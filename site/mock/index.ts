// The mock Petstore API: a framework-free core (Fetch Request in, Response out) built from the
// OpenAPI document at start-up. Routing and schema validation come from openapi-backend (ajv);
// this file runs the request pipeline and turns every failure into an `Error` response.
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend, type Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { checkIdentityEncoding, checkJsonContentType, MAX_BODY_BYTES, parseJsonBody, readBodyText } from './body.ts';
import { MockError } from './errors.ts';
import { createHandlers, type Handler } from './handlers.ts';
import { CORS_HEADERS, type DeprecationInfo, deprecationHeaders, jsonResponse, preflightHeaders } from './http.ts';
import { checkRawParams, decodeParams, type Param, pathSegments } from './params.ts';
import { normalizePath, Router } from './router.ts';
import { type Caps, DEFAULT_CAPS, Store } from './store.ts';
import { formatAjvErrors } from './validation.ts';

export { MockError } from './errors.ts';
export { DEFAULT_CAPS } from './store.ts';

/** Options of {@link createMock}. */
export interface MockOptions {
  /**
   * The path the mock is mounted at, e.g. `/api/mock` (no trailing slash). Incoming paths must
   * start with it (it is stripped before routing); `Location` and `Link` keep it. Default: ''.
   */
  basePath?: string;
  /** Records per collection; defaults to spec/README.md "Limits" (10,000 / 1,000 / 10,000). */
  caps?: Partial<Caps>;
  /** Called with unexpected faults (answered 500 `internal_error` without details). Default: console.error. */
  onError?: (err: unknown) => void;
}

/** Options of {@link Mock.handle}. */
export interface HandleOptions {
  /**
   * The request's method when `request.method` cannot carry it: Fetch refuses to build a
   * `Request` for its forbidden methods (CONNECT, TRACE, TRACK), so an edge that receives one
   * (site/mock/node.ts) builds a body-less stand-in and passes the real method here, and the
   * client gets the 405 (with `Allow`) or 404 any other undefined method gets.
   */
  method?: string;
}

/** A running mock. */
export interface Mock {
  /** Answers one request. Never rejects: every failure becomes an `Error` response. */
  handle(request: Request, options?: HandleOptions): Promise<Response>;
  /** Drops all changes: back to the seed data of spec/README.md. */
  reset(): void;
}

/** An HTTP method name (RFC 9110 section 9.1: a token). */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The reset endpoint below the mount path (not part of the API; see site/mock/README.md). */
export const RESET_PATH = '/_reset';

/** Everything the pipeline needs about one operation, prepared at start-up. */
interface PreparedOperation {
  operation: Operation;
  handler: Handler;
  params: Param[];
  needsAuth: boolean;
  hasBody: boolean;
  /** Property names of the request body schema that hold integers (range-checked on their JSON source). */
  intKeys: Set<string>;
  /**
   * Of those, the ones that are not `format: int64` identifiers (counts such as `quantity`): the
   * store does arithmetic on them, so they must be exact as JS numbers (at most 2^53 - 1).
   */
  countKeys: Set<string>;
  /** Query parameters that are comma-separated arrays (`style: form`, `explode: false`). */
  commaArrays: Set<string>;
}

function collectIntegerKeys(schema: unknown, out: Set<string>, counts: Set<string>, depth = 0): void {
  if (typeof schema !== 'object' || schema === null || depth > 20) return;
  const s = schema as OpenAPIV3.SchemaObject;
  for (const sub of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    collectIntegerKeys(sub, out, counts, depth + 1);
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const p = prop as OpenAPIV3.SchemaObject;
    if (p.type === 'integer') {
      out.add(name);
      if (p.format !== 'int64') counts.add(name);
    }
    collectIntegerKeys(p, out, counts, depth + 1);
  }
  if (s.type === 'array' && s.items) collectIntegerKeys(s.items, out, counts, depth + 1);
}

/** The largest count the store keeps exactly: 2^53 - 1 (`Number.MAX_SAFE_INTEGER`). */
const MAX_COUNT = BigInt(Number.MAX_SAFE_INTEGER);

function deprecationOf(op: Operation, byId: Map<string, Operation>): DeprecationInfo | undefined {
  if (!op.deprecated) return undefined;
  const ext = op as unknown as Record<string, unknown>;
  const successor = ext['x-successor'] as { operationId?: string; url?: string } | undefined;
  if (successor?.operationId && !byId.has(successor.operationId)) {
    throw new Error(`${op.operationId}: x-successor names an unknown operation '${successor.operationId}'`);
  }
  return {
    since: ext['x-deprecated-since'] as string | undefined,
    sunset: ext['x-deprecated-sunset'] as string | undefined,
    policy: op.externalDocs?.url,
    successor: successor?.url,
  };
}

function errorResponse(err: MockError): Response {
  return jsonResponse(err.status, err.toBody(), err.headers);
}

/**
 * Builds the mock from an OpenAPI 3.0 document.
 *
 * @param spec the parsed document (`parseSpec`/`loadSpec` from spec/load.ts); it is copied, not changed
 * @param options mount path, caps, error sink
 * @returns the mock, ready to answer
 * @throws {Error} when the document is invalid or an operation has no handler
 */
export async function createMock(spec: OpenAPIV3.Document, options: MockOptions = {}): Promise<Mock> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const onError = options.onError ?? ((err: unknown) => console.error('[mock] unexpected error:', err));
  const store = new Store({ ...DEFAULT_CAPS, ...options.caps });

  const api = new OpenAPIBackend({
    definition: structuredClone(spec) as Document,
    strict: true,
    // Quick start-up: validators compile on the first request of each operation instead of all
    // at once (about 1 s), and the document is not re-validated here (tests/spec validates it).
    quick: true,
    validate: true,
    ajvOpts: { allErrors: true, strict: false },
    customizeAjv: (ajv) => {
      addFormats(ajv);
      // int64 as a JS number: the exact range is checked on the raw text (ids.ts, body.ts); here
      // only "an integer no larger than 2^63 as a double", so 9223372036854775807 (which rounds to
      // 2^63) passes.
      ajv.addFormat('int64', {
        type: 'number',
        validate: (v: number) => Number.isInteger(v) && Math.abs(v) <= 2 ** 63,
      });
      return ajv;
    },
  });
  await api.init();

  // The operations as openapi-backend reads them from the spec (path-level parameters merged),
  // routed by a table compiled once (router.ts: openapi-backend's matching rules without
  // rebuilding every path pattern on every request).
  const operations = api.getOperations();
  const router = new Router(operations);
  const byId = new Map(operations.map((o) => [o.operationId ?? '', o]));
  const extraHeaders: Record<string, Record<string, string>> = {};
  for (const op of operations) {
    const dep = deprecationOf(op, byId);
    if (dep && op.operationId) extraHeaders[op.operationId] = deprecationHeaders(dep);
  }
  const handlers = createHandlers(store, extraHeaders);
  const globalSecurity = spec.security ?? [];
  // Schemes the mock enforces: HTTP bearer (any non-empty token). A requirement list with an
  // empty alternative (`{}`) makes authentication optional.
  const bearerSchemes = new Set(
    Object.entries(spec.components?.securitySchemes ?? {})
      .filter(([, s]) => 'type' in s && s.type === 'http' && s.scheme.toLowerCase() === 'bearer')
      .map(([name]) => name),
  );
  const prepared = new Map<string, PreparedOperation>();
  for (const op of operations) {
    const handler = op.operationId ? handlers[op.operationId] : undefined;
    if (!handler) throw new Error(`no handler for operation ${op.operationId ?? `${op.method} ${op.path}`}`);
    const security = (op.security ?? globalSecurity) as OpenAPIV3.SecurityRequirementObject[];
    const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
    const intKeys = new Set<string>();
    const countKeys = new Set<string>();
    collectIntegerKeys(body?.content['application/json']?.schema, intKeys, countKeys);
    prepared.set(op.operationId as string, {
      operation: op,
      handler,
      params: (op.parameters ?? []) as Param[],
      needsAuth:
        security.length > 0 &&
        !security.some((req) => Object.keys(req).length === 0) &&
        security.some((req) => Object.keys(req).some((name) => bearerSchemes.has(name))),
      hasBody: body !== undefined,
      intKeys,
      countKeys,
      commaArrays: new Set(
        ((op.parameters ?? []) as Param[])
          .filter((p) => p.in === 'query' && p.schema?.type === 'array' && p.explode === false)
          .map((p) => p.name),
      ),
    });
  }
  const allMethods = [...new Set(operations.map((o) => o.method.toUpperCase()))];

  async function pipeline(request: Request, options: HandleOptions): Promise<Response> {
    const url = new URL(request.url);
    const method = (options.method ?? request.method).toUpperCase();
    let path = url.pathname;
    if (basePath) {
      if (path !== basePath && !path.startsWith(`${basePath}/`)) {
        throw new MockError('route_not_found', `no operation at ${method} ${path}`);
      }
      path = path.slice(basePath.length) || '/';
    }

    if (path === RESET_PATH) {
      if (method === 'OPTIONS') return new Response(null, { status: 204, headers: preflightHeaders(['POST'], null) });
      if (method !== 'POST') {
        throw new MockError('method_not_allowed', `method ${method} is not allowed on ${path}; allowed: POST`, {
          Allow: 'POST',
        });
      }
      store.reset();
      return jsonResponse(204, undefined);
    }

    if (method === 'OPTIONS') {
      // Preflights get 204 whatever the path, so the browser goes on to the real request and
      // shows its real answer (404, 405) instead of an opaque CORS failure. For that the
      // requested method must be in Access-Control-Allow-Methods even when the path lacks it
      // (PATCH /pets/1 → the real request gets 405 with Allow); Allow itself stays truthful.
      const methods = router.methods(path);
      const requested = request.headers.get('access-control-request-method')?.trim() ?? '';
      const corsMethods = methods.length > 0 ? methods : allMethods;
      const headers = preflightHeaders(
        HTTP_TOKEN.test(requested) && !corsMethods.includes(requested) && requested !== 'OPTIONS'
          ? [...corsMethods, requested]
          : corsMethods,
        request.headers.get('access-control-request-headers'),
      );
      if (methods.length > 0) headers.Allow = [...methods, 'OPTIONS'].join(', ');
      return new Response(null, { status: 204, headers });
    }

    const route = router.match(method, path);
    if (route.kind === 'not_found') throw new MockError('route_not_found', `no operation at ${method} ${path}`);
    if (route.kind === 'method_not_allowed') {
      const allowed = route.allowed.join(', ');
      throw new MockError('method_not_allowed', `method ${method} is not allowed on ${path}; allowed: ${allowed}`, {
        Allow: allowed,
      });
    }
    const op = route.operation;
    const prep = prepared.get(op.operationId ?? '');
    if (!prep) throw new Error(`operation ${op.operationId} was not prepared`);

    if (prep.needsAuth) {
      const auth = request.headers.get('authorization');
      if (!auth || !/^Bearer +[^\s]/i.test(auth)) {
        throw new MockError(
          'unauthorized',
          `header Authorization: ${auth ? "malformed; expected 'Bearer <token>'" : "missing; expected 'Bearer <token>'"}`,
          { 'WWW-Authenticate': 'Bearer' },
        );
      }
    }

    const pathRaw = pathSegments(op.path, normalizePath(path));
    const rawErrors = checkRawParams(prep.params, pathRaw, url.searchParams);
    if (rawErrors.length > 0) throw new MockError('validation_failed', rawErrors.join('; '));

    let body: unknown;
    let inexact: ReadonlyMap<string, string> = new Map();
    if (prep.hasBody) {
      checkJsonContentType(request.headers.get('content-type'));
      checkIdentityEncoding(request.headers.get('content-encoding'));
      const text = await readBodyText(request, MAX_BODY_BYTES);
      if (text.trim() === '') throw new MockError('validation_failed', 'body: is required (a JSON object)');
      const parsed = parseJsonBody(text, prep.intKeys);
      // Counts (quantity) above 2^53 - 1 would be rounded by the store's arithmetic and echoed
      // back as another number; identifiers above it are only compared, exactly, in messages.
      const tooLarge = [
        ...parsed.overflow.filter((o) => o.exact > 0n).map((o) => ({ key: o.key, source: o.source })),
        ...[...parsed.inexact].filter(([, v]) => BigInt(v) > MAX_COUNT).map(([key, source]) => ({ key, source })),
      ].filter((t) => prep.countKeys.has(t.key));
      const overflow = parsed.overflow.filter((o) => !(o.exact > 0n && prep.countKeys.has(o.key)));
      if (overflow.length > 0 || parsed.fractional.length > 0 || tooLarge.length > 0) {
        throw new MockError(
          'validation_failed',
          [
            ...parsed.fractional.map((f) => `body.${f.key}: must be integer, got ${f.source}`),
            ...tooLarge.map(
              (t) =>
                `body.${t.key}: must be <= ${MAX_COUNT} (the largest count the mock keeps exactly), got ${t.source}`,
            ),
            ...overflow.map(
              (o) =>
                `body.${o.key}: must be ${o.exact > 0n ? '<= 9223372036854775807' : '>= -9223372036854775808'} (int64), got ${o.source}`,
            ),
          ].join('; '),
        );
      }
      if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
        throw new MockError('validation_failed', `body: must be a JSON object, got ${jsonKind(parsed.value)}`);
      }
      body = parsed.value;
      inexact = parsed.inexact;
    }

    // A null-prototype object: `?__proto__=1` must be an unknown parameter, not a prototype write
    // that the validator never sees.
    const query: Record<string, string | string[]> = Object.create(null);
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      // A comma-separated array (`explode: false`) given more than once is one list, as
      // decodeParams reads it: `ids=1,2&ids=3` is validated as `ids=1,2,3`.
      query[key] = all.length === 1 ? (all[0] as string) : prep.commaArrays.has(key) ? all.join(',') : all;
    }
    const validation = api.validator.validateRequest(
      { method, path, query, headers: prep.hasBody ? { 'content-type': 'application/json' } : {}, body },
      op,
    );
    if (validation.errors && validation.errors.length > 0) {
      throw new MockError('validation_failed', formatAjvErrors(validation.errors).join('; '));
    }

    const decoded = decodeParams(prep.params, pathRaw, url.searchParams);
    const result = prep.handler({ params: decoded.values, raw: decoded.raw, body, inexact, url });
    return jsonResponse(result.status, result.body, result.headers);
  }

  return {
    async handle(request: Request, options: HandleOptions = {}): Promise<Response> {
      try {
        return await pipeline(request, options);
      } catch (err) {
        if (err instanceof MockError) return errorResponse(err);
        onError(err);
        return jsonResponse(
          500,
          { code: 'internal_error', message: 'an unexpected error occurred; it has been logged', status: 500 },
          { ...CORS_HEADERS },
        );
      }
    },
    reset(): void {
      store.reset();
    },
  };
}

function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return `a ${typeof v}`;
}
