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
import { FULL_SIDEBAR_LIMIT } from '../options.ts';
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
}

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
): Extract<SidebarItem, { link: string }>['badge'] {
  if (op.stability) {
    return {
      text: op.stability.label,
      variant: op.stability.level === 'beta' ? 'note' : 'caution',
      class: 'ref-badge',
    };
  }
  if (op.deprecation) return { text: 'Deprecated', variant: 'danger', class: 'ref-badge' };
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
  if (badge?.text !== 'Deprecated') return summary;
  const stripped = summary.replace(TRAILING_DEPRECATED, '');
  return stripped === '' ? summary : stripped;
}

function operationItem(op: OperationSummary): SidebarItem {
  const badge =
    op.kind === 'webhook' ? { text: 'Webhook', variant: 'note' as const, class: 'ref-badge' } : operationBadge(op);
  return {
    label: operationLabel(op.summary, badge),
    link: op.url,
    attrs: { 'data-method': op.method.toLowerCase(), class: 'ref-op' },
    ...(badge ? { badge } : {}),
  };
}

/** A tag: its About link, its operations and its nested tags, or only a link when pruned. */
function tagItem(t: TagView, full: boolean, current?: string): SidebarItem {
  const open = full || t.name === current || contains(t, current);
  if (!open) return { label: t.name, link: t.url };
  return {
    label: t.name,
    collapsed: !full,
    items: [
      { label: `About ${t.name}`, link: t.url },
      ...t.operations.map(operationItem),
      ...t.children.map((c) => tagItem(c, full, current)),
    ],
  };
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
): SidebarItem {
  const full = model.operations.length <= (options.threshold ?? FULL_SIDEBAR_LIMIT);
  const webhooks: SidebarItem[] =
    model.webhooks.length === 0
      ? []
      : [
          full || current?.tag === 'Webhooks'
            ? {
                label: 'Webhooks',
                collapsed: !full,
                items: [
                  { label: 'About webhooks', link: model.webhooksUrl ?? `${model.base}/webhooks/` },
                  ...model.webhooks.map(operationItem),
                ],
              }
            : { label: 'Webhooks', link: model.webhooksUrl ?? `${model.base}/webhooks/` },
        ];
  return {
    label: options.label ?? 'API reference',
    ...(options.collapsed ? { collapsed: true } : {}),
    items: [
      { label: 'Overview', link: `${model.base}/` },
      ...model.groups.flatMap((g): SidebarItem[] => {
        const tags = g.tags.map((t) => tagItem(t, full, current?.tag));
        return g.implicit ? tags : [{ label: g.name, items: tags }];
      }),
      ...webhooks,
      { label: 'Schemas', link: `${model.base}/schemas/` },
      // The explorer shows the working description only: an older version's sidebar has no link to it.
      ...(options.explorer === false ? [] : [{ label: 'Explorer (Scalar)', link: `${model.base}/explorer/` }]),
      ...(options.more ?? []),
    ],
  };
}
