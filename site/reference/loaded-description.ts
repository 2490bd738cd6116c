/**
 * Build-time edge of the reference: loads an API's description (site/apis/: the {@link Api} value made
 * at the configuration edge) once per build through the one loader (descriptions/loader/), and runs the pure
 * mappings once for every consumer: the static reference pages and the sidebar (model/), the Scalar
 * explorer (explorer/map.ts), the try-it documents, the deprecation and stability lists in the guides,
 * the description downloads.
 *
 * Astro evaluates its config and its prerender bundle as separate module instances of this file, so
 * the loaded descriptions and the computed views are the build's state (site/build-context.ts), keyed by
 * the loaded description, the API's id, the version and the locale: the sidebar computed for the config
 * is the one the pages use, and the next build computes its own.
 */
import { upgrade } from '@scalar/openapi-upgrader';
import { buildDate } from '../../descriptions/dates.ts';
import { type DescriptionCache, type LoadedDescription, loadDescription } from '../../descriptions/loader/index.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { DEFAULT_SIDEBAR_LABEL, type ReferenceOptions } from '../apis/options.ts';
import { releasedFile } from '../apis/releases.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { eventData } from '../events/data.ts';
import { eventSidebarGroup } from '../events/model.ts';
import { sidebarWords } from '../events/words.ts';
import { type Translate, translator } from '../i18n/catalogue.ts';
import { localeOf, localePrefix, localizedPath } from '../i18n/locales.ts';
import { localizedDescription } from '../i18n/overlays.ts';
import { mockBaseOf } from '../mock/hosts/mount.ts';
import { downloadItems, siteSidebar } from '../navigation.ts';
import { type MappedReference, mapReference } from './explorer/map.ts';
import type { OpenApiDocument } from './model/document.ts';
import { buildReferenceModel } from './model/reference.ts';
import { referenceSidebar, type SidebarItem } from './model/sidebar.ts';
import { versionBase } from './model/urls.ts';
import type { ReferenceModel } from './model/views.ts';

export { buildDate };

/** Everything the reference derives from one loaded description. */
export interface ReferenceData {
  /** The API these pages document. */
  api: Api;
  options: ReferenceOptions;
  /** The released version these pages show, or undefined for the current version (the working description). */
  release?: string;
  /** The locale key of these pages (`fr`), undefined for the root locale (English). */
  locale?: string;
  /** Where this version's pages are in this locale: `[/<locale>]<the API's base>[/<version>]`. */
  base: string;
  loaded: LoadedDescription;
  /** The static pages' model. */
  model: ReferenceModel;
  /** The description mapped for Scalar's explorer and the try-it client. */
  mapped: MappedReference;
}

/** The build's loaded descriptions: each file read once per build by every part of it. */
const DESCRIPTIONS = buildSlot<DescriptionCache>('descriptions', () => new Map());

/** The build's reference data, by loaded description, then by API id, version and locale. */
const DATA = buildSlot('reference.data', () => new WeakMap<LoadedDescription, Map<string, ReferenceData>>());

/**
 * A description file loaded once per build (site/build-context.ts), shared by the reference, the
 * integrations and the mock hosts of the build.
 * @throws {DescriptionError} when the description cannot be loaded (file, line, column, pointer)
 */
export function loadForBuild(file: string): Promise<LoadedDescription> {
  return loadDescription(file, currentBuild().state(DESCRIPTIONS));
}

/**
 * The loaded description of an API and every view of it, computed once per build, description
 * version, API and locale.
 * @param api the API (site/apis/)
 * @param release an older released version (its `released/<version>.yaml`, site/apis/releases.ts `releasedFile`);
 *   omitted: the current version, the working description
 * @param locale a locale key of the site (`fr`): the pages below `/<locale>`, their words in its language and,
 *   for the current version, the description's text from its overlay (site/i18n/overlays.ts); omitted: English
 * @throws {DescriptionError} when the description cannot be loaded (file, line, column, pointer)
 * @throws {OverlayError} when the locale's overlay cannot be read or changes anything but text
 * @throws {Error} on an invalid `x-stability`, `x-deprecated-sunset`, `x-successor` or `x-tagGroups`, or
 *   when the release's file is missing
 */
export async function referenceData(api: Api, release?: string, locale?: string): Promise<ReferenceData> {
  const { options } = api;
  const file = release === undefined ? api.description : releasedFile(api, release);
  const original = await loadForBuild(file);
  // An overlay is written against the working description; an older release shows its own (English) text.
  const loaded =
    locale && release === undefined ? await localizedDescription(original, locale, options.overlays) : original;
  const store = currentBuild().state(DATA);
  let byApi = store.get(loaded);
  if (!byApi) {
    byApi = new Map();
    store.set(loaded, byApi);
  }
  // An API's id names it within a site; the build's configuration is fixed for its lifetime.
  const date = buildDate();
  const key = `${date} ${release ?? ''} ${locale ?? ''} ${api.id}`;
  let data = byApi.get(key);
  if (!data) {
    const document = loaded.document as OpenApiDocument;
    const tryIt = options.tryIt.targets;
    // The locale's prefix outermost, then the API's base and the version's segment (model/urls.ts).
    const base = `${localePrefix(locale)}${versionBase(api.base, release ?? '', release === undefined)}`;
    const lang = locale ? localeOf(locale).lang : 'en';
    data = {
      api,
      options,
      ...(release === undefined ? {} : { release }),
      ...(locale ? { locale } : {}),
      base,
      loaded,
      model: buildReferenceModel(document, {
        buildDate: date,
        tryItTargets: tryIt,
        base,
        links: { downloads: api.downloads, changelog: localizedPath(api.changes.page, locale) },
        schemaPages: options.schemaPages,
        sampleTargets: options.codeSamples.targets,
        lang,
        t: translator(lang),
      }),
      mapped: mapReference(explorerDocument(loaded), {
        buildDate: date,
        lang,
        t: translator(lang),
        mockBase: mockBaseOf(release, api.mockBase),
        mock: tryIt.includes('mock'),
        descriptionServers: tryIt.includes('description'),
        downloads: api.downloads,
      }),
    };
    byApi.set(key, data);
  }
  return data;
}

