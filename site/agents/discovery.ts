/**
 * Discovery files for crawlers and API clients. Pure: the site's origin and the API's data in, text
 * and JSON out.
 *
 * - `/robots.txt` (RFC 9309): allows everything and names the sitemap (an absolute URL, as the
 *   sitemaps protocol requires).
 * - `/.well-known/api-catalog` (RFC 9727 §4): a linkset (RFC 9264 §4.2, `application/linkset+json`)
 *   with the RFC 9727 profile; one context object for the catalog itself with an `item` link to the
 *   API, and one for the API with `service-desc` (the OpenAPI description as JSON and YAML, RFC 8631)
 *   and `service-doc` (the reference).
 */

/** The media type of the catalog: a JSON linkset with the api-catalog profile (RFC 9727 §7.3). */
export const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** The sitemap Starlight writes (@astrojs/sitemap's index). */
export const SITEMAP_PATH = '/sitemap-index.xml';

/** `/robots.txt` for a site at `site` (e.g. `https://docs.example.com/`). */
export function robotsTxt(site: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${new URL(SITEMAP_PATH, site).href}\n`;
}

/** One link target of a linkset (RFC 9264 §4.2.2). */
export interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
}

/** A linkset document (RFC 9264 §4.2): context objects with an `anchor` and relation → targets. */
export interface Linkset {
  linkset: Array<{ anchor: string } & Record<string, string | LinkTarget[]>>;
}

/**
 * The api-catalog linkset.
 * @param input `site`: the docs' origin with a trailing slash; `apiUrl`: the API's base URL (the first
 *   server, variables at their defaults) or null, when the docs' reference stands for the API
 */
export function apiCatalog(input: {
  site: string;
  title: string;
  apiUrl: string | null;
  /** The reference's base path (`/reference`), whose index stands for the API. */
  referenceBase?: string;
}): Linkset {
  const referenceIndex = `${input.referenceBase ?? '/reference'}/`;
  const abs = (path: string): string => new URL(path, input.site).href;
  let api: string;
  try {
    api = input.apiUrl ? new URL(input.apiUrl, input.site).href : abs(referenceIndex);
  } catch {
    api = abs(referenceIndex);
  }
  return {
    linkset: [
      { anchor: abs('/.well-known/api-catalog'), item: [{ href: api, title: input.title }] },
      {
        anchor: api,
        'service-desc': [
          { href: abs('/openapi.json'), type: 'application/json', title: `${input.title} (OpenAPI, JSON)` },
          { href: abs('/openapi.yaml'), type: 'application/yaml', title: `${input.title} (OpenAPI, YAML)` },
        ],
        'service-doc': [{ href: abs(referenceIndex), type: 'text/html', title: `${input.title} reference` }],
      },
    ],
  };
}
