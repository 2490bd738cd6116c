// The mock as a plain Fetch-API module (`export default { fetch }`), the shape Cloudflare Workers,
// Deno Deploy, Bun and other edge runtimes run. Bundled with the definition compiled at build time
// (site/mock/hosts/precompile.ts), so it compiles no code at run time (edge runtimes forbid `eval`).
// Sandboxes live in the memory of one isolate: they last as long as the runtime keeps it.
// Build it with `npm run build:mock-edge` (dist/mock-edge.js); see site/mock/README.md.
import { definition } from 'virtual:petstore-mock/definition';
import { versions } from 'virtual:petstore-mock/versions';
import { type Mock, type MockOptions, mockFromDefinition, sandboxTable } from '../core.ts';
import { MOCK_BASE, mockBaseOf } from './mount.ts';
import { createVersionedMock } from './versions.ts';

/**
 * The mock over the bundled definition, with other options than the default export's (the tests
 * run the mock suites against the bundle this way). The older released versions bundled with it
 * answer under `/api/mock/@<version>/` (hosts/versions.ts), sharing the current mock's sandboxes.
 */
export function createEdgeMock(options: MockOptions = {}): Mock {
  const table = options.sandboxTable ?? sandboxTable(options);
  const current = mockFromDefinition(definition, { basePath: MOCK_BASE, ...options, sandboxTable: table });
  if (versions.length === 0) return current;
  const older = new Map(
    versions.map(([version, d]) => [
      version,
      mockFromDefinition(d, { ...options, basePath: mockBaseOf(version), sandboxTable: table }),
    ]),
  );
  return createVersionedMock({ version: 'current', mock: current }, older);
}

const mock = createEdgeMock();

export default {
  /** Answers one request; requests outside the mount path get the mock's 404 `route_not_found`. */
  fetch(request: Request): Promise<Response> {
    return mock.handle(request);
  },
};
