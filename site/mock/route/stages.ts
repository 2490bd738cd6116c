// The route step of the pipeline: the mount path, HEAD as GET, CORS preflights, and the routing
// table over the description's operations (router.ts) plus the reset endpoint.
import { isToken } from '../../../spec/http.ts';
import { MockError } from '../errors.ts';
import { preflightHeaders } from '../http.ts';
import { type PreparedOperation, RESET_PATH, type Stage } from '../pipeline.ts';
import type { MockOperation } from './operations.ts';
import type { Router } from './router.ts';

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

/**
 * 3. CORS preflight: `OPTIONS` on any path → 204 with `Access-Control-Allow-*` and, when the path
 * exists, `Allow`. Any path and method gets 204, so the browser goes on to the real request and
 * shows its real 404/405 instead of an opaque CORS failure.
 */
export function preflight(router: Router<MockOperation>, allMethods: readonly string[]): Stage {
  return async (ctx, next) => {
    if (ctx.method !== 'OPTIONS') return next();
    if (ctx.path === RESET_PATH) return new Response(null, { status: 204, headers: preflightHeaders(['POST'], null) });
    const methods = router.methods(ctx.path);
    const requested = ctx.request.headers.get('access-control-request-method')?.trim() ?? '';
    const corsMethods = methods.length > 0 ? methods : allMethods;
    const headers = preflightHeaders(
      isToken(requested) && !corsMethods.includes(requested) && requested !== 'OPTIONS'
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
export function route(router: Router<MockOperation>, prepared: ReadonlyMap<string, PreparedOperation>): Stage {
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
