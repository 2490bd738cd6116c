/**
 * How many Pagefind indexes this build's search is split into (reference/model/search-indexes.ts): decided
 * once per build from the pages it publishes, before any page renders, so that every page's search
 * merges the same indexes and the step that writes them (integrations/search-index.ts) reads the count
 * back from the pages.
 */
import type { SiteApis } from '../apis/api.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { searchIndexCount } from './model/search-indexes.ts';
import { versionSet } from './versions.ts';

const COUNT = buildSlot('search.index-count', () => ({ count: undefined as Promise<number> | undefined }));

/**
 * The searchable pages of a site, as counted before rendering: the operations, tags and schema pages of
 * every published version of every OpenAPI API, in each locale. Guides and event APIs' pages are left out:
 * they are few beside the reference of a large description.
 * @param site the site's APIs
 * @param locales the locales beside the root one
 * @throws {DescriptionError} when a published description cannot be loaded
 */
export async function searchablePages(site: SiteApis, locales: number): Promise<number> {
  let pages = 0;
  for (const api of site.apis) {
    for (const version of (await versionSet(api)).versions) {
      pages += version.operations.length + version.tags.size + version.schemas.size;
    }
  }
  return pages * (1 + locales);
}

/**
 * How many search indexes this build writes ({@link searchIndexCount} of {@link searchablePages}),
 * computed once per build; 1 outside a build (a test, `npm run mcp`).
 * @throws {DescriptionError} when a published description cannot be loaded
 */
export function buildSearchIndexCount(): Promise<number> {
  const build = currentBuild();
  const config = build.config;
  if (!config) return Promise.resolve(1);
  const slot = build.state(COUNT);
  slot.count ??= searchablePages(config.site, config.locales.length).then(searchIndexCount);
  return slot.count;
}
