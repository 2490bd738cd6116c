// Open Graph images, one 1200×630 PNG per page with a Markdown twin (`/og/reference/list-pets.png`),
// drawn at build time by astro-og-canvas (CanvasKit) with the Inter font from node_modules: nothing
// is fetched. What each card says: site/agents/og.ts.
import { OGImageRoute } from 'astro-og-canvas';
import { ogCard, ogImageOptions } from '../../agents/og.ts';
import { ogImagePath } from '../../agents/paths.ts';
import { sitePages } from '../../agents/site.ts';
import { referenceModel } from '../../reference/build/data.ts';

const apiTitle = (await referenceModel()).title;
const pages = Object.fromEntries(
  (await sitePages()).map((p) => [ogImagePath(p.url).slice('/og/'.length, -'.png'.length), ogCard(p, apiTitle)]),
);

export const { getStaticPaths, GET } = await OGImageRoute({
  pages,
  getSlug: (path) => `${path}.png`,
  getImageOptions: (_path, card) => ogImageOptions(card),
});
