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
 *   and its successor, a tag's operations, a schema's tree; its sidebar, the version switcher, the
 *   model's title, base and try-it targets) and of what every page reads (the options, the build date,
 *   the changelog, the published versions). An operation's try-it document is keyed by its body.
 * - The other reference pages (the index pages, the schema index, their twins, the absent pages) have
 *   one key for the whole description: the description (bundled, in its own version) and what every
 *   page reads. They list or link across the whole description; they are few.
 */
import { cacheKey } from '../build-cache.ts';
import { changelog } from '../changelog/data.ts';
import { buildDate, type ReferenceData, referenceData, sidebarGroup } from './loaded-description.ts';
import { type PageRef, summaryKey } from './model/versions.ts';
import type { OperationSummary, SchemaPageView, TagView } from './model/views.ts';
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

/** A page with a key of its own: an operation's, a tag's or a schema's (and its Markdown twin). */
export type KeyedPage =
  | { kind: 'operation'; op: OperationSummary }
  | { kind: 'tag'; tag: TagView }
  | { kind: 'schema'; schema: SchemaPageView };

/** What a keyed page and its Markdown twin read, besides what {@link PageKeyInputs} holds for every page. */
export interface OwnKeyInputs {
  /** the key of what every page reads: {@link pageKeyOf} without the description */
  common: string;
  kind: KeyedPage['kind'];
  /**
   * what the page shows of its subject: an operation's whole view (the model's `operationView`) and its
   * successor's summary; a tag's view (its operations' summaries, its nested tags) and whether its group
   * is shown; a schema's page view (the operations using it) and its tree
   */
  subject: unknown;
  /** the page's sidebar (its tag's) */
  sidebar: unknown;
  /** the version switcher and the banner of the page */
  versions: unknown;
  /** what the page reads of the model besides its subject: its title, base and try-it targets */
  model: unknown;
}

/** The key of a keyed page and its twin: SHA-256 hex over their inputs' JSON. Pure. */
export function ownKeyOf(inputs: OwnKeyInputs): string {
  return cacheKey(
    KEY_VERSION,
    inputs.kind,
    inputs.common,
    JSON.stringify(inputs.subject),
    JSON.stringify(inputs.sidebar),
    JSON.stringify(inputs.versions),
    JSON.stringify(inputs.model),
  );
}

/** Per reference data: the key of what every page reads, each tag's sidebar, each page's key by URL. */
interface OwnKeys {
  common: Promise<string>;
  sidebars: Map<string, Promise<unknown>>;
  keys: Map<string, Promise<string>>;
}
const OWN_KEYS = Symbol.for('petstore-docs.reference.own-keys');
type OwnStore = { [OWN_KEYS]?: WeakMap<ReferenceData, OwnKeys> };

/** The keys of a version's reference data, made once per process (on `globalThis`, as {@link KEYS}). */
function ownKeys(data: ReferenceData): OwnKeys {
  const store = globalThis as OwnStore;
  store[OWN_KEYS] ??= new WeakMap();
  let keys = store[OWN_KEYS].get(data);
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
    store[OWN_KEYS].set(data, keys);
  }
  return keys;
}

/** The URL of a keyed page (what the keys are memoized by). */
function urlOf(page: KeyedPage): string {
  return page.kind === 'operation' ? page.op.url : page.kind === 'tag' ? page.tag.url : page.schema.url;
}

/**
 * The `cacheKey` of an operation's, a tag's or a schema's page and of its Markdown twin ({@link ownKeyOf}),
 * computed once per page and reference data: a change to the description that leaves everything the page
 * shows alone (another operation's parameters, say) keeps it.
 * @param release the older released version the page is in; omitted: the current version
 * @throws {DescriptionError} when the description cannot be loaded
 * @throws {Error} when the changelog file is invalid
 */
export async function ownPageKey(page: KeyedPage, release?: string): Promise<string> {
  const data = await referenceData(release);
  const own = ownKeys(data);
  const url = urlOf(page);
  let key = own.keys.get(url);
  if (key === undefined) {
    const { model } = data;
    const tag = page.kind === 'operation' ? page.op.tag : page.kind === 'tag' ? page.tag.name : undefined;
    let sidebar = own.sidebars.get(tag ?? '');
    if (sidebar === undefined) {
      sidebar = sidebarGroup(tag === undefined ? undefined : { tag }, release);
      own.sidebars.set(tag ?? '', sidebar);
    }
    const subject = (): { subject: unknown; ref: PageRef } => {
      switch (page.kind) {
        case 'operation': {
          const { op } = page;
          const successorId = op.deprecation?.successor?.operationId;
          return {
            subject: {
              view: model.operationView(op),
              successor: successorId ? model.operations.find((o) => o.operationId === successorId) : null,
            },
            ref: { kind: 'operation', key: summaryKey(op), slug: op.slug },
          };
        }
        case 'tag':
          return {
            subject: { tag: page.tag, implicit: model.groups.find((g) => g.name === page.tag.group)?.implicit ?? null },
            ref: { kind: 'tag', name: page.tag.name },
          };
        case 'schema':
          return {
            subject: { schema: page.schema, tree: model.schemaTree(page.schema) },
            ref: { kind: 'schema', name: page.schema.name },
          };
      }
    };
    const inputs = async (): Promise<OwnKeyInputs> => {
      const { subject: shown, ref } = subject();
      return {
        common: await own.common,
        kind: page.kind,
        subject: shown,
        sidebar: await sidebar,
        versions: await pageVersions(ref, release),
        model: { title: model.title, base: model.base, tryItTo: model.tryItTo },
      };
    };
    key = inputs().then(ownKeyOf);
    own.keys.set(url, key);
  }
  return key;
}

/**
 * The `cacheKey` of a generated document whose body the build computes anyway (a try-it document): the
 * body itself, with what every page of its version reads.
 * @param release the older released version the document is of; omitted: the current version
 */
export async function bodyKey(body: string, release?: string): Promise<string> {
  return cacheKey(KEY_VERSION, 'body', await ownKeys(await referenceData(release)).common, body);
}
