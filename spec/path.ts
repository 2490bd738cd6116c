import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the Petstore API description (OpenAPI 3.0.3 YAML, this folder's `openapi.yaml`):
 * beside this module when it runs from its source, otherwise (bundled into the site's build output)
 * under the working directory, where Astro and the npm scripts run. The site shows it when its
 * configuration names no other (site/apis/config.ts); the tests and benchmarks read it as the Petstore's.
 */
export const SPEC_PATH: string = (() => {
  const beside = join(dirname(fileURLToPath(import.meta.url)), 'openapi.yaml');
  return existsSync(beside) ? beside : resolve('spec/openapi.yaml');
})();
