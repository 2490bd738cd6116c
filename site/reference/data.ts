/**
 * Build-time edge of the reference: reads spec/openapi.yaml (bundled by Vite with `?raw`), decides
 * the build date, and runs the pure mapping once for every page that needs it (the reference, the
 * deprecation and stability lists in the guides).
 */
import { parseSpec } from '../../spec/load.ts';
import text from '../../spec/openapi.yaml?raw';
import { type MappedReference, mapReference, type OpenApiDocument } from './map.ts';

/** Base path of the mock API on this origin (issue 4: site/pages/api/mock/[...path].ts). */
export const MOCK_BASE = '/api/mock';

/**
 * The build date (UTC, YYYY-MM-DD) that decides whether a sunset date is ahead or past.
 * `BUILD_DATE=YYYY-MM-DD` overrides it (reproducible builds, tests of a past sunset).
 */
export function buildDate(env: Record<string, string | undefined> = process.env): string {
  const fixed = env.BUILD_DATE;
  if (fixed) return fixed;
  return new Date().toISOString().slice(0, 10);
}

let cached: MappedReference | undefined;

/** The mapped reference for this build (computed once per build). */
export function mappedReference(): MappedReference {
  cached ??= mapReference(parseSpec(text) as unknown as OpenApiDocument, {
    buildDate: buildDate(),
    mockBase: MOCK_BASE,
  });
  return cached;
}
