// The Markdown twin of every guide and reference page (`/reference/list-pets.md` beside
// `/reference/list-pets/`), older published versions' pages and the pages saying an operation is not in
// a version included (`/reference/1.0.0/list-pets.md`), built into the static output so any host serves
// it; `npm start` also answers a page URL asked for with `Accept: text/markdown` from these files. site/agents/.
import type { APIRoute, GetStaticPaths } from 'astro';
import { markdownTwin } from '../agents/directive.ts';
import type { AgentPage, AgentPageKind } from '../agents/pages.ts';
import { allPages } from '../agents/site.ts';
import { apiById, site } from '../apis/site.ts';
import { localeCacheKey, referencePageKey } from '../reference/page-cache-key.ts';

// The reference's twins (everything but the guides, whose sources are not in the key) are copied from
// the previous build while the description is unchanged (Astro's incremental build): site/reference/page-cache-key.ts.
const GENERATED: ReadonlySet<AgentPageKind> = new Set([
  'reference',
  'operation',
  'tag',
  'schema',
  'schemas',
  'changelog',
  'absent',
]);

export const getStaticPaths = (async () => {
  // An API's twins have its key, an older version's that version's (its description and what it shows of
  // the others); the catalog's has none (it reads every API).
  const keys = new Map<string, string>();
  const keyOf = async (id: string, version: string | undefined) => {
    const api = site.apis.find((a) => a.id === id) ?? site.apis[0];
    let key = keys.get(`${id} ${version ?? ''}`);
    if (key === undefined) {
      key = await referencePageKey(api, version);
      keys.set(`${id} ${version ?? ''}`, key);
    }
    return key;
  };
  const paths = [];
  for (const page of await allPages(site)) {
    paths.push({
      params: { page: page.mdUrl.slice(1, -'.md'.length) },
      props: { page },
      ...(GENERATED.has(page.kind) && page.api
        ? {
            cacheKey: `${await keyOf(page.api.id, page.version)}${await localeCacheKey(apiById(page.api.id), page.locale)}`,
          }
        : {}),
    });
  }
  return paths;
}) satisfies GetStaticPaths;

// The twin carries the agents' directive under its title and absolute links on the primary domain
// (`site` in astro.config.mjs), so a copy of its text still links somewhere (directive.ts).
export const GET: APIRoute = ({ props, site }) => {
  const { page } = props as { page: AgentPage };
  return new Response(markdownTwin(page.markdown(), page.mdUrl, site?.href ?? 'http://localhost/'), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
