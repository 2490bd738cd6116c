// The mock's request pipeline as named stages, in the order of site/mock/README.md ("The request
// pipeline"). Each stage is `(ctx, next) => Promise<Response>` (the shape of Hono's middleware): it
// answers, or adds to the context and calls `next()`, and may change the response on the way
// back. `compose` runs them in order; a MockError thrown by a stage becomes that stage's
// response, so an outer stage (the rate limit) sees error responses like any other.

import type { Description } from '../../spec/refs.ts';
import { checkIdentityEncoding, checkJsonContentType, MAX_BODY_BYTES, parseJsonBody, readBodyText } from './body.ts';
import { MockError } from './errors.ts';
import { generate } from './generator.ts';
import type { Handler } from './handlers.ts';
import { CORS_HEADERS, jsonResponse, preflightHeaders } from './http.ts';
import { isJsonMediaType } from './media.ts';
import { negotiate } from './negotiator.ts';
import type { MockOperation } from './operations.ts';
import { checkRawParams, decodeParams, type Param, pathSegments } from './params.ts';
import { consume, type RatePolicy, rateLimitHeaders } from './ratelimit.ts';
import { normalizePath, type Router, routeTemplate } from './router.ts';
import type { Sandbox, Sandboxes } from './sandboxes.ts';
import { checkCredentials, type SecurityPlan } from './security.ts';
import type { Store } from './store.ts';
import { formatAjvErrors, type RequestValidator, requestInput, runValidators } from './validation.ts';

/** The reset endpoint below the mount path (not part of the API; see site/mock/README.md). */
export const RESET_PATH = '/_reset';

/** What routing needs of an operation: its method, path template and name. */
export interface RoutedOperation {
  method: string;
  path: string;
  operationId?: string;
}

/** Everything the pipeline needs about one operation, prepared at start-up. */
export interface PreparedOperation {
  operation: RoutedOperation;
  /**
   * The hand-written behaviour (the Petstore's handlers over its store); without one, the
   * operation answers from its description ({@link mockResponse}).
   */
  handler?: Handler;
  /** The operation as described, for answering and reading bodies when it has no handler. */
  described?: MockOperation;
  /**
   * The credentials an operation without a handler needs (security.ts); the hand-written ones
   * use {@link PreparedOperation.needsAuth} (a bearer token).
   */
  security?: SecurityPlan;
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
  /** The path parameters of a request path matched to the template, percent-decoded (bath-es5 `params`). */
  pathParams: (path: string) => Record<string, string> | null;
  /** The operation's request validators (body, then parameters), compiled when first asked for. */
  validators: () => readonly RequestValidator[];
}

/** What the stages know about one request; each stage fills in its part. */
export interface Context {
  readonly request: Request;
  readonly url: URL;
  /** The method to route by (upper case); `HEAD` is routed as `GET` (see {@link headAsGet}). */
  method: string;
  /** The path below the mount path (set by {@link mountPath}). */
  path: string;
  /** `route`: an operation of the spec; `reset`: the reset endpoint. */
  target?: { kind: 'operation'; op: PreparedOperation } | { kind: 'reset' };
  /** The bearer token (set by {@link authenticate}; `''` on an operation without auth). */
  token?: string;
  sandbox?: Sandbox;
  store?: Store;
  /** Raw text of the path parameters (set by {@link rawParams}). */
  pathRaw?: Record<string, string>;
  /** The JSON body and its int64 fields above 2^53 (set by {@link readBody}). */
  body?: unknown;
  /** Whether {@link Context.body} is a JSON body to validate (operations without a handler). */
  bodyIsJson?: boolean;
  inexact?: ReadonlyMap<string, string>;
}

export type Next = () => Promise<Response>;
export type Stage = (ctx: Context, next: Next) => Promise<Response>;

function errorResponse(err: MockError): Response {
  return jsonResponse(err.status, err.toBody(), err.headers);
}

/**
 * Runs stages in order. A MockError thrown inside a stage is answered as its `Error` response at
 * that point; anything else propagates (the core answers it 500). The last stage's `next()` is a
 * 500: a pipeline must end with a stage that answers.
 */
