import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3 } from 'openapi-types';
import { parse } from 'yaml';

/** Absolute path of the Petstore API description (OpenAPI 3.0.3 YAML). */
export const SPEC_PATH: string = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

/**
 * The description the site is built from: `PETSTORE_SPEC` (a path, relative to the working directory)
 * when set, so the build and the benchmarks can use another OpenAPI document; {@link SPEC_PATH} otherwise.
 */
export function specPath(env: Record<string, string | undefined> = process.env): string {
  return env.PETSTORE_SPEC ? resolve(env.PETSTORE_SPEC) : SPEC_PATH;
}

/**
 * Parses the YAML or JSON text of an OpenAPI document (JSON is read with `JSON.parse`: a YAML parser
 * takes seconds on a 13 MB description). Pure: no I/O.
 *
 * Inside the Astro/Vite bundle, load the text with `import text from '.../spec/openapi.yaml?raw'`
 * and call this; in Node (tests, tools, bench) use {@link loadSpec}.
 *
 * @param text YAML source of the document
 * @returns the document as plain data (no `$ref` resolved)
 * @throws {Error} when the text is not YAML or not an object with `openapi` and `paths`
 */
export function parseSpec(text: string): OpenAPIV3.Document {
  const doc: unknown = text.trimStart().startsWith('{') ? JSON.parse(text) : parse(text);
  if (typeof doc !== 'object' || doc === null || !('openapi' in doc) || !('paths' in doc)) {
    throw new Error('not an OpenAPI document: expected an object with `openapi` and `paths`');
  }
  return doc as OpenAPIV3.Document;
}

/**
 * Reads and parses the OpenAPI document from disk.
 * @param path file to read; defaults to {@link specPath} (`PETSTORE_SPEC` or spec/openapi.yaml)
 * @throws {Error} when the file cannot be read or parsed
 */
export function loadSpec(path: string = specPath()): OpenAPIV3.Document {
  return parseSpec(readFileSync(path, 'utf8'));
}
