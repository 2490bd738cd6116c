// The mock built from descriptions at start-up (the server, the Astro dev route, the tests): each
// description as the one loader (descriptions/loader) gives it, its definition made at run time
// (request/compile.ts `runtimeDefinition`: operations listed once, the hand-written behaviour that
// applies, request validators compiled on each operation's first request), then the core
// (core.ts `mountedMock`) answers with them. The in-browser and edge builds get the same
// definitions compiled at build time instead (request/precompile.ts, hosts/bundle.ts).
// Behaviour and rules: site/mock/README.md; API design: spec/README.md.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type LoadedDescription, readDescription } from '../../descriptions/loader/index.ts';
import type { Description } from '../../descriptions/refs.ts';
import { HAND_WRITTEN } from './behaviours.ts';
import { type Mock, type MockOptions, mountedMock } from './core.ts';
import type { MockDefinition } from './pipeline/definition.ts';
import { runtimeDefinition } from './request/compile.ts';

export { DEFAULT_RATE_POLICY, type RatePolicy } from './access/ratelimit.ts';
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './access/sandboxes.ts';
export { memoryStore, type SandboxSession, type SandboxStore } from './access/store.ts';
export {
  type ApiDefinitions,
  type HandleOptions,
  type Mock,
  type MockOptions,
  type MockSnapshot,
  mockFromDefinition,
  mountedMock,
} from './core.ts';
export { RESET_PATH } from './pipeline/context.ts';
export type { MockDefinition } from './pipeline/definition.ts';
export { MockError } from './pipeline/errors.ts';

/**
 * A description for the mock: as the loader loaded it (`loadDescription`, `readDescription`), or a
 * parsed document of any version (Swagger 2.0, OpenAPI 3.0 to 3.2), which {@link internalForm} reads
 * through the loader.
 */
export type MockDescription = LoadedDescription | object;

/** An older released version of a description, served beside the current one. */
export interface OlderVersion {
  /** Its version name, as the URL `/api/mock/@<version>/` carries it. */
  version: string;
  description: MockDescription;
}

/** Options of {@link createMock}: the core's, the versions served, and how the description's operations answer. */
export interface CreateMockOptions extends MockOptions {
  /** The current version's name, as `version_not_found` lists it. Default: `current`. */
  version?: string;
  /**
   * The older released versions served under `<basePath>/@<version>/`, newest first, each answered
   * from its description only (its examples and schemas: the hand-written behaviours follow the
   * current description). Default: none.
   */
  older?: readonly OlderVersion[];
  /**
   * Answer every operation from its description (examples and schemas), even when a hand-written
   * behaviour would apply (as for an older released version). Default false: the hand-written
   * behaviours ({@link MockOptions.handWritten}, by default site/mock/behaviours.ts) apply to a
   * description they fit.
   */
  describedOnly?: boolean;
}

function isLoaded(description: MockDescription): description is LoadedDescription {
  const d = description as Partial<LoadedDescription>;
  return typeof d.sourceVersion === 'string' && typeof d.document === 'object' && Array.isArray(d.files);
}

/** The file name an in-memory document is read under (its messages name it; relative `$ref`s resolve beside it). */
const IN_MEMORY = 'in-memory-description.json';

/**
 * A description in the loader's internal form (OpenAPI 3.2, or 3.1 when the upgrade reported an
 * incompatibility): a loaded description's document, or a parsed document read through the loader
 * in memory, with the loader's checks (`readDescription` with a reader that gives the document as
 * JSON; relative `$ref`s resolve from the working directory).
 * @throws {DescriptionError} when the loader refuses the document (not OpenAPI, a dangling `$ref`…)
 */
export async function internalForm(description: MockDescription): Promise<Description> {
  if (isLoaded(description)) return description.document;
  const entry = resolve(IN_MEMORY);
  const text = JSON.stringify(description);
  const loaded = await readDescription(entry, {
    read: (file) => (file === entry ? Promise.resolve(text) : readFile(file, 'utf8')),
  });
  return loaded.document;
}

/**
 * Builds the mock of a description (and of its older released versions), compiling its request
 * validators at run time.
 * @param description the current version's description ({@link MockDescription}); it is read, never changed
 * @param options mount path, caps, error sink, `describedOnly`, the version names and older versions
 * @returns the mock, ready to answer
 * @throws {DescriptionError} when the loader refuses a description given as a parsed document
 * @throws {Error} when a hand-written behaviour refuses the description (a malformed date, say)
 */
export async function createMock(description: MockDescription, options: CreateMockOptions = {}): Promise<Mock> {
  const onError = options.onError ?? ((err: unknown) => console.error('[mock]', err));
  const handWritten = options.handWritten ?? HAND_WRITTEN;
  const current = runtimeDefinition(await internalForm(description), options.describedOnly ? [] : handWritten, onError);
  const versions: [string, MockDefinition][] = [[options.version ?? 'current', current]];
  for (const o of options.older ?? []) {
    versions.push([o.version, runtimeDefinition(await internalForm(o.description), [], onError)]);
  }
  return mountedMock([{ base: options.basePath ?? '', versions }], { ...options, handWritten });
}
