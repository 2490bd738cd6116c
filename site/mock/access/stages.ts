// The access step of the pipeline: who may call (security requirements, a bearer token), how often
// (the rate limit per token), and on which data (the token's sandbox).
import { type Behaviour, problemRefusal, type Refuse, type Stage } from '../pipeline/context.ts';
import { MockError } from '../pipeline/errors.ts';
import { jsonResponse } from '../pipeline/http.ts';
import { type RatePolicy, rateLimitHeaders } from './ratelimit.ts';
import { checkCredentials, type SecurityPlan } from './security.ts';
import type { SandboxStore } from './store.ts';

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
 * Bearer authentication (RFC 6750; the Petstore's `bearerAuth`, the reset endpoint's): any non-empty
 * bearer token; otherwise 401 `unauthorized` with `WWW-Authenticate: Bearer`. Without `required` a
 * request without a token runs as token `''`.
 */
export function bearerAuthenticator(required: boolean): Behaviour['authenticate'] {
  return (request) => {
    const auth = request.headers.get('authorization');
    const token = bearerToken(auth);
    if (token === undefined && required) {
      throw new MockError(
        'unauthorized',
        `header Authorization: ${auth ? "malformed; expected 'Bearer <token>'" : "missing; expected 'Bearer <token>'"}`,
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    return token ?? '';
  };
}

/**
 * The authentication of an operation answered from its description: any non-empty credential of
 * the schemes of one of its security requirements (security.ts); the credential is the sandbox key.
 */
export function credentialsAuthenticator(plan: SecurityPlan): Behaviour['authenticate'] {
  return (request, url) => {
    const check = checkCredentials(plan, { headers: request.headers, query: url.searchParams });
    if (!check.ok) throw new MockError('unauthorized', check.message, { 'WWW-Authenticate': check.challenge });
    return check.token || (bearerToken(request.headers.get('authorization')) ?? '');
  };
}

const resetAuthenticator = bearerAuthenticator(true);

/**
 * 6. Authentication, as the operation's behaviour asks (a hand-written behaviour's own, the
 * credentials of its security requirements otherwise). The reset endpoint needs a bearer token: it
 * resets that token's sandbox.
 */
export function authenticate(): Stage {
  return async (ctx, next) => {
    const target = ctx.target;
    const check = target?.kind === 'operation' ? target.op.behaviour.authenticate : resetAuthenticator;
    ctx.token = check(ctx.request, ctx.url);
    return next();
  };
}

/**
 * 7. Rate limit per token (ratelimit.ts), counted in the store's window of the token (one across
 * every instance sharing the store): over the policy → 429 `rate_limited` with `Retry-After`; every
 * response after this stage, errors included, carries `RateLimit-Policy` and `RateLimit`. `false`
 * turns it off (no headers either). A store that cannot be reached → 503 `store_unavailable`.
 * @param refuse how the 429 is worded (the pipeline's API's words, context.ts `Refuse`)
 */
export function rateLimit(policy: RatePolicy | false, store: SandboxStore, refuse: Refuse = problemRefusal): Stage {
  return async (ctx, next) => {
    if (!policy) return next();
    ctx.sandbox ??= store.open(ctx.token ?? '');
    const decision = await ctx.sandbox.consume(policy);
    const headers = rateLimitHeaders(policy, decision);
    const res = decision.allowed
      ? await next()
      : refuse(
          new MockError(
            'rate_limited',
            `over ${policy.limit} requests per ${policy.windowS === 60 ? 'minute' : `${policy.windowS} seconds`} for this token; retry after ${decision.resetS} seconds`,
          ),
          ctx,
        );
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}

/**
 * 8. Sandbox of the token (store.ts): reads see the mock's state in it (the seed until it changes
 * something), writes change only its own copy and are answered once the store kept the change.
 * `POST /_reset` ends here: that state goes back to the seed → 204. A write that another instance's
 * write to the same sandbox overtook runs the later stages again on the state that write left
 * (store.ts `SandboxSession.write`); they read the request's body once.
 * @param key the mock's state key in the store ({@link SandboxStore.declare}); `ctx.state` is its value
 */
export function sandbox(store: SandboxStore, key: string): Stage {
  return async (ctx, next) => {
    ctx.sandbox ??= store.open(ctx.token ?? '');
    const session = ctx.sandbox;
    if (ctx.target?.kind === 'reset') {
      await session.reset(key);
      return jsonResponse(204, undefined);
    }
    // Only an operation whose behaviour writes changes a state: answers from the description
    // leave the sandbox on the shared seed.
    const write = ctx.method !== 'GET' && (ctx.target?.kind !== 'operation' || ctx.target.op.behaviour.writes);
    const run = (state: unknown) => {
      ctx.state = state;
      return next();
    };
    return write ? session.write(key, run) : session.read(key, run);
  };
}
