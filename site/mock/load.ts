// The description the mock hosts in Node start from (the server, the Astro dev route, the build
// of the in-browser and edge mocks, the benchmark): `PETSTORE_SPEC` or spec/openapi.yaml, read,
// parsed and brought to the internal form. The one place the mock reads a description file.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { specPath } from '../../spec/load.ts';
import { internalForm } from './description.ts';
import type { Description } from './refs.ts';

/**
 * Loads the description the site is built from, in the internal form (OpenAPI 3.2).
 * @param path the file; default `PETSTORE_SPEC` (relative to the working directory) or spec/openapi.yaml
 * @throws {Error} when the file cannot be read or parsed
 */
export async function loadMockDescription(path: string = specPath()): Promise<Description> {
  const text = await readFile(path, 'utf8');
  // JSON with JSON.parse: a YAML parser takes seconds on a 13 MB description.
  return internalForm(text.trimStart().startsWith('{') ? JSON.parse(text) : parse(text));
}
