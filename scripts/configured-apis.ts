// The site's APIs for the scripts that serve or bundle them without a build (`npm run mcp`, `npm run
// build:mock-edge`): the reference integration's, as astro.config.mjs configures it with the
// environment's overrides (site/apis/config.ts). Evaluating the configuration loads the descriptions.
import type { SiteApis } from '../site/apis/api.ts';

/**
 * The site's APIs and where its reference starts.
 * Ends the process with exit code 1 and the message when an option, environment variable or list entry
 * is wrong (the reference integration does, as in a build).
 */
export async function configuredApis(): Promise<SiteApis> {
  const { apiReference } = await import('../astro.config.mjs');
  return apiReference.site;
}
