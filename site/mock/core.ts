// The mock's core, the same wherever it runs: from a table of APIs, each a mount path and the
// definitions of the versions it serves, it prepares each version's operations once, composes the
// request pipeline (pipeline/context.ts; each stage in the folder of its step) in the order of the
// README, behind the mount step that picks the API and version of each request, with one sandbox
// table for them all; every unexpected failure becomes a 500 `Error` response. It knows nothing of
// its host, of how the request validators were compiled (request/compile.ts at start-up,
// request/precompile.ts at build time, so no schema compiler runs in a browser), or of any API's
// hand-written behaviour: a definition names one, and the caller gives the ones it may name.
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import type { Description } from '../../descriptions/json.ts';
import { hasType } from '../../descriptions/refs.ts';
import { DEFAULT_RATE_POLICY, type RatePolicy } from './access/ratelimit.ts';
import type { SandboxLimits, SandboxSnapshot } from './access/sandboxes.ts';
import { securityPlan } from './access/security.ts';
import { authenticate, credentialsAuthenticator, rateLimit, sandbox } from './access/stages.ts';
import { memoryStore, type SandboxStore } from './access/store.ts';
import { answer } from './answer/stages.ts';
import {
  type Behaviour,
  type Context,
  compose,
  type Pipeline,
  type PreparedOperation,
  problemRefusal,
  type Refuse,
  type RequestValidator,
  refusalResponse,
} from './pipeline/context.ts';
import type { HandWritten, MockDefinition, StateCaps } from './pipeline/definition.ts';
import { MockError } from './pipeline/errors.ts';
import { type MockOperation, mockOperations, paramView } from './pipeline/operations.ts';
import { type RefusingApi, refusalAnswer } from './pipeline/refusal.ts';
import { describedBody, rawParams, readBody, validate } from './request/stages.ts';
import { mockBaseOf, mountTable } from './route/mount.ts';
import { pathFits, templateParams } from './route/path-params.ts';
import { Router, routeTemplate } from './route/router.ts';
import { headAsGet, mount, mountPath, preflight, route } from './route/stages.ts';

/** Options of {@link mountedMock} and {@link mockFromDefinition}. */
export interface MockOptions {
  /**
   * The path the mock is mounted at, e.g. `/api/mock` (no trailing slash), for
   * {@link mockFromDefinition}: incoming paths must start with it (it is stripped before routing);
   * `Location` and `Link` keep it. Default: ''. ({@link mountedMock} takes each API's from its table.)
   */
  basePath?: string;
  /**
   * Bounds of each sandbox's state, by name, for the hand-written behaviour that keeps it (the
   * Petstore's records per collection: `{ pets, categories, orders, textChars }`, by default
   * spec/README.md "Limits": 10,000 / 1,000 / 10,000 and 2,000,000 characters).
   */
  caps?: StateCaps;
  /**
   * Bounds of the per-token sandboxes of the in-memory store; default {@link DEFAULT_SANDBOX_LIMITS}.
   * (The idle expiry also applies to a store given as {@link MockOptions.store} when it made it from
   * these options; see hosts/redis-store.ts.)
   */
  sandboxes?: Partial<SandboxLimits>;
  /**
   * Where sandboxes and rate windows live (access/store.ts): default, in this process's memory
   * (`memoryStore(sandboxes, now)`); the Redis driver (hosts/redis-store.ts) shares them between
   * instances. The mock declares its states in it; one store serves one mock.
   */
  store?: SandboxStore;
  /**
   * Requests per window per token (spec/README.md "Limits": 600 per 60 s, the default); `false`
   * turns rate limiting off (no 429, no `RateLimit` headers).
   */
  rateLimit?: RatePolicy | false;
  /** Clock in ms for the rate windows and idle expiry (tests inject one). Default: Date.now. */
  now?: () => number;
  /** Called with unexpected faults (answered 500 `internal_error` without details). Default: console.error. */
  onError?: (err: unknown) => void;
  /** The hand-written behaviours a definition may name (site/mock/behaviours.ts). Default: none. */
  handWritten?: readonly HandWritten[];
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
  /**
   * The answer to a refusal raised outside the core (a host's: an invalid `Host`), in the words of
   * the API mounted at `path` (pipeline/refusal.ts), or as problem details below no mount.
   */
  refuse(err: MockError, path: string): Response;
  /**
   * Drops every sandbox and rate window of its store: every token is back to the seed data, of every
   * API it mounts. The in-memory store is cleared before this returns.
   */
  reset(): Promise<void>;
  /** Sandboxes held and the estimated bytes of their changed states (for the benchmark and logs). */
  stats(): { sandboxes: number; storeBytes: number };
  /**
   * The sandboxes that differ from the seed, for a host that keeps them across restarts.
   * @throws {Error} when the store keeps them itself (Redis)
   */
  snapshot(): MockSnapshot;
  /**
   * Replaces every sandbox with a {@link Mock.snapshot}'s (caps and limits apply as usual).
   * @throws {Error} when the store keeps them itself (Redis)
   */
  restore(snapshot: MockSnapshot): void;
  /** The store of its sandboxes and rate windows. */
  readonly store: SandboxStore;
}

