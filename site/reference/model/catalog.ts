/**
 * The catalog of a site that documents several APIs: what its page (routes/catalog.astro) and its
 * Markdown twin show of each API: title, version, summary, operation and webhook counts, the operations
 * that are not stable yet or are on their way out, and where to go (overview, explorer, downloads,
 * changelog); grouped by the configured category, in the order categories first appear, APIs without
 * one last. Pure.
 */
import { type Translate, translator } from '../../i18n/catalogue.ts';
import type { ReferenceModel } from './views.ts';

/** One API as the catalog lists it. */
export interface CatalogEntry {
  id: string;
  title: string;
  /** `info.version`. */
  version: string;
  /** `info.summary`, else the first paragraph of `info.description` (plain Markdown, one line). */
  summary?: string;
  operations: number;
  webhooks: number;
  /** How many operations and webhooks are marked beta, experimental or deprecated. */
  stability: { beta: number; experimental: number; deprecated: number };
  links: { overview: string; explorer: string; yaml: string; json: string; changelog: string };
}

/** The APIs of one category (none: the APIs without a category). */
export interface CatalogGroup {
  category?: string;
  entries: CatalogEntry[];
}

/** An API as the catalog reads it: its configuration and its current version's model. */
export interface CatalogInput {
  api: {
    id: string;
    title?: string;
    category?: string;
    base: string;
    downloads: { yaml: string; json: string };
    changes: { page: string };
  };
  model: Pick<ReferenceModel, 'title' | 'version' | 'summary' | 'description' | 'operations' | 'webhooks'>;
}

/** The first paragraph of a Markdown text, on one line; undefined when there is none. */
function firstParagraph(markdown: string | undefined): string | undefined {
  const paragraph = markdown
    ?.trim()
    .split(/\n\s*\n/)
    .find((p) => !/^\s*(#|```|<)/.test(p));
  const line = paragraph?.replace(/\s*\n\s*/g, ' ').trim();
  return line || undefined;
}

/**
 * One API's catalog entry.
 * @param prefix the locale's URL prefix (`/fr`, or `''`): the API's pages and changelog in that locale;
 *   the description's downloads are one for every language
 */
export function catalogEntry({ api, model }: CatalogInput, prefix = ''): CatalogEntry {
  const stability = { beta: 0, experimental: 0, deprecated: 0 };
  for (const op of model.operations) {
    if (op.stability?.level === 'beta') stability.beta++;
    else if (op.stability?.level === 'experimental') stability.experimental++;
    if (op.deprecation) stability.deprecated++;
  }
  const summary = model.summary?.trim() || firstParagraph(model.description);
  return {
    id: api.id,
    title: api.title ?? model.title,
    version: model.version,
    ...(summary ? { summary } : {}),
    operations: model.operations.length - model.webhooks.length,
    webhooks: model.webhooks.length,
    stability,
    links: {
      overview: `${prefix}${api.base}/`,
      explorer: `${prefix}${api.base}/explorer/`,
      yaml: api.downloads.yaml,
      json: api.downloads.json,
      changelog: `${prefix}${api.changes.page}`,
    },
  };
}

/**
 * The catalog: the APIs grouped by category (categories in the order they first appear in the
 * configuration, each keeping its APIs' order), the APIs without a category last.
 */
export function catalog(inputs: readonly CatalogInput[], prefix = ''): CatalogGroup[] {
  const groups = new Map<string | undefined, CatalogEntry[]>();
  for (const input of inputs) {
    const key = input.api.category;
    let entries = groups.get(key);
    if (!entries) {
      entries = [];
      groups.set(key, entries);
    }
    entries.push(catalogEntry(input, prefix));
  }
  const named = [...groups].filter(([c]) => c !== undefined).map(([category, entries]) => ({ category, entries }));
  const rest = groups.get(undefined);
  return rest ? [...named, { entries: rest }] : named;
}

/** A category's heading id: `Partner APIs` → `category-partner-apis`, `Événements` → `category-evenements`. */
export function catalogSlug(category: string): string {
  const slug = category
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `category-${slug || 'x'}`;
}

/**
 * The line under an API's name in the catalog (its page and its twin), in the messages' language:
 * `Version 2.0.0 · 17 operations, 2 webhooks · 3 beta, 1 deprecated`.
 */
export function catalogMeta(e: CatalogEntry, t: Translate = translator('en')): string {
  const list = (parts: Array<string | false>) => parts.filter(Boolean).join(t('list.separator'));
  const { beta, experimental, deprecated } = e.stability;
  return [
    e.version && t('catalog.version', { version: e.version }),
    list([
      t('ref.index.operations', { count: e.operations }),
      e.webhooks > 0 && t('ref.index.webhooks', { count: e.webhooks }),
    ]),
    list([
      beta > 0 && t('catalog.beta', { count: beta }),
      experimental > 0 && t('catalog.experimental', { count: experimental }),
      deprecated > 0 && t('catalog.deprecated', { count: deprecated }),
    ]),
  ]
    .filter(Boolean)
    .join(' · ');
}
