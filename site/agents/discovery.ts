/**
 * Discovery files for crawlers and API clients. Pure: the site's origin and the API's data in, text
 * and JSON out.
 *
 * - `/robots.txt` (RFC 9309): allows everything and names the sitemap (an absolute URL, as the
 *   sitemaps protocol requires).
 * - `/.well-known/api-catalog` (RFC 9727 §4): a linkset (RFC 9264 §4.2, `application/linkset+json`)
 *   with the RFC 9727 profile; one context object for the catalog itself with an `item` link to each
 *   API, and one per API with `service-desc` (the OpenAPI description as JSON and YAML, RFC 8631) and
 *   `service-doc` (the reference).
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

/** One API of the catalog: its name, its base URL and where its description and docs are. */
export interface CatalogApi {
  title: string;
  /** The API's base URL (the first server, variables at their defaults), or null: the reference stands for it. */
  apiUrl: string | null;
  /** The reference's base path (`/reference`), whose index stands for the API without a server. */
  referenceBase?: string;
  /** The description's downloads (default `/openapi.json`, `/openapi.yaml`). */
  downloads?: { yaml: string; json: string };
}

/**
 * The api-catalog linkset of any number of APIs: the catalog's `item` links, then one context object
 * per API with its `service-desc` and `service-doc` (RFC 9727 §4). Two APIs with one base URL (the same
 * server) are told apart by their reference: each context's anchor is its own.
 * @param site the docs' origin with a trailing slash
 */
export function apiCatalogOf(site: string, apis: readonly CatalogApi[]): Linkset {
  const abs = (path: string): string => new URL(path, site).href;
  const anchors = new Set<string>();
  const contexts = apis.map((a) => {
    const referenceIndex = `${a.referenceBase ?? '/reference'}/`;
    let anchor: string;
    try {
      anchor = a.apiUrl ? new URL(a.apiUrl, site).href : abs(referenceIndex);
    } catch {
      anchor = abs(referenceIndex);
    }
    if (anchors.has(anchor)) anchor = abs(referenceIndex);
    anchors.add(anchor);
    const downloads = a.downloads ?? { yaml: '/openapi.yaml', json: '/openapi.json' };
    return {
      title: a.title,
      context: {
        anchor,
        'service-desc': [
          { href: abs(downloads.json), type: 'application/json', title: `${a.title} (OpenAPI, JSON)` },
          { href: abs(downloads.yaml), type: 'application/yaml', title: `${a.title} (OpenAPI, YAML)` },
        ],
        'service-doc': [{ href: abs(referenceIndex), type: 'text/html', title: `${a.title} reference` }],
      },
    };
  });
  return {
    linkset: [
      {
        anchor: abs('/.well-known/api-catalog'),
        item: contexts.map((c) => ({ href: c.context.anchor, title: c.title })),
      },
      ...contexts.map((c) => c.context),
    ],
  };
}

/**
 * The api-catalog linkset of one API.
 * @param input `site`: the docs' origin with a trailing slash; `apiUrl`: the API's base URL (the first
 *   server, variables at their defaults) or null, when the docs' reference stands for the API
 */
export function apiCatalog(input: { site: string } & CatalogApi): Linkset {
  return apiCatalogOf(input.site, [input]);
}