export function compose(stages: readonly Stage[]): (ctx: Context) => Promise<Response> {
  const run = async (i: number, ctx: Context): Promise<Response> => {
    const stage = stages[i];
    if (!stage) throw new Error('the pipeline ended without a response');
    try {
      return await stage(ctx, () => run(i + 1, ctx));
    } catch (err) {
      if (err instanceof MockError) return errorResponse(err);
      throw err;
    }
  };
  return (ctx) => run(0, ctx);
}

/** 1. Mount path: a path outside `basePath` → 404 `route_not_found`; inside, `ctx.path` is what follows it. */
export function mountPath(basePath: string): Stage {
  return async (ctx, next) => {
    const path = ctx.url.pathname;
    if (basePath) {
      if (path !== basePath && !path.startsWith(`${basePath}/`)) {
        throw new MockError('route_not_found', `no operation at ${ctx.method} ${path}`);
      }
      ctx.path = path.slice(basePath.length) || '/';
    } else ctx.path = path;
    return next();
  };
}

/**
 * 2. HEAD: answered as the GET of the same URL without its body, with every header the GET
 * gets, `Content-Length` included (RFC 9110 section 9.3.2).
 */
export function headAsGet(): Stage {
  return async (ctx, next) => {
    if (ctx.method !== 'HEAD') return next();
    ctx.method = 'GET';
    const res = await next();
    const headers = new Headers(res.headers);
    if (res.body) headers.set('Content-Length', String((await res.arrayBuffer()).byteLength));
    return new Response(null, { status: res.status, headers });
  };
}

/** An HTTP method name (RFC 9110 section 9.1: a token). */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * 3. CORS preflight: `OPTIONS` on any path → 204 with `Access-Control-Allow-*` and, when the path
 * exists, `Allow`. Any path and method gets 204, so the browser goes on to the real request and
 * shows its real 404/405 instead of an opaque CORS failure.
 */
export function preflight(router: Router<RoutedOperation>, allMethods: readonly string[]): Stage {
  return async (ctx, next) => {
    if (ctx.method !== 'OPTIONS') return next();
    if (ctx.path === RESET_PATH) return new Response(null, { status: 204, headers: preflightHeaders(['POST'], null) });
    const methods = router.methods(ctx.path);
    const requested = ctx.request.headers.get('access-control-request-method')?.trim() ?? '';
    const corsMethods = methods.length > 0 ? methods : allMethods;
    const headers = preflightHeaders(
      HTTP_TOKEN.test(requested) && !corsMethods.includes(requested) && requested !== 'OPTIONS'
        ? [...corsMethods, requested]
        : corsMethods,
      ctx.request.headers.get('access-control-request-headers'),
    );
    if (methods.length > 0) headers.Allow = [...methods, 'OPTIONS'].join(', ');
    return new Response(null, { status: 204, headers });
  };
}

/**
 * 4. Routing over the spec's operations (router.ts) and the reset endpoint: no path → 404
 * `route_not_found`; a path without that method → 405 `method_not_allowed` with `Allow`.
 */
export function route(router: Router<RoutedOperation>, prepared: ReadonlyMap<string, PreparedOperation>): Stage {
  return async (ctx, next) => {
    if (ctx.path === RESET_PATH) {
      if (ctx.method !== 'POST') {
        throw new MockError('method_not_allowed', `method ${ctx.method} is not allowed on ${ctx.path}; allowed: POST`, {
          Allow: 'POST',
        });
      }
      ctx.target = { kind: 'reset' };
      return next();
    }
    const match = router.match(ctx.method, ctx.path, ctx.url.searchParams);
    if (match.kind === 'not_found') throw new MockError('route_not_found', `no operation at ${ctx.method} ${ctx.path}`);
    if (match.kind === 'method_not_allowed') {
      const allowed = match.allowed.join(', ');
      throw new MockError(
        'method_not_allowed',
        `method ${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed}`,
        { Allow: allowed },
      );
    }
    const op = prepared.get(match.operation.operationId ?? '');
    if (!op) throw new Error(`operation ${match.operation.operationId} was not prepared`);
    ctx.target = { kind: 'operation', op };
    return next();
  };
}

