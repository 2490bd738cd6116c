import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the Petstore API description (OpenAPI 3.0.3 YAML): beside this folder when this
 * module runs from its source, otherwise (bundled into the site's build output) under the working
 * directory, where Astro and the npm scripts run.
 */
export const SPEC_PATH: string = (() => {
  const beside = join(dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml');
  return existsSync(beside) ? beside : resolve('spec/openapi.yaml');
})();

/**
 * The description the site is built from: `PETSTORE_SPEC` (a path, relative to the working directory)
 * when set, so the build, the server and the benchmarks can use another description; {@link SPEC_PATH}
 * otherwise.
 */
export function specPath(env: Record<string, string | undefined> = process.env): string {
  return env.PETSTORE_SPEC ? resolve(env.PETSTORE_SPEC) : SPEC_PATH;
}
