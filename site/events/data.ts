/**
 * Build-time edge of the event APIs: loads an AsyncAPI description once per build (descriptions/asyncapi/,
 * through the build cache of load-cache.ts: the parser runs only when the description or the loader's code
 * changed) and makes its views (model.ts) once, kept in the build's state (site/build-context.ts) as the
 * reference's loaded descriptions are; a new modification time of the file loads it again.
 */
import { statSync } from 'node:fs';
import type { LoadedEventDescription } from '../../descriptions/asyncapi/index.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { loadEventDescriptionCached } from './load-cache.ts';
import { type EventApiView, eventApiView } from './model.ts';

/** An event API loaded: the description and its views. */
export interface EventData {
  readonly api: Api;
  readonly loaded: LoadedEventDescription;
  readonly view: EventApiView;
  /** true when the description's load came from the build cache (no parser ran) */
  readonly cached: boolean;
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
  const data = loadEventDescriptionCached(api.description).then(({ loaded, cached }) => ({
    api,
    loaded,
    cached,
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

/**
 * The build log's line about the event descriptions' loads: which the parser read, and how many came from
 * the build cache. Pure.
 */
export function eventLoadLine(loads: readonly Pick<EventData, 'api' | 'cached'>[]): string {
  const parsed = loads.filter((l) => !l.cached).map((l) => l.api.id);
  const cached = loads.length - parsed.length;
  const from = cached > 0 ? `${cached} from the cache (inputs unchanged)` : '';
  const read = parsed.length > 0 ? `${parsed.join(', ')} parsed` : '';
  return `event descriptions: ${[read, from].filter(Boolean).join('; ')}`;
}
