/**
 * Discovery files for crawlers and API clients. Pure: the site's origin and the API's data in, text
 * and JSON out.
 *
 * - `/robots.txt` (RFC 9309): allows everything, states the site's Content Signals (contentsignals.org:
 *   `search`, `ai-input`, `ai-train`) and names the sitemap (an absolute URL, as the sitemaps protocol
 *   requires).
 * - `Link` response headers (RFC 8288 §3) on every page and file: `llms.txt` (`rel="describedby"`), the
 *   API catalog (`rel="api-catalog"`, RFC 9727 §3) and, on a page with a Markdown twin, the twin
 *   (`rel="alternate"; type="text/markdown"`); on a twin, its HTML page. A crawler that reads one
 *   response, even a `HEAD`, finds everything for agents.
 * - `/.well-known/api-catalog` (RFC 9727 §4): a linkset (RFC 9264 §4.2, `application/linkset+json`)
 *   with the RFC 9727 profile; one context object for the catalog itself with an `item` link to each
 *   API, and one per API with `service-desc` (the OpenAPI description as JSON and YAML, RFC 8631) and
 *   `service-doc` (the reference).
 */

import { LLMS_TXT_PATH } from './directive.ts';
import { markdownPath, pagePathOfMarkdown } from './paths.ts';

/** The media type of the catalog: a JSON linkset with the api-catalog profile (RFC 9727 §7.3). */
export const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** The sitemap Starlight writes (@astrojs/sitemap's index). */
export const SITEMAP_PATH = '/sitemap-index.xml';

/** Where the API catalog is (RFC 9727 §3: the well-known URI). */
export const API_CATALOG_PATH = '/.well-known/api-catalog';

/** The llms.txt index (llmstxt.org). */
export { LLMS_TXT_PATH };

/**
 * Content Signals (contentsignals.org): what the site's content may be used for, each `true` (yes),
 * `false` (no) or left out (no preference stated). `search`: building a search index and showing links
 * and excerpts; `ai-input`: feeding it into an AI model's answer (retrieval, grounding); `ai-train`:
 * training or fine-tuning a model.
 */
export interface ContentSignals {
  search?: boolean;
  'ai-input'?: boolean;
  'ai-train'?: boolean;
}

/** Search and AI answers allowed (what docs are for), training not. */
export const DEFAULT_CONTENT_SIGNALS: Readonly<ContentSignals> = { search: true, 'ai-input': true, 'ai-train': false };

/** The `Content-Signal` line's value (`search=yes, ai-input=yes, ai-train=no`), or '' when none is stated. */
export function contentSignalValue(signals: ContentSignals): string {
  return (['search', 'ai-input', 'ai-train'] as const)
    .flatMap((k) => (signals[k] === undefined ? [] : [`${k}=${signals[k] ? 'yes' : 'no'}`]))
    .join(', ');
}

/**
 * `/robots.txt` for a site at `site` (e.g. `https://docs.example.com/`).
 * @param signals the Content Signals to state (none: no `Content-Signal` line)
 */
export function robotsTxt(site: string, signals: ContentSignals = DEFAULT_CONTENT_SIGNALS): string {
  const value = contentSignalValue(signals);
  const lines = ['User-agent: *'];
  if (value) {
    lines.unshift(
      '# Content Signals (https://contentsignals.org/): search = a search index with links and excerpts;',
      "# ai-input = content given to an AI model to answer a question; ai-train = training a model's weights.",
    );
    lines.push(`Content-Signal: ${value}`);
  }
  lines.push('Allow: /', '', `Sitemap: ${new URL(SITEMAP_PATH, site).href}`);
  return `${lines.join('\n')}\n`;
}

/** One link of a `Link` header (RFC 8288 §3): target, relation type, optional media type. */
export interface HeaderLink {
  href: string;
  rel: string;
  type?: string;
}

/** The `Link` header value of a list of links (comma-separated link-values, quoted parameters). */
export function linkHeader(links: readonly HeaderLink[]): string {
  return links.map((l) => `<${l.href}>; rel="${l.rel}"${l.type ? `; type="${l.type}"` : ''}`).join(', ');
}

/** The links every page and file of the site carries: llms.txt and the API catalog (root-relative, RFC 8288 §3.1). */
export const SITE_LINKS: readonly HeaderLink[] = [
  { href: LLMS_TXT_PATH, rel: 'describedby', type: 'text/plain' },
  { href: API_CATALOG_PATH, rel: 'api-catalog', type: 'application/linkset+json' },
];

/**
 * The links of one answer: the site's, plus, for a page and its Markdown twin that both exist, the other
 * one (a page names its twin, paths.ts `markdownPath`; a twin names its page).
 * @param path the URL path answered (`/reference/list-pets/`, `/reference/list-pets.md`)
 * @param paired whether the build has both the page and its twin
 */
export function pageLinks(path: string, paired: boolean): HeaderLink[] {
  if (!paired) return [...SITE_LINKS];
  const page = pagePathOfMarkdown(path);
  if (page) return [{ href: page, rel: 'alternate', type: 'text/html' }, ...SITE_LINKS];
  return [{ href: markdownPath(path), rel: 'alternate', type: 'text/markdown' }, ...SITE_LINKS];
}

/** Where the Agent Skills are listed (Agent Skills Discovery 0.2.0: `index.json` below this prefix). */
export const AGENT_SKILLS_PATH = '/.well-known/agent-skills/';

/** The discovery index of the Agent Skills. */
export const AGENT_SKILLS_INDEX_PATH = `${AGENT_SKILLS_PATH}index.json`;

/** The `SKILL.md` of a skill: in a folder named like the skill (agentskills.io). */
export function agentSkillPath(name: string): string {
  return `${AGENT_SKILLS_PATH}${name}/SKILL.md`;
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
        anchor: abs(API_CATALOG_PATH),
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
