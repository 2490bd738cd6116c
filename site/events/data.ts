/**
 * Build-time edge of the event APIs: loads an AsyncAPI description once per build (descriptions/asyncapi/,
 * through the build cache of load-cache.ts: the parser runs only when the description or the loader's code
 * changed) and makes its views (model.ts) once, kept in the build's state (site/build-context.ts) as the
 * reference's loaded descriptions are; a new modification time of the file loads it again.
 */
import { statSync } from 'node:fs';
import { type LoadedEventDescription, loadEventDescription } from '../../descriptions/asyncapi/index.ts';
import { buildDate } from '../../descriptions/dates.ts';
import { applyOverlay, formatOverlayProblem, readOverlay } from '../../descriptions/overlay/index.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { currentVersionOf, publishedReleases } from '../apis/releases.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { translator } from '../i18n/catalogue.ts';
import { localeOf, localePrefix } from '../i18n/locales.ts';
import { overlayFile } from '../i18n/overlays.ts';
import { loadEventDescriptionCached } from './load-cache.ts';
import { type EventApiView, eventApiView } from './model.ts';
import { eventWords } from './words.ts';

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

/** The modification time of a file, 0 when it cannot be read (the loader then says why). */
function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * An event API's description and views, loaded once per process and modification time; in a locale, with
 * the locale's Overlay applied (`i18n/<locale>.overlay.yaml` beside the description, or the file the API's
 * `overlays` option names: site/i18n/overlays.ts) and the views' words and URLs in that locale
 * (`/fr/reference/<id>/…`). The Overlay targets the document as written (AsyncAPI 2.x or 3.x); only its text
 * may change (titles, summaries, descriptions), as for an OpenAPI description.
 * @param locale a locale key beside the root one (`fr`); undefined: the root locale
 * @throws {DescriptionError} when the description cannot be loaded (file, line, column, pointer)
 * @throws {OverlayError} when the locale's Overlay cannot be read or changes anything but text
 */
export function eventData(api: Api, locale?: string): Promise<EventData> {
  const store = currentBuild().state(EVENT_DATA);
  const overlay = locale ? overlayFile(api.description, locale, api.options.overlays) : undefined;
  const mtime = mtimeOf(api.description) + (overlay ? mtimeOf(overlay) : 0);
  const key = `${api.id} ${api.description} ${api.base} ${locale ?? ''}`;
  const cached = store.get(key);
  if (cached && cached.mtime === mtime) return cached.data;
  const data = (async (): Promise<EventData> => {
    let loaded: LoadedEventDescription;
    let cached: boolean;
    if (locale) ({ loaded, cached } = await eventData(api));
    else ({ loaded, cached } = await loadEventDescriptionCached(api.description));
    if (overlay) {
      const applied = applyOverlay(loaded.source, await readOverlay(overlay));
      for (const w of applied.warnings) console.warn(`[i18n] warning: ${formatOverlayProblem(w)}`);
      // The translated document loaded again (validated, upgraded, resolved); the download stays the file.
      const translated = JSON.stringify(applied.document);
      const again = await loadEventDescription(api.description, { read: async () => translated });
      loaded = { ...again, text: loaded.text, format: loaded.format };
      cached = false;
    }
    const t = translator(locale ? localeOf(locale).lang : 'en');
    return {
      api,
      loaded,
      cached,
      view: eventApiView(loaded.model, {
        id: api.id,
        ...(api.title ? { title: api.title } : {}),
        base: `${localePrefix(locale)}${api.base}`,
        mockBase: api.mockBase,
        download: eventDownload(api),
        ...(locale ? { words: eventWords(t) } : {}),
      }),
    };
  })();
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
  // The versions are the same in every locale: decided from the root locale's description.
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
