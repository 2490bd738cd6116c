/**
 * Writes `/sitemap.xml`, the sitemap index Starlight writes (`/sitemap-index.xml`) under the name crawlers
 * and agents try first on an origin. robots.txt names the index by absolute URL on the primary domain, as
 * the sitemaps protocol requires, so on any other origin (a preview host, `npm start`) the sitemap is
 * found only by that conventional name (the Agent-Friendly Documentation Spec's checks fall back to it).
 * Listed after Starlight in astro.config.mjs, so its hook runs once the index exists.
 */
import { copyFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { SITEMAP_PATH } from '../agents/discovery.ts';

/** The conventional sitemap name the copy is written under. */
export const SITEMAP_ALIAS = '/sitemap.xml';

export function sitemapAlias(): AstroIntegration {
  return {
    name: 'petstore-docs:sitemap-alias',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        try {
          await copyFile(new URL(`.${SITEMAP_PATH}`, dir), new URL(`.${SITEMAP_ALIAS}`, dir));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          logger.warn(`no ${SITEMAP_PATH} in the output: no ${SITEMAP_ALIAS} written`);
        }
      },
    },
  };
}
