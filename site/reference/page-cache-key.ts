/**
 * The data key of the reference's generated pages, for Astro's incremental build
 * (`experimental.incrementalBuild`): a page whose `getStaticPaths()` entry carries a `cacheKey` is
 * copied from the previous build instead of rendered again when that key and the hash of the code it
 * imports (Astro's module graph, with Starlight's configuration and the CSS) are both unchanged.
 *
 * Astro hashes the code; this key covers everything else a reference page reads at render time: the
 * description (bundled, in its own version), the reference options, the build date (a sunset date is
 * "ahead" or "past" relative to it) and the changelog (the "Changed in" line). One key for every
 * reference page: any change to the description renders them all again, since the sidebar, the tag
 * pages and the schema links of every page are derived from the whole description.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Api } from '../apis/api.ts';
import { cacheKey } from '../build-cache.ts';
import { changelog } from '../changelog/data.ts';
import type { LocalizedDescription } from '../i18n/overlays.ts';
import { buildDate, type ReferenceData, referenceData } from './loaded-description.ts';
import { versionSet } from './versions.ts';

/** The published versions as the pages see them: every version's pages and the absent pages, JSON-ready. */
async function versionsInput(api: Api): Promise<unknown> {
  const { versions, absent } = await versionSet(api);
  if (versions.length < 2) return null;
  return {
    versions: versions.map((v) => ({
      version: v.version,
      current: v.current,
      base: v.base,
      operations: v.operations,
      tags: [...v.tags],
      schemas: [...v.schemas],
      webhooksUrl: v.webhooksUrl,
    })),
    absent,
  };
}

/** Bump when what a page reads outside Astro's module graph changes shape. */
const KEY_VERSION = 'reference-pages/2';

/** What a reference page reads at render time besides its code. */
export interface PageKeyInputs {
  /** `swagger` or `openapi` as the description writes it */
  sourceVersion: string;
  /** the description in its own version, external `$ref`s bundled in (the loader's `source`) */
  source: unknown;
  /** the API with its reference options (site/apis/api.ts) */
  options: unknown;
  /** the build date, YYYY-MM-DD */
  date: string;
  /** the changelog (spec/changelog.ts) */
  changelog: unknown;
  /**
   * what a page shows of the other published versions: their names, operations, tags and schemas (the
   * switcher's targets) and the absent pages; an older version's pages are copied as long as these and
   * its own description are unchanged, whatever else the working description changes
   */
  versions?: unknown;
}

/**
 * The key of a set of page inputs: SHA-256 hex over their JSON. Pure; any change to any input gives
 * another key.
 */
export function pageKeyOf(inputs: PageKeyInputs): string {
  return cacheKey(
    KEY_VERSION,
    inputs.sourceVersion,
    JSON.stringify(inputs.source),
    JSON.stringify(inputs.options),
    inputs.date,
    JSON.stringify(inputs.changelog),
    JSON.stringify(inputs.versions ?? null),
  );
}

/**
 * Keys computed in this process, by the reference data they were computed from ({@link referenceData}
 * is itself computed once per loaded description, options and date). On `globalThis`: Astro's config
 * and its prerender bundle are separate module instances.
 */
const KEYS = Symbol.for('petstore-docs.reference.page-keys');
type Store = { [KEYS]?: WeakMap<ReferenceData, string> };

/**
 * The `cacheKey` of every page generated from the description (operation, tag, schema and index pages,
 * their Markdown twins, the try-it documents): {@link pageKeyOf} this build's inputs, computed once per
 * reference data.
 * @param api the pages' API
 * @param release an older released version's pages (its description's key); omitted: the current version's
 * @throws {DescriptionError} when the description cannot be loaded
 * @throws {Error} when the changelog file is invalid
 */
export async function referencePageKey(api: Api, release?: string): Promise<string> {
  const data = await referenceData(api, release);
  const store = globalThis as Store;
  store[KEYS] ??= new WeakMap();
  let key = store[KEYS].get(data);
  if (key === undefined) {
    key = pageKeyOf({
      sourceVersion: data.loaded.sourceVersion,
      source: data.loaded.source,
      // The API without its files' paths: their content is in the key, so a checkout elsewhere keeps the cache.
      options: { ...data.api, description: undefined, changelog: undefined },
      date: buildDate(),
      changelog: changelog(api),
      versions: await versionsInput(api),
    });
    store[KEYS].set(data, key);
  }
  return key;
}

/**
 * The part of a generated page's cache key that a locale adds (site/reference/page-cache-key.ts): the
 * locale and the bytes of its overlay, so that a page restored by Astro's incremental build is never
 * the previous translation. Empty for the root locale.
 */
export async function localeCacheKey(api: Api, locale: string | undefined): Promise<string> {
  if (!locale) return '';
  const { loaded } = await referenceData(api, undefined, locale);
  const file = (loaded as LocalizedDescription).overlay;
  const bytes = file ? readFileSync(file) : Buffer.alloc(0);
  return ` ${locale} ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
}
