// A site's mock table: where each API is mocked, its current version and description, and the older
// releases the build publishes. Apart from load.ts, which makes the mocks: the build reads the table when
// it loads its configuration, and the mock's core (ajv, its validators' compiler, among it) is about 140
// modules it never runs.
import { buildDate } from '../../../descriptions/dates.ts';
import { type LoadedDescription, loadDescription } from '../../../descriptions/loader/index.ts';
import type { Api } from '../../apis/api.ts';
import { currentVersionOf, publishedReleases, type ReleasedFile } from '../../apis/releases.ts';
import type { MockDescription } from '../index.ts';

/** One API of a site as the Node hosts mock it: where, its current version and its older releases. */
export interface SiteMockApi {
  /** The API's mount path (`/api/mock`, `/api/mock/<id>`): its older versions are at `<mount>/@<version>`. */
  mount: string;
  /** The current version's name and description (as the caller loaded it). */
  current: { version: string; description: MockDescription };
  /** The older releases, newest first. */
  older: readonly ReleasedFile[];
}

/** A row of a site's mock table: an API as the hosts mock it, its current description as loaded. */
export interface SiteMockRow extends SiteMockApi {
  current: { version: string; description: LoadedDescription };
}

/**
 * A site's mock table: each API's mount, its current version (named by its `info.version`) with its
 * loaded description, and the older releases the build publishes (site/apis/releases.ts), newest first.
 * `npm start`, `astro dev`'s route, the MCP server, the in-browser mock and the edge bundle all mock
 * what this returns.
 * @param options `load`: how a description is loaded (default: the loader with its own cache; a build
 *   passes its own, site/reference/loaded-description.ts `loadForBuild`); `buildDate`: YYYY-MM-DD, default today
 * @throws {DescriptionError} when a current description cannot be loaded
 * @throws {Error} when a release record is invalid or a published release's file is missing
 */
export async function siteMockTable(
  apis: readonly Api[],
  options: { load?: (file: string) => Promise<LoadedDescription>; buildDate?: string } = {},
): Promise<SiteMockRow[]> {
  const load = options.load ?? ((file: string) => loadDescription(file));
  const date = options.buildDate ?? buildDate();
  const table: SiteMockRow[] = [];
  for (const api of apis) {
    const description = await load(api.description);
    const { current, older } = publishedReleases(
      api,
      currentVersionOf(description.document as { info?: unknown }),
      date,
    );
    table.push({ mount: api.mockBase, current: { version: current, description }, older });
  }
  return table;
}
