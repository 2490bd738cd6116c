/**
 * The MCP server of this site, assembled for an API (site/apis/): the corpus from the site's pages
 * (site/agents/site.ts: the guides' sources and the API's reference model), the sandbox token per
 * session, a server per session, the corpus of each older published version (the tools' `version`
 * argument) and of each locale of the site (get_page's `locale`). scripts/serve.ts mounts it at `/mcp`; scripts/mcp.ts runs it over stdio (`npm run mcp`).
 * Neither needs a build: the pages are rendered from the sources.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { agentOrigin, primaryOrigin } from '../agents/origin.ts';
import { localizedPages, referencePages, sitePages } from '../agents/site.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { eventData } from '../events/data.ts';
import { eventCorpus } from '../events/mcp.ts';
import { translator } from '../i18n/catalogue.ts';
import { localeOf, type SiteLocale } from '../i18n/locales.ts';
import { referenceData, referenceModel } from '../reference/loaded-description.ts';
import { buildCorpus, type DocsCorpus } from './corpus.ts';
import { createDocsServer, type DocsApi, type MockHandler } from './server.ts';

export { mcpHttpHandler } from './http.ts';

const corpora = new WeakMap<Api, Promise<DocsCorpus>>();

/** The corpus of this site for an API (built on first use, then shared). */
export function siteCorpus(api: Api): Promise<DocsCorpus> {
  let corpus = corpora.get(api);
  if (!corpus) {
    corpus = Promise.all([sitePages(api), referenceModel(api)]).then(([pages, model]) => buildCorpus(pages, model));
    corpora.set(api, corpus);
  }
  return corpus;
}

/**
 * The corpus of an API's current version in a locale of the site (`fr`): its reference pages below the
 * locale's prefix, in its language (site/agents/site.ts `localizedPages`).
 * @throws {OverlayError} when the locale's overlay cannot be read or changes anything but text
 */
export async function localeCorpus(api: Api, locale: string): Promise<DocsCorpus> {
  const pages = (await localizedPages(api, [localeOf(locale)])).filter((p) => p.locale === locale);
  return buildCorpus(pages, await referenceModel(api, undefined, locale));
}

/** Each locale's corpus of an API, built on first use. */
function localeCorpora(api: Api, locales: readonly SiteLocale[]): Map<string, () => Promise<DocsCorpus>> {
  return new Map(
    locales.map(({ key }) => {
      let corpus: Promise<DocsCorpus> | undefined;
      return [key as string, () => (corpus ??= localeCorpus(api, key as string))];
    }),
  );
}

/**
 * Each locale's corpus of an event API (its current pages below the locale's prefix, in its words, the
 * description's text from the locale's Overlay: site/events/data.ts), built on first use.
 */
function eventLocaleCorpora(api: Api, locales: readonly SiteLocale[]): Map<string, () => Promise<DocsCorpus>> {
  return new Map(
    locales.map(({ key, lang }) => {
      const locale = key as string;
      let corpus: Promise<DocsCorpus> | undefined;
      const load = async () => eventCorpus((await eventData(api, locale)).view, { key: locale, t: translator(lang) });
      return [locale, () => (corpus ??= load())];
    }),
  );
}

/**
 * The corpus of an older released version: its reference pages (below `<base>/<version>/`), from its
 * own description (site/reference/loaded-description.ts `referenceData(release)`); the guides and the
 * changelog are the current version's only.
 * @throws {Error} when the release's description is missing or cannot be loaded
 */
export async function releaseCorpus(api: Api, release: string): Promise<DocsCorpus> {
  const data = await referenceData(api, release);
  return buildCorpus(referencePages(data), data.model, release);
}

/**
 * Sandbox tokens: `mcp-` and an HMAC-SHA-256 of the session id under a key drawn at start, so each
 * session gets its own mock sandbox, a client cannot pick another's, and the token says where it
 * came from in the mock's logs. Without a session (stdio: one client per process) one random token.
 */
export function sandboxTokens(key: Buffer = randomBytes(32)): (sessionId: string | undefined) => string {
  const stdio = `mcp-${randomBytes(16).toString('base64url')}`;
  return (sessionId) =>
    sessionId === undefined
      ? stdio
      : `mcp-${createHmac('sha256', key).update(sessionId).digest('base64url').slice(0, 32)}`;
}

/**
 * A factory of this site's MCP servers over a running mock (the corpora are built before it returns).
 * @param site the site's APIs: the tools document and call each (an API's mock is mounted at its
 *   `mockBase`; an older version's at `<mockBase>/@<version>`)
 * @param mock the mock of every API and published version (site/mock/)
 * @param older each API's older published versions by its id, newest first: the tools' `version`
 *   argument names one
 * @param locales the site's locales beside the root: `get_page`'s `locale` argument names one
 * @returns a factory; `origin` is the server's own origin as a request reached it (http.ts), which
 *   results' URLs use when site/domains.yaml names no primary domain
 * @throws {Error} when an older version's description cannot be loaded
 */
export async function siteServerFactory(
  site: SiteApis,
  mock: MockHandler,
  older: ReadonlyMap<string, readonly string[]> = new Map(),
  locales: readonly SiteLocale[] = [],
  events?: MockHandler,
): Promise<(context?: { origin?: string }) => McpServer> {
  const tokens = sandboxTokens();
  const apis: DocsApi[] = [];
  for (const api of site.apis) {
    const versions = new Map<string, DocsCorpus>();
    for (const release of older.get(api.id) ?? []) versions.set(release, await releaseCorpus(api, release));
    apis.push({
      id: api.id,
      corpus: await siteCorpus(api),
      versions,
      mockBase: api.mockBase,
      locales: localeCorpora(api, locales),
    });
  }
  // The event APIs (site/events/): their pages and operations, and their mock for send_event_message.
  const eventOperations = new Map<string, Map<string, { path: string | null; direction: 'api-sends' | 'you-send' }>>();
  for (const api of site.events ?? []) {
    const { view } = await eventData(api);
    apis.push({
      id: api.id,
      corpus: eventCorpus(view),
      mockBase: api.mockBase,
      locales: eventLocaleCorpora(api, locales),
    });
    eventOperations.set(
      api.id,
      new Map(view.operations.map((o) => [o.id, { path: o.channel.mockPath, direction: o.direction }])),
    );
  }
  const [first, ...rest] = apis as [DocsApi, ...DocsApi[]];
  const primary = primaryOrigin();
  return (context) =>
    createDocsServer({
      ...(site.catalog
        ? { apis: [first, ...rest] }
        : {
            corpus: first.corpus,
            versions: first.versions ?? new Map(),
            mockBase: first.mockBase,
            ...(first.locales ? { locales: first.locales } : {}),
          }),
      mock,
      ...(events && eventOperations.size > 0 ? { events: { mock: events, operations: eventOperations } } : {}),
      sandboxToken: tokens,
      site: agentOrigin(primary, context?.origin),
    });
}
