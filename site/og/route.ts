// The Open Graph images for `astro dev`, injected by site/og/integration.ts (a build draws
// them in child processes and copies them into `<dist>/og/` instead): each is drawn on its first
// request and kept in the same cache as the build's (images.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { allPages } from '../agents/site.ts';
import { locales, site } from '../config.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { OG_ENCODING, OG_FONTS, ogImages } from './card.ts';
import { ogDrawingKey, ogImage, ogImageKey } from './images.ts';
import { siteTagCards } from './tag-cards.ts';

export const getStaticPaths = (async () => {
  const drawingKey = ogDrawingKey(OG_FONTS);
  const pages = await allPages(site, locales);
  return ogImages(pages, (await referenceModel(site.apis[0])).title, await siteTagCards(site)).map(
    ({ file, options }) => ({
      params: { route: file },
      props: { key: ogImageKey(drawingKey, options), options },
    }),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await ogImage(props.key, props.options)), {
    headers: { 'Content-Type': OG_ENCODING.mediaType },
  });
