// The Petstore's description as written (OpenAPI 3.0.3, before the loader's upgrade to its internal
// form), read through the one description loader (descriptions/loader), for the tests of the description
// itself and of tools that take a document of any version. A fresh copy per call: tests may change it.
import type { OpenAPIV3 } from 'openapi-types';
import { loadDescription } from '../../descriptions/loader/index.ts';
import { SPEC_PATH } from '../../spec/path.ts';

export { SPEC_PATH };

const written = new Map<string, unknown>();
for (const path of new Set([SPEC_PATH, process.env.MOCK_SPEC ?? SPEC_PATH])) {
  written.set(path, (await loadDescription(path)).source);
}

/**
 * A description as written: `source` of the loader (its own version, external `$ref`s bundled).
 * @param path the Petstore's (default) or `MOCK_SPEC`'s, both read when this module loads
 * @throws {Error} for another path (load it with `loadDescription`)
 */
export function writtenSpec(path: string = SPEC_PATH): OpenAPIV3.Document {
  const doc = written.get(path);
  if (doc === undefined) throw new Error(`${path} is not read by tests/support/spec.ts; use loadDescription`);
  return structuredClone(doc) as OpenAPIV3.Document;
}
