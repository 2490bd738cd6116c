// The Markdown twin of every guide and reference page (`/reference/list-pets.md` beside
// `/reference/list-pets/`), older published versions' pages and the pages saying an operation is not in
// a version included (`/reference/1.0.0/list-pets.md`), built into the static output so any host serves
// it; `npm start` also answers a page URL asked for with `Accept: text/markdown` from these files. site/agents/.
import type { APIRoute, GetStaticPaths } from 'astro';
import { markdownTwin } from '../agents/directive.ts';
import type { AgentPage, AgentPageKind } from '../agents/pages.ts';
import { allPages } from '../agents/site.ts';
import { apiById } from '../apis/site.ts';
import { referencePageKey } from '../reference/page-cache-key.ts';

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
  const api = apiById();
  // An older version's twins have that version's key (its description and what it shows of the others).
  const keys = new Map<string | undefined, string>();
  const keyOf = async (version: string | undefined) => {
    let key = keys.get(version);
    if (key === undefined) {
      key = await referencePageKey(api, version);
      keys.set(version, key);
    }
    return key;
  };
  const paths = [];
  for (const page of await allPages(api)) {
    paths.push({
      params: { page: page.mdUrl.slice(1, -'.md'.length) },
      props: { page },
      ...(GENERATED.has(page.kind) ? { cacheKey: await keyOf(page.version) } : {}),
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
