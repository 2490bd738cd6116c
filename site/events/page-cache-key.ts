/**
 * The data key of an event API's pages for Astro's incremental build (`experimental.incrementalBuild`),
 * as site/reference/page-cache-key.ts is the REST pages': a page whose `getStaticPaths()` entry carries a
 * `cacheKey` is copied from the previous build instead of rendered when that key and the hash of the code
 * its route imports are both unchanged.
 *
 * Astro hashes the code (the routes, the components, the event model, the description library) and the
 * lock file (the AsyncAPI parser and converter); this key covers everything else the pages read at render
 * time, for every page of the API at once (overview, operations, messages, schemas, their Markdown twins,
 * `llms-full.txt` and the description's download, in every published version, per locale): the bytes of
 * every file of the description and of each older published version's (every page's version switcher
 * links the same operation in each), the locale's Overlays, the API's options, the build date, the page's
 * sidebar (which shows every API of the site) and the published versions of the OpenAPI APIs (the search
 * filters every page carries). An event API is a few dozen pages: a change to its description renders them
 * all again and copies every other API's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { eventDescriptionFiles } from '../../descriptions/asyncapi/files.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { cacheKey } from '../build-cache.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { overlayFile } from '../i18n/overlays.ts';
import { buildDate, siteNavigation } from '../reference/loaded-description.ts';
import { buildSearchIndexCount } from '../reference/search-indexes.ts';
import { versionSet } from '../reference/versions.ts';
import { eventVersions } from './data.ts';

/** Bump when what a page reads outside Astro's module graph changes shape. */
const KEY_VERSION = 'event-pages/1';

/** What an event API's pages read at render time besides their code. */
export interface EventPageKeyInputs {
  /**
   * each file of the description (the entry first, then every local file its `$ref`s reach), then of each
   * older published version's released file (its pages, and every version's switcher, read them), then the
   * locale's Overlay of each: path relative to the entry's folder, and bytes (null: missing)
   */
  files: readonly { path: string; bytes: Buffer | null }[];
  /** the locale key of the pages (`fr`), '' for the root locale */
  locale?: string;
  /** the published versions' names, the current one first */
  eventVersions?: readonly string[];
  /** the API with its options, without its file's path (site/apis/api.ts) */
  options: unknown;
  /** the build date, YYYY-MM-DD */
  date: string;
  /** the pages' sidebar (site/reference/loaded-description.ts `siteNavigation` of the API) */
  sidebar: unknown;
  /** the published versions of each OpenAPI API (their search filters are on every page) */
  versions: unknown;
  /** how many search indexes the pages' search merges (reference/search-indexes.ts); 1 when left out */
  searchIndexes?: number;
}

/** The key of an event API's pages: SHA-256 hex over their inputs. Pure; any change to any input gives another key. */
export function eventPageKeyOf(inputs: EventPageKeyInputs): string {
  const parts: (string | Buffer)[] = [KEY_VERSION, String(inputs.files.length)];
  for (const { path, bytes } of inputs.files) parts.push(path, bytes ?? '\0missing');
  parts.push(JSON.stringify(inputs.options), inputs.date, JSON.stringify(inputs.sidebar));
  parts.push(JSON.stringify(inputs.versions), inputs.locale ?? '', JSON.stringify(inputs.eventVersions ?? []));
  parts.push(String(inputs.searchIndexes ?? 1));
  return cacheKey(...parts);
}

/** The keys computed in this build, by API id and locale (the build's state, site/build-context.ts). */
const KEYS = buildSlot('events.page-keys', () => new Map<string, Promise<string>>());

/**
 * The `cacheKey` of every page of an event API in a locale, each published version's ({@link eventPageKeyOf}
 * of this build's inputs), computed once per build, API and locale.
 * @param site the site's APIs (the sidebar shows each)
 * @param api the event API as configured (its current version)
 * @param locale the pages' locale key (`fr`); undefined for the root locale
 * @throws {DescriptionError} when a description the sidebar shows cannot be loaded
 */
export function eventPageKey(site: SiteApis, api: Api, locale?: string): Promise<string> {
  const store = currentBuild().state(KEYS);
  const id = `${api.id}\0${locale ?? ''}`;
  let key = store.get(id);
  if (key === undefined) {
    key = (async () => {
      const folder = dirname(api.description);
      const file = (path: string) => ({
        path: relative(folder, path),
        bytes: existsSync(path) ? readFileSync(path) : null,
      });
      const { current, older } = await eventVersions(api);
      const shown = [api, ...older.map((o) => o.api)];
      const files = shown.flatMap((a) => eventDescriptionFiles(a.description).map(file));
      if (locale) {
        for (const a of shown) {
          const overlay = overlayFile(a.description, locale, a.options.overlays);
          if (overlay) files.push(file(overlay));
        }
      }
      const versions = [];
      for (const rest of site.apis) {
        const set = await versionSet(rest);
        versions.push({
          id: rest.id,
          versions: set.versions.map((v) => ({ version: v.version, current: v.current, base: v.base })),
        });
      }
      return eventPageKeyOf({
        files,
        ...(locale ? { locale } : {}),
        eventVersions: [current, ...older.map((o) => o.version)],
        // The API without its file's path: the files' bytes are in the key, so a checkout elsewhere keeps the cache.
        options: { ...api, description: undefined, changelog: undefined },
        date: buildDate(),
        sidebar: await siteNavigation(site, { api }),
        versions,
        searchIndexes: await buildSearchIndexCount(),
      });
    })();
    store.set(id, key);
  }
  return key;
}
