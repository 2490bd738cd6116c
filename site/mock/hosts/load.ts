// The description the mock hosts in Node start from (the server, the Astro dev route, the build
// of the in-browser and edge mocks, the benchmark): the API's file (site/apis/), through the one
// description loader (spec/loader: any version, split files bundled, upgraded to the internal form
// once per process); and the mock of every published version built from files.
import { loadDescription } from '../../../spec/loader/index.ts';
import type { Description } from '../../../spec/refs.ts';
import { type CreateMockOptions, createMock, type Mock, sandboxTable } from '../index.ts';
import { MOCK_BASE, mockBaseOf } from './mount.ts';
import { createVersionedMock } from './versions.ts';

/**
 * Loads a description in the internal form (OpenAPI 3.2).
 * @param path the file (an API's `description`)
 * @throws {DescriptionError} when the description cannot be read, parsed or bundled (spec/loader)
 */
export async function loadMockDescription(path: string): Promise<Description> {
  return (await loadDescription(path)).document;
}

/** An older released version the mock serves: its name and its description file. */
export interface ReleasedFile {
  version: string;
  /** `released/<version>.yaml` beside the changelog (site/reference/loaded-description.ts `releasedFile`). */
  file: string;
}

/**
 * The mock of every published version (hosts/versions.ts): the current description's mock at
 * {@link MOCK_BASE} (the Petstore's handlers when they apply), and each older release's at
 * `/api/mock/@<version>`, answered from its description only, all sharing one sandbox table (a
 * token's sandbox and rate window are one across versions).
 * @param current the current version's name and description (internal form)
 * @param older the older releases, newest first
 * @param options the core's options (rate limit, sandbox bounds, caps, error sink); `basePath` is set here
 * @throws {DescriptionError} when an older release's file cannot be loaded
 */
export async function createVersionedMockFromFiles(
  current: { version: string; description: object },
  older: readonly ReleasedFile[],
  options: Omit<CreateMockOptions, 'basePath' | 'describedOnly' | 'sandboxTable'> = {},
): Promise<Mock> {
  const table = sandboxTable(options);
  const shared = { ...options, sandboxTable: table };
  const main = await createMock(current.description, { ...shared, basePath: MOCK_BASE });
  const mocks = new Map<string, Mock>();
  for (const r of older) {
    const description = await loadMockDescription(r.file);
    mocks.set(
      r.version,
      await createMock(description, { ...shared, basePath: mockBaseOf(r.version), describedOnly: true }),
    );
  }
  return createVersionedMock({ version: current.version, mock: main }, mocks);
}
