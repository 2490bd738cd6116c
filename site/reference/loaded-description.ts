/**
 * Build-time edge of the reference: loads the API description once per build through the one loader
 * (spec/loader/: `PETSTORE_SPEC`, else the integration's `description` option, else
 * spec/openapi.yaml), decides the build date, and runs the pure mappings once for every consumer: the
 * static reference pages and the sidebar (model/), the Scalar explorer (explorer/map.ts), the try-it
 * documents, the deprecation and stability lists in the guides, the description downloads.
 *
 * Astro evaluates its config and its prerender bundle as separate module instances of this file, so
 * the options and the computed views live on `globalThis` (the loader caches the description there
 * too): the sidebar computed for the config is the one the pages use.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { upgrade } from '@scalar/openapi-upgrader';
import { buildDate } from '../../spec/dates.ts';
import { type LoadedDescription, loadDescription, specPath } from '../../spec/loader/index.ts';
import { translator } from '../i18n/catalogue.ts';
import { localeOf, localePrefix } from '../i18n/locales.ts';
import { localizedDescription } from '../i18n/overlays.ts';
import { MOCK_BASE, mockBaseOf } from '../mock/hosts/mount.ts';
import { type MappedReference, mapReference } from './explorer/map.ts';
import type { OpenApiDocument } from './model/document.ts';
import { buildReferenceModel } from './model/reference.ts';
import { referenceSidebar, type SidebarItem } from './model/sidebar.ts';
import type { PublishPolicy } from './model/versions.ts';
import type { ReferenceModel } from './model/views.ts';
import { DEFAULT_OPTIONS, PUBLISH_POLICY, type ReferenceOptions } from './options.ts';

export { buildDate, MOCK_BASE, mockBaseOf };

/** Everything the reference derives from one loaded description. */
export interface ReferenceData {
  options: ReferenceOptions;
  /** The released version these pages show, or undefined for the current version (the working description). */
  release?: string;
  /** The locale key of these pages (`fr`), undefined for the root locale (English). */
  locale?: string;
  /** Where this version's pages are in this locale: `[/<locale>]<options.base>[/<version>]`. */
  base: string;
  loaded: LoadedDescription;
  /** The static pages' model. */
  model: ReferenceModel;
  /** The description mapped for Scalar's explorer and the try-it client. */
  mapped: MappedReference;
}

const OPTIONS_KEY = Symbol.for('petstore-docs.reference.options');
const DATA_KEY = Symbol.for('petstore-docs.reference.data');
type Store = {
  [OPTIONS_KEY]?: ReferenceOptions;
  [DATA_KEY]?: WeakMap<LoadedDescription, Map<string, ReferenceData>>;
};

/** Sets the options every consumer of this process uses (the integration does, once, at start). */
export function setReferenceOptions(options: ReferenceOptions): void {
  (globalThis as Store)[OPTIONS_KEY] = options;
}

/** The options set by the integration, or the defaults (tests, tools). */
export function referenceOptions(): ReferenceOptions {
  return (globalThis as Store)[OPTIONS_KEY] ?? DEFAULT_OPTIONS;
}

/**
 * The description file of this build: `PETSTORE_SPEC` when set (the override), else the `description`
 * option (relative to the working directory, where Astro runs).
 */
export function descriptionPath(options: ReferenceOptions = referenceOptions()): string {
  return specPath({ PETSTORE_SPEC: process.env.PETSTORE_SPEC || options.description });
}

/**
 * The loaded description and every view of it, computed once per process, description version and
 * options.
 * @param release an older released version (its `released/<version>.yaml`, see {@link releasedFile});
 *   omitted: the current version, the working description
 * @param locale a locale key of the site (`fr`): the pages below `/<locale>`, their words in its language and,
 *   for the current version, the description's text from its overlay (site/i18n/overlays.ts); omitted: English
 * @throws {DescriptionError} when the description cannot be loaded (file, line, column, pointer)
 * @throws {OverlayError} when the locale's overlay cannot be read or changes anything but text
 * @throws {Error} on an invalid `x-stability`, `x-deprecated-sunset`, `x-successor` or `x-tagGroups`, or
 *   when the release's file is missing
 */
export async function referenceData(release?: string, locale?: string): Promise<ReferenceData> {
  const options = referenceOptions();
  const file = release === undefined ? descriptionPath(options) : releasedFile(release);
  const original = await loadDescription(file);
  // An overlay is written against the working description; an older release shows its own (English) text.
  const loaded =
    locale && release === undefined ? await localizedDescription(original, locale, options.overlays) : original;
  const store = globalThis as Store;
  store[DATA_KEY] ??= new WeakMap();
  let byOptions = store[DATA_KEY].get(loaded);
  if (!byOptions) {
    byOptions = new Map();
    store[DATA_KEY].set(loaded, byOptions);
  }
  const date = buildDate();
  const key = `${date} ${release ?? ''} ${locale ?? ''} ${JSON.stringify(options)}`;
  let data = byOptions.get(key);
  if (!data) {
    const document = loaded.document as OpenApiDocument;
    const tryIt = options.tryIt.targets;
    const base = `${localePrefix(locale)}${release === undefined ? options.base : `${options.base}/${release}`}`;
    const lang = locale ? localeOf(locale).lang : 'en';
    data = {
      options,
      ...(release === undefined ? {} : { release }),
      ...(locale ? { locale } : {}),
      base,
      loaded,
      model: buildReferenceModel(document, {
        buildDate: date,
        tryItTargets: tryIt,
        base,
        schemaPages: options.schemaPages,
        sampleTargets: options.codeSamples.targets,
        lang,
        t: translator(lang),
      }),
      mapped: mapReference(explorerDocument(loaded), {
        buildDate: date,
        mockBase: mockBaseOf(release),
        mock: tryIt.includes('mock'),
        descriptionServers: tryIt.includes('description'),
      }),
    };
    byOptions.set(key, data);
  }
  return data;
}

