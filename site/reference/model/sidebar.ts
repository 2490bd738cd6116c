/**
 * The reference's part of the Starlight sidebar, built from the model so navigation and pages cannot
 * drift: tag groups → tags → operations, each operation with its method (`data-method`, drawn as a
 * badge by the site's CSS) and its stability or deprecation badge. Pure.
 *
 * Large descriptions (GitHub's ~1,100 operations) would put every operation in every page's HTML, so
 * above {@link FULL_SIDEBAR_LIMIT} operations only the current tag lists its operations; other tags
 * link to their tag page.
 */
import type { OperationSummary, ReferenceModel } from './reference.ts';
import { REFERENCE_BASE } from './reference.ts';

/** Operation count up to which every page's sidebar lists every operation. */
export const FULL_SIDEBAR_LIMIT = 150;

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

function operationItem(op: OperationSummary): SidebarItem {
  const badge = operationBadge(op);
  return {
    label: op.summary,
    link: op.url,
    attrs: { 'data-method': op.method.toLowerCase(), class: 'ref-op' },
    ...(badge ? { badge } : {}),
  };
}

/**
 * The "API reference" sidebar group.
 * @param current the tag whose operations are listed when the sidebar is pruned (the page's tag); none
 *   on guides and on the reference index
 */
export function referenceSidebar(model: ReferenceModel, current?: { tag?: string }): SidebarItem {
  const full = model.operations.length <= FULL_SIDEBAR_LIMIT;
  return {
    label: 'API reference',
    items: [
      { label: 'Overview', link: `${REFERENCE_BASE}/` },
      ...model.groups.map(
        (g): SidebarItem => ({
          label: g.name,
          items: g.tags.map(
            (t): SidebarItem =>
              full || t.name === current?.tag
                ? {
                    label: t.name,
                    collapsed: !full,
                    items: [{ label: `About ${t.name}`, link: t.url }, ...t.operations.map(operationItem)],
                  }
                : { label: t.name, link: t.url },
          ),
        }),
      ),
      { label: 'Schemas', link: `${REFERENCE_BASE}/schemas/` },
      { label: 'Explorer (Scalar)', link: `${REFERENCE_BASE}/explorer/` },
    ],
  };
}
