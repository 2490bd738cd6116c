/**
 * An API the site documents, as one plain value: made once at the configuration edge (config.ts) from
 * the reference integration's options and the environment, then passed to everything that reads the
 * API: the reference pages (site/reference/), the mock and its hosts (site/mock/), the MCP server
 * (site/mcp/), the agents' files (site/agents/), the changelog and the description downloads.
 * JSON-ready, so Astro's prerender bundle receives it through a virtual module (virtual.ts) and `npm
 * start` through the build's record (site/integrations/built-from.ts).
 */

import type { ReferenceOptions } from './options.ts';
import type { PublishPolicy } from './publish.ts';

export interface Api {
  /** Names the API in URLs and in keys that must not mix two APIs (caches, stored try-it credentials). */
  readonly id: string;
  /** The API's name as configured; undefined: the description's `info.title`. */
  readonly title?: string;
  /** The catalog's group for the API, when configured. */
  readonly category?: string;
  /** The description file: an absolute path (YAML or JSON; Swagger 2.0 to OpenAPI 3.2; may be split). */
  readonly description: string;
  /**
   * The release record (`npm run spec:release` writes it; the `released/` descriptions sit beside it):
   * an absolute path, or undefined when the description has none (no older versions then).
   */
  readonly changelog?: string;
  /** Which released versions get pages of their own besides the current one. */
  readonly publish: PublishPolicy;
  /** The URL path of the API's reference pages, no trailing slash (`/reference`, `/reference/<id>`). */
  readonly base: string;
  /** The URL path the current version's mock is mounted at, no trailing slash (`/api/mock`, `/api/mock/<id>`). */
  readonly mockBase: string;
  /** The URL paths of the description's downloads: as written (`/openapi.yaml`) and as JSON (`/openapi.json`). */
  readonly downloads: { readonly yaml: string; readonly json: string };
  /** The URL paths of the API's changelog page and its feed (`/changelog/`, `/changelog.xml`). */
  readonly changes: { readonly page: string; readonly feed: string };
  /** The API's reference options, the site's defaults filled in (sidebar, schema pages, samples, try-it). */
  readonly options: ReferenceOptions;
  /**
   * `asyncapi` for an event API (its description has an `asyncapi` field: site/events/ makes its pages
   * and its mock); absent for an OpenAPI description.
   */
  readonly kind?: 'asyncapi';
}

/** The APIs of a site and where its reference starts. */
export interface SiteApis {
  /**
   * The reference's root: the one API's `base`, or, with several APIs, the catalog page's path (each
   * API's base is `<base>/<id>`).
   */
  readonly base: string;
  /** Whether the site documents several APIs (the `apis` list): a catalog at `base`. */
  readonly catalog: boolean;
  /** The label of the reference's sidebar group (the site's `sidebar.label`). */
  readonly label: string;
  /** The OpenAPI APIs in the configured order. */
  readonly apis: readonly [Api, ...Api[]];
  /**
   * The event APIs (AsyncAPI) in the configured order, each with `kind: 'asyncapi'`: their pages, mock
   * and agents' files are site/events/'s; none: absent or empty.
   */
  readonly events?: readonly Api[];
}
