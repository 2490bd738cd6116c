/**
 * The edge of site/agents/: this site's pages with Markdown twins, from the guides' MDX files
 * (site/content/docs/) and an API's reference model (site/reference/loaded-description.ts), and
 * the reference pages of each older published version (site/reference/versions.ts) with the pages saying
 * an operation is not in a version. Computed once per process and API; the build's routes, the page
 * head, the Open Graph cards and the MCP server read these lists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Api, SiteApis } from '../apis/api.ts';
import { changedIn, changelogView } from '../changelog/model.ts';
import { eventData, eventVersions } from '../events/data.ts';
import { eventAgentPages } from '../events/markdown.ts';
import { translator } from '../i18n/catalogue.ts';
import { localePrefix, localizedPath, type SiteLocale } from '../i18n/locales.ts';
import { changelog, pageLookup } from '../reference/changelog-pages.ts';
import { buildDate, type ReferenceData, referenceData } from '../reference/loaded-description.ts';
import { catalog } from '../reference/model/catalog.ts';
import { changesSinceUrl } from '../reference/model/versions/banner.ts';
import { operationKey } from '../reference/model/versions/keys.ts';
import type { PageRef } from '../reference/model/versions/pages.ts';
import { pageVersions, versionSet } from '../reference/versions.ts';
import {
  type AgentPage,
  type AgentPagesInput,
  agentPages,
  catalogPage,
  type GuideSource,
  guideUrl,
  type PageApi,
} from './pages.ts';
import { markdownPath } from './paths.ts';
import { absentMarkdown, olderVersionNote, withVersionNote } from './versions.ts';

/** Where the guides live, from the project root (Astro builds and `npm start` run there). */
export const GUIDES_DIR = 'site/content/docs';

/** The MDX/Markdown files below `dir` as guide sources. */
export function readGuides(dir: string = resolve(GUIDES_DIR)): GuideSource[] {
  const out: GuideSource[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (/\.mdx?$/.test(e.name)) {
        out.push({ url: guideUrl(relative(dir, abs).split(sep).join('/')), source: readFileSync(abs, 'utf8') });
      }
    }
  };
  walk(dir);
  return out;
}

/**
 * A version's reference pages (no guides) from its reference data, with what more the caller gives
 * (an older version's `current: false`, a locale's words).
 */
export function referencePages(
  data: Pick<ReferenceData, 'model' | 'mapped'>,
  more: Partial<AgentPagesInput> = {},
): AgentPage[] {
  const { model, mapped } = data;
  return agentPages({
    model,
    guides: [],
    buildDate: buildDate(),
    deprecations: mapped.deprecations,
    stability: mapped.stability,
    ...more,
  });
}

/** What is computed once per API value in this process. */
interface Computed {
  pages?: Promise<AgentPage[]>;
  /** by locale key */
  localized: Map<string, Promise<AgentPage[]>>;
  older?: Promise<AgentPage[]>;
}
const computed = new WeakMap<Api, Computed>();
function computedFor(api: Api): Computed {
  let c = computed.get(api);
  if (!c) {
    c = { localized: new Map() };
    computed.set(api, c);
  }
  return c;
}

/** How the pages of an API name it (its configured title, else the description's). */
function pageApi(api: Api, title: string): PageApi {
  return { id: api.id, title: api.title ?? title };
}

/**
 * The current version's pages of an API with a Markdown twin, in reading order: its reference and its
 * changelog, after the guides when `guides` (computed once per process and API).
 * @param guides whether the guides come first (the one API's list, and the site's first API's on a
 *   site of several: the guides' tables show that API)
 */
export function sitePages(api: Api, guides = true): Promise<AgentPage[]> {
  const c = computedFor(api);
  c.pages ??= referenceData(api).then(async ({ model, mapped }) =>
    agentPages({
      model,
      guides: readGuides(),
      buildDate: buildDate(),
      deprecations: mapped.deprecations,
      stability: mapped.stability,
      changelog: changelogView(changelog(api), await pageLookup(api), api.changes.page),
      changelogUrls: api.changes,
      changedIn: (op) => changedIn(changelog(api), op, api.changes.page),
      api: pageApi(api, model.title),
    }),
  );
  return guides ? c.pages : c.pages.then((pages) => pages.filter((p) => p.kind !== 'guide'));
}

