/**
 * Build-time edge of the changelog pages: the release record (site/changelog/record.ts) and where each
 * operation it names has a page among the published versions (versions.ts).
 */

import { operationKey } from '../../descriptions/changelog.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import type { PageOf } from '../changelog/model.ts';
import { eventApis, eventData } from '../events/data.ts';
import { referenceModel } from './loaded-description.ts';
import { versionSet } from './versions.ts';

export { changelog } from '../apis/record.ts';

/**
 * Finds operation pages in an API's published versions (by operationId, else by method and path): the
 * current version's page, else the newest older version's that has the operation.
 */
export async function pageLookup(api: Api): Promise<PageOf> {
  if (api.kind === 'asyncapi') {
    // An event API's operation pages, by operation id (its entries' `operationId`).
    const { view } = await eventData(api);
    return (op) => view.operations.find((o) => o.id === op.operationId)?.url;
  }
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

/** The APIs with a changelog page and feed: the OpenAPI ones, then the event APIs, in the configured order of each. */
export function changelogApis(site: SiteApis): readonly Api[] {
  return [...site.apis, ...eventApis(site)];
}

/** The API with that id among {@link changelogApis}, else the site's first. */
export function changelogApi(site: SiteApis, id?: string): Api {
  const all = changelogApis(site);
  const api = id === undefined ? all[0] : all.find((a) => a.id === id);
  if (!api) throw new Error(`No API ${JSON.stringify(id)} in this site (APIs: ${all.map((a) => a.id).join(', ')})`);
  return api;
}

/**
 * An API's title on its changelog: the configured one, else the description's (an event API's `info.title`,
 * which has no translation: its pages are in the description's language).
 */
export async function changelogTitle(api: Api, locale?: string): Promise<string> {
  if (api.title) return api.title;
  if (api.kind === 'asyncapi') return (await eventData(api)).view.title;
  return (await referenceModel(api, undefined, locale)).title;
}
