// The mock of every published version behind one mount path: `/api/mock/…` is the current version's
// mock, `/api/mock/@<version>/…` the mock of an older released version (each made with the basePath
// `/api/mock/@<version>`, so its `Location` and `Link` URLs stay under it). The `@` keeps a version
// apart from any path of the API. Used by every host: scripts/serve.ts, the Astro dev route, the
// in-browser worker and the edge module. The decision is pure (`versionOf`); the rest only forwards.
import type { HandleOptions, Mock, MockSnapshot } from '../core.ts';
import { jsonResponse, preflightHeaders } from '../http.ts';
import { MOCK_BASE } from './mount.ts';

/** Which mock a request path goes to. */
export type VersionRoute =
  | { kind: 'current' }
  | { kind: 'older'; version: string }
  | { kind: 'unknown'; version: string };

/**
 * The version a request path asks for. Pure.
 * @param path the URL's path (`/api/mock/@1.0.0/pets`), percent-encoded as received
 * @param older the older versions served
 * @param base the mount path (default {@link MOCK_BASE})
 * @returns `current` for any path without an `@` segment right below the mount path (the current
 *   mock answers it, a path outside the mount included); `older` for a served version; `unknown`
 *   otherwise (a malformed percent-encoding is taken as it is)
 */
export function versionOf(path: string, older: ReadonlySet<string>, base: string = MOCK_BASE): VersionRoute {
  if (!path.startsWith(`${base}/@`)) return { kind: 'current' };
  const end = path.indexOf('/', base.length + 2);
  const raw = path.slice(base.length + 2, end === -1 ? undefined : end);
  let version = raw;
  try {
    version = decodeURIComponent(raw);
  } catch {
    // kept as received: it names no version
  }
  return older.has(version) ? { kind: 'older', version } : { kind: 'unknown', version };
}

/** The body of the 404 for a version the mock does not serve. */
export interface VersionNotFound {
  code: 'version_not_found';
  message: string;
  status: 404;
  /** The versions served: the current one first, then the older ones, newest first. */
  versions: string[];
}

/**
 * The 404 problem of an unknown version. Pure.
 * @param version the version asked for
 * @param served the versions served, current first
 */
export function versionNotFound(version: string, served: readonly string[]): VersionNotFound {
  return {
    code: 'version_not_found',
    message: `the mock has no version "${version}"; versions: ${served.join(', ')} (the current one at ${MOCK_BASE}/, an older one at ${MOCK_BASE}/@<version>/)`,
    status: 404,
    versions: [...served],
  };
}

/**
 * One mock answering for every published version.
 * @param current the current version's mock (basePath {@link MOCK_BASE}) and its version name
 * @param older the older versions' mocks by version name (each with basePath `/api/mock/@<version>`),
 *   newest first. Give them the current mock's sandbox table (core.ts `sandboxTable`) so a token's
 *   sandbox and rate window are one across versions; {@link Mock.snapshot} and `restore` are then the
 *   current mock's, and `reset` resets every mock.
 * @returns a {@link Mock}: `/api/mock/@<version>/…` to that version's mock; an unknown version →
 *   404 `version_not_found` listing the versions (`OPTIONS` → 204 with CORS headers, so a browser
 *   goes on to show that 404); any other path to the current mock
 */
export function createVersionedMock(current: { version: string; mock: Mock }, older: ReadonlyMap<string, Mock>): Mock {
  const names = new Set(older.keys());
  const served = [current.version, ...older.keys()];
  return {
    handle(request: Request, options?: HandleOptions): Promise<Response> {
      let path: string;
      try {
        path = new URL(request.url).pathname;
      } catch {
        return current.mock.handle(request, options);
      }
      const route = versionOf(path, names);
      if (route.kind === 'current') return current.mock.handle(request, options);
      if (route.kind === 'older') return (older.get(route.version) as Mock).handle(request, options);
      const method = (options?.method ?? request.method).toUpperCase();
      if (method === 'OPTIONS') {
        const requested = request.headers.get('access-control-request-method')?.trim() ?? '';
        const methods = /^[A-Za-z]+$/.test(requested) && requested !== 'OPTIONS' ? [requested] : ['GET'];
        const headers = preflightHeaders(methods, request.headers.get('access-control-request-headers'));
        return Promise.resolve(new Response(null, { status: 204, headers }));
      }
      return Promise.resolve(jsonResponse(404, versionNotFound(route.version, served)));
    },
    reset(): void {
      current.mock.reset();
      for (const m of older.values()) m.reset();
    },
    stats: () => current.mock.stats(),
    snapshot: (): MockSnapshot => current.mock.snapshot(),
    restore: (snapshot: MockSnapshot) => current.mock.restore(snapshot),
  };
}
