// The mock's core, the same wherever it runs: prepares the operations of a compiled description
// and composes the request pipeline of stages.ts, in the order of the README, turning every
// unexpected failure into a 500 `Error` response. It knows nothing of its host or of how the
// request validators were compiled: index.ts compiles them from the description at start-up
// (the server, the Astro dev route); precompile.ts compiles them at build time into plain code (the
// service worker, the Fetch-API edge module), so no schema compiler runs in a browser.
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import { params as pathParamsOf } from 'bath-es5';
import type { Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { MockError } from './errors.ts';
import { createHandlers, type Handler } from './handlers.ts';
import { CORS_HEADERS, type DeprecationInfo, deprecationHeaders, jsonResponse } from './http.ts';
import type { Param } from './params.ts';
import { DEFAULT_RATE_POLICY, type RatePolicy } from './ratelimit.ts';
import { Router } from './router.ts';
import { Sandboxes, type SandboxLimits, type SandboxSnapshot } from './sandboxes.ts';
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
import type { RequestValidator } from './validation.ts';

/** Options of {@link createMock} and {@link mockFromDefinition}. */
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

/** The changed sandboxes of a mock as plain data (structured-cloneable), see {@link Mock.snapshot}. */
export type MockSnapshot = SandboxSnapshot[];

/** A running mock. */
export interface Mock {
  /** Answers one request. Never rejects: every failure becomes an `Error` response. */
  handle(request: Request, options?: HandleOptions): Promise<Response>;
  /** Drops every sandbox: every token is back to the seed data of spec/README.md. */
  reset(): void;
  /** Sandboxes held and the estimated bytes of their changed stores (for the benchmark and logs). */
  stats(): { sandboxes: number; storeBytes: number };
  /** The sandboxes that differ from the seed, for a host that keeps them across restarts. */
  snapshot(): MockSnapshot;
  /** Replaces every sandbox with a {@link Mock.snapshot}'s (caps and limits apply as usual). */
  restore(snapshot: MockSnapshot): void;
}

/**
 * A description compiled for the mock: what the core needs, and nothing that compiles code.
 * index.ts makes one from an OpenAPI document at start-up; precompile.ts writes one as a module.
 */
export interface MockDefinition {
  /** The document's top-level `security` and its security schemes. */
  security?: OpenAPIV3.SecurityRequirementObject[];
  securitySchemes: Record<string, OpenAPIV3.SecuritySchemeObject | OpenAPIV3.ReferenceObject>;
  /**
   * The operations, dereferenced, with path-level parameters merged (openapi-backend
   * `getOperations()`); `responses` are not needed.
   */
  operations: readonly Operation[];
  /** The request validators of an operation by operationId: body (when it has one), then parameters. */
  validators(operationId: string): readonly RequestValidator[];
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
 * Builds the mock from a compiled description. Synchronous and host-free: no I/O, no timers, no
 * code compiled at run time.
 *
 * @param definition the operations and their request validators
 * @param options mount path, caps, limits, clock, error sink
 * @returns the mock, ready to answer
 * @throws {Error} when an operation names an unknown successor
 */
export function mockFromDefinition(definition: MockDefinition, options: MockOptions = {}): Mock {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const onError = options.onError ?? ((err: unknown) => console.error('[mock] unexpected error:', err));
  const now = options.now ?? Date.now;
  const sandboxes = new Sandboxes(options.sandboxes, { ...DEFAULT_CAPS, ...options.caps }, now);

  // Routed by a table compiled once (router.ts: openapi-backend's matching rules without
  // rebuilding every path pattern on every request).
  const operations = definition.operations;
  const router = new Router(operations);
  const byId = new Map(operations.map((o) => [o.operationId ?? '', o]));
  const extraHeaders: Record<string, Record<string, string>> = {};
  for (const op of operations) {
    const dep = deprecationOf(op, byId);
    if (dep && op.operationId) extraHeaders[op.operationId] = deprecationHeaders(dep);
  }
  const handlers = createHandlers(extraHeaders);
  const globalSecurity = definition.security ?? [];
  // Schemes the mock enforces: HTTP bearer (any non-empty token). A requirement list with an
  // empty alternative (`{}`) makes authentication optional.
  const bearerSchemes = new Set(
    Object.entries(definition.securitySchemes)
      .filter(([, s]) => 'type' in s && s.type === 'http' && s.scheme.toLowerCase() === 'bearer')
      .map(([name]) => name),
  );
  const prepared = new Map<string, PreparedOperation>();
  for (const op of operations) {
    // A description other than Petstore's (PETSTORE_SPEC) has operations the mock has no behaviour
    // for: they answer 501 not_implemented, routed and validated like every other, instead of the
    // whole mock refusing to start.
    const handler = (op.operationId ? handlers[op.operationId] : undefined) ?? notImplemented(op);
    const operationId = op.operationId as string;
    const security = (op.security ?? globalSecurity) as OpenAPIV3.SecurityRequirementObject[];
    const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
    const intKeys = new Set<string>();
    const countKeys = new Set<string>();
    collectIntegerKeys(body?.content['application/json']?.schema, intKeys, countKeys);
    let validators: readonly RequestValidator[] | undefined;
    prepared.set(operationId, {
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
      pathParams: pathParamsOf(op.path),
      validators: () => {
        validators ??= definition.validators(operationId);
        return validators;
      },
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
    validate(),
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
    snapshot() {
      return sandboxes.snapshot();
    },
    restore(snapshot) {
      sandboxes.restore(snapshot);
    },
  };
}
