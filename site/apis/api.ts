/**
 * An API the site documents, as one plain value: made once at the configuration edge (config.ts) from
 * the reference integration's options and the environment, then passed to everything that reads the
 * API: the reference pages (site/reference/), the mock and its hosts (site/mock/), the MCP server
 * (site/mcp/), the agents' files (site/agents/) and the description downloads. JSON-ready, so Astro's
 * prerender bundle receives it through a virtual module (virtual.ts) and `npm start` through the
 * build's record (site/integrations/built-from.ts).
 */

import type { PublishPolicy } from '../reference/model/versions.ts';
import type { ReferenceOptions } from '../reference/options.ts';

export interface Api {
  /** Names the API in keys that must not mix two APIs (caches, stored try-it credentials): URL-safe. */
  readonly id: string;
  /** The description file: an absolute path (YAML or JSON; Swagger 2.0 to OpenAPI 3.2; may be split). */
  readonly description: string;
  /**
   * The release record (`npm run spec:release` writes it): an absolute path, or undefined when the
   * description has none (no older versions then).
   */
  readonly changelog?: string;
  /** Which released versions get pages of their own besides the current one. */
  readonly publish: PublishPolicy;
  /** The URL path of the reference's pages, no trailing slash (`/reference`). */
  readonly base: string;
  /** The URL path the current version's mock is mounted at, no trailing slash (`/api/mock`). */
  readonly mockBase: string;
  /** The URL paths of the description's downloads: as written (`/openapi.yaml`) and as JSON (`/openapi.json`). */
  readonly downloads: { readonly yaml: string; readonly json: string };
  /** The reference's options as configured, defaults filled in (sidebar, schema pages, samples, try-it). */
  readonly options: ReferenceOptions;
}
