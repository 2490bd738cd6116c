/**
 * Every page of the site that has a Markdown twin, with what llms.txt, the `.md` routes, the Open
 * Graph images, the MCP server and the page head need of it. Pure: the reference model and the guides'
 * sources come in; Markdown is rendered on demand (`markdown()`), so listing 2,000 pages costs nothing.
 */
import { CHANGELOG_URLS, type ChangelogUrls, changelogMarkdown, type ReleaseView } from '../changelog/model.ts';
import type { Translate } from '../i18n/catalogue.ts';
import type { StabilityMarker } from '../reference/explorer/map.ts';
import type { CatalogGroup } from '../reference/model/catalog.ts';
import { type Deprecation, deprecationNotice, formatDay } from '../reference/model/lifecycle.ts';
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

/** Markdown of the project's guide components (the same data as the HTML tables). */
export function guideComponents(input: AgentPagesInput): ComponentRenderers {
  const pageOf = (id: string): string =>
    markdownPath(input.model.operations.find((o) => o.operationId === id)?.url ?? `${input.model.base}/`);
  const built = formatDay(input.buildDate);
  const state = (d: Deprecation): string =>
    d.sunsetState === 'ahead'
      ? `still ahead (${d.daysToSunset} days)`
      : d.sunsetState === 'today'
        ? 'today'
        : d.sunsetState === 'past'
          ? 'already past'
          : 'not set';
  return {
    StabilityList: () =>
      input.stability.length === 0
        ? 'Every operation is stable at the moment.'
        : [
            '| Operation | Level |',
            '|---|---|',
            ...input.stability.map(
              (s) =>
                `| [${code(`${s.method} ${s.path}`)}](${pageOf(s.operationId)}) (${cell(s.summary)}) | ${s.label} |`,
            ),
          ].join('\n'),
    DeprecatedOperations: () =>
      input.deprecations.length === 0
        ? 'No operation is deprecated at the moment.'
        : [
            `| Operation | Deprecated since | Sunset date | As of ${built} | Use instead |`,
            '|---|---|---|---|---|',
            ...input.deprecations.map((d) => {
              const succ = d.successor
                ? `[${code(`${d.successor.method} ${d.successor.path}`)}](${pageOf(d.successor.operationId)}) (${cell(d.successor.summary)})`
                : '—';
              return `| [${code(`${d.method} ${d.path}`)}](${pageOf(d.operationId)}) (${cell(d.summary)}, ${code(d.operationId)}) | ${d.since ? formatDay(d.since) : '—'} | ${d.sunsetText ? `**${d.sunsetText}** (${code(d.sunset ?? '')})` : '—'} | ${state(d)} | ${succ} |`;
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
    title: `${title} reference`,
    description: `Every operation of the ${title} by tag group and tag, and the description's introduction.`,
    markdown: () => referenceIndexMarkdown(model, input.current ?? true),
  });
  if (input.changelog) {
    const releases = input.changelog;
    const urls = input.changelogUrls ?? CHANGELOG_URLS;
    pages.push({
      kind: 'changelog',
      url: urls.page,
      mdUrl: markdownPath(urls.page),
      title: 'Changelog',
      description: `Every released version of the ${title} description: operations added, changed, deprecated and removed.`,
      markdown: () => changelogMarkdown(releases, title, markdownPath, urls.feed),
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
          : `${tag.name}: the operations of the ${title} in this tag (${tag.group}).`,
        markdown: () => tagMarkdown(tag, title),
      });
      for (const op of tag.operations) {
        let description: string | undefined;
        pages.push({
          kind: 'operation',
          url: op.url,
          mdUrl: markdownPath(op.url),
          title: op.summary,
          // The HTML page's meta description (OperationPage.astro): method, path and the description's
          // start. Computed when read (llms.txt, the MCP corpus): a whole operation view per operation
          // is seconds on GitHub's 1,100, which the page head and the OG cards do not need.
          get description() {
            description ??= metaDescription(
              `${op.method} ${op.path}: ${model.operationView(op).description ?? op.summary}`,
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
              ...((input.current ?? true) ? { base: model.base } : {}),
              ...(input.t ? { t: input.t } : {}),
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
    title: 'Schemas',
    description: `Every schema of the ${title}, with its fields and the operations that use it.`,
    markdown: () => schemasIndexMarkdown(model),
  });
  for (const s of model.schemas) {
    pages.push({
      kind: 'schema',
      url: s.url,
      mdUrl: markdownPath(s.url),
      title: s.name,
      description: `The ${s.name} schema of the ${title}: its fields, types and constraints.`,
      markdown: () => schemaMarkdown(s, model.schemaTree(s), title),
    });
  }
  for (const page of pages.slice(guideCount)) page.api = api;
  return pages;
}

/**
 * The catalog's page of a site of several APIs (its twin `<base>.md`): each API with its version,
 * counts and links, by category.
 * @param base the reference's root (`/reference`), where the catalog is
 */
export function catalogPage(groups: readonly CatalogGroup[], base: string): AgentPage {
  const url = `${base}/`;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const apis = groups.flatMap((g) => g.entries);
  return {
    kind: 'catalog',
    url,
    mdUrl: markdownPath(url),
    title: 'APIs',
    description: `The ${count(apis.length, 'API', 'APIs')} documented here, each with its reference, explorer, changelog and description.`,
    markdown: () => {
      const out = [
        '# APIs',
        `${count(apis.length, 'API is', 'APIs are')} documented here. Each has its own reference, mock for try-it, versions and changelog.`,
      ];
      for (const g of groups) {
        if (g.category !== undefined) out.push(`## ${g.category}`);
        else if (groups.length > 1) out.push('## Other APIs');
        for (const e of g.entries) {
          const s = e.stability;
          const unstable = [
            s.beta && `${s.beta} beta`,
            s.experimental && `${s.experimental} experimental`,
            s.deprecated && `${s.deprecated} deprecated`,
          ].filter(Boolean);
          out.push(
            `${groups.length > 1 || g.category !== undefined ? '###' : '##'} [${e.title}](${markdownPath(e.links.overview)})`,
            [
              [
                e.version && `Version ${e.version}`,
                `${count(e.operations, 'operation', 'operations')}${e.webhooks ? `, ${count(e.webhooks, 'webhook', 'webhooks')}` : ''}`,
                unstable.join(', '),
              ]
                .filter(Boolean)
                .join(' · '),
              ...(e.summary ? [e.summary] : []),
              `[Reference](${markdownPath(e.links.overview)}) · [Changelog](${markdownPath(e.links.changelog)}) · description: \`${e.links.yaml}\`, \`${e.links.json}\``,
            ].join('\n\n'),
          );
        }
      }
      return `${out.join('\n\n')}\n`;
    },
  };
}
