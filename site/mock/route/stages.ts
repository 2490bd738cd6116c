// The route step of the pipeline: which mock (the mount table: API and version), the mount path,
// HEAD as GET, CORS preflights, and the routing table over the description's operations (router.ts)
// plus the reset endpoint.
import { isToken } from '../../../descriptions/http.ts';
import { type Pipeline, type PreparedOperation, RESET_PATH, type Stage } from '../pipeline/context.ts';
import { MockError } from '../pipeline/errors.ts';
import { preflightHeaders } from '../pipeline/http.ts';
import type { MockOperation } from '../pipeline/operations.ts';
import type { MountTable } from './mount.ts';
import type { Router } from './router.ts';

/**
 * 1. Mount: which mock answers, by the table of mounts (mount.ts): the API whose mount path the
 * request path is below and, by an `@<version>` segment right below it, the version; that version's
 * own pipeline (from {@link mountPath} on) answers. A path below no mount → 404 `route_not_found`;
 * a version the API does not serve → 404 `version_not_found` listing the ones it does (current
 * first), and a preflight there → 204 with CORS headers, so a browser goes on to show that 404.
 */
export function mount(table: MountTable<{ pipeline: Pipeline }>): Stage {
  return async (ctx) => {
    const path = ctx.url.pathname;
    const to = table.route(path);
    if (to.kind === 'version') return to.answers.pipeline(ctx);
    if (to.kind === 'outside') throw new MockError('route_not_found', `no operation at ${ctx.method} ${path}`);
    if (ctx.method === 'OPTIONS') return preflightAnswer(ctx.request, [], []);
    throw new MockError(
      'version_not_found',
      `the mock has no version "${to.version}"; versions: ${to.versions.join(', ')} (the current one at ${to.base}/, an older one at ${to.base}/@<version>/)`,
      {},
      { versions: [...to.versions] },
    );
  };
}

/** 2. Mount path: a path outside `basePath` → 404 `route_not_found`; inside, `ctx.path` is what follows it. */
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
 * 3. HEAD: answered as the GET of the same URL without its body, with every header the GET
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
 * The 204 answer to a CORS preflight: `Access-Control-Allow-Methods` lists the path's methods (or
 * `otherMethods` when the path has none) and the one the browser asks for, so it goes on to the real
 * request and shows its real 404/405 instead of an opaque CORS failure; `Allow` lists the path's
 * methods when it has some.
 * @param pathMethods the methods of the request's path (upper case)
 * @param otherMethods the methods listed for a path that has none
 */
function preflightAnswer(request: Request, pathMethods: readonly string[], otherMethods: readonly string[]): Response {
  const requested = request.headers.get('access-control-request-method')?.trim() ?? '';
  const corsMethods = pathMethods.length > 0 ? pathMethods : otherMethods;
  const headers = preflightHeaders(
    isToken(requested) && !corsMethods.includes(requested) && requested !== 'OPTIONS'
      ? [...corsMethods, requested]
      : corsMethods,
    request.headers.get('access-control-request-headers'),
  );
  if (pathMethods.length > 0) headers.Allow = [...pathMethods, 'OPTIONS'].join(', ');
  return new Response(null, { status: 204, headers });
}

/**
 * 4. CORS preflight: `OPTIONS` on any path → 204 with `Access-Control-Allow-*` and, when the path
 * exists, `Allow` ({@link preflightAnswer}).
 */
export function preflight(router: Router<MockOperation>, allMethods: readonly string[]): Stage {
  return async (ctx, next) => {
    if (ctx.method !== 'OPTIONS') return next();
    if (ctx.path === RESET_PATH) return new Response(null, { status: 204, headers: preflightHeaders(['POST'], null) });
    return preflightAnswer(ctx.request, router.methods(ctx.path), allMethods);
  };
}

/**
 * 5. Routing over the description's operations (router.ts) and the reset endpoint: no path → 404
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
