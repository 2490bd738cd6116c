/**
 * Build-time edge of the event APIs: loads an AsyncAPI description once per build
 * (descriptions/asyncapi/: the parser takes about a second) and makes its views (model.ts) once, kept in
 * the build's state (site/build-context.ts) as the reference's loaded descriptions are; a new modification
 * time of the file loads it again.
 */
import { statSync } from 'node:fs';
import { type LoadedEventDescription, loadEventDescription } from '../../descriptions/asyncapi/index.ts';
import { buildDate } from '../../descriptions/dates.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { currentVersionOf, publishedReleases } from '../apis/releases.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { type EventApiView, eventApiView } from './model.ts';

/** An event API loaded: the description and its views. */
export interface EventData {
  readonly api: Api;
  readonly loaded: LoadedEventDescription;
  readonly view: EventApiView;
}

/** The build's loaded event APIs, by id, file and base. */
const EVENT_DATA = buildSlot('events.data', () => new Map<string, { mtime: number; data: Promise<EventData> }>());

/** The URL of an event API's description download: `<base>/asyncapi.yaml` (or `.json` for a JSON file). */
export function eventDownload(api: Api): string {
  return `${api.base}/asyncapi.${/\.json$/i.test(api.description) ? 'json' : 'yaml'}`;
}

/**
 * An event API's description and views, loaded once per process and modification time.
 * @throws {DescriptionError} when the description cannot be loaded (file, line, column, pointer)
 */
export function eventData(api: Api): Promise<EventData> {
  const store = currentBuild().state(EVENT_DATA);
  let mtime = 0;
  try {
    mtime = statSync(api.description).mtimeMs;
  } catch {
    // The loader says the file is missing.
  }
  const key = `${api.id} ${api.description} ${api.base}`;
  const cached = store.get(key);
  if (cached && cached.mtime === mtime) return cached.data;
  const data = loadEventDescription(api.description).then((loaded) => ({
    api,
    loaded,
    view: eventApiView(loaded.model, {
      id: api.id,
      ...(api.title ? { title: api.title } : {}),
      base: api.base,
      mockBase: api.mockBase,
      download: eventDownload(api),
    }),
  }));
  store.set(key, { mtime, data });
  data.catch(() => store.delete(key));
  return data;
}

/** The site's event APIs (none when the site has none). */
export function eventApis(site: SiteApis): readonly Api[] {
  return site.events ?? [];
}

/** An event API's published versions: the current one's name, and each older one as an API of its own. */
export interface EventVersions {
  readonly current: string;
  /** The older versions, newest first: each the API with its released file and its pages below `<base>/<version>`. */
  readonly older: readonly { readonly version: string; readonly api: Api }[];
}

/**
 * The versions of an event API a build publishes, decided as an OpenAPI API's (site/apis/releases.ts: the
 * release record, the `publish` policy, the build date); each older one is read from its released file.
 * @throws {Error} when the release record is invalid or a published release's file is missing
 */
export async function eventVersions(api: Api): Promise<EventVersions> {
  const { loaded } = await eventData(api);
  const { current, older } = publishedReleases(api, currentVersionOf(loaded.source), buildDate());
  return {
    current,
    older: older.map(({ version, file }) => ({
      version,
      api: { ...api, description: file, base: `${api.base}/${encodeURIComponent(version)}` },
    })),
  };
}
