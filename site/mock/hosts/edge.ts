// The mock as a plain Fetch-API module (`export default { fetch }`), the shape Cloudflare Workers,
// Deno Deploy, Bun and other edge runtimes run. Bundled with the definition compiled at build time
// (site/mock/hosts/precompile.ts), so it compiles no code at run time (edge runtimes forbid `eval`).
// Sandboxes live in the memory of one isolate: they last as long as the runtime keeps it.
// Build it with `npm run build:mock-edge` (dist/mock-edge.js); see site/mock/README.md.
import { definition } from 'virtual:petstore-mock/definition';
import { type Mock, type MockOptions, mockFromDefinition } from '../core.ts';
import { MOCK_BASE } from './mount.ts';

/**
 * The mock over the bundled definition, with other options than the default export's (the tests
 * run the mock suites against the bundle this way).
 */
export function createEdgeMock(options: MockOptions = {}): Mock {
  return mockFromDefinition(definition, { basePath: MOCK_BASE, ...options });
}

const mock = createEdgeMock();

export default {
  /** Answers one request; requests outside the mount path get the mock's 404 `route_not_found`. */
  fetch(request: Request): Promise<Response> {
    return mock.handle(request);
  },
};
