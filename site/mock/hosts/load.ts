// The mock of every published version for the hosts in Node (the server, the Astro dev route, the
// MCP server): the current description as the caller loaded it, and each older release's file,
// loaded through the one description loader (spec/loader: any version, split files bundled, checked,
// upgraded to the internal form once per process).
import { loadDescription } from '../../../spec/loader/index.ts';
import { type CreateMockOptions, createMock, type Mock, type MockDescription } from '../index.ts';
import { MOCK_BASE } from '../route/mount.ts';

/** An older released version the mock serves: its name and its description file. */
export interface ReleasedFile {
  version: string;
  /** `released/<version>.yaml` beside the changelog (site/reference/loaded-description.ts `releasedFile`). */
  file: string;
}

/**
 * The mock of every published version at {@link MOCK_BASE}: the current description's (its
 * hand-written behaviour when one applies), and each older release's at `/api/mock/@<version>`,
 * answered from its description only, all sharing one sandbox table (a token's sandbox and rate
 * window are one across versions).
 * @param current the current version's name and description (as the caller loaded it, or a parsed document)
 * @param older the older releases, newest first
 * @param options the core's options (rate limit, sandbox bounds, caps, error sink); the mount is set here
 * @throws {DescriptionError} when an older release's file cannot be loaded
 */
export async function createVersionedMockFromFiles(
  current: { version: string; description: MockDescription },
  older: readonly ReleasedFile[],
  options: Omit<CreateMockOptions, 'basePath' | 'describedOnly' | 'version' | 'older'> = {},
): Promise<Mock> {
  const versions = [];
  for (const r of older) versions.push({ version: r.version, description: await loadDescription(r.file) });
  return createMock(current.description, {
    ...options,
    basePath: MOCK_BASE,
    version: current.version,
    older: versions,
  });
}