/** One API of a {@link mountedMock}: where it is mounted and the definitions of the versions it serves. */
export interface ApiDefinitions {
  /**
   * The current version's mount path, e.g. `/api/mock` (no trailing slash); each older version is
   * mounted at `<base>/@<version>` (route/mount.ts `mockBaseOf`). Also the key of the API's state in
   * every sandbox: its versions share it, other APIs have their own.
   */
  base: string;
  /**
   * The versions served, by name: the current one first, then the older ones, newest first (the
   * order `version_not_found` lists them in).
   */
  versions: readonly (readonly [name: string, definition: MockDefinition])[];
}

/**
 * How an operation answered from its description behaves: any non-empty credential of its security
 * requirements, the body of any media type its `requestBody` declares, a state it never changes.
 */
function describedBehaviour(doc: Description, op: MockOperation): Behaviour {
  return {
    authenticate: credentialsAuthenticator(securityPlan(op.security ?? doc.security, doc)),
    writes: false,
    readBody: describedBody(op.requestBody),
  };
}

/** What every version's pipeline of one mock shares. */
interface Shared {
  store: SandboxStore;
  rateLimit: RatePolicy | false;
  caps: StateCaps;
  handWritten: readonly HandWritten[];
}

/** One version of an API as the mount stage holds it: its pipeline and how it words refusals. */
interface Version {
  pipeline: Pipeline;
  refuse: Refuse;
}

/**
 * How one version of an API words its refusals (pipeline/refusal.ts): its hand-written behaviour's
 * words when it has some, else the shape its description documents for the routed operation (or,
 * before routing, for the first operation that documents one), else problem details.
 */
function versionRefuse(doc: Description, operations: readonly MockOperation[], own: HandWritten | undefined): Refuse {
  const api: RefusingApi = {
    doc,
    responses: operations.map((op) => op.responses),
    ...(own?.refusal ? { words: own.refusal } : {}),
  };
  return (err, ctx) =>
    refusalResponse(
      refusalAnswer(
        err,
        api,
        ctx.target?.kind === 'operation' ? ctx.target.op.operation.responses : undefined,
        ctx.request.headers.get('accept'),
      ),
    );
}

/**
 * The pipeline of one version of an API, from its mount path on (the mount stage picks it).
 * @param base the version's mount path
 * @param stateKey the API's key in the sandboxes
 * @throws {Error} when the definition names a hand-written behaviour not given, or that behaviour
 *   refuses the description
 */
function versionPipeline(definition: MockDefinition, base: string, stateKey: string, shared: Shared): Version {
  const doc = definition.document;
  const operations = definition.operations ?? mockOperations(doc);
  const own =
    definition.behaviour === undefined ? undefined : shared.handWritten.find((h) => h.name === definition.behaviour);
  if (definition.behaviour !== undefined && !own) {
    throw new Error(
      `the definition names the hand-written behaviour '${definition.behaviour}', which this mock was not given`,
    );
  }
  // Routed by a table compiled once (route/router.ts: openapi-backend's matching rules without
  // rebuilding every path pattern on every request).
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
  const params = new Map(operations.map((op) => [op, op.parameters.map((p) => paramView(doc, p))]));
  // The hand-written behaviour's operations, as a table; its state in every sandbox.
  const handWritten = own
    ? own.behaviours(doc, operations, (op) => params.get(op) ?? [])
    : new Map<string, Behaviour>();
  shared.store.declare(stateKey, own?.state(shared.caps));
  const prepared = new Map<string, PreparedOperation>();
  for (const op of operations) {
    const operationId = op.operationId;
    const opParams = params.get(op) ?? [];
    let validators: readonly RequestValidator[] | undefined;
    prepared.set(operationId, {
      operation: op,
      params: opParams,
      hasBody: op.requestBody !== undefined,
      commaArrays: new Set(
        opParams
          .filter((p) => p.in === 'query' && hasType(p.schema, 'array') && p.explode === false)
          .map((p) => p.name),
      ),
      pathParams: templateParams(routeTemplate(op.path), opParams),
      validators: () => {
        validators ??= definition.validators(operationId);
        return validators;
      },
      behaviour: handWritten.get(operationId) ?? describedBehaviour(doc, op),
    });
  }
  const allMethods = [...new Set(operations.map((o) => o.method.toUpperCase()))];
  const refuse = versionRefuse(doc, operations, own);

  // The request pipeline, stage by stage in the order of site/mock/README.md (after the mount stage).
  const pipeline = compose(
    [
      mountPath(base),
      headAsGet(),
      preflight(router, allMethods),
      route(router, prepared),
      authenticate(),
      rateLimit(shared.rateLimit, shared.store, refuse),
      sandbox(shared.store, stateKey),
      rawParams(),
      readBody(),
      validate(),
      answer(doc),
    ],
    refuse,
  );
  return { pipeline, refuse };
}

