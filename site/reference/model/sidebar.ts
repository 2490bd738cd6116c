/**
 * The reference's part of the Starlight sidebar, built from the model so navigation and pages cannot
 * drift: tag groups → tags (nested tags inside their parent) → operations, each operation with its
 * method (`data-method`, drawn as a badge by the site's CSS) and its stability or deprecation badge;
 * then the webhooks in a group of their own, each with a `Webhook` badge. When the description
 * declares no tag groups, its tags are the top level. Pure.
 *
 * Large descriptions (GitHub's ~1,100 operations) would put every operation in every page's HTML, so
 * above the threshold ({@link FULL_SIDEBAR_LIMIT} by default) only the current tag lists its
 * operations; other tags link to their tag page.
 */

import { FULL_SIDEBAR_LIMIT } from '../../apis/options.ts';
import { type Translate, translator } from '../../i18n/catalogue.ts';
import type { OperationSummary, ReferenceModel, TagView } from './views.ts';

export { FULL_SIDEBAR_LIMIT };

/** How the reference's group is labelled and when it is pruned. */
export interface SidebarOptions {
  /** The group's label (default `API reference`). */
  label?: string;
  /** Operation count up to which every operation is listed (default {@link FULL_SIDEBAR_LIMIT}). */
  threshold?: number;
  /** Whether to link the explorer (default true; false for an older version, which has none). */
  explorer?: boolean;
  /** Shown folded (an API other than the one being read, on a site of several). */
  collapsed?: boolean;
  /** Links after the explorer's (on a site of several APIs: the API's changelog and downloads). */
  more?: SidebarItem[];
  /** The messages of the sidebar's own words (default English). */
  t?: Translate;
}

const english = translator('en');

/** Starlight's sidebar item (user configuration shape). */
export type SidebarItem =
  | {
      label: string;
      link: string;
      badge?: { text: string; variant: 'note' | 'danger' | 'success' | 'caution' | 'tip' | 'default'; class?: string };
      attrs?: Record<string, string>;
    }
  | { label: string; items: SidebarItem[]; collapsed?: boolean };

/** The badge a sidebar entry shows for an operation: its stability, else `Deprecated`, else none. */
export function operationBadge(
  op: Pick<OperationSummary, 'stability' | 'deprecation'>,
  t: Translate = english,
): Extract<SidebarItem, { link: string }>['badge'] {
  if (op.stability) {
    return {
      text: op.stability.label,
      variant: op.stability.level === 'beta' ? 'note' : 'caution',
      class: 'ref-badge',
    };
  }
  if (op.deprecation) return { text: t('ref.badge.deprecated'), variant: 'danger', class: 'ref-badge' };
  return undefined;
}

/**
 * A trailing deprecation mark in a summary ("Get a pet (deprecated)", "List orders [Deprecated]",
 * "Old call - deprecated", never "Get non-deprecated"): the sidebar drops it when the `Deprecated` badge already says so.
 */
const TRAILING_DEPRECATED = /\s*(?:\(\s*deprecated\s*\)|\[\s*deprecated\s*\]|\s[-–—]\s*deprecated)\s*$/i;

/**
 * The sidebar label of an operation: its summary, without a trailing "(deprecated)" when the badge
 * beside it reads `Deprecated`, so the entry carries one deprecation mark. A summary that is nothing
 * but the mark is kept as written.
 */
export function operationLabel(summary: string, badge: Extract<SidebarItem, { link: string }>['badge']): string {
  if (badge?.variant !== 'danger') return summary;
  const stripped = summary.replace(TRAILING_DEPRECATED, '');
  return stripped === '' ? summary : stripped;
}

function operationItem(op: OperationSummary, t: Translate): SidebarItem {
  const badge =
    op.kind === 'webhook'
      ? { text: t('ref.webhook.flag'), variant: 'note' as const, class: 'ref-badge' }
      : operationBadge(op, t);
  return {
    label: operationLabel(op.summary, badge),
    link: op.url,
    attrs: { 'data-method': op.method.toLowerCase(), class: 'ref-op' },
    ...(badge ? { badge } : {}),
  };
}

/** A tag: its About link, its operations and its nested tags, or only a link when pruned. */
function tagItem(tag: TagView, full: boolean, current: string | undefined, t: Translate): SidebarItem {
  const open = full || tag.name === current || contains(tag, current);
  if (!open) return { label: tag.name, link: tag.url };
  return {
    label: tag.name,
    collapsed: !full,
    items: [
      { label: t('ref.sidebar.aboutTag', { tag: tag.name }), link: tag.url },
      ...tag.operations.map((op) => operationItem(op, t)),
      ...tag.children.map((c) => tagItem(c, full, current, t)),
    ],
  };
}

/**
 * The sidebar's links without the locale prefix of the pages they point to: Starlight prefixes every
 * link of a sidebar with the page's locale itself (`/reference/…` on `/fr/…` becomes `/fr/reference/…`).
 */
function withoutPrefix(item: SidebarItem, prefix: string): SidebarItem {
  if ('items' in item) return { ...item, items: item.items.map((i) => withoutPrefix(i, prefix)) };
  return prefix && item.link.startsWith(`${prefix}/`) ? { ...item, link: item.link.slice(prefix.length) } : item;
}

function contains(t: TagView, name: string | undefined): boolean {
  return name !== undefined && t.children.some((c) => c.name === name || contains(c, name));
}

/**
 * The "API reference" sidebar group.
 * @param current the tag whose operations are listed when the sidebar is pruned (the page's tag); none
 *   on guides and on the reference index
 */
export function referenceSidebar(
  model: ReferenceModel,
  current?: { tag?: string },
  options: SidebarOptions = {},
  prefix = '',
): SidebarItem {
  const t = options.t ?? english;
  const full = model.operations.length <= (options.threshold ?? FULL_SIDEBAR_LIMIT);
  const webhooks: SidebarItem[] =
    model.webhooks.length === 0
      ? []
      : [
          full || current?.tag === 'Webhooks'
            ? {
                label: t('ref.sidebar.webhooks'),
                collapsed: !full,
                items: [
                  { label: t('ref.sidebar.aboutWebhooks'), link: model.webhooksUrl ?? `${model.base}/webhooks/` },
                  ...model.webhooks.map((op) => operationItem(op, t)),
                ],
              }
            : { label: t('ref.sidebar.webhooks'), link: model.webhooksUrl ?? `${model.base}/webhooks/` },
        ];
  return withoutPrefix(
    {
      label: options.label ?? t('ref.sidebar.label'),
      ...(options.collapsed ? { collapsed: true } : {}),
      items: [
        { label: t('ref.sidebar.overview'), link: `${model.base}/` },
        ...model.groups.flatMap((g): SidebarItem[] => {
          const tags = g.tags.map((tag) => tagItem(tag, full, current?.tag, t));
          return g.implicit ? tags : [{ label: g.name, items: tags }];
        }),
        ...webhooks,
        { label: t('ref.sidebar.schemas'), link: `${model.base}/schemas/` },
        // The explorer shows the working description only: an older version's sidebar has no link to it.
        ...(options.explorer === false ? [] : [{ label: t('ref.sidebar.explorer'), link: `${model.base}/explorer/` }]),
        ...(options.more ?? []),
      ],
    },
    prefix,
  );
}
