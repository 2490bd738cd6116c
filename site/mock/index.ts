// The mock built from a description at start-up (the server, the Astro dev route, the tests):
// the description in the internal form (description.ts), its request validators compiled at run
// time by Ajv's 2020-12 dialect on each operation's first request (request/compile.ts), then core.ts
// answers with them. The in-browser and edge builds get the same definition compiled at build
// time instead (hosts/precompile.ts).
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import { type Mock, type MockOptions, mockFromDefinition } from './core.ts';
import { internalForm } from './description.ts';
import { isPetstoreOperation, petstoreApplies } from './petstore/behaviour.ts';
import { runtimeValidators } from './request/compile.ts';
import { mockOperations } from './route/operations.ts';

export { DEFAULT_RATE_POLICY, type RatePolicy } from './access/ratelimit.ts';
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './access/sandboxes.ts';
export {
  type HandleOptions,
  type Mock,
  type MockDefinition,
  type MockOptions,
  type MockSnapshot,
  mockFromDefinition,
} from './core.ts';
export { MockError } from './errors.ts';
export { DEFAULT_CAPS } from './petstore/store.ts';
export { RESET_PATH } from './pipeline.ts';

/**
 * Builds the mock from a description, compiling its request validators at run time.
 *
 * @param description the loader's internal form (OpenAPI 3.2), or a parsed Swagger 2.0 / OpenAPI
 *   3.0 / 3.1 document, upgraded in memory (description.ts); it is read, never changed
 * @param options mount path, caps, error sink
 * @returns the mock, ready to answer
 * @throws {Error} when the description is not an object
 */
export async function createMock(description: object, options: MockOptions = {}): Promise<Mock> {
  const document = internalForm(description);
  const onError = options.onError ?? ((err: unknown) => console.error('[mock]', err));
  const petstore = petstoreApplies(mockOperations(document));
  const validators = runtimeValidators(document, onError, (id) => petstore && isPetstoreOperation(id));
  return mockFromDefinition({ document, validators, petstore }, options);
}
