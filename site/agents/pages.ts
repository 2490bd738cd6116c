/**
 * Every page of the site that has a Markdown twin, with what llms.txt, the `.md` routes, the Open
 * Graph images, the MCP server and the page head need of it. Pure: the reference model and the guides'
 * sources come in; Markdown is rendered on demand (`markdown()`), so listing 2,000 pages costs nothing.
 */
import { CHANGELOG_URLS, type ChangelogUrls, changelogMarkdown, type ReleaseView } from '../changelog/model.ts';
import { type Translate, translator } from '../i18n/catalogue.ts';
import { formatDate } from '../i18n/format.ts';
import type { StabilityMarker } from '../reference/explorer/map.ts';
import { type CatalogGroup, catalogMeta } from '../reference/model/catalog.ts';
import { type Deprecation, deprecationNotice } from '../reference/model/lifecycle.ts';
import { metaDescription } from '../reference/model/reference.ts';
import type { OperationSummary, ReferenceModel } from '../reference/model/views.ts';
import { type ComponentRenderers, guideMarkdown, splitFrontmatter } from './guide-markdown.ts';
import { markdownPath } from './paths.ts';
import {
  cell,
  code,
  operationMarkdown,
  referenceIndexMarkdown,
  schemaMarkdown,
  schemasIndexMarkdown,
  tagMarkdown,
} from './reference-markdown.ts';

export type AgentPageKind =
  | 'guide'
  | 'reference'
  | 'changelog'
  | 'operation'
  | 'tag'
  | 'schema'
  | 'schemas'
  /** A page saying an operation is not in a version (site/agents/versions.ts). */
  | 'absent'
  /** The catalog of a site of several APIs. */
  | 'catalog';

/** The API a page documents: its id and the name its pages and cards show. */
export interface PageApi {
  id: string;
  title: string;
}

/** A page and its Markdown twin. */
export interface AgentPage {
  kind: AgentPageKind;
  /** The HTML page's URL path, e.g. `/reference/list-pets/`. */
  url: string;
  /** The Markdown twin's URL path, e.g. `/reference/list-pets.md`. */
  mdUrl: string;
  title: string;
  /** One line (the page's meta description). */
  description: string;
  /** Operations: the operation's summary data (method, path, stability, deprecation…). */
  operation?: OperationSummary;
  /** The older published version the page belongs to (below `<base>/<version>/`); undefined for the current version and the guides. */
  version?: string;
  /** The API the page documents; undefined for the guides and the catalog. */
  api?: PageApi;
  /** The locale the page is in (below `/<locale>/`); undefined for the root locale's pages. */
  locale?: string;
  /** The page as Markdown (rendered on each call; callers cache when they need to). */
  markdown(): string;
}

/** A guide's source: its URL path and MDX text. */
export interface GuideSource {
  url: string;
  source: string;
}

export interface AgentPagesInput {
  model: ReferenceModel;
  guides: readonly GuideSource[];
  /** YYYY-MM-DD: sunset dates are "ahead" or "past" relative to it. */
  buildDate: string;
  /** The deprecated and the non-stable operations (reference/explorer/map.ts `mapReference`), for the guides' tables. */
  deprecations: readonly Deprecation[];
  stability: readonly StabilityMarker[];
  /** The releases of the description (site/changelog/), for the `/changelog/` page's twin. */
  changelog?: readonly ReleaseView[];
  /** Where the API's changelog page and feed are (default the one API's, `/changelog/`). */
  changelogUrls?: ChangelogUrls;
  /** The link the changelog's twin gives a page of the root locale (default its Markdown twin's path). */
  changelogLink?: (url: string) => string;
  /** The API the reference pages document (default the description's title, id `api`). */
  api?: PageApi;
  /**
   * False for an older published version: its twins link neither the explorer nor the description's
   * downloads, which are the current version's. Default true.
   */
  current?: boolean;
  /** The released versions that touched an operation, newest first (changelog/model.ts `changedIn`). */
  changedIn?: (
    op: OperationSummary,
  ) => ReadonlyArray<{ version: string; kind: string; breaking: boolean; url: string }>;
  /** The pages' language (a locale's twins): its BCP-47 tag and messages; default English. */
  lang?: string;
  t?: Translate;
}

/** The guide path of a content file: `guides/getting-started.mdx` → `/guides/getting-started/`, `index.mdx` → `/`. */
export function guideUrl(file: string): string {
  const stem = file
    .replace(/\\/g, '/')
    .replace(/\.mdx?$/, '')
    .replace(/(^|\/)index$/, '');
  return stem === '' ? '/' : `/${stem}/`;
}

