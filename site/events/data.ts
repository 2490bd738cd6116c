/**
 * Build-time edge of the event APIs: loads an AsyncAPI description once per process
 * (descriptions/asyncapi/: the parser takes about a second) and makes its views (model.ts) once. Kept on
 * `globalThis`, since Astro's config and its prerender bundle are separate module instances, as the
 * reference's loaded-description.ts does; a new modification time of the file loads it again.
 */
import { statSync } from 'node:fs';
import { type LoadedEventDescription, loadEventDescription } from '../../descriptions/asyncapi/index.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { type EventApiView, eventApiView } from './model.ts';

/** An event API loaded: the description and its views. */
export interface EventData {
  readonly api: Api;
  readonly loaded: LoadedEventDescription;
  readonly view: EventApiView;
}

const KEY = Symbol.for('petstore-docs.events.data');
type Store = { [KEY]?: Map<string, { mtime: number; data: Promise<EventData> }> };

/** The URL of an event API's description download: `<base>/asyncapi.yaml` (or `.json` for a JSON file). */
export function eventDownload(api: Api): string {
  return `${api.base}/asyncapi.${/\.json$/i.test(api.description) ? 'json' : 'yaml'}`;
}

/**
 * An event API's description and views, loaded once per process and modification time.
 * @throws {DescriptionError} when the description cannot be loaded (file, line, column, pointer)
 */
export function eventData(api: Api): Promise<EventData> {
  const store = globalThis as Store;
  store[KEY] ??= new Map();
  let mtime = 0;
  try {
    mtime = statSync(api.description).mtimeMs;
  } catch {
    // The loader says the file is missing.
  }
  const key = `${api.id} ${api.description} ${api.base}`;
  const cached = store[KEY].get(key);
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
  store[KEY].set(key, { mtime, data });
  data.catch(() => store[KEY]?.delete(key));
  return data;
}

/** The site's event APIs (none when the site has none). */
export function eventApis(site: SiteApis): readonly Api[] {
  return site.events ?? [];
}
