/**
 * The docs' MCP server (Model Context Protocol, on the official @modelcontextprotocol/sdk): four tools
 * over one shared {@link DocsCorpus}, each with a JSON Schema for its input and output (zod shapes the
 * SDK publishes as JSON Schema):
 *
 * - `search_docs` {query, limit?} → ranked pages (title, URL, Markdown URL, excerpt) over guides and reference;
 * - `get_page` {url | operationId, locale?} → the page's Markdown (a locale's twin with `locale`);
 * - `list_operations` {tag?} → operationId, method, path, summary, stability, deprecated;
 * - `call_mock` {operationId, parameters?, body?} → the mock's status, headers and body, in the
 *   caller's own sandbox (a token derived from the MCP session), under the mock's rate limit.
 *
 * Every tool takes an optional `version` (an older published version, e.g. `1.0.0`; default the current
 * one): its pages, its operations, its mock (`<mockBase>/@<version>`). An unknown version is a tool
 * error naming the published versions. Every tool takes an optional `api` (an API's id): on a site of
 * several APIs it is required (a tool error lists the ids), and each API has its own pages (after the
 * guides), operations, versions and mock. `get_page` also takes an optional `locale` (a locale of the
 * site, e.g. `fr`): the same page below the locale's prefix, in its language (its words, and the
 * description's text from the locale's overlay); a URL below a locale's prefix names its locale itself.
 *
 * Bad arguments give tool errors (`isError: true`) whose text starts with the argument's name
 * (`operationId: no operation "x"…`); arguments that fail the input schema get the SDK's
 * "Input validation error", which names the argument's path. Transports are the caller's (http.ts
 * for `/mcp`, scripts/mcp.ts for stdio).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { markdownTwin } from '../agents/directive.ts';
import { absoluteLinks } from '../agents/links.ts';
import { LOCAL_ORIGIN } from '../agents/origin.ts';
import { mockBaseOf } from '../mock/hosts/mount.ts';
import { planMockCall } from './call.ts';
import type { DocsCorpus } from './corpus.ts';

/** The mock as the server calls it: a Fetch handler (site/mock `Mock.handle`). */
export interface MockHandler {
  handle(request: Request): Promise<Response>;
}

/** One API the server documents. */
export interface DocsApi {
  /** The API's id (the tools' `api` argument). */
  id: string;
  /** The current version's corpus (guides and reference). */
  corpus: DocsCorpus;
  /** The older published versions' corpora by version name, newest first (their reference pages). */
  versions?: ReadonlyMap<string, DocsCorpus>;
  /** Where the current version's mock is mounted (`/api/mock`); an older version's is `<mockBase>/@<version>`. */
  mockBase: string;
  /**
   * The current version's corpus in each locale of the site beside the root one, by locale key (`fr`):
   * its reference pages below `/<key>/`. Built on first use.
   */
  locales?: ReadonlyMap<string, () => Promise<DocsCorpus>>;
}

/** The one API of a site, or each API of a site of several (`apis`, in the site's order). */
export type DocsServerOptions = (Omit<DocsApi, 'id'> | { apis: readonly [DocsApi, ...DocsApi[]] }) & {
  mock: MockHandler;
  /** The sandbox token of an MCP session (undefined for stdio). */
  sandboxToken(sessionId: string | undefined): string;
  /** The server's version string (shown to clients). */
  version?: string;
  /**
   * The origin every URL in a result is made absolute on, with a trailing slash: the primary domain,
   * or the server's own (site/agents/origin.ts). A client over stdio has no page to resolve a path
   * against. Default {@link LOCAL_ORIGIN}.
   */
  site?: string;
  /**
   * The event APIs' mock (site/mock/events/) and where each event API's channels are on it: with it,
   * `send_event_message` sends a message there (or reads what the API sends) and returns what comes back.
   */
  events?: {
    mock: MockHandler;
    /** each event API's operations by id: the channel's path on the mock and the reader's side */
    operations: ReadonlyMap<string, ReadonlyMap<string, { path: string | null; direction: 'api-sends' | 'you-send' }>>;
  };
};

/** Largest response body returned as it is (bytes); more is cut with a note. */
export const MAX_BODY_CHARS = 200_000;

