// The mock as a plain Fetch-API module (`export default { fetch }`), the shape Cloudflare Workers,
// Deno Deploy, Bun and other edge runtimes run. Bundled with the definitions compiled at build time
// (hosts/bundle.ts), so it compiles no code at run time (edge runtimes forbid `eval`). By default the
// sandboxes live in the memory of one isolate (they last as long as the runtime keeps it);
// `createEdgeMock({ store })` takes a store adapter (access/store.ts `SandboxStore`) over the
// runtime's own engine instead (site/mock/README.md, "At the edge", names the engines that fit).
// Build it with `npm run build:mock-edge` (dist/mock-edge.js); see site/mock/README.md.
import { apis } from 'virtual:petstore-mock/apis';
import { HAND_WRITTEN } from '../behaviours.ts';
import { type Mock, type MockOptions, mountedMock } from '../core.ts';

/**
 * The mock over the bundled definitions, with other options than the default export's (the tests
 * run the mock suites against the bundle this way; a deployment gives its `store` adapter). Every version bundled answers at its mount
 * (the older ones under `/api/mock/@<version>/`); the mount paths are the bundle's, not `basePath`.
 */
export function createEdgeMock(options: MockOptions = {}): Mock {
  return mountedMock(apis, { ...options, handWritten: HAND_WRITTEN });
}

const mock = createEdgeMock();

export default {
  /** Answers one request; requests outside the mount path get the mock's 404 `route_not_found`. */
  fetch(request: Request): Promise<Response> {
    return mock.handle(request);
  },
};
