// The Markdown twin of every guide and reference page (`/reference/list-pets.md` beside
// `/reference/list-pets/`), built into the static output so any host serves it; `npm start` also
// answers a page URL asked for with `Accept: text/markdown` from these files. site/agents/.
import type { APIRoute, GetStaticPaths } from 'astro';
import type { AgentPage } from '../agents/pages.ts';
import { sitePages } from '../agents/site.ts';

export const getStaticPaths = (async () =>
  (await sitePages()).map((page) => ({
    params: { page: page.mdUrl.slice(1, -'.md'.length) },
    props: { page },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { page: AgentPage }).page.markdown(), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
