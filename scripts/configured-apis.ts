// The site's APIs for the scripts that serve or bundle them without a build (`npm run mcp`, `npm run
// build:mock-edge`): the reference integration's, as astro.config.mjs configures it with the
// environment's overrides (site/apis/config.ts). Evaluating the configuration loads the descriptions.
import type { Api } from '../site/apis/api.ts';

/**
 * @throws {Error} when the configuration names no API
 * Ends the process with exit code 1 and the message when an option or environment variable is wrong
 * (the reference integration does, as in a build).
 */
export async function configuredApis(): Promise<readonly [Api, ...Api[]]> {
  const { apiReference } = await import('../astro.config.mjs');
  const [first, ...rest] = apiReference.apis;
  if (!first) throw new Error('astro.config.mjs configures no API');
  return [first, ...rest];
}
