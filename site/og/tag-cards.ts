/**
 * Which APIs of a site show each operation page's tag card (card.ts `cardPage`): those with more
 * operations in their current version than their `operationCards` option (site/apis/options.ts).
 * The build's image planning, the `astro dev` route and the pages' head (the image's alt text) ask the
 * same question here.
 */
import type { SiteApis } from '../apis/api.ts';
import { OPERATION_CARD_LIMIT } from '../apis/options.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { tagCardApis } from './card.ts';

/** The answer per site object, in the build's state (site/build-context.ts). */
const BY_SITE = buildSlot('og.tag-cards', () => new WeakMap<SiteApis, Promise<Set<string>>>());

/**
 * The ids of the site's APIs whose operation pages show their tag's card, computed once per build and site.
 * @throws {DescriptionError} when a description cannot be loaded
 */
export function siteTagCards(site: SiteApis): Promise<Set<string>> {
  const store = currentBuild().state(BY_SITE);
  let found = store.get(site);
  if (!found) {
    found = (async () => {
      const apis = [];
      for (const api of site.apis) {
        const operations = (await referenceModel(api)).operations.length;
        apis.push({ id: api.id, operationCards: api.options.operationCards ?? OPERATION_CARD_LIMIT, operations });
      }
      return tagCardApis(apis);
    })();
    store.set(site, found);
  }
  return found;
}