/**
 * The words of the guides' generated tables (DeprecatedOperations.astro, StabilityList.astro, and their
 * Markdown below), in a page's language. Pure.
 */
export function guideTableText(t: Translate, lang: string) {
  return {
    noDeprecation: t('guide.deprecations.none'),
    allStable: t('guide.stability.none'),
    operation: t('guide.column.operation'),
    level: t('guide.column.level'),
    since: t('guide.column.since'),
    sunset: t('guide.column.sunset'),
    asOf: (date: string) => t('guide.column.asOf', { date: formatDate(date, lang) }),
    useInstead: t('guide.column.useInstead'),
    date: (day: string) => formatDate(day, lang),
    /** Where a sunset date stands against the build date: still ahead (days), today, past, none. */
    state: (d: Pick<Deprecation, 'sunsetState' | 'daysToSunset'>) =>
      d.sunsetState === 'ahead'
        ? t('guide.sunset.ahead', { count: d.daysToSunset ?? 0 })
        : d.sunsetState === 'today'
          ? t('guide.sunset.today')
          : d.sunsetState === 'past'
            ? t('guide.sunset.past')
            : t('guide.sunset.none'),
  };
}

/** Markdown of the project's guide components (the same data as the HTML tables). */
export function guideComponents(input: AgentPagesInput): ComponentRenderers {
  const pageOf = (id: string): string =>
    markdownPath(input.model.operations.find((o) => o.operationId === id)?.url ?? `${input.model.base}/`);
  const words = guideTableText(input.t ?? translator('en'), input.lang ?? 'en');
  return {
    StabilityList: () =>
      input.stability.length === 0
        ? words.allStable
        : [
            `| ${cell(words.operation)} | ${cell(words.level)} |`,
            '|---|---|',
            ...input.stability.map(
              (s) =>
                `| [${code(`${s.method} ${s.path}`)}](${pageOf(s.operationId)}) (${cell(s.summary)}) | ${s.label} |`,
            ),
          ].join('\n'),
    DeprecatedOperations: () =>
      input.deprecations.length === 0
        ? words.noDeprecation
        : [
            `| ${[words.operation, words.since, words.sunset, words.asOf(input.buildDate), words.useInstead].map(cell).join(' | ')} |`,
            '|---|---|---|---|---|',
            ...input.deprecations.map((d) => {
              const succ = d.successor
                ? `[${code(`${d.successor.method} ${d.successor.path}`)}](${pageOf(d.successor.operationId)}) (${cell(d.successor.summary)})`
                : '—';
              return `| [${code(`${d.method} ${d.path}`)}](${pageOf(d.operationId)}) (${cell(d.summary)}, ${code(d.operationId)}) | ${d.since ? words.date(d.since) : '—'} | ${d.sunsetText ? `**${d.sunsetText}** (${code(d.sunset ?? '')})` : '—'} | ${words.state(d)} | ${succ} |`;
            }),
          ].join('\n'),
  };
}

/**
 * The site's pages in reading order: the guides (home first), the reference index, then per tag
 * group and tag the tag page and its operations, then the schema index and the schemas.
 */
