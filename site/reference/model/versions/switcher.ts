/**
 * The version switcher of a reference page: for each published version, the page that answers this one
 * there (the same operation by its cross-version key, tag, schema or index; else the page saying the
 * operation is not there; else that version's index). Pure.
 */

import { compareVersions } from '../../../../descriptions/changelog.ts';
import type { AbsentPage } from './absent.ts';
import type { PageRef, VersionPages } from './pages.ts';

/** One entry of the version switcher. */
export interface SwitchTarget {
  version: string;
  current: boolean;
  /** The version being read. */
  reading: boolean;
  href: string;
}

/**
 * For each published version (current first, then newest first), the page that answers `page` there:
 * the same operation (by operationId, else method and path), else the page saying it is not there,
 * else that version's index; the same tag, schema or index page, else the version's index (the schema
 * index for a schema). Pure.
 */
export function switchTargets(
  page: PageRef,
  reading: string,
  versions: readonly VersionPages[],
  absent: readonly AbsentPage[],
): SwitchTarget[] {
  const ordered = [
    ...versions.filter((v) => v.current),
    ...versions.filter((v) => !v.current).sort((a, b) => compareVersions(b.version, a.version)),
  ];
  return ordered.map((v) => ({
    version: v.version,
    current: v.current,
    reading: v.version === reading,
    href: counterpart(page, v, absent),
  }));
}

function counterpart(page: PageRef, v: VersionPages, absent: readonly AbsentPage[]): string {
  const index = `${v.base}/`;
  switch (page.kind) {
    case 'index':
      return index;
    case 'schemas':
      return `${v.base}/schemas/`;
    case 'webhooks':
      return v.webhooksUrl ?? index;
    case 'tag':
      return v.tags.get(page.name) ?? index;
    case 'schema':
      return v.schemas.get(page.name) ?? `${v.base}/schemas/`;
    case 'operation': {
      const op = v.operations.find((o) => o.key === page.key);
      if (op) return op.url;
      return absent.find((a) => a.version === v.version && a.operation.key === page.key)?.url ?? index;
    }
  }
}
