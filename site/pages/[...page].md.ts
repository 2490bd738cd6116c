// The Markdown twin of every guide and reference page (`/reference/list-pets.md` beside
// `/reference/list-pets/`), older published versions' pages and the pages saying an operation is not in
// a version included (`/reference/1.0.0/list-pets.md`), built into the static output so any host serves
// it; `npm start` also answers a page URL asked for with `Accept: text/markdown` from these files. site/agents/.
import type { APIRoute, GetStaticPaths } from 'astro';
import { markdownTwin } from '../agents/directive.ts';
import type { AgentPage, AgentPageKind } from '../agents/pages.ts';
import { allPages } from '../agents/site.ts';
import type { Api } from '../apis/api.ts';
import { apiById, locales, site } from '../config.ts';
import { eventPageKey } from '../events/page-cache-key.ts';
import { referenceData } from '../reference/loaded-description.ts';
import { type KeyedPage, localeCacheKey, ownPageKey, referencePageKey } from '../reference/page-cache-key.ts';

// The reference's twins (everything but the guides, whose sources are not in the key) are copied from
// the previous build while what they show is unchanged (Astro's incremental build): an operation's, a
// tag's and a schema's twin by its page's key, the others by their version's (site/reference/page-cache-key.ts).
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
  for (const page of await allPages(site, locales)) {
    const api = page.api && site.apis.some((a) => a.id === page.api?.id) ? apiById(page.api.id) : undefined;
    // An event API's twins have its pages' key (site/events/page-cache-key.ts).
    const events = page.api && site.events?.find((a) => a.id === page.api?.id);
    const own = api && (await keyedPage(api, page));
    const cacheKey = events
      ? await eventPageKey(site, events, page.locale)
      : own
        ? await ownPageKey(site, api, own, page.version, page.locale)
        : GENERATED.has(page.kind) && api
          ? `${await keyOf(api.id, page.version)}${await localeCacheKey(api, page.locale)}`
          : undefined;
    paths.push({
      params: { page: page.mdUrl.slice(1, -'.md'.length) },
      props: { page },
      ...(cacheKey === undefined ? {} : { cacheKey }),
    });
  }
  return paths;
}) satisfies GetStaticPaths;

/** The page a reference twin is of, when that page has a key of its own (an operation, a tag, a schema). */
async function keyedPage(api: Api, page: AgentPage): Promise<KeyedPage | undefined> {
  if (page.kind === 'operation' && page.operation) return { kind: 'operation', op: page.operation };
  if (page.kind !== 'tag' && page.kind !== 'schema') return undefined;
  const { model } = await referenceData(api, page.version, page.locale);
  if (page.kind === 'tag') {
    const tag = model.tags.find((t) => t.url === page.url);
    return tag && { kind: 'tag', tag };
  }
  const schema = model.schemas.find((s) => s.url === page.url);
  return schema && { kind: 'schema', schema };
}

// The twin carries the agents' directive under its title and absolute links on the primary domain
// (`site` in astro.config.mjs), so a copy of its text still links somewhere (directive.ts).
export const GET: APIRoute = ({ props, site }) => {
  const { page } = props as { page: AgentPage };
  return new Response(markdownTwin(page.markdown(), page.mdUrl, site?.href ?? 'http://localhost/'), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
