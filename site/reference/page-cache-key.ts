/**
 * The data keys of the reference's generated pages, for Astro's incremental build
 * (`experimental.incrementalBuild`): a page whose `getStaticPaths()` entry carries a `cacheKey` is
 * copied from the previous build instead of rendered again when that key and the hash of the code it
 * imports (Astro's module graph, with Starlight's configuration and the CSS) are both unchanged.
 *
 * Astro hashes the code; these keys cover everything else a page reads at render time.
 * - An operation's page, its Markdown twin and its try-it document each have a key of their own, so a
 *   change to one operation renders that operation's routes again and copies the others: the page's key
 *   is made of what the page shows (the operation's whole view, its successor, its tag's sidebar, the
 *   version switcher, the model's title, base and try-it targets) and of what every page reads (the
 *   options, the build date, the changelog, the published versions); the try-it document's is its body.
 * - Every other reference page (tag, schema and index pages, the schema index, their twins, the absent
 *   pages) has one key for the whole description: the description (bundled, in its own version) and
 *   what every page reads. Those pages list or link across the whole description; they are few.
 */
import { cacheKey } from '../build-cache.ts';
import { changelog } from '../changelog/data.ts';
import { buildDate, type ReferenceData, referenceData, sidebarGroup } from './loaded-description.ts';
import { summaryKey } from './model/versions.ts';
import type { OperationSummary } from './model/views.ts';
import { pageVersions, versionSet } from './versions.ts';

/** The published versions as the pages see them: every version's pages and the absent pages, JSON-ready. */
async function versionsInput(): Promise<unknown> {
  const { versions, absent } = await versionSet();
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
const KEY_VERSION = 'reference-pages/3';

/** What a reference page reads at render time besides its code. */
export interface PageKeyInputs {
  /** `swagger` or `openapi` as the description writes it */
  sourceVersion: string;
  /** the description in its own version, external `$ref`s bundled in (the loader's `source`) */
  source: unknown;
  /** the reference options (site/reference/options.ts) */
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
 * @param release an older released version's pages (its description's key); omitted: the current version's
 * @throws {DescriptionError} when the description cannot be loaded
 * @throws {Error} when the changelog file is invalid
 */
export async function referencePageKey(release?: string): Promise<string> {
  const data = await referenceData(release);
  const store = globalThis as Store;
  store[KEYS] ??= new WeakMap();
  let key = store[KEYS].get(data);
  if (key === undefined) {
    key = pageKeyOf({
      sourceVersion: data.loaded.sourceVersion,
      source: data.loaded.source,
      options: data.options,
      date: buildDate(),
      changelog: changelog(),
      versions: await versionsInput(),
    });
    store[KEYS].set(data, key);
  }
  return key;
}

/** What an operation's page and Markdown twin read, besides what {@link PageKeyInputs} holds for every page. */
export interface OperationKeyInputs {
  /** the key of what every page reads: {@link pageKeyOf} without the description */
  common: string;
  /** the operation's view (the model's `operationView`): everything its page and twin show of it */
  view: unknown;
  /** the summary of the operation named as its successor, when it has one */
  successor: unknown;
  /** the sidebar of its page (its tag's) */
  sidebar: unknown;
  /** the version switcher and the banner of its page */
  versions: unknown;
  /** what the page reads of the model besides the operation: its title, base and try-it targets */
  model: unknown;
}

/** The key of an operation's page and twin: SHA-256 hex over their inputs' JSON. Pure. */
export function operationKeyOf(inputs: OperationKeyInputs): string {
  return cacheKey(
    KEY_VERSION,
    'operation',
    inputs.common,
    JSON.stringify(inputs.view),
    JSON.stringify(inputs.successor ?? null),
    JSON.stringify(inputs.sidebar),
    JSON.stringify(inputs.versions),
    JSON.stringify(inputs.model),
  );
}

/** Per reference data: the key of what every page reads, each tag's sidebar, each operation's key by slug. */
interface OperationKeys {
  common: Promise<string>;
  sidebars: Map<string, Promise<unknown>>;
  keys: Map<string, Promise<string>>;
}
const OPERATION_KEYS = Symbol.for('petstore-docs.reference.operation-keys');
type OperationStore = { [OPERATION_KEYS]?: WeakMap<ReferenceData, OperationKeys> };

/** The operation keys of a version's reference data, made once per process (on `globalThis`, as {@link KEYS}). */
function operationKeys(data: ReferenceData): OperationKeys {
  const store = globalThis as OperationStore;
  store[OPERATION_KEYS] ??= new WeakMap();
  let keys = store[OPERATION_KEYS].get(data);
  if (!keys) {
    const common = versionsInput().then((versions) =>
      pageKeyOf({
        sourceVersion: data.loaded.sourceVersion,
        source: null,
        options: data.options,
        date: buildDate(),
        changelog: changelog(),
        versions,
      }),
    );
    keys = { common, sidebars: new Map(), keys: new Map() };
    store[OPERATION_KEYS].set(data, keys);
  }
  return keys;
}

/**
 * The `cacheKey` of an operation's page and its Markdown twin ({@link operationKeyOf}), computed once per
 * operation and reference data: a change to the description that leaves everything the page shows alone
 * (another operation's parameters, say) keeps it.
 * @param release the older released version the operation is in; omitted: the current version
 * @throws {DescriptionError} when the description cannot be loaded
 * @throws {Error} when the changelog file is invalid
 */
export async function operationPageKey(op: OperationSummary, release?: string): Promise<string> {
  const data = await referenceData(release);
  const own = operationKeys(data);
  let key = own.keys.get(op.slug);
  if (key === undefined) {
    let sidebar = own.sidebars.get(op.tag);
    if (sidebar === undefined) {
      sidebar = sidebarGroup({ tag: op.tag }, release);
      own.sidebars.set(op.tag, sidebar);
    }
    const { model } = data;
    const successorId = op.deprecation?.successor?.operationId;
    const inputs = async (): Promise<OperationKeyInputs> => ({
      common: await own.common,
      view: model.operationView(op),
      successor: successorId ? model.operations.find((o) => o.operationId === successorId) : undefined,
      sidebar: await sidebar,
      versions: await pageVersions({ kind: 'operation', key: summaryKey(op), slug: op.slug }, release),
      model: { title: model.title, base: model.base, tryItTo: model.tryItTo },
    });
    key = inputs().then(operationKeyOf);
    own.keys.set(op.slug, key);
  }
  return key;
}

/**
 * The `cacheKey` of a generated document whose body the build computes anyway (a try-it document): the
 * body itself, with what every page of its version reads.
 * @param release the older released version the document is of; omitted: the current version
 */
export async function bodyKey(body: string, release?: string): Promise<string> {
  return cacheKey(KEY_VERSION, 'body', await operationKeys(await referenceData(release)).common, body);
}