/** What a reference page is, for finding it in another version (undefined for the guides and the changelog). */
function pageRefOf(page: AgentPage): PageRef | undefined {
  const op = page.operation;
  switch (page.kind) {
    case 'reference':
      return { kind: 'index' };
    case 'schemas':
      return { kind: 'schemas' };
    case 'tag':
      return { kind: 'tag', name: page.title };
    case 'schema':
      return { kind: 'schema', name: page.title };
    case 'operation':
      return op
        ? {
            kind: 'operation',
            key: operationKey({
              ...(op.hasOperationId ? { operationId: op.operationId } : {}),
              method: op.method,
              path: op.path,
            }),
            slug: op.slug,
          }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The pages of every older published version, newest version first: its reference pages (index,
 * tags, operations, schemas; not the guides, which are the current version's), each twin saying under
 * its title which version it is with a link to the same page in the current version, and the pages
 * saying an operation is not in that version. Empty when one version is published. Computed once per process.
 */
export function olderVersionPages(api: Api): Promise<AgentPage[]> {
  const c = computedFor(api);
  c.older ??= versionSet(api).then(async (set) => {
    const out: AgentPage[] = [];
    for (const version of set.versions) {
      if (version.current || !version.release) continue;
      const release = version.release;
      const { model, mapped } = version.data;
      const changesUrl = changesSinceUrl(set.changelog, version.version, api.changes.page);
      const reference = referencePages({ model, mapped }, { current: false });
      for (const page of reference) {
        const ref = pageRefOf(page);
        const versions = ref ? await pageVersions(api, ref, release) : undefined;
        const samePageUrl = versions?.targets.find((t) => t.current)?.href ?? `${set.current.base}/`;
        const note = olderVersionNote({
          title: model.title,
          reading: version.version,
          current: set.current.version,
          samePageUrl,
          ...(changesUrl ? { changesUrl } : {}),
        });
        const markdown = page.markdown;
        out.push({
          ...page,
          api: pageApi(api, model.title),
          version: version.version,
          markdown: () => withVersionNote(markdown(), note),
        });
      }
      for (const absent of set.absent.filter((a) => a.version === version.version)) {
        out.push({
          kind: 'absent',
          url: absent.url,
          mdUrl: markdownPath(absent.url),
          title: absent.operation.summary,
          description: `${absent.operation.method} ${absent.operation.path} is not in version ${version.version} of the ${model.title}.`,
          version: version.version,
          api: pageApi(api, model.title),
          markdown: () => absentMarkdown(absent, model.title),
        });
      }
    }
    return out;
  });
  return c.older;
}

/**
 * The reference pages and the changelog of every locale of the build beside the root
 * (`/fr/reference/list-pets.md`, `/fr/changelog.md`): the locale's model (the description's text from its
 * overlay) with the twins' words in its language.
 * The guides are the root locale's only (they have no translation; Starlight shows them in English on
 * the locales' pages). Computed once per process, API and locale.
 */
export async function localizedPages(api: Api, locales: readonly SiteLocale[]): Promise<AgentPage[]> {
  const c = computedFor(api);
  const out: AgentPage[] = [];
  for (const locale of locales) {
    const key = locale.key as string;
    let pages = c.localized.get(key);
    if (!pages) {
      pages = localePages(api, locale);
      c.localized.set(key, pages);
    }
    out.push(...(await pages));
  }
  return out;
}

/** An API's current reference pages and changelog in one locale beside the root ({@link localizedPages}). */
async function localePages(api: Api, { key, lang }: SiteLocale): Promise<AgentPage[]> {
  const { model, mapped } = await referenceData(api, undefined, key);
  // The changelog's twin links an operation's twin in the locale where it has one (the current
  // version's), else the root locale's (an older version's page).
  const own = new Set(model.operations.map((o) => o.url));
  const pages = referencePages(
    { model, mapped },
    {
      changelog: changelogView(changelog(api), await pageLookup(api), api.changes.page),
      changelogUrls: { page: localizedPath(api.changes.page, key), feed: api.changes.feed },
      changelogLink: (url) => markdownPath(own.has(localizedPath(url, key)) ? localizedPath(url, key) : url),
      changedIn: (op) =>
        changedIn(changelog(api), op, api.changes.page).map((v) => ({ ...v, url: localizedPath(v.url, key) })),
      api: pageApi(api, model.title),
      lang,
      t: translator(lang),
    },
  );
  return pages.map((p) => ({ ...p, locale: key as string }));
}

/**
 * An event API's current pages in each locale of the build beside the root (`/fr/reference/<id>/turn-on.md`):
 * the locale's view (the description's text from its Overlay, events/data.ts) with the twins' words in its
 * language.
 * @throws {DescriptionError} when the description cannot be loaded
 * @throws {OverlayError} when a locale's Overlay cannot be read or changes anything but text
 */
export async function localizedEventPages(api: Api, locales: readonly SiteLocale[]): Promise<AgentPage[]> {
  const out: AgentPage[] = [];
  for (const { key, lang } of locales) {
    const { view } = await eventData(api, key as string);
    out.push(...eventAgentPages(view, undefined, { key: key as string, t: translator(lang) }));
  }
  return out;
}

/** The absent pages of the current version (an operation only older versions have). */
async function currentAbsentPages(api: Api): Promise<AgentPage[]> {
  const set = await versionSet(api);
  const title = set.current.data.model.title;
  return set.absent
    .filter((a) => a.version === set.current.version)
    .map((absent) => ({
      kind: 'absent',
      url: absent.url,
      mdUrl: markdownPath(absent.url),
      title: absent.operation.summary,
      description: `${absent.operation.method} ${absent.operation.path} is not in version ${absent.version} of the ${title}.`,
      api: pageApi(api, title),
      markdown: () => absentMarkdown(absent, title),
    }));
}

/**
 * Every page of an API with a Markdown twin: its current pages ({@link sitePages}, without the guides
 * unless `guides`), its current version's absent pages, then {@link olderVersionPages}.
 */
export async function apiPages(api: Api, locales: readonly SiteLocale[], guides = true): Promise<AgentPage[]> {
  return [
    ...(await sitePages(api, guides)),
    ...(await currentAbsentPages(api)),
    ...(await olderVersionPages(api)),
    ...(await localizedPages(api, locales)),
  ];
}

const everyPage = new WeakMap<SiteApis, Promise<AgentPage[]>>();
const pageByUrl = new WeakMap<SiteApis, Promise<Map<string, AgentPage>>>();

/**
 * Every page of the site with a Markdown twin: the guides, the catalog on a site of several APIs, then
 * each API's pages ({@link apiPages}). The `.md` routes, the page head and the Open Graph cards read
 * this list; llms.txt and the MCP corpus read the current versions'. Computed once per process.
 */
export function allPages(site: SiteApis, locales: readonly SiteLocale[]): Promise<AgentPage[]> {
  let all = everyPage.get(site);
  if (!all) {
    all = (async () => {
      const [first, ...rest] = site.apis;
      const out = await apiPages(first, locales);
      const catalogs: AgentPage[] = [];
      if (site.catalog) {
        // The catalog in the root locale after the guides; each locale's (`/fr/reference.md`) last.
        for (const locale of [undefined, ...locales]) {
          const inputs = [];
          for (const api of site.apis)
            inputs.push({ api, model: (await referenceData(api, undefined, locale?.key)).model });
          const prefix = localePrefix(locale?.key);
          const page = catalogPage(catalog(inputs, prefix), `${prefix}${site.base}`, translator(locale?.lang));
          catalogs.push(locale ? { ...page, locale: locale.key as string } : page);
        }
        const guides = out.filter((p) => p.kind === 'guide').length;
        out.splice(guides, 0, ...catalogs.splice(0, 1));
      }
      for (const api of rest) out.push(...(await apiPages(api, locales, false)));
      // The event APIs' pages (site/events/): the current version's, each older published one's, then the
      // current version's in each locale of the build (as an OpenAPI API's, the older versions' are the root
      // locale's only).
      for (const api of site.events ?? []) {
        const current = (await eventData(api)).view;
        out.push(...eventAgentPages(current));
        const versions = await eventVersions(api);
        for (const { version, api: older } of versions.older)
          out.push(
            ...eventAgentPages((await eventData(older)).view, { version, currentVersion: versions.current, current }),
          );
        out.push(...(await localizedEventPages(api, locales)));
      }
      out.push(...catalogs);
      return out;
    })();
    everyPage.set(site, all);
  }
  return all;
}

/** The page at a URL path (`/reference/list-pets/`, `/reference/1.0.0/list-pets/`), or undefined. */
export async function sitePage(
  site: SiteApis,
  locales: readonly SiteLocale[],
  url: string,
): Promise<AgentPage | undefined> {
  let byUrl = pageByUrl.get(site);
  if (!byUrl) {
    byUrl = allPages(site, locales).then((all) => new Map(all.map((p) => [p.url, p])));
    pageByUrl.set(site, byUrl);
  }
  return (await byUrl).get(url);
}

/**
 * The pages a site of several APIs lists before its APIs' (llms.txt, llms-full.txt): its guides and its catalog.
 * @throws {Error} on a site of one API, which has no catalog
 */
export async function guidesAndCatalog(
  site: SiteApis,
  locales: readonly SiteLocale[],
): Promise<{ guides: AgentPage[]; catalog: AgentPage }> {
  const all = await allPages(site, locales);
  const catalog = all.find((p) => p.kind === 'catalog' && !p.locale);
  if (!catalog) throw new Error('only a site of several APIs has a catalog page');
  return { guides: all.filter((p) => p.kind === 'guide'), catalog };
}