function refusal(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function result<T extends Record<string, unknown>>(data: T, text?: string): CallToolResult {
  return { content: [{ type: 'text', text: text ?? JSON.stringify(data, null, 2) }], structuredContent: data };
}

const stability = z.enum(['experimental', 'beta', 'stable']);

/** The `version` argument every tool takes. */
const versionArg = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .optional()
  .describe('API version, e.g. 1.0.0; default the current version');

/** The corpus and mock mount of a version, or why there is none. */
export type VersionChoice = { ok: true; corpus: DocsCorpus; mockBase: string } | { ok: false; message: string };

/**
 * Which version a tool call reads and calls. Pure.
 * @param version the `version` argument (undefined, or the current version's name: the current version)
 * @param current the current version's corpus
 * @param older the older published versions' corpora
 * @param mockBase the current version's mock mount; an older version's is `<mockBase>/@<version>`
 * @returns the version's corpus and mock mount, or a message naming the published versions
 */
export function chooseVersion(
  version: string | undefined,
  current: DocsCorpus,
  older: ReadonlyMap<string, DocsCorpus>,
  mockBase: string,
): VersionChoice {
  if (version === undefined || version === current.version) return { ok: true, corpus: current, mockBase };
  const corpus = older.get(version);
  if (corpus) return { ok: true, corpus, mockBase: mockBaseOf(version, mockBase) };
  const names = [current.version, ...older.keys()];
  return {
    ok: false,
    message: `version: no published version "${version}" (versions: ${names.join(', ')}; ${current.version} is the current one)`,
  };
}

/** The `api` argument every tool takes. */
const apiArg = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .optional()
  .describe("The API's id (required when the docs cover several APIs)");

/** The API a tool call is about, or why there is none. */
export type ApiChoice = { ok: true; api: DocsApi } | { ok: false; message: string };

/**
 * Which API a tool call is about. Pure.
 * @param id the `api` argument
 * @param apis the site's APIs: with one, `id` may be omitted; with several it is required
 * @returns the API, or a message listing the ids
 */
export function chooseApi(id: string | undefined, apis: readonly DocsApi[]): ApiChoice {
  const ids = apis.map((a) => a.id).join(', ');
  if (id === undefined) {
    const [only] = apis;
    if (apis.length === 1 && only) return { ok: true, api: only };
    return { ok: false, message: `api: these docs cover several APIs; give one of ${ids}` };
  }
  const api = apis.find((a) => a.id === id);
  return api ? { ok: true, api } : { ok: false, message: `api: no API "${id}" (APIs: ${ids})` };
}

/** The `locale` argument of get_page. */
const localeArg = z
  .string()
  .trim()
  .min(1)
  .max(35)
  .optional()
  .describe('A locale of the docs, e.g. "fr": the page in that language (below /fr/); default English');

/** The locale a get_page call reads (undefined: the root locale), and the URL in it; or why there is none. */
export type LocaleChoice = { ok: true; locale?: string; url?: string } | { ok: false; message: string };

/**
 * Which locale a get_page call reads. Pure.
 * @param locale the `locale` argument (a locale key, any case: `fr`, `pt-BR`)
 * @param url the `url` argument: a path below a locale's prefix names that locale; with `locale`, a path
 *   of the root locale is read in it (`/reference/list-pets/` → `/fr/reference/list-pets/`)
 * @param available the site's locale keys beside the root one
 * @param version the `version` argument: only the current version's pages are translated
 */
export function chooseLocale(
  locale: string | undefined,
  url: string | undefined,
  available: readonly string[],
  version?: string,
): LocaleChoice {
  let path: string | undefined;
  let own: string | undefined;
  if (url !== undefined) {
    try {
      path = new URL(url.trim(), 'http://x').pathname;
      own = available.find((k) => path === `/${k}` || path?.startsWith(`/${k}/`));
    } catch {
      path = undefined;
    }
  }
  const key = locale?.toLowerCase() ?? own;
  if (key === undefined || key === 'en') return { ok: true, ...(url === undefined ? {} : { url }) };
  if (!available.includes(key)) {
    return {
      ok: false,
      message:
        available.length > 0
          ? `locale: no locale "${locale}" in these docs (locales: ${available.join(', ')}; leave it out for English)`
          : `locale: these docs are in English only (leave locale out)`,
    };
  }
  if (own !== undefined && own !== key)
    return { ok: false, message: `locale: "${locale}" differs from the URL's locale "${own}"` };
  if (version !== undefined)
    return { ok: false, message: 'locale: only the current version is translated; leave out version or locale' };
  if (url === undefined || path === undefined) return { ok: true, locale: key, ...(url === undefined ? {} : { url }) };
  return { ok: true, locale: key, url: own ? path : `/${key}${path}` };
}

/** Creates one MCP server (one per session: the SDK binds a server to one transport). */
export function createDocsServer(options: DocsServerOptions): McpServer {
  const apis: readonly DocsApi[] = 'apis' in options ? options.apis : [{ ...options, id: 'api' }];
  const [first] = apis as [DocsApi];
  const several = apis.length > 1;
  /** The API and version a call reads: its corpus, the older versions' and the mock's mount, or a refusal. */
  const pick = (api: string | undefined, version: string | undefined) => {
    const a = chooseApi(api, apis);
    if (!a.ok) return a;
    const older = a.api.versions ?? new Map<string, DocsCorpus>();
    const v = chooseVersion(version, a.api.corpus, older, a.api.mockBase);
    return v.ok ? { ...v, older, api: a.api } : v;
  };
  const corpus = first.corpus;
  const firstOlder = first.versions ?? new Map<string, DocsCorpus>();
  const subject = several ? apis.map((a) => a.corpus.apiTitle).join(', ') : corpus.apiTitle;
  const site = options.site ?? LOCAL_ORIGIN;
  /** A page's or a Markdown twin's path as an absolute URL on the site's origin. */
  const abs = (path: string): string => new URL(path, site).href;
  const versionNote =
    !several && firstOlder.size > 0
      ? ` Versions: ${[corpus.version, ...firstOlder.keys()].join(', ')} (give version for an older one).`
      : '';
  const apiNote = several
    ? ` These docs cover several APIs: give every tool the api argument (${apis.map((a) => `${a.id}: ${a.corpus.apiTitle}`).join('; ')}).`
    : '';
  const server = new McpServer(
    { name: 'petstore-docs', title: `${subject} docs`, version: options.version ?? corpus.version ?? '0' },
    {
      instructions: `Documentation of the ${subject}: search_docs finds guides and reference pages, get_page reads one as Markdown, list_operations lists the API's operations, call_mock sends a request to the documentation's mock API in a sandbox of your own.${versionNote}${apiNote}`,
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Search the ${subject} guides and API reference. Returns pages best first, each with its title, URL, Markdown URL and an excerpt; read one with get_page.`,
      inputSchema: {
        query: z.string().trim().min(1).max(500).describe('Words to look for, e.g. "inventory" or "rate limit"'),
        limit: z.number().int().min(1).max(50).optional().describe('How many pages at most (default 8)'),
        version: versionArg,
        api: apiArg,
      },
      outputSchema: {
        results: z.array(
          z.object({
            title: z.string(),
            url: z.string(),
            markdownUrl: z.string(),
            kind: z.string(),
            operationId: z.string().optional(),
            excerpt: z.string(),
            score: z.number(),
          }),
        ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit, version, api }) => {
      const chosen = pick(api, version);
      if (!chosen.ok) return refusal(chosen.message);
      const hits = chosen.corpus.index.search(query, limit ?? 8);
      const results = hits.flatMap((h) => {
        const p = chosen.corpus.find({ url: h.id });
        return p
          ? [
              {
                title: p.title,
                url: abs(p.url),
                markdownUrl: abs(p.markdownUrl),
                kind: p.kind,
                ...(p.operationId ? { operationId: p.operationId } : {}),
                // Root-relative links made absolute on the site, as every page this server gives.
                excerpt: absoluteLinks(h.excerpt, site),
                score: h.score,
              },
            ]
          : [];
      });
      return result({ results });
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a page',
      description:
        'A page of the docs as Markdown, by its URL (absolute or a path, the HTML page or its .md twin) or by an operationId. Give exactly one of url and operationId; locale reads the page in another language of the docs.',
      inputSchema: {
        url: z
          .string()
          .min(1)
          .max(2000)
          .optional()
          .describe('e.g. "/reference/list-pets/" or "/guides/getting-started.md"'),
        operationId: z.string().min(1).max(300).optional().describe('e.g. "listPets"'),
        version: versionArg,
        api: apiArg,
        locale: localeArg,
      },
      outputSchema: { title: z.string(), url: z.string(), markdownUrl: z.string(), markdown: z.string() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ url, operationId, version, api, locale }) => {
      if (url === undefined && operationId === undefined) return refusal('url: give url or operationId');
      if (url !== undefined && operationId !== undefined)
        return refusal('url, operationId: give one of them, not both');
      const chosen = pick(api, version);
      if (!chosen.ok) return refusal(chosen.message);
      const localeCorpora = chosen.api.locales ?? new Map<string, () => Promise<DocsCorpus>>();
      const inLocale = chooseLocale(locale, url, [...localeCorpora.keys()], version);
      if (!inLocale.ok) return refusal(inLocale.message);
      const localized = inLocale.locale ? await localeCorpora.get(inLocale.locale)?.() : undefined;
      // A URL names its version (`/reference/1.0.0/…`): without a version, every version's pages are looked in.
      const page = localized
        ? localized.find({ url: inLocale.url, operationId })
        : (chosen.corpus.find({ url, operationId }) ??
          (version === undefined && url !== undefined
            ? [...chosen.older.values()].map((c) => c.find({ url })).find((p) => p !== undefined)
            : undefined));
      if (!page) {
        return operationId !== undefined
          ? refusal(`operationId: no operation "${operationId}" (list_operations lists them)`)
          : refusal(`url: no page at "${url}" (search_docs finds pages; /llms.txt lists them)`);
      }
      // As the twin is served: the directive under the title, every link absolute.
      const markdown = markdownTwin(page.markdown, page.markdownUrl, site);
      return result({ title: page.title, url: abs(page.url), markdownUrl: abs(page.markdownUrl), markdown }, markdown);
    },
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List operations',
      description: `The ${subject} operations, optionally of one tag: operationId, method, path, summary, stability, deprecated.`,
      inputSchema: {
        tag: z.string().min(1).max(300).optional().describe('A tag name, e.g. "Animals" (case-insensitive)'),
        version: versionArg,
        api: apiArg,
      },
      outputSchema: {
        operations: z.array(
          z.object({
            operationId: z.string(),
            method: z.string(),
            path: z.string(),
            summary: z.string(),
            tag: z.string(),
            stability,
            deprecated: z.boolean(),
            sunset: z.string().optional(),
            tryIt: z.boolean(),
            url: z.string(),
          }),
        ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ tag, version, api }) => {
      const chosen = pick(api, version);
      if (!chosen.ok) return refusal(chosen.message);
      let ops = chosen.corpus.operations;
      if (tag !== undefined) {
        const t = tag.trim().toLowerCase();
        ops = ops.filter((o) => o.tag.toLowerCase() === t);
        if (ops.length === 0) {
          const tags = [...new Set(chosen.corpus.operations.map((o) => o.tag))];
          return refusal(`tag: no tag "${tag}" (tags: ${tags.join(', ')})`);
        }
      }
      return result({
        operations: ops.map((o) => ({
          operationId: o.operationId,
          method: o.method,
          path: o.path,
          summary: o.summary,
          tag: o.tag,
          stability: o.stability?.level ?? 'stable',
          deprecated: o.deprecation !== null,
          ...(o.deprecation?.sunset ? { sunset: o.deprecation.sunset } : {}),
          tryIt: o.tryIt,
          url: abs(o.url),
        })),
      });
    },
  );

  const value = z.union([z.string(), z.number(), z.boolean()]);
  server.registerTool(
    'call_mock',
    {
      title: 'Call the mock API',
      description: `Send one request to the ${subject} mock of these docs, in a sandbox of your own (seeded like the API's examples; kept for this session), under the mock's rate limit. Parameters by name (path, query and header parameters of the operation); body as JSON. Operations whose try-it is disabled are refused.`,
      inputSchema: {
        operationId: z.string().min(1).max(300).describe('e.g. "listPets"'),
        parameters: z
          .record(z.string(), z.union([value, z.array(value)]))
          .optional()
          .describe('e.g. {"petId": 1} or {"status": "available", "limit": 2}'),
        body: z.unknown().optional().describe('The JSON request body, e.g. {"name": "Rex", "categoryId": 1}'),
        version: versionArg,
        api: apiArg,
      },
      outputSchema: {
        status: z.number().int(),
        headers: z.record(z.string(), z.string()),
        body: z.unknown(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args, extra) => {
      const chosen = pick(args.api, args.version);
      if (!chosen.ok) return refusal(chosen.message);
      const plan = planMockCall(chosen.corpus.operation(args.operationId), args, {
        mockBase: chosen.mockBase,
        token: options.sandboxToken(extra.sessionId),
        operationIds: chosen.corpus.operations.map((o) => o.operationId),
      });
      if (!plan.ok) return refusal(plan.refusal.message);
      const { call } = plan;
      const response = await options.mock.handle(
        new Request(new URL(call.target, 'http://mcp.localhost'), {
          method: call.method,
          headers: call.headers,
          body: call.body,
        }),
      );
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      let body: unknown =
        text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}… (cut at ${MAX_BODY_CHARS} characters)` : text;
      if (text && /json/i.test(type) && text.length <= MAX_BODY_CHARS) {
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON after all: the text as it is
        }
      }
      if (text === '') body = null;
      const headers = Object.fromEntries(response.headers);
      return result(
        { status: response.status, headers, body },
        `${response.status} ${call.method} ${call.target}\n\n${typeof body === 'string' ? body : JSON.stringify(body, null, 2)}`,
      );
    },
  );
  const events = options.events;
  if (events) {
    server.registerTool(
      'send_event_message',
      {
        title: 'Send a message to an event API mock',
        description:
          "Talk to an event API's mock (every protocol simulated over HTTP): for an operation whose method is SEND, send the message (JSON) and get the mock's answer (202 with the reply and its correlation id, or 400 naming the failing fields); for RECEIVE, read the first messages the API sends (each with its name and payload).",
        inputSchema: {
          api: z.string().min(1).max(100).describe('The event API id, e.g. "kraken"'),
          operationId: z.string().min(1).max(300).describe('e.g. "receivePing" (list_operations lists them)'),
          message: z
            .unknown()
            .optional()
            .describe('The message payload for a SEND operation, e.g. {"event":"ping","reqid":1}'),
          count: z.number().int().min(1).max(5).optional().describe('RECEIVE: how many messages to read (default 2)'),
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      async ({ api, operationId, message, count }, extra) => {
        const ops = events.operations.get(api);
        if (!ops)
          return refusal(`api: no event API "${api}" (event APIs: ${[...events.operations.keys()].join(', ')})`);
        const op = ops.get(operationId);
        if (!op)
          return refusal(`operationId: no operation "${operationId}" in "${api}" (${[...ops.keys()].join(', ')})`);
        if (!op.path)
          return refusal(`operationId: the channel of "${operationId}" has no address: the mock has no place for it`);
        const url = new URL(op.path, 'http://mcp.localhost');
        const token = options.sandboxToken(extra.sessionId);
        if (op.direction === 'you-send') {
          if (message === undefined) return refusal('message: a SEND operation needs the message to send');
          const response = await events.mock.handle(
            new Request(url, {
              method: 'POST',
              headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
              body: JSON.stringify(message),
            }),
          );
          const body = await response.json().catch(() => null);
          return result(
            { status: response.status, body },
            `${response.status} POST ${op.path}\n\n${JSON.stringify(body, null, 2)}`,
          );
        }
        const abort = new AbortController();
        const response = await events.mock.handle(
          new Request(url, {
            headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
            signal: abort.signal,
          }),
        );
        if (!response.ok || !response.body) {
          return refusal(`${response.status}: ${await response.text()}`);
        }
        const want = count ?? 2;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let text = '';
        const messages: { event: string; data: unknown }[] = [];
        const timer = setTimeout(() => abort.abort(), 10_000);
        try {
          while (messages.length < want) {
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
            let end = text.indexOf('\n\n');
            while (end !== -1 && messages.length < want) {
              const block = text.slice(0, end);
              text = text.slice(end + 2);
              const name = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (name && data !== undefined) messages.push({ event: name, data: JSON.parse(data) });
              end = text.indexOf('\n\n');
            }
          }
        } catch {
          // the time ran out: what arrived is the answer
        } finally {
          clearTimeout(timer);
          abort.abort();
          await reader.cancel().catch(() => undefined);
        }
        return result({ status: response.status, messages }, JSON.stringify(messages, null, 2));
      },
    );
  }
  return server;
}
