// The mock Petstore API built from the OpenAPI document at start-up (the server and the Astro dev
// route): openapi-backend reads the operations (path-level parameters merged, references resolved)
// and compiles their request validators with ajv, then core.ts answers with them. The in-browser
// and edge builds get the same definition compiled at build time instead (precompile.ts).
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { type Mock, type MockOptions, mockFromDefinition } from './core.ts';
import { INT64_FORMAT } from './formats.ts';

export {
  type HandleOptions,
  type Mock,
  type MockDefinition,
  type MockOptions,
  type MockSnapshot,
  mockFromDefinition,
} from './core.ts';
export { MockError } from './errors.ts';
export { DEFAULT_RATE_POLICY, type RatePolicy } from './ratelimit.ts';
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandboxes.ts';
export { RESET_PATH } from './stages.ts';
export { DEFAULT_CAPS } from './store.ts';

/**
 * openapi-backend over a copy of the document, with the mock's ajv settings: `allErrors`, the
 * formats of formats.ts. precompile.ts builds the same to read the validators' schemas.
 * @throws {Error} when the document is invalid
 */
export async function openApiBackend(spec: OpenAPIV3.Document): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: structuredClone(spec) as Document,
    strict: true,
    // Quick start-up: validators compile on the first request of each operation instead of all
    // at once (about 1 s), and the document is not re-validated here (tests/spec validates it).
    quick: true,
    validate: true,
    ajvOpts: { allErrors: true, strict: false },
    customizeAjv: (ajv) => {
      addFormats(ajv);
      ajv.addFormat('int64', INT64_FORMAT);
      return ajv;
    },
  });
  await api.init();
  return api;
}

/**
 * Builds the mock from an OpenAPI 3.0 document, compiling its request validators at run time.
 *
 * @param spec the parsed document (`parseSpec`/`loadSpec` from spec/load.ts); it is copied, not changed
 * @param options mount path, caps, error sink
 * @returns the mock, ready to answer
 * @throws {Error} when the document is invalid
 */
export async function createMock(spec: OpenAPIV3.Document, options: MockOptions = {}): Promise<Mock> {
  const api = await openApiBackend(spec);
  return mockFromDefinition(
    {
      security: spec.security,
      securitySchemes: spec.components?.securitySchemes ?? {},
      operations: api.getOperations(),
      validators: (operationId) => api.validator.getRequestValidatorsForOperation(operationId) ?? [],
    },
    options,
  );
}
