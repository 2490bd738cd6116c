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
export { DEFAULT_SANDBOX_LIMITS, type Sandboxes, type SandboxLimits } from './access/sandboxes.ts';
export {
  type HandleOptions,
  type Mock,
  type MockDefinition,
  type MockOptions,
  type MockSnapshot,
  mockFromDefinition,
  sandboxTable,
} from './core.ts';
export { MockError } from './errors.ts';
export { DEFAULT_CAPS } from './petstore/store.ts';
export { RESET_PATH } from './pipeline.ts';

/** Options of {@link createMock}: the core's, and how the description's operations answer. */
export interface CreateMockOptions extends MockOptions {
  /**
   * Answer every operation from its description (examples and schemas), even when the Petstore's
   * hand-written handlers would apply: the mock of an older released version, whose stateful
   * behaviour is not kept (the handlers follow the current description). Default false: the
   * handlers apply when the description has every one of their operations (petstore/behaviour.ts).
   */
  describedOnly?: boolean;
}

/**
 * Builds the mock from a description, compiling its request validators at run time.
 *
 * @param description the loader's internal form (OpenAPI 3.2), or a parsed Swagger 2.0 / OpenAPI
 *   3.0 / 3.1 document, upgraded in memory (description.ts); it is read, never changed
 * @param options mount path, caps, error sink, `describedOnly`
 * @returns the mock, ready to answer
 * @throws {Error} when the description is not an object
 */
export async function createMock(description: object, options: CreateMockOptions = {}): Promise<Mock> {
  const document = internalForm(description);
  const onError = options.onError ?? ((err: unknown) => console.error('[mock]', err));
  const petstore = !options.describedOnly && petstoreApplies(mockOperations(document));
  const validators = runtimeValidators(document, onError, (id) => petstore && isPetstoreOperation(id));
  return mockFromDefinition({ document, validators, petstore }, options);
}
