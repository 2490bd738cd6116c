/**
 * The edge of site/agents/: this site's pages with Markdown twins, from the guides' MDX files
 * (site/content/docs/) and the reference model of the build (site/reference/loaded-description.ts). Computed once
 * per process; the build's routes, the page head and the MCP server all read this list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { changelog, pageLookup } from '../changelog/data.ts';
import { changedIn, changelogView } from '../changelog/model.ts';
import { buildDate, referenceData } from '../reference/loaded-description.ts';
import { type AgentPage, agentPages, type GuideSource, guideUrl } from './pages.ts';

/** Where the guides live, from the project root (Astro builds and `npm start` run there). */
export const GUIDES_DIR = 'site/content/docs';

/** The MDX/Markdown files below `dir` as guide sources. */
export function readGuides(dir: string = resolve(GUIDES_DIR)): GuideSource[] {
  const out: GuideSource[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (/\.mdx?$/.test(e.name)) {
        out.push({ url: guideUrl(relative(dir, abs).split(sep).join('/')), source: readFileSync(abs, 'utf8') });
      }
    }
  };
  walk(dir);
  return out;
}

let pages: Promise<AgentPage[]> | undefined;
let byUrl: Promise<Map<string, AgentPage>> | undefined;

/** Every page with a Markdown twin, in reading order (computed once per process). */
export function sitePages(): Promise<AgentPage[]> {
  pages ??= referenceData().then(async ({ model, mapped }) =>
    agentPages({
      model,
      guides: readGuides(),
      buildDate: buildDate(),
      deprecations: mapped.deprecations,
      stability: mapped.stability,
      changelog: changelogView(changelog(), await pageLookup()),
      changedIn: (op) => changedIn(changelog(), op),
    }),
  );
  return pages;
}

/** The page at a URL path (`/reference/list-pets/`), or undefined. */
export async function sitePage(url: string): Promise<AgentPage | undefined> {
  byUrl ??= sitePages().then((all) => new Map(all.map((p) => [p.url, p])));
  return (await byUrl).get(url);
}
