// Three APIs in one site that collide on purpose (tests/fixtures/apis/apis.yaml): the Petstore with its
// three releases, a Swagger 2.0 partner API and an OpenAPI 3.1 events API with webhooks. Built for real
// through PETSTORE_APIS, as a team's CI builds another set.
import { join } from 'node:path';
import { type Build, buildDescription } from './built-pages.ts';
import { ROOT } from './server.ts';

export const APIS_FIXTURE = join(ROOT, 'tests/fixtures/apis');

/** The environment that builds (and serves) the three APIs. */
export const APIS_ENV = {
  PETSTORE_APIS: join(APIS_FIXTURE, 'apis.yaml'),
  PETSTORE_VERSIONS: 'all',
  BUILD_DATE: '2026-11-27',
};

/**
 * Builds the three APIs into `dist` (absolute, below the repository root), as `npm run build` does.
 * @param env more environment
 */
export function buildApis(dist: string, env: Record<string, string> = {}): Build {
  const { PETSTORE_APIS, ...rest } = APIS_ENV;
  // buildDescription sets PETSTORE_SPEC; the list replaces it (the configuration refuses both).
  return buildDescription('', dist, { ...rest, PETSTORE_APIS, ...env });
}

/**
 * The three APIs plus three public descriptions from ReadMe's samples (`@readme/oas-examples`): the list
 * the browser tests build (tests/fixtures/apis/with-public.yaml), so one build holds both.
 */
export const WITH_PUBLIC_APIS = join(APIS_FIXTURE, 'with-public.yaml');

/** The public descriptions of {@link WITH_PUBLIC_APIS}: each API's id and its description file. */
export const PUBLIC_APIS: ReadonlyArray<{ id: string; description: string }> = [
  { id: 'swagger-petstore', description: join(ROOT, 'node_modules/@readme/oas-examples/2.0/json/petstore.json') },
  { id: 'train-travel', description: join(ROOT, 'node_modules/@readme/oas-examples/3.1/json/train-travel.json') },
  { id: 'security', description: join(ROOT, 'node_modules/@readme/oas-examples/3.0/json/security.json') },
];
