/**
 * The data keys of the reference's generated pages, for Astro's incremental build
 * (`experimental.incrementalBuild`): a page whose `getStaticPaths()` entry carries a `cacheKey` is
 * copied from the previous build instead of rendered again when that key and the hash of the code it
 * imports (Astro's module graph, with Starlight's configuration and the CSS) are both unchanged.
 *
 * Astro hashes the code; these keys cover everything else a page reads at render time.
 * - An operation's, a tag's and a schema's page and its Markdown twin have a key of their own, so a
 *   change to one operation renders that operation's routes again (and its tag's page when it shows the
 *   change) and copies the others: the key is made of what the page shows (an operation's whole view
 *   and its successor, a tag's operations, a schema's tree, and in another locale the English text the
 *   page compares with; its sidebar, the version switcher, the model's title, base and try-it targets)
 *   and of what every page of its API reads (the API and its options, the build date, the changelog,
 *   the published versions, the locale's overlay). An operation's try-it document is keyed by its body.
 * - The other reference pages (the index pages, the schema index, the webhooks list, their twins, the
 *   absent pages) have one key for the whole description: the description (bundled, in its own version)
 *   and what every page reads. They list or link across the whole description; they are few.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Api, SiteApis } from '../apis/api.ts';
import { cacheKey } from '../build-cache.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import type { LocalizedDescription } from '../i18n/overlays.ts';
import { siteTagCards } from '../og/tag-cards.ts';
import { changelog } from './changelog-pages.ts';
import { buildDate, type ReferenceData, referenceData, siteNavigation } from './loaded-description.ts';
import { summaryKey } from './model/versions/keys.ts';
import type { PageRef } from './model/versions/pages.ts';
import type { OperationSummary, SchemaPageView, TagView } from './model/views.ts';
import { buildSearchIndexCount } from './search-indexes.ts';
import { pageVersions, versionSet } from './versions.ts';

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
const KEY_VERSION = 'reference-pages/4';

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
  /** the changelog (descriptions/changelog.ts) */
  changelog: unknown;
  /**
   * what a page shows of the other published versions: their names, operations, tags and schemas (the
   * switcher's targets) and the absent pages; an older version's pages are copied as long as these and
   * its own description are unchanged, whatever else the working description changes
   */
  versions?: unknown;
  /** how many search indexes the page's search merges (reference/search-indexes.ts); 1 when left out */
  searchIndexes?: number;
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
    String(inputs.searchIndexes ?? 1),
  );
}

/**
 * Keys computed in this build, by the reference data they were computed from ({@link referenceData}
 * is itself computed once per build, loaded description, API, version and locale): the build's state
 * (site/build-context.ts), which Astro's config and its prerender bundle share.
 */