/**
 * The release record of this build: `PETSTORE_CHANGELOG` when set, else `changelog.json` beside the
 * description when there is one (spec/changelog.json for spec/openapi.yaml: `npm run spec:release` keeps
 * a description's record next to it), else none: a description without a record has no releases.
 * @returns an absolute path, or undefined
 */
export function changelogPath(env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.PETSTORE_CHANGELOG) return resolve(env.PETSTORE_CHANGELOG);
  const beside = join(dirname(resolve(descriptionPath())), 'changelog.json');
  return existsSync(beside) ? beside : undefined;
}

/**
 * The description a release was made from: `released/<version>.yaml` (or `.yml`, `.json`) beside the
 * changelog file, as `npm run spec:release` keeps it.
 * @throws {Error} when there is no release record or the file is missing (names the file and the command)
 */
export function releasedFile(version: string): string {
  const changelog = changelogPath();
  if (!changelog) throw new Error(`No release record (PETSTORE_CHANGELOG) to read version ${version} from`);
  const folder = join(dirname(changelog), 'released');
  for (const ext of ['.yaml', '.yml', '.json']) {
    const file = join(folder, `${version}${ext}`);
    if (existsSync(file)) return file;
  }
  throw new Error(
    `${changelog} lists version ${version}, but ${join(folder, `${version}.yaml`)} is missing: ` +
      'npm run spec:release keeps each release there (restore the file, or publish fewer versions with the versions.publish option)',
  );
}

/**
 * The `versions.publish` policy of this build: `PETSTORE_VERSIONS` (`all`, `before-sunset`, `last:<n>`)
 * when set, else the option.
 * @throws {Error} on a `PETSTORE_VERSIONS` value that is none of those
 */
export function publishPolicy(
  options: ReferenceOptions = referenceOptions(),
  env: Record<string, string | undefined> = process.env,
): PublishPolicy {
  const value = env.PETSTORE_VERSIONS?.trim();
  if (!value) return options.versions.publish;
  const last = /^last:(\d+)$/.exec(value);
  const parsed = PUBLISH_POLICY.safeParse(last ? { last: Number(last[1]) } : value);
  if (!parsed.success) {
    throw new Error(`PETSTORE_VERSIONS=${value}: expected all, before-sunset or last:<n> (n ≥ 1)`);
  }
  return parsed.data;
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

/** The static reference pages' model. */
export async function referenceModel(release?: string, locale?: string): Promise<ReferenceModel> {
  return (await referenceData(release, locale)).model;
}

/** The description mapped for Scalar's explorer. */
export async function mappedReference(release?: string, locale?: string): Promise<MappedReference> {
  return (await referenceData(release, locale)).mapped;
}

/** The description's internal form (OpenAPI 3.2): what the try-it documents are cut from. */
export async function specDocument(): Promise<OpenApiDocument> {
  return (await referenceData()).loaded.document as OpenApiDocument;
}

/** The description in its own version, external `$ref`s bundled in: what `/openapi.json` serves. */
export async function sourceDocument(): Promise<Record<string, unknown>> {
  return (await referenceData()).loaded.source;
}

/** The entry file's text, as the `/openapi.yaml` download serves it. */
export async function specText(): Promise<string> {
  return (await referenceData()).loaded.text;
}

/**
 * The reference's sidebar group with the configured label and threshold.
 * @param current the tag whose operations are listed when the sidebar is pruned (the page's tag)
 * @param release an older version's sidebar (its pages' links); omitted: the current version's
 */
export async function sidebarGroup(
  current?: { tag?: string },
  release?: string,
  locale?: string,
): Promise<SidebarItem> {
  const { model, options } = await referenceData(release, locale);
  const t = translator(locale ? localeOf(locale).lang : 'en');
  // The default label is a message of the catalogue; a label the site chose is its own words.
  const own = options.sidebar.label === DEFAULT_OPTIONS.sidebar.label ? t('ref.sidebar.label') : options.sidebar.label;
  const label = release === undefined ? own : `${own} ${release}`;
  return referenceSidebar(
    model,
    current,
    { label, threshold: options.sidebar.threshold, explorer: release === undefined, t },
    localePrefix(locale),
  );
}
