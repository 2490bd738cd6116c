/**
 * Build-time edge of the changelog pages: the release record (site/changelog/record.ts) and where each
 * operation it names has a page among the published versions (versions.ts).
 */

import { operationKey } from '../../descriptions/changelog.ts';
import type { Api } from '../apis/api.ts';
import type { PageOf } from '../changelog/model.ts';
import { versionSet } from './versions.ts';

export { changelog } from '../apis/record.ts';

/**
 * Finds operation pages in an API's published versions (by operationId, else by method and path): the
 * current version's page, else the newest older version's that has the operation.
 */
export async function pageLookup(api: Api): Promise<PageOf> {
  const { versions } = await versionSet(api);
  return (op) => {
    const key = operationKey(op);
    for (const v of versions) {
      const hit = v.operations.find((o) => o.key === key);
      if (hit) return hit.url;
    }
    return undefined;
  };
}
