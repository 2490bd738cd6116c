/**
 * Writes `CNAME` (the primary domain, one line) at the root of the built static files, as GitHub Pages reads it
 * to serve the site on its custom domain. Other static hosts ignore the file.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/**
 * @param primary `domains.primary` of site/domains.yaml (validated by `docs-domains validate`); without it no file
 *   is written and the build says so
 */
export function cnameFile(primary: string | undefined): AstroIntegration {
  return {
    name: 'petstore-docs:cname',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        if (!primary) {
          logger.warn('no domains.primary in site/domains.yaml: no CNAME file written');
          return;
        }
        // dir is the folder of the static files (dist/client/: astro.config.mjs).
        await writeFile(new URL('CNAME', dir), `${primary}\n`);
        logger.info(`CNAME: ${primary}`);
      },
    },
  };
}
