/**
 * The one description loader: every part that reads the API description (the reference pages, the
 * explorer, the try-it documents, the in-browser, edge and server mocks, the tools) goes through
 * {@link loadDescription}, which reads, bundles, checks and upgrades it once per cache (a build keeps one
 * for all its parts, site/build-context.ts; else the loader's own).
 *
 * Contract (stable; the implementation behind it may grow):
 * - input: a YAML or JSON file, Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2, possibly split over files by
 *   relative `$ref`s;
 * - `document`: one internal form, OpenAPI 3.2 (2.0, 3.0 and 3.1 upgraded in memory by
 *   `@scalar/openapi-upgrader`; 3.1 kept when the upgrade reports an incompatibility, see `warnings`),
 *   with every external `$ref` bundled in and internal `$ref`s (`#/…`) kept as they are, so circular
 *   schemas stay finite. Treat it as read-only: it is shared by every consumer of the cache;
 * - `source`: the bundled description in its own version (what `/openapi.json` serves); `text` is the
 *   entry file byte for byte (what `/openapi.yaml` serves for a one-file description);
 * - errors: a {@link DescriptionError} with a stable `code` and where (file, line, column, JSON pointer).
 *
 * {@link readDescription} is the same load without the cache, with options: `read`, a {@link FileReader}
 * for the entry and every file it references (a git revision's files), and `entryTree`, the entry's YAML
 * syntax tree for a caller that places values on their lines.
 */

export { DescriptionError, formatDescriptionError, formatProblem } from './errors.ts';
export {
  clearDescriptionCache,
  type DescriptionCache,
  type FileReader,
  internalForm,
  loadDescription,
  readDescription,
} from './load.ts';
export type {
  DescriptionErrorCode,
  DescriptionProblem,
  LoadedDescription,
  OpenApiDocument,
  YamlTree,
} from './types.ts';