const KEYS = buildSlot('reference.page-keys', () => new WeakMap<ReferenceData, string>());

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
  const store = currentBuild().state(KEYS);
  let key = store.get(data);
  if (key === undefined) {
    key = pageKeyOf({
      sourceVersion: data.loaded.sourceVersion,
      source: data.loaded.source,
      // The API without its files' paths: their content is in the key, so a checkout elsewhere keeps the cache.
      options: { ...data.api, description: undefined, changelog: undefined },
      date: buildDate(),
      changelog: changelog(api),
      versions: await versionsInput(api),
      searchIndexes: await buildSearchIndexCount(),
    });
    store.set(data, key);
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

/** A page with a key of its own: an operation's, a tag's or a schema's (and its Markdown twin). */
export type KeyedPage =
  | { kind: 'operation'; op: OperationSummary }
  | { kind: 'tag'; tag: TagView }
  | { kind: 'schema'; schema: SchemaPageView };

/** What a keyed page and its Markdown twin read, besides what {@link PageKeyInputs} holds for every page. */
export interface OwnKeyInputs {
  /** the key of what every page of its API, version and locale reads: {@link pageKeyOf} without the description */
  common: string;
  kind: KeyedPage['kind'];
  /**
   * what the page shows of its subject: an operation's whole view (the model's `operationView`) and its
   * successor's summary; a tag's view (its operations' summaries, its nested tags) and whether its group
   * is shown; a schema's page view (the operations using it) and its tree; in another locale, the
   * English text the page compares with (Starlight's "not translated" notice)
   */
  subject: unknown;
  /**
   * the page's sidebar, as JSON: stringified once per tag and shared by its pages (a large site's
   * sidebar is the same big tree on each of its tag's hundreds of pages)
   */
  sidebar: string;
  /** the version switcher and the banner of the page */
  versions: unknown;
  /**
   * what the page reads of the model besides its subject: its title, base and try-it targets, and whether
   * its API's operation pages show their tag's Open Graph card
   */
  model: unknown;
}

/** The key of a keyed page and its twin: SHA-256 hex over their inputs' JSON. Pure. */
export function ownKeyOf(inputs: OwnKeyInputs): string {
  return cacheKey(
    KEY_VERSION,
    inputs.kind,
    inputs.common,
    JSON.stringify(inputs.subject),
    inputs.sidebar,
    JSON.stringify(inputs.versions),
    JSON.stringify(inputs.model),
  );
}

/** Per reference data (an API's version in a locale): what every page reads, each sidebar, each page's key. */
interface OwnKeys {
  common: Promise<string>;
  /** each tag's sidebar (`''`: the pages of no tag), as JSON */
  sidebars: Map<string, Promise<string>>;
  keys: Map<string, Promise<string>>;
}
const OWN_KEYS = buildSlot('reference.own-keys', () => new WeakMap<ReferenceData, OwnKeys>());

/** The keys of a version's reference data in a locale, made once per build (the build's state, as {@link KEYS}). */
function ownKeys(api: Api, data: ReferenceData, locale: string | undefined): OwnKeys {
  const store = currentBuild().state(OWN_KEYS);
  let keys = store.get(data);
  if (!keys) {
    const common = (async () =>
      `${pageKeyOf({
        sourceVersion: data.loaded.sourceVersion,
        source: null,
        // The API without its files' paths (as referencePageKey), and the options its pages read.
        options: { api: { ...data.api, description: undefined, changelog: undefined }, options: data.options },
        date: buildDate(),
        changelog: changelog(api),
        versions: await versionsInput(api),
        searchIndexes: await buildSearchIndexCount(),
      })}${await localeCacheKey(api, locale)}`)();
    keys = { common, sidebars: new Map(), keys: new Map() };
    store.set(data, keys);
  }
  return keys;
}

/** The URL of a keyed page (what its key is kept by). */
function urlOf(page: KeyedPage): string {
  return page.kind === 'operation' ? page.op.url : page.kind === 'tag' ? page.tag.url : page.schema.url;
}

/**
 * The `cacheKey` of an operation's, a tag's or a schema's page and of its Markdown twin ({@link ownKeyOf}),
 * computed once per page, version and locale: a change to the description that leaves everything the page
 * shows alone (another operation's parameters, say) keeps it.
 * @param site the site's APIs (the sidebar shows each on a site of several)
 * @param api the page's API
 * @param release the older released version the page is in; omitted: the current version
 * @param locale the page's locale key; omitted: the root locale
 * @throws {DescriptionError} when the description cannot be loaded
 * @throws {Error} when the changelog file is invalid
 */
export async function ownPageKey(
  site: SiteApis,
  api: Api,
  page: KeyedPage,
  release?: string,
  locale?: string,
): Promise<string> {
  const data = await referenceData(api, release, locale);
  const own = ownKeys(api, data, locale);
  const url = urlOf(page);
  let key = own.keys.get(url);
  if (key === undefined) {
    const { model } = data;
    const tag = page.kind === 'operation' ? page.op.tag : page.kind === 'tag' ? page.tag.name : undefined;
    let sidebar = own.sidebars.get(tag ?? '');
    if (sidebar === undefined) {
      sidebar = siteNavigation(
        site,
        { api, ...(tag === undefined ? {} : { tag }), ...(release ? { release } : {}) },
        locale,
      ).then((items) => JSON.stringify(items));
      own.sidebars.set(tag ?? '', sidebar);
    }
    const inputs = async (): Promise<OwnKeyInputs> => {
      const tagCards = await siteTagCards(site);
      // The English model, for a page in another locale: what it shows untranslated.
      const english = locale ? (await referenceData(api, release)).model : undefined;
      let subject: unknown;
      let ref: PageRef;
      switch (page.kind) {
        case 'operation': {
          const { op } = page;
          const successorId = op.deprecation?.successor?.operationId;
          const en = english?.operations.find((o) => o.slug === op.slug);
          subject = {
            view: model.operationView(op),
            successor: successorId ? model.operations.find((o) => o.operationId === successorId) : null,
            english: en && english ? english.operationView(en) : null,
          };
          ref = { kind: 'operation', key: summaryKey(op), slug: op.slug };
          break;
        }
        case 'tag':
          subject = {
            tag: page.tag,
            implicit: model.groups.find((g) => g.name === page.tag.group)?.implicit ?? null,
            english: english?.tags.find((t) => t.slug === page.tag.slug)?.description ?? null,
          };
          ref = { kind: 'tag', name: page.tag.name };
          break;
        case 'schema':
          subject = { schema: page.schema, tree: model.schemaTree(page.schema) };
          ref = { kind: 'schema', name: page.schema.name };
          break;
      }
      return {
        common: await own.common,
        kind: page.kind,
        subject,
        sidebar: await sidebar,
        versions: await pageVersions(api, ref, release, locale),
        // Whether its API's operation pages show their tag's Open Graph card (the head's image alt text).
        model: { title: model.title, base: model.base, tryItTo: model.tryItTo, tagCards: tagCards.has(api.id) },
      };
    };
    key = inputs().then(ownKeyOf);
    own.keys.set(url, key);
  }
  return key;
}

/**
 * The `cacheKey` of a generated document whose body the build computes anyway (a try-it document): the
 * body itself, with what every page of its API, version and locale reads.
 * @param release the older released version the document is of; omitted: the current version
 * @param locale the document's locale key; omitted: the root locale
 */
export async function bodyKey(api: Api, body: string, release?: string, locale?: string): Promise<string> {
  const data = await referenceData(api, release, locale);
  return cacheKey(KEY_VERSION, 'body', await ownKeys(api, data, locale).common, body);
}
