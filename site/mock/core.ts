// The mock's core, the same wherever it runs: prepares the operations of a compiled description
// and composes the request pipeline (pipeline.ts; each stage in the folder of its step), in the
// order of the README, turning every unexpected failure into a 500 `Error` response. It knows
// nothing of its host or of how the request validators were compiled: index.ts compiles them from
// the description at start-up (the server, the Astro dev route); hosts/precompile.ts compiles them
// at build time into plain code (the service worker, the Fetch-API edge module), so no schema
// compiler runs in a browser.
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import type { Description } from '../../spec/json.ts';
import { hasType } from '../../spec/refs.ts';
import { DEFAULT_RATE_POLICY, type RatePolicy } from './access/ratelimit.ts';
import { Sandboxes, type SandboxLimits, type SandboxSnapshot } from './access/sandboxes.ts';
import { securityPlan } from './access/security.ts';
import { authenticate, credentialsAuthenticator, rateLimit, sandbox } from './access/stages.ts';
import { answer } from './answer/stages.ts';
import { MockError } from './errors.ts';
import { CORS_HEADERS, jsonResponse } from './http.ts';
import { petstoreBehaviours } from './petstore/behaviour.ts';
import { type Caps, DEFAULT_CAPS } from './petstore/store.ts';
import { type Behaviour, type Context, compose, type PreparedOperation } from './pipeline.ts';
import { paramView } from './request/params.ts';
import { describedBody, rawParams, readBody, validate } from './request/stages.ts';
import type { RequestValidator } from './request/validate.ts';
import { type MockOperation, mockOperations } from './route/operations.ts';
import { pathFits, templateParams } from './route/path-params.ts';
import { Router, routeTemplate } from './route/router.ts';
import { headAsGet, mountPath, preflight, route } from './route/stages.ts';

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
   * The table of sandboxes to use instead of one of its own (made by {@link sandboxTable}): mocks of
   * several versions of a description given one table share each token's sandbox and rate window.
   * When given, the table's caps and bounds apply, not these options' `caps` and `sandboxes`.
   */
  sandboxTable?: Sandboxes;
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
   * (site/mock/hosts/node.ts) builds a body-less stand-in and passes the real method here, and the
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
 * A description ready for the mock: the document and its compiled request validators, nothing
 * that compiles code. index.ts makes one at start-up; hosts/precompile.ts writes one as a module.
 */
export interface MockDefinition {
  /**
   * The description in the internal form (OpenAPI 3.2, or 3.1; description.ts): its operations
   * are routed, its responses generated; internal `$ref`s are kept (and may be circular).
   */
  document: Description;
  /** The request validators of an operation by operationId: body (when it has one), then parameters. */
  validators(operationId: string): readonly RequestValidator[];
  /**
   * Whether the Petstore's hand-written behaviour applies (petstore/behaviour.ts `petstoreApplies`),
   * decided once by whoever builds the definition, with the validators it compiles.
   */
  petstore: boolean;
}

/**
 * A table of per-token sandboxes with the options' caps, bounds and clock, for
 * {@link MockOptions.sandboxTable}.
 */
export function sandboxTable(options: Pick<MockOptions, 'caps' | 'sandboxes' | 'now'> = {}): Sandboxes {
  return new Sandboxes(options.sandboxes, { ...DEFAULT_CAPS, ...options.caps }, options.now ?? Date.now);
}

/**
 * How an operation answered from its description behaves: any non-empty credential of its security
 * requirements, the body of any media type its `requestBody` declares, a store it never changes.
 */
function describedBehaviour(doc: Description, op: MockOperation): Behaviour {
  return {
    authenticate: credentialsAuthenticator(securityPlan(op.security ?? doc.security, doc)),
    writes: false,
    readBody: describedBody(op.requestBody),
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
  const sandboxes = options.sandboxTable ?? sandboxTable(options);
  const doc = definition.document;

  // Routed by a table compiled once (route/router.ts: openapi-backend's matching rules without
  // rebuilding every path pattern on every request).
  const operations = mockOperations(doc);
  const router = new Router(operations, (op, path) => {
    const entry = prepared.get(op.operationId ?? '');
    if (!entry) return true;
    try {
      return pathFits(entry.params, entry.pathParams(path));
    } catch {
      // Malformed percent-encoding: the template stands; a later stage answers 400.
      return true;
    }
  });
  // The Petstore's hand-written behaviour as a table, when the definition says it applies.
  const params = new Map(operations.map((op) => [op, op.parameters.map((p) => paramView(doc, p))]));
  const petstore = definition.petstore
    ? petstoreBehaviours(doc, operations, (op) => params.get(op) ?? [])
    : new Map<string, Behaviour>();
  const prepared = new Map<string, PreparedOperation>();
  for (const op of operations) {
    const operationId = op.operationId;
    const own = params.get(op) ?? [];
    let validators: readonly RequestValidator[] | undefined;
    prepared.set(operationId, {
      operation: op,
      params: own,
      hasBody: op.requestBody !== undefined,
      commaArrays: new Set(
        own.filter((p) => p.in === 'query' && hasType(p.schema, 'array') && p.explode === false).map((p) => p.name),
      ),
      pathParams: templateParams(routeTemplate(op.path), own),
      validators: () => {
        validators ??= definition.validators(operationId);
        return validators;
      },
      behaviour: petstore.get(operationId) ?? describedBehaviour(doc, op),
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
    answer(doc),
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