/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750 section 2.1; the scheme is
 * case-insensitive), or undefined when the header is missing or malformed.
 */
export function bearerToken(authorization: string | null): string | undefined {
  if (!authorization) return undefined;
  const m = /^Bearer +([^\s].*?)\s*$/i.exec(authorization);
  return m?.[1];
}

/**
 * 5. Authentication (`bearerAuth`): any non-empty bearer token; otherwise 401 `unauthorized`
 * with `WWW-Authenticate: Bearer`. The reset endpoint needs a token too: it resets that token's
 * sandbox. An operation without a security requirement runs as token `''`.
 */
export function authenticate(): Stage {
  return async (ctx, next) => {
    const plan = ctx.target?.kind === 'operation' ? ctx.target.op.security : undefined;
    if (plan) {
      // An operation answered from its description: any non-empty credential of its schemes.
      const check = checkCredentials(plan, { headers: ctx.request.headers, query: ctx.url.searchParams });
      if (!check.ok) throw new MockError('unauthorized', check.message, { 'WWW-Authenticate': check.challenge });
      ctx.token = check.token || (bearerToken(ctx.request.headers.get('authorization')) ?? '');
      return next();
    }
    const needed = ctx.target?.kind === 'reset' || (ctx.target?.kind === 'operation' && ctx.target.op.needsAuth);
    const auth = ctx.request.headers.get('authorization');
    const token = bearerToken(auth);
    if (token === undefined && needed) {
      throw new MockError(
        'unauthorized',
        `header Authorization: ${auth ? "malformed; expected 'Bearer <token>'" : "missing; expected 'Bearer <token>'"}`,
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    ctx.token = token ?? '';
    return next();
  };
}

/**
 * 6. Rate limit per token (ratelimit.ts): over the policy → 429 `rate_limited` with `Retry-After`;
 * every response after this stage, errors included, carries `RateLimit-Policy` and `RateLimit`.
 * `false` turns it off (no headers either).
 */
export function rateLimit(policy: RatePolicy | false, sandboxes: Sandboxes, now: () => number = Date.now): Stage {
  return async (ctx, next) => {
    if (!policy) return next();
    ctx.sandbox ??= sandboxes.get(ctx.token ?? '');
    const decision = consume(ctx.sandbox.rate, policy, now());
    const headers = rateLimitHeaders(policy, decision);
    const res = decision.allowed
      ? await next()
      : errorResponse(
          new MockError(
            'rate_limited',
            `over ${policy.limit} requests per ${policy.windowS === 60 ? 'minute' : `${policy.windowS} seconds`} for this token; retry after ${decision.resetS} seconds`,
          ),
        );
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}

/**
 * 7. Sandbox of the token (sandboxes.ts): reads see its data (the seed until it changes
 * something), writes change only its own copy. `POST /_reset` ends here: that sandbox goes back
 * to the seed → 204.
 */
export function sandbox(sandboxes: Sandboxes): Stage {
  return async (ctx, next) => {
    ctx.sandbox ??= sandboxes.get(ctx.token ?? '');
    const box = ctx.sandbox;
    if (ctx.target?.kind === 'reset') {
      sandboxes.reset(box);
      return jsonResponse(204, undefined);
    }
    // Only hand-written behaviour changes a store: answers from the description leave the
    // sandbox on the shared seed.
    const write = ctx.method !== 'GET' && !(ctx.target?.kind === 'operation' && !ctx.target.op.handler);
    ctx.store = sandboxes.storeOf(box, write);
    try {
      return await next();
    } finally {
      if (write) sandboxes.settle(box);
    }
  };
}

function operationOf(ctx: Context): PreparedOperation {
  if (ctx.target?.kind !== 'operation') throw new Error('stage needs a routed operation');
  return ctx.target.op;
}

/**
 * 8. Raw parameter checks on the still percent-encoded text (params.ts): 400 `validation_failed`
 * naming `path.petId`, `query.limit`, `query.ids[2]`…
 */
export function rawParams(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    ctx.pathRaw = pathSegments(routeTemplate(op.operation.path), normalizePath(ctx.path));
    // The identifier rules are the Petstore's; other operations' parameters are checked by
    // their schemas alone (the validate stage).
    if (!op.handler) return next();
    const errors = checkRawParams(op.params, ctx.pathRaw, ctx.url.searchParams);
    if (errors.length > 0) throw new MockError('validation_failed', errors.join('; '));
    return next();
  };
}

/** The largest count the store keeps exactly: 2^53 - 1 (`Number.MAX_SAFE_INTEGER`). */
const MAX_COUNT = BigInt(Number.MAX_SAFE_INTEGER);

function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return `a ${typeof v}`;
}

/**
 * 9. Body, for operations with a `requestBody` only: JSON content type (415), identity encoding
 * (415), at most {@link MAX_BODY_BYTES} (413), UTF-8 JSON (400 `malformed_json`), an object, and
 * integer fields checked on their JSON source text (int64 range, integrality, counts ≤ 2^53 - 1).
 */
export function readBody(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    if (!op.hasBody) return next();
    if (!op.handler) return readDescribedBody(ctx, op, next);
    const request = ctx.request;
    checkJsonContentType(request.headers.get('content-type'));
    checkIdentityEncoding(request.headers.get('content-encoding'));
    const text = await readBodyText(request, MAX_BODY_BYTES);
    if (text.trim() === '') throw new MockError('validation_failed', 'body: is required (a JSON object)');
    const parsed = parseJsonBody(text, op.intKeys);
    // Counts (quantity) above 2^53 - 1 would be rounded by the store's arithmetic and echoed
    // back as another number; identifiers above it are only compared, exactly, in messages.
    const tooLarge = [
      ...parsed.overflow.filter((o) => o.exact > 0n).map((o) => ({ key: o.key, source: o.source })),
      ...[...parsed.inexact].filter(([, v]) => BigInt(v) > MAX_COUNT).map(([key, source]) => ({ key, source })),
    ].filter((t) => op.countKeys.has(t.key));
    const overflow = parsed.overflow.filter((o) => !(o.exact > 0n && op.countKeys.has(o.key)));
    if (overflow.length > 0 || parsed.fractional.length > 0 || tooLarge.length > 0) {
      throw new MockError(
        'validation_failed',
        [
          ...parsed.fractional.map((f) => `body.${f.key}: must be integer, got ${f.source}`),
          ...tooLarge.map(
            (t) => `body.${t.key}: must be <= ${MAX_COUNT} (the largest count the mock keeps exactly), got ${t.source}`,
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
    ctx.body = parsed.value;
    ctx.inexact = parsed.inexact;
    return next();
  };
}

/** A media type without parameters, lower case. */
function bareType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a declared media type (`application/json`, `image/*`, `*\/*`) takes a request's. */
function declaredTakes(declared: string, sent: string): boolean {
  const [dt = '', ds = ''] = bareType(declared).split('/');
  const [st = '', ss = ''] = sent.split('/');
  return (dt === '*' || dt === st) && (ds === '*' || ds === ss);
}

/**
 * The body of an operation answered from its description: any media type it declares (else 415
 * `unsupported_media_type`), at most {@link MAX_BODY_BYTES} (413), required when the description
 * says so (400); a JSON body must parse (400 `malformed_json`) and is then validated against its
 * schema. Other media types (forms, uploads, text) are accepted as they are.
 */
async function readDescribedBody(ctx: Context, op: PreparedOperation, next: Next): Promise<Response> {
  const request = ctx.request;
  const content = op.described?.requestBody?.content;
  const declared = content && typeof content === 'object' ? Object.keys(content) : [];
  checkIdentityEncoding(request.headers.get('content-encoding'));
  const raw = request.headers.get('content-type');
  const sent = raw ? bareType(raw) : '';
  const declaredLength = request.headers.get('content-length');
  const empty = request.body === null || declaredLength?.trim() === '0';
  if (empty && !sent) {
    if (op.described?.requestBody?.required === true) {
      throw new MockError('validation_failed', `body: is required (${declared.join(', ') || 'any media type'})`);
    }
    return next();
  }
  // JSON is JSON: `application/json` is taken where only `application/merge-patch+json` is declared.
  const taken = (d: string) => declaredTakes(d, sent) || (isJsonMediaType(sent) && isJsonMediaType(d));
  if (declared.length > 0 && !declared.some(taken)) {
    throw new MockError(
      'unsupported_media_type',
      `header Content-Type: ${sent ? `'${sent}' is not` : 'missing; it must be'} one of ${declared.join(', ')}`,
    );
  }
  if (isJsonMediaType(sent)) {
    const text = await readBodyText(request, MAX_BODY_BYTES);
    if (text.trim() === '') {
      if (op.described?.requestBody?.required === true) throw new MockError('validation_failed', 'body: is required');
      return next();
    }
    ctx.body = parseJsonBody(text, new Set()).value;
    ctx.bodyIsJson = true;
  } else if (request.body !== null) {
    // Read (to the limit) so the connection can carry the next request; not interpreted.
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        throw new MockError(
          'payload_too_large',
          `body: more than ${MAX_BODY_BYTES} bytes received; the limit is ${MAX_BODY_BYTES} bytes`,
        );
      }
    }
  }
  return next();
}

/**
 * 10. Schema validation with the operation's ajv validators (`allErrors`) over the request as
 * openapi-backend presents it (validation.ts `requestInput`): every message is
 * `location: problem`, joined with `; `.
 */
export function validate(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    // A null-prototype object: `?__proto__=1` must be an unknown parameter, not a prototype write
    // that the validator never sees.
    const query: Record<string, string | string[]> = Object.create(null);
    for (const key of new Set(ctx.url.searchParams.keys())) {
      const all = ctx.url.searchParams.getAll(key);
      // A comma-separated array (`explode: false`) given more than once is one list, as
      // decodeParams reads it: `ids=1,2&ids=3` is validated as `ids=1,2,3`.
      query[key] = all.length === 1 ? (all[0] as string) : op.commaArrays.has(key) ? all.join(',') : all;
    }
    const described = !op.handler;
    const headers: Record<string, string> = {};
    if (described) for (const [name, value] of ctx.request.headers) headers[name] = value;
    const { input, errors } = requestInput(
      { path: op.operation.path, parameters: op.params },
      op.pathParams(normalizePath(ctx.path)) ?? {},
      query,
      described ? { present: ctx.bodyIsJson === true, value: ctx.body } : { present: op.hasBody, value: ctx.body },
      described ? { headers, cookies: cookiesOf(ctx.request.headers.get('cookie')) } : undefined,
    );
    errors.push(...runValidators(op.validators(), input));
    if (errors.length > 0) {
      throw new MockError('validation_failed', formatAjvErrors(errors).join('; '));
    }
    return next();
  };
}

function cookiesOf(header: string | null): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/**
 * 11. Handler of the `operationId` over the sandbox's store → the response. An operation
 * without a handler goes on to {@link mockResponse}.
 */
export function handle(): Stage {
  return async (ctx, next) => {
    const op = operationOf(ctx);
    if (!op.handler) return next();
    if (!ctx.store) throw new Error('handle needs a store (the sandbox stage)');
    const decoded = decodeParams(op.params, ctx.pathRaw ?? {}, ctx.url.searchParams);
    const result = op.handler({
      params: decoded.values,
      raw: decoded.raw,
      body: ctx.body,
      inexact: ctx.inexact ?? new Map(),
      url: ctx.url,
      store: ctx.store,
    });
    return jsonResponse(result.status, result.body, result.headers);
  };
}

/**
 * 12. The answer of an operation without hand-written behaviour, from its description: the
 * negotiator (negotiator.ts) picks status, media type and example from `Prefer` and `Accept`, the
 * generator (generator.ts) fills body and headers. A `Prefer` naming an undeclared status or
 * example → 400 `validation_failed` naming the declared ones.
 * @param doc the description (internal form) the operations come from
 */
export function mockResponse(doc: Description): Stage {
  return async (ctx) => {
    const op = operationOf(ctx);
    const negotiated = negotiate(op.described ?? { responses: {} }, doc, {
      accept: ctx.request.headers.get('accept'),
      prefer: ctx.request.headers.get('prefer'),
    });
    const out = generate(negotiated, doc);
    return new Response(out.body, { status: out.status, headers: { ...out.headers, ...CORS_HEADERS } });
  };
}
