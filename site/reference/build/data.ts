/**
 * Build-time edge of the reference: reads the API description once per build (`PETSTORE_SPEC` or
 * spec/openapi.yaml, see spec/load.ts), decides the build date, and runs the pure mappings once for
 * every page that needs them: the static reference pages (model.ts), the Scalar explorer (map.ts), the
 * deprecation and stability lists in the guides.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSpec, specPath } from '../../../spec/load.ts';
import { MOCK_BASE } from '../../mock/mount.ts';
import { type MappedReference, mapReference } from '../explorer/map.ts';
import type { OpenApiDocument } from '../model/document.ts';
import { buildReferenceModel, type ReferenceModel } from '../model/reference.ts';

export { MOCK_BASE };

/**
 * The build date (UTC, YYYY-MM-DD) that decides whether a sunset date is ahead or past.
 * `BUILD_DATE=YYYY-MM-DD` overrides it (reproducible builds, tests of a past sunset).
 */
export function buildDate(env: Record<string, string | undefined> = process.env): string {
  const fixed = env.BUILD_DATE;
  if (fixed) return fixed;
  return new Date().toISOString().slice(0, 10);
}

let text: string | undefined;
let doc: OpenApiDocument | undefined;
let mapped: MappedReference | undefined;
let model: ReferenceModel | undefined;

/** The description's source text, as the `/openapi.yaml` download serves it. */
export function specText(): string {
  // Bundled into the build, this module no longer sits beside spec/: the default is read from the
  // project root (Astro builds run there), `PETSTORE_SPEC` as spec/load.ts resolves it.
  text ??= readFileSync(process.env.PETSTORE_SPEC ? specPath() : resolve('spec/openapi.yaml'), 'utf8');
  return text;
}

/** The parsed description (shared by every page of the build; never mutated). */
export function specDocument(): OpenApiDocument {
  doc ??= parseSpec(specText()) as unknown as OpenApiDocument;
  return doc;
}

/** The description mapped for Scalar's explorer (computed once per build). */
export function mappedReference(): MappedReference {
  mapped ??= mapReference(specDocument(), { buildDate: buildDate(), mockBase: MOCK_BASE });
  return mapped;
}

/** The static reference pages' model (computed once per build). */
export function referenceModel(): ReferenceModel {
  model ??= buildReferenceModel(specDocument(), { buildDate: buildDate() });
  return model;
}

/** The page of an operation in the static reference, by operationId (the index when it has none). */
export function operationPage(operationId: string): string {
  return referenceModel().operations.find((o) => o.operationId === operationId)?.url ?? '/reference/';
}
