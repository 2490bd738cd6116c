// The mock's core, the same wherever it runs: prepares the operations of a compiled description
// and composes the request pipeline (pipeline.ts; each stage in the folder of its step), in the
// order of the README, turning every unexpected failure into a 500 `Error` response. It knows
// nothing of its host or of how the request validators were compiled: index.ts compiles them from
// the description at start-up (the server, the Astro dev route); hosts/precompile.ts compiles them
// at build time into plain code (the service worker, the Fetch-API edge module), so no schema
// compiler runs in a browser.
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import { params as pathParamsOf } from 'bath-es5';
import { type Description, deref, hasType, isObject, type JsonObject } from '../../spec/refs.ts';
import { escapeRegExp } from '../../spec/regexp.ts';
import { DEFAULT_RATE_POLICY, type RatePolicy } from './access/ratelimit.ts';
import { Sandboxes, type SandboxLimits, type SandboxSnapshot } from './access/sandboxes.ts';
import { securityPlan } from './access/security.ts';
import { authenticate, rateLimit, sandbox } from './access/stages.ts';
import { mockResponse } from './answer/stages.ts';
import { MockError } from './errors.ts';
import { CORS_HEADERS, type DeprecationInfo, deprecationHeaders, jsonResponse } from './http.ts';
import { createHandlers, type Handler, handledOperations } from './petstore/handlers.ts';
import { handle } from './petstore/stage.ts';
import { type Caps, DEFAULT_CAPS } from './petstore/store.ts';
import { type Context, compose, type PreparedOperation } from './pipeline.ts';
import { jsonBodyMedia } from './request/media.ts';
import type { Param } from './request/params.ts';
import { rawParams, readBody, validate } from './request/stages.ts';
import type { RequestValidator } from './request/validate.ts';
import { type MockOperation, mockOperations } from './route/operations.ts';
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

/**
 * The path parameters of a request path matched to a template, percent-decoded, one segment part
 * per parameter (`/files/{name}.{ext}` reads `report.csv` as `report` and `csv`, which bath-es5,
 * openapi-backend's reader, kept for the Petstore's operations, reads as `report.cs` and ``).
 */
function templateParams(
  template: string,
  params: readonly Param[] = [],
): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const m = /^\{([^}]+)\}$/.exec(part);
        if (!m) return escapeRegExp(part);
        names.push(m[1] as string);
        // A parameter with an enum of texts matches one of them, so two parameters side by side
        // (`/blog/{pageName}{mediaTypeExtension}`, extension `.json`) split where the enum says.
        const values = (params.find((p) => p.in === 'path' && p.name === m[1])?.schema as { enum?: unknown[] })?.enum;
        if (Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string' && v !== '')) {
          return `(${(values as string[]).map((v) => escapeRegExp(encodeURIComponent(v))).join('|')})`;
        }
        return '([^/]+?)';
      })
      .join('')}$`,
  );
  return (path) => {
    const m = pattern.exec(path);
    if (!m) return null;
    const out: Record<string, string> = {};
    names.forEach((name, i) => {
      const raw = m[i + 1] ?? '';
      try {
        out[name] = decodeURIComponent(raw);
      } catch {
        out[name] = raw;
      }
    });
    return out;
  };
}

/** A parameter with its schema's top level and `items` followed through `$ref`s (what the decoders read). */
function paramView(doc: Description, p: MockOperation['parameters'][number]): Param {
  const schema = deref(doc, p.schema);
  if (!schema) return p as unknown as Param;
  const items = schema.items === undefined ? undefined : deref(doc, schema.items);
  return { ...p, schema: items ? { ...schema, items } : schema } as unknown as Param;
}

/** RFC 9562 §4 UUID text: what `format: uuid` (JSON Schema 2020-12 §7.3.5) accepts. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether path parameter values fit their schemas' type, `uuid` format and enum: enough to tell
 * `/collection/{id}` (an integer, or a UUID) from `/collection/{slug}` when both match a path.
 */
function pathFits(params: readonly Param[], values: Record<string, string> | null): boolean {
  if (!values) return false;
  for (const p of params) {
    const value = values[p.name];
    if (p.in !== 'path' || value === undefined) continue;
    const schema = (p.schema ?? {}) as { type?: unknown; enum?: unknown; format?: unknown };
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('integer') && !types.includes('string') && !/^-?\d+$/.test(value)) return false;
    if (types.includes('number') && !types.includes('string') && Number.isNaN(Number(value))) return false;
    if (types.includes('boolean') && !types.includes('string') && value !== 'true' && value !== 'false') return false;
    if (schema.format === 'uuid' && !UUID.test(value)) return false;
    if (Array.isArray(schema.enum) && schema.enum.length > 0 && !schema.enum.some((e) => String(e) === value))
      return false;
  }
  return true;
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
  // The Petstore's hand-written behaviour, for the Petstore's description (petstore/handlers.ts).
  const handled = handledOperations(operations);
  // Deprecation headers of the hand-written operations; a malformed date there is an error of our
  // description, found at start-up.
  const extraHeaders: Record<string, Record<string, string>> = {};
  for (const op of operations) {
    const dep = handled.has(op.operationId) ? deprecationOf(op) : undefined;
    if (dep) extraHeaders[op.operationId] = deprecationHeaders(dep);
  }
  const handlers: Record<string, Handler> = handled.size > 0 ? createHandlers(extraHeaders) : {};
  const globalSecurity = doc.security;
  const components = isObject(doc.components) ? doc.components : {};
  // Schemes the hand-written operations enforce: HTTP bearer (any non-empty token). A requirement
  // list with an empty alternative (`{}`) makes authentication optional.
  const bearerSchemes = new Set(
    Object.entries(isObject(components.securitySchemes) ? components.securitySchemes : {})
      .filter(([, raw]) => {
        const s = deref(doc, raw);
        return s?.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer';
      })
      .map(([name]) => name),
  );
  const prepared = new Map<string, PreparedOperation>();
  for (const op of operations) {
    const handler = handled.has(op.operationId) ? handlers[op.operationId] : undefined;
    const operationId = op.operationId;
    const requirements = op.security ?? globalSecurity;
    const security = (Array.isArray(requirements) ? requirements : []) as JsonObject[];
    const intKeys = new Set<string>();
    const countKeys = new Set<string>();
    if (handler) collectIntegerKeys(doc, jsonBodyMedia(op)?.schema, intKeys, countKeys);
    const params = op.parameters.map((p) => paramView(doc, p));
    let validators: readonly RequestValidator[] | undefined;
    const entry: PreparedOperation = {
      operation: op,
      params,
      needsAuth:
        security.length > 0 &&
        !security.some((req) => Object.keys(req).length === 0) &&
        security.some((req) => Object.keys(req).some((name) => bearerSchemes.has(name))),
      hasBody: op.requestBody !== undefined,
      intKeys,
      countKeys,
      commaArrays: new Set(
        params.filter((p) => p.in === 'query' && hasType(p.schema, 'array') && p.explode === false).map((p) => p.name),
      ),
      pathParams: handler ? pathParamsOf(op.path) : templateParams(routeTemplate(op.path), params),
      validators: () => {
        validators ??= definition.validators(operationId);
        return validators;
      },
    };
    if (handler) entry.handler = handler;
    else {
      entry.described = op;
      entry.security = securityPlan(requirements, doc);
    }
    prepared.set(operationId, entry);
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
    mockResponse(doc),
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