export function agentPages(input: AgentPagesInput): AgentPage[] {
  const { model } = input;
  const t = input.t ?? translator('en');
  const components = guideComponents(input);
  const title = model.title;
  const api: PageApi = input.api ?? { id: 'api', title };
  const pages: AgentPage[] = [];
  const guides = [...input.guides].sort((a, b) =>
    a.url === '/' ? -1 : b.url === '/' ? 1 : a.url.localeCompare(b.url),
  );
  for (const g of guides) {
    const { data } = splitFrontmatter(g.source);
    pages.push({
      kind: 'guide',
      url: g.url,
      mdUrl: markdownPath(g.url),
      title: data.title || g.url,
      description: data.description ?? data.hero?.tagline ?? '',
      markdown: () => guideMarkdown(g.source, components),
    });
  }
  const guideCount = pages.length;
  pages.push({
    kind: 'reference',
    url: `${model.base}/`,
    mdUrl: markdownPath(`${model.base}/`),
    title: t('md.reference.title', { title }),
    description: t('agents.page.reference.description', { title }),
    markdown: () => referenceIndexMarkdown(model, input.current ?? true, t),
  });
  if (input.changelog) {
    const releases = input.changelog;
    const urls = input.changelogUrls ?? CHANGELOG_URLS;
    pages.push({
      kind: 'changelog',
      url: urls.page,
      mdUrl: markdownPath(urls.page),
      title: t('changelog.title'),
      description: t('agents.page.changelog.description', { title }),
      markdown: () =>
        changelogMarkdown(releases, title, input.changelogLink ?? markdownPath, urls.feed, t, input.lang ?? 'en'),
    });
  }
  const byId = new Map(model.operations.map((o) => [o.operationId, o]));
  for (const group of model.groups) {
    for (const tag of group.tags) {
      pages.push({
        kind: 'tag',
        url: tag.url,
        mdUrl: markdownPath(tag.url),
        title: tag.name,
        description: tag.description
          ? metaDescription(tag.description)
          : t('ref.tag.descriptionGroup', { tag: tag.name, site: title, group: tag.group }),
        markdown: () => tagMarkdown(tag, title, t),
      });
      for (const op of tag.operations) {
        let description: string | undefined;
        pages.push({
          kind: 'operation',
          url: op.url,
          mdUrl: markdownPath(op.url),
          title: op.summary,
          // The HTML page's meta description (OperationPage.astro): method, path and the description's
          // start. Computed when read (llms.txt, the MCP corpus), from the operation's description
          // alone: the page head and the OG cards do not need it.
          get description() {
            description ??= metaDescription(
              t('ref.operation.metaDescription', {
                method: op.method,
                path: op.path,
                text: model.operationDescription(op) ?? op.summary,
              }),
            );
            return description;
          },
          operation: op,
          markdown: () => {
            const view = model.operationView(op);
            const successor = op.deprecation?.successor ? byId.get(op.deprecation.successor.operationId) : null;
            return operationMarkdown(view, {
              apiTitle: title,
              deprecationText: op.deprecation
                ? deprecationNotice(op.deprecation, input.buildDate, input.t, input.lang)
                : undefined,
              successor,
              changedIn: input.changedIn?.(op),
              tryItTo: model.tryItTo,
              json: model.links.downloads.json,
              ...((input.current ?? true) ? { base: model.base } : {}),
              t,
              ...(input.lang ? { lang: input.lang } : {}),
            });
          },
        });
      }
    }
  }
  pages.push({
    kind: 'schemas',
    url: `${model.base}/schemas/`,
    mdUrl: markdownPath(`${model.base}/schemas/`),
    title: t('ref.schemas.title'),
    description: t('ref.schemas.description', { site: title }),
    markdown: () => schemasIndexMarkdown(model, t),
  });
  for (const s of model.schemas) {
    pages.push({
      kind: 'schema',
      url: s.url,
      mdUrl: markdownPath(s.url),
      title: s.name,
      description: t('ref.schema.description', { schema: s.name, site: title }),
      markdown: () => schemaMarkdown(s, model.schemaTree(s), title, t),
    });
  }
  for (const page of pages.slice(guideCount)) page.api = api;
  return pages;
}

/**
 * The catalog's page of a site of several APIs (its twin `<base>.md`): each API with its version,
 * counts and links, by category.
 * @param base the catalog's path in its locale (`/reference`, `/fr/reference`)
 * @param t the messages of the page's language (default English)
 */
export function catalogPage(groups: readonly CatalogGroup[], base: string, t: Translate = translator('en')): AgentPage {
  const url = `${base}/`;
  const apis = groups.flatMap((g) => g.entries);
  return {
    kind: 'catalog',
    url,
    mdUrl: markdownPath(url),
    title: t('catalog.title'),
    description: t('catalog.description', { count: apis.length }),
    markdown: () => {
      const out = [`# ${t('catalog.title')}`, t('catalog.intro', { count: apis.length })];
      for (const g of groups) {
        if (g.category !== undefined) out.push(`## ${g.category}`);
        else if (groups.length > 1) out.push(`## ${t('catalog.otherApis')}`);
        for (const e of g.entries) {
          const downloads = t('catalog.md.downloads', { yaml: code(e.links.yaml), json: code(e.links.json) });
          out.push(
            `${groups.length > 1 || g.category !== undefined ? '###' : '##'} [${e.title}](${markdownPath(e.links.overview)})`,
            [
              catalogMeta(e, t),
              ...(e.summary ? [e.summary] : []),
              `[${t('catalog.reference')}](${markdownPath(e.links.overview)}) · [${t('catalog.changelog')}](${markdownPath(e.links.changelog)}) · ${downloads}`,
            ].join('\n\n'),
          );
        }
      }
      return `${out.join('\n\n')}\n`;
    },
  };
}
