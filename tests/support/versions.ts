// The three-release history of tests/fixtures/versions (made by its make-history.ts with spec:release):
// 1.0.0; 1.1.0 adds an optional `sort` parameter to listPets; 2.0.0, the working description, removes
// getPet after its sunset date. Built for real with every release published.
import { join } from 'node:path';
import { type Build, buildDescription } from './built-pages.ts';
import { ROOT } from './server.ts';

export const VERSIONS_FIXTURE = join(ROOT, 'tests/fixtures/versions');

/**
 * The environment that builds (and serves) the history: its working description, whose release record
 * (changelog.json, released/) is beside it.
 */
export const VERSIONS_ENV = {
  PETSTORE_SPEC: join(VERSIONS_FIXTURE, 'openapi.yaml'),
  PETSTORE_VERSIONS: 'all',
  BUILD_DATE: '2026-11-27',
};

/**
 * Builds the history into `dist` (absolute, below the repository root), as `npm run build` does.
 * @param env more environment (another `PETSTORE_VERSIONS`…)
 */
export function buildVersions(dist: string, env: Record<string, string> = {}): Build {
  const { PETSTORE_SPEC, ...rest } = VERSIONS_ENV;
  return buildDescription(PETSTORE_SPEC, dist, { ...rest, ...env });
}
