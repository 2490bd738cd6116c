// The description the mock hosts in Node start from (the server, the Astro dev route, the build
// of the in-browser and edge mocks, the benchmark): `PETSTORE_SPEC` or spec/openapi.yaml, through
// the one description loader (spec/loader: any version, split files bundled, upgraded to the
// internal form once per process).
import { loadDescription } from '../../../spec/loader/index.ts';
import type { Description } from '../../../spec/refs.ts';

/**
 * Loads the description the site is built from, in the internal form (OpenAPI 3.2).
 * @param path the file; default `PETSTORE_SPEC` (relative to the working directory) or spec/openapi.yaml
 * @throws {DescriptionError} when the description cannot be read, parsed or bundled (spec/loader)
 */
export async function loadMockDescription(path?: string): Promise<Description> {
  return (await loadDescription(path)).document;
}