/**
 * What Scalar's explorer renders: the description upgraded to OpenAPI 3.1 (Scalar 1.72 upgrades what it
 * is given to 3.1 and does not lay out a 3.2 document's tag groups), or the internal form when the
 * description is 3.2 already.
 */
function explorerDocument(loaded: LoadedDescription): OpenApiDocument {
  if (loaded.document.openapi.startsWith('3.1') || loaded.sourceVersion.startsWith('3.2')) {
    return loaded.document as OpenApiDocument;
  }
  return upgrade(structuredClone(loaded.source), '3.1') as unknown as OpenApiDocument;
}

/** The static reference pages' model of an API. */
export async function referenceModel(api: Api, release?: string, locale?: string): Promise<ReferenceModel> {
  return (await referenceData(api, release, locale)).model;
}

/** An API's description mapped for Scalar's explorer. */
export async function mappedReference(api: Api, release?: string, locale?: string): Promise<MappedReference> {
  return (await referenceData(api, release, locale)).mapped;
}

/** An API's description in the internal form (OpenAPI 3.2): what the try-it documents are cut from. */
export async function specDocument(api: Api): Promise<OpenApiDocument> {
  return (await referenceData(api)).loaded.document as OpenApiDocument;
}

/** An API's description in its own version, external `$ref`s bundled in: what its JSON download serves. */
export async function sourceDocument(api: Api): Promise<Record<string, unknown>> {
  return (await referenceData(api)).loaded.source;
}

/** The entry file's text of an API's description, as its YAML download serves it. */
export async function specText(api: Api): Promise<string> {
  return (await referenceData(api)).loaded.text;
}

/**
 * An API's sidebar group with the configured label and threshold.
 * @param current the tag whose operations are listed when the sidebar is pruned (the page's tag)
 * @param release an older version's sidebar (its pages' links); omitted: the current version's
 * @param several on a site of several APIs: whether this API is the one being read (else its group is
 *   folded and pruned to its tags), and its changelog and downloads end the group
 */
export async function sidebarGroup(
  api: Api,
  current?: { tag?: string },
  release?: string,
  several?: { reading: boolean },
  locale?: string,
): Promise<SidebarItem> {
  const { model, options } = await referenceData(api, release, locale);
  const t = translator(locale ? localeOf(locale).lang : 'en');
  const own = sidebarLabel(options.sidebar.label, t);
  const name = own || model.title;
  const label = release === undefined ? name : `${name} ${release}`;
  return referenceSidebar(
    model,
    current,
    {
      label,
      threshold: several && !several.reading ? 0 : options.sidebar.threshold,
      explorer: release === undefined,
      t,
      ...(several
        ? {
            collapsed: !several.reading,
            more: [{ label: t('nav.changelog'), link: api.changes.page }, ...downloadItems(api.downloads)],
          }
        : {}),
    },
    localePrefix(locale),
  );
}

/** The reference's sidebar label: the default one is a message of the catalogue; a label the site chose is its own words. */
function sidebarLabel(label: string, t: Translate): string {
  return label === DEFAULT_SIDEBAR_LABEL ? t('ref.sidebar.label') : label;
}

/** Where a page is in the reference: its API, the tag its sidebar opens, its version. */
export interface SidebarPlace {
  api: Api;
  tag?: string;
  release?: string;
}

/**
 * The whole sidebar of a page (site/navigation.ts around the reference's groups): the one API's group,
 * or on a site of several the catalog and every API's group, the one being read open.
 * @param place the page's API, tag and version; omitted: a guide, the catalog, a site-wide page
 */
export async function siteNavigation(site: SiteApis, place?: SidebarPlace, locale?: string): Promise<SidebarItem[]> {
  const t = translator(locale ? localeOf(locale).lang : 'en');
  if (!site.catalog) {
    const api = place?.api ?? site.apis[0];
    const group = await sidebarGroup(
      api,
      place?.tag === undefined ? undefined : { tag: place.tag },
      place?.release,
      undefined,
      locale,
    );
    return siteSidebar({ group, changelog: api.changes.page, downloads: api.downloads }, t);
  }
  const groups: SidebarItem[] = [];
  for (const api of site.apis) {
    const reading = api.id === place?.api.id;
    groups.push(
      await sidebarGroup(
        api,
        reading && place?.tag !== undefined ? { tag: place.tag } : undefined,
        reading ? place?.release : undefined,
        { reading },
        locale,
      ),
    );
  }
  // The event APIs' groups after the OpenAPI ones (site/events/).
  for (const api of site.events ?? []) {
    const { view } = await eventData(api, locale);
    groups.push(eventSidebarGroup(view, api.id === place?.api.id, api.options.sidebar.label, sidebarWords(t)));
  }
  return siteSidebar({ label: sidebarLabel(site.label, t), catalog: `${site.base}/`, apis: groups }, t);
}
