// The mock Petstore API: a framework-free core (Fetch Request in, Response out) built from the
// OpenAPI document at start-up. Routing and schema validation come from openapi-backend (ajv);
// this file prepares the operations and composes the request pipeline of stages.ts, in the order
// of the README, and turns every unexpected failure into a 500 `Error` response.
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend, type Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { MockError } from './errors.ts';
import { createHandlers, type Handler } from './handlers.ts';
import { CORS_HEADERS, type DeprecationInfo, deprecationHeaders, jsonResponse } from './http.ts';
import type { Param } from './params.ts';
import { DEFAULT_RATE_POLICY, type RatePolicy } from './ratelimit.ts';
import { Router } from './router.ts';
import { Sandboxes, type SandboxLimits } from './sandboxes.ts';
import {
  authenticate,
  type Context,
  compose,
  handle,
  headAsGet,
  mountPath,
  type PreparedOperation,
  preflight,
  rateLimit,
  rawParams,
  readBody,
  route,
  sandbox,
  validate,
} from './stages.ts';
import { type Caps, DEFAULT_CAPS } from './store.ts';

export { MockError } from './errors.ts';
export { DEFAULT_RATE_POLICY, type RatePolicy } from './ratelimit.ts';
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandboxes.ts';
export { RESET_PATH } from './stages.ts';
export { DEFAULT_CAPS } from './store.ts';

/** Options of {@link createMock}. */
export interface MockOptions {
  /**
   * The path the mock is mounted at, e.g. `/api/mock` (no trailing slash). Incoming paths must
   * start with it (it is stripped before routing); `Location` and `Link` keep it. Default: ''.
   */
  basePath?: string;
  /** Records per collection of each sandbox; defaults to spec/README.md "Limits" (10,000 / 1,000 / 10,000). */
  caps?: Partial<Caps>;
  /** Bounds of the per-token sandboxes; default {@link DEFAULT_SANDBOX_LIMITS}. */
  sandboxes?: Partial<SandboxLimits>;
  /**
   * Requests per window per token (spec/README.md "Limits": 600 per 60 s, the default); `false`
   * turns rate limiting off (no 429, no `RateLimit` headers).
   */
  rateLimit?: RatePolicy | false;
  /** Clock in ms for the rate windows and idle expiry (tests inject one). Default: Date.now. */
  now?: () => number;
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
  /** Drops every sandbox: every token is back to the seed data of spec/README.md. */
  reset(): void;
  /** Sandboxes held and the estimated bytes of their changed stores (for the benchmark and logs). */
  stats(): { sandboxes: number; storeBytes: number };
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

/** The handler of an operation the mock has no behaviour for: 501 `not_implemented`, naming it. */
function notImplemented(op: { operationId?: string; method: string; path: string }): Handler {
  const name = op.operationId ?? `${op.method.toUpperCase()} ${op.path}`;
  return () => {
    throw new MockError('not_implemented', `${name}: the mock has no behaviour for this operation`);
  };
}

/**
 * Builds the mock from an OpenAPI 3.0 document.
 *
 * @param spec the parsed document (`parseSpec`/`loadSpec` from spec/load.ts); it is copied, not changed
 * @param options mount path, caps, error sink
 * @returns the mock, ready to answer
 * @throws {Error} when the document is invalid
 */
export async function createMock(spec: OpenAPIV3.Document, options: MockOptions = {}): Promise<Mock> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const onError = options.onError ?? ((err: unknown) => console.error('[mock] unexpected error:', err));
  const now = options.now ?? Date.now;
  const sandboxes = new Sandboxes(options.sandboxes, { ...DEFAULT_CAPS, ...options.caps }, now);

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
  const handlers = createHandlers(extraHeaders);
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
    // A description other than Petstore's (PETSTORE_SPEC) has operations the mock has no behaviour
    // for: they answer 501 not_implemented, routed and validated like every other, instead of the
    // whole mock refusing to start.
    const handler = (op.operationId ? handlers[op.operationId] : undefined) ?? notImplemented(op);
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

  // The request pipeline, stage by stage in the order of site/mock/README.md.
  const pipeline = compose([
    mountPath(basePath),
    headAsGet(),
    preflight(router, allMethods),
    route(router, prepared),
    authenticate(),
    rateLimit(options.rateLimit ?? DEFAULT_RATE_POLICY, sandboxes, now),
    sandbox(sandboxes),
    rawParams(),
    readBody(),
    validate(api),
    handle(),
  ]);

  return {
    async handle(request: Request, options: HandleOptions = {}): Promise<Response> {
      try {
        const ctx: Context = {
          request,
          url: new URL(request.url),
          method: (options.method ?? request.method).toUpperCase(),
          path: '/',
        };
        return await pipeline(ctx);
      } catch (err) {
        if (err instanceof MockError) return jsonResponse(err.status, err.toBody(), err.headers);
        onError(err);
        return jsonResponse(
          500,
          { code: 'internal_error', message: 'an unexpected error occurred; it has been logged', status: 500 },
          { ...CORS_HEADERS },
        );
      }
    },
    reset(): void {
      sandboxes.clear();
    },
    stats() {
      return { sandboxes: sandboxes.size, storeBytes: sandboxes.bytes };
    },
  };
}