/**
 * Builds the mock of several APIs and versions from their compiled definitions: the one function
 * every host runs. Each request goes to the API whose mount path it is below and to the version its
 * `@<version>` segment names (the mount stage, route/stages.ts); all share one sandbox table, so a
 * token has one rate window across them, and each API's state in its sandbox under the API's key.
 * Host-free: no I/O but the injected store's (access/store.ts), no timers, no code compiled at run time.
 *
 * @param apis the APIs, each with the definitions of its versions, current first
 * @param options caps, limits, clock, error sink, and the hand-written behaviours the definitions may name
 * @returns the mock, ready to answer
 * @throws {Error} when two APIs share a mount path, a definition names a hand-written behaviour not
 *   given, or an operation names an unknown successor
 */
export function mountedMock(apis: readonly ApiDefinitions[], options: MockOptions = {}): Mock {
  const onError = options.onError ?? ((err: unknown) => console.error('[mock] unexpected error:', err));
  const store = options.store ?? memoryStore(options.sandboxes, options.now ?? Date.now);
  const shared: Shared = {
    store,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_POLICY,
    caps: options.caps ?? {},
    handWritten: options.handWritten ?? [],
  };
  const table = mountTable(
    apis.map((api) => {
      const base = api.base.replace(/\/+$/, '');
      return {
        base,
        versions: api.versions.map(
          ([name, definition], i) =>
            [name, versionPipeline(definition, i === 0 ? base : mockBaseOf(name, base), base, shared)] as const,
        ),
      };
    }),
  );
  // A refusal of the mount stage is worded by the API the path is below (its current version for
  // an unknown one); below no mount, as problem details.
  const refuseAt: Refuse = (err, ctx) => {
    const to = table.route(ctx.url.pathname);
    const version = to.kind === 'version' ? to.answers : to.kind === 'unknown_version' ? to.current : undefined;
    return (version?.refuse ?? problemRefusal)(err, ctx);
  };
  const pipeline = compose([mount(table)], refuseAt);
  const contextOf = (request: Request, method: string): Context => ({
    request,
    url: new URL(request.url),
    method: method.toUpperCase(),
    path: '/',
  });

  return {
    async handle(request: Request, options: HandleOptions = {}): Promise<Response> {
      let ctx: Context | undefined;
      try {
        ctx = contextOf(request, options.method ?? request.method);
        return await pipeline(ctx);
      } catch (err) {
        // A request whose URL cannot be read is refused in the words of the first API of the table.
        ctx ??= contextOf(new Request(new URL(apis[0]?.base || '/', 'http://localhost')), 'GET');
        if (err instanceof MockError) return refuseAt(err, ctx);
        onError(err);
        return refuseAt(new MockError('internal_error', 'an unexpected error occurred; it has been logged'), ctx);
      }
    },
    refuse(err, path) {
      const url = new URL(path, 'http://localhost');
      return refuseAt(err, contextOf(new Request(url), 'GET'));
    },
    store,
    reset() {
      return store.clear();
    },
    stats() {
      return store.stats();
    },
    snapshot() {
      if (!store.snapshot) throw new Error(`the ${store.kind} store keeps its sandboxes itself: no snapshot`);
      return store.snapshot();
    },
    restore(snapshot) {
      if (!store.restore) throw new Error(`the ${store.kind} store keeps its sandboxes itself: no restore`);
      store.restore(snapshot);
    },
  };
}

/**
 * The mock of one description at one mount path ({@link MockOptions.basePath}), its only version
 * named `current`: {@link mountedMock} with one API.
 * @throws {Error} as {@link mountedMock}
 */
export function mockFromDefinition(definition: MockDefinition, options: MockOptions = {}): Mock {
  return mountedMock([{ base: options.basePath ?? '', versions: [['current', definition]] }], options);
}
