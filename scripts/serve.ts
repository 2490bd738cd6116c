// What `npm start` runs once the site is built: one node:http server on HOST:PORT (default
// localhost:4321) in front of three handlers, in this order:
//   /api/mock, /api/mock/*  -> the mock core (site/mock), straight from node:http;
//   files of dist/client    -> express-static-gzip over serve-static/send: picks the precompressed
//                              .br/.gz file the client accepts, answers HEAD, ranges and
//                              conditional requests (304) against the strong ETag set here;
//   /mcp                    -> the docs' MCP server (site/mcp/, Streamable HTTP);
//   anything else           -> the 404 page (404.html and its .br/.gz, strong ETag, status 404) for
//                              GET and HEAD, a plain-text 404 otherwise. Every page is a file: the
//                              build has no on-demand route, so there is no Astro server to call.
// A method other than GET and HEAD on a page or file answers 405 with `Allow: GET, HEAD`.
// A page URL asked for with `Accept: text/markdown` gets the page's Markdown twin (site/agents/), and
// every page answer says `Vary: Accept` and names its twin in a `Link` header (with llms.txt and the
// API catalog, which every file names).
// Every response gets the headers of site/serving/rules.ts (caching, security, CSP): the same
// rules the build writes to dist/client/_headers for static hosts.
//
// Environment (defaults in brackets): PORT [4321], HOST [localhost], HSTS=1 to send
// Strict-Transport-Security (behind an HTTPS proxy), MAX_CONNECTIONS [1000],
// HEADERS_TIMEOUT_MS [5000], REQUEST_TIMEOUT_MS [30000], MOCK_RATE_LIMIT [600 per minute per
// token; 0 turns it off], MOCK_MAX_SANDBOXES [10000], MOCK_SANDBOX_IDLE_MS [1800000], DIST_DIR [dist],
// PETSTORE_MOCK_STORE [memory; redis://host:port/db keeps the mock's sandboxes and rate windows in
// Redis, shared by every instance naming it: site/mock/README.md, "Several instances"],
// PETSTORE_MOCK_STORE_PREFIX [petstore-mock:, the prefix of its Redis keys].
// The mock and the MCP server answer for the APIs the build showed, as its record names them
// (<dist>/.built-from.json, site/integrations/built-from.ts), never for the environment's.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import expressStaticGzip from 'express-static-gzip';
import { formatDescriptionError } from '../descriptions/loader/index.ts';
import { linkHeader, pageLinks, SITE_LINKS } from '../site/agents/discovery.ts';
import { prefersMarkdown } from '../site/agents/negotiate.ts';
import { canonicalPagePath, markdownPath, pagePathOfMarkdown } from '../site/agents/paths.ts';
import { buildLocales } from '../site/i18n/locales.ts';
import { BUILT_FROM, type BuiltFrom, builtSite } from '../site/integrations/built-from.ts';
import { mcpHttpHandler, siteServerFactory } from '../site/mcp/index.ts';
import { attachEventWebSockets, eventNodeListener, lazyEventMock } from '../site/mock/hosts/events-node.ts';
import { createSiteMock, siteMockTable } from '../site/mock/hosts/load.ts';
import { MOCK_BASE } from '../site/mock/hosts/mount.ts';
import { toNodeListener } from '../site/mock/hosts/node.ts';
import { configuredStore, parseStoreUrl, StoreUrlError } from '../site/mock/hosts/redis-store.ts';
import { DEFAULT_RATE_POLICY, DEFAULT_SANDBOX_LIMITS } from '../site/mock/index.ts';
import { policyInputs } from '../site/serving/build.ts';
import {
  ALLOW,
  API_PATTERN,
  cacheControl,
  contentTypeOf,
  fileMethodAllowed,
  headersFor,
  MCP_PATH,
  matches,
  NOT_FOUND_PAGE,
} from '../site/serving/rules.ts';

const root = join(import.meta.dirname, '..');
/** The build output: `DIST_DIR` (relative to the root) as astro.config.mjs and build-if-stale read it. */
const dist = resolve(root, process.env.DIST_DIR || 'dist');
const client = join(dist, 'client');
// The mock and the MCP server answer for the APIs the pages were built from: the build records them
// (their description files, release records and older published versions, whose mocks answer under
// /api/mock/@<version>/) in .built-from.json (site/integrations/built-from.ts).
let built: BuiltFrom;
try {
  built = JSON.parse(readFileSync(join(dist, BUILT_FROM), 'utf8')) as BuiltFrom;
  if (!Array.isArray(built.apis) || built.apis.length === 0) throw new Error('no APIs recorded');
} catch (err) {
  process.stderr.write(
    `${join(dist, BUILT_FROM)}: ${(err as Error).message}; build the site first (npm run build, or npm start, which builds when needed)\n`,
  );
  process.exit(1);
}
const env = process.env;
const port = Number(env.PORT ?? 4321);
const host = env.HOST ?? 'localhost';
const num = (name: string, fallback: number): number => {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    process.stderr.write(`${name}=${v}: expected a number >= 0\n`);
    process.exit(2);
  }
  return n;
};

/** Connection limits (documented in README.md, "How `npm start` serves"). */
const LIMITS = {
  maxConnections: num('MAX_CONNECTIONS', 1000),
  /** A client must have sent all request headers within this (ms), else 408 and close. */
  headersTimeoutMs: num('HEADERS_TIMEOUT_MS', 5000),
  /** ...and the whole request, body included, within this (ms). */
  requestTimeoutMs: num('REQUEST_TIMEOUT_MS', 30_000),
  /** How long an idle keep-alive connection may be reused, as `Keep-Alive: timeout=5` tells clients (ms). */
  keepAliveTimeoutMs: 5000,
  /**
   * ...and how much longer the server keeps it open (ms): the client must be the one that closes an idle
   * connection. A server that closes at the time it announced races a client that reuses the connection
   * then, and a client whose event loop was busy for a few seconds (a crawler parsing pages) reuses it
   * late: its request meets a closed socket (undici: `UND_ERR_SOCKET: other side closed`).
   */
  keepAliveGraceMs: 60_000,
};

// The store of the mock's sandboxes and rate windows, checked before anything else starts: a wrong URL
// stops here with what is wrong; an unreachable Redis does not (the store says so and reconnects).
let storeSetting: ReturnType<typeof parseStoreUrl>;
try {
  storeSetting = parseStoreUrl(env.PETSTORE_MOCK_STORE);
} catch (err) {
  if (!(err instanceof StoreUrlError)) throw err;
  process.stderr.write(`PETSTORE_MOCK_STORE: ${err.message}\n`);
  process.exit(2);
}

// Every API's and published version's mock behind /api/mock, one sandbox table: the site's mock table
// (site/mock/hosts/load.ts), from the descriptions the site was built from.
const mockApis = await siteMockTable(builtSite(built).apis).catch((err: unknown) => {
  // What and where (file:line:column, JSON pointer), not a stack trace.
  process.stderr.write(`${formatDescriptionError(err)}\n`);
  process.exit(1);
});
const rate = num('MOCK_RATE_LIMIT', DEFAULT_RATE_POLICY.limit);
const idleMs = num('MOCK_SANDBOX_IDLE_MS', DEFAULT_SANDBOX_LIMITS.idleMs);
const store = configuredStore(env.PETSTORE_MOCK_STORE, {
  idleMs,
  ...(env.PETSTORE_MOCK_STORE_PREFIX ? { prefix: env.PETSTORE_MOCK_STORE_PREFIX } : {}),
});
const mockCore = await createSiteMock(mockApis, {
  rateLimit: rate > 0 ? { limit: rate, windowS: DEFAULT_RATE_POLICY.windowS } : false,
  sandboxes: { maxSandboxes: num('MOCK_MAX_SANDBOXES', DEFAULT_SANDBOX_LIMITS.maxSandboxes), idleMs },
  ...(store ? { store } : {}),
}).catch((err: unknown) => {
  process.stderr.write(`${formatDescriptionError(err)}\n`);
  process.exit(1);
});
const mock = toNodeListener(mockCore);
// The event APIs' mock (AsyncAPI, site/mock/events/) below their own mounts: Server-Sent Events, POST and
// WebSockets, the same rate policy.
const eventMock = lazyEventMock(
  (built.site.events ?? []).map((api) => ({ mount: api.mockBase, description: api.description })),
  { rate: rate > 0 ? { limit: rate, windowS: DEFAULT_RATE_POLICY.windowS } : false },
  (err) => process.stderr.write(`${formatDescriptionError(err)}\n`),
);
const events = eventNodeListener(eventMock);
// The MCP server's call_mock goes to this same mock (same sandboxes and rate limit), in process.
const mcp = mcpHttpHandler({
  createServer: await siteServerFactory(
    builtSite(built),
    mockCore,
    new Map(built.apis.map((a) => [a.api.id, a.versions.map((v) => v.version)])),
    // The locales beside English: PETSTORE_LOCALES, as `npm start` passes it to the build it makes.
    buildLocales(),
    eventMock,
  ),
});

// The policy inputs come from the built pages, as the build's _headers does (site/serving/build.ts).
const inputs = existsSync(client)
  ? policyInputs(
      client,
      mockApis.flatMap((a) => a.current.description.document.servers ?? []) as unknown as Parameters<
        typeof policyInputs
      >[1],
    )
  : { scriptHashes: [], apiOrigins: [] };
const hsts = env.HSTS === '1';
/** The rules' headers per cache class (the policy string is built once, not per request). */
const byClass = new Map<string, [string, string][]>();
function ruleHeaders(path: string): [string, string][] {
  // `/mcp` has its own `Allow`; every other path shares the headers of its caching class.
  const key = path === MCP_PATH ? MCP_PATH : cacheControl(path);
  let headers = byClass.get(key);
  if (!headers) {
    headers = Object.entries(headersFor(path, inputs, { hsts }));
    byClass.set(key, headers);
  }
  return headers;
}

/**
 * A strong validator per file representation (RFC 9110 section 8.8.3): size and modification
 * time of the file actually sent, so the .br, .gz and identity variants differ. Built files are
 * replaced, never edited in place, so this changes whenever the bytes do (nginx's rule).
 */
function strongEtag(res: ServerResponse, _path: string, stat: { size: number; mtimeMs: number }): void {
  res.setHeader('ETag', `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`);
  // A page with a Markdown twin varies on Accept too; express-static-gzip has just set Vary to
  // Accept-Encoding alone, so Accept is added here, the last hook before the headers go out.
  if (varyOnAccept.has(res)) {
    const vary = String(res.getHeader('Vary') ?? '');
    res.setHeader('Vary', vary ? `${vary}, Accept` : 'Accept');
  }
}
/** Responses of pages that have a Markdown twin (set per request, read by {@link strongEtag}). */
const varyOnAccept = new WeakSet<ServerResponse>();

const files = expressStaticGzip(client, {
  enableBrotli: true,
  orderPreference: ['br', 'gzip'],
  index: 'index.html',
  serveStatic: {
    // send's own ETag is weak (W/"size-mtime"); ours is set in setHeaders and used by send's
    // conditional-request check (fresh) for 304s.
    etag: false,
    lastModified: true,
    cacheControl: false,
    // dist/client holds only what the build publishes; its one dot folder is /.well-known/.
    dotfiles: 'allow',
    fallthrough: true,
    redirect: true,
    setHeaders: strongEtag,
  },
}) as (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The Markdown twin of a page path, when the build wrote one (`/reference/list-pets/` → `/reference/list-pets.md`). */
function markdownTwin(path: string): string | null {
  if (path.endsWith('.md') || /\.[a-z0-9]+$/i.test(path.replace(/\/index\.html$/, ''))) return null;
  const md = markdownPath(canonicalPagePath(path));
  try {
    return statSync(join(client, md)).isFile() ? md : null;
  } catch {
    return null;
  }
}

function isMock(url: string): boolean {
  return url === MOCK_BASE || url.startsWith(`${MOCK_BASE}/`) || url.startsWith(`${MOCK_BASE}?`);
}

/** The request path with dot segments resolved (`/_astro/../x` is `/x`), as the file lookup sees it. */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return '/';
  }
}

/**
 * Whether a URL path names a page or file of the build: a file, or a folder with an index.html (GET
 * serves it, or redirects to it with a trailing slash), found as the file handler finds them.
 */
function isPageOrFile(path: string): boolean {
  let full: string;
  try {
    full = join(client, decodeURIComponent(path));
  } catch {
    return false;
  }
  if (full !== client && !full.startsWith(`${client}${sep}`)) return false;
  try {
    const st = statSync(full);
    return st.isFile() || (st.isDirectory() && existsSync(join(full, 'index.html')));
  } catch {
    return false;
  }
}

/** Request headers that would turn the 404 page into a 304, 206 or 412: preconditions and ranges apply to 2xx answers only (RFC 9110 §13.2.1, §14.2). */
const CONDITIONAL = ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'range', 'if-range'];

/**
 * Answers 404 with the 404 page as the file handler sends any page: the precompressed variant the
 * client accepts, `Vary: Accept-Encoding`, the strong ETag; `otherwise` when the build has no 404 page.
 */
function notFound(req: IncomingMessage, res: ServerResponse, otherwise: () => void): void {
  for (const name of CONDITIONAL) delete req.headers[name];
  const url = req.url;
  res.statusCode = 404;
  req.url = NOT_FOUND_PAGE;
  files(req, res, () => {
    req.url = url;
    res.statusCode = 200;
    for (const name of ['ETag', 'Content-Encoding', 'Content-Type', 'Vary', 'Last-Modified']) res.removeHeader(name);
    otherwise();
  });
}

/** Answers 404 in plain text, once the request's body is read (and dropped): the connection stays usable. */
function plainNotFound(req: IncomingMessage, res: ServerResponse): void {
  const answer = () => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
  };
  if (req.complete) answer();
  else req.once('end', answer).resume();
}

const server = createServer(
  {
    headersTimeout: LIMITS.headersTimeoutMs,
    requestTimeout: LIMITS.requestTimeoutMs,
    keepAliveTimeout: LIMITS.keepAliveTimeoutMs,
    keepAliveTimeoutBuffer: LIMITS.keepAliveGraceMs,
    // How often node checks the two timeouts above (default 30 s, too coarse for a 5 s limit).
    connectionsCheckingInterval: 1000,
  },
  (req, res) => {
    const url = req.url ?? '/';
    const path = pathOf(url);
    for (const [name, value] of ruleHeaders(path)) res.setHeader(name, value);
    if (isMock(url) && eventMock.owns(path)) {
      void events(req, res);
      return;
    }
    if (isMock(url)) {
      void mock(req, res);
      return;
    }
    if (path === '/mcp') {
      void mcp.handle(req, res).catch((err: unknown) => {
        process.stderr.write(`mcp: ${(err as Error).stack ?? err}\n`);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    const code = matches(API_PATTERN, path);
    const method = req.method ?? 'GET';
    if (!code && !fileMethodAllowed(method) && isPageOrFile(path)) {
      // The body is read (and dropped) first, so the connection stays usable for the next request.
      const answer = () => {
        res.writeHead(405, { Allow: ALLOW, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Method not allowed: ${path} answers ${ALLOW}.\n`);
      };
      if (req.complete) answer();
      else req.once('end', answer).resume();
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const md = markdownTwin(path);
      if (md) {
        varyOnAccept.add(res);
        res.setHeader('Link', linkHeader(pageLinks(path, true)));
        if (prefersMarkdown(req.headers.accept)) req.url = md;
      } else {
        // A twin names its HTML page (and the site's links, like every file).
        if (path.endsWith('.md')) {
          const page = pagePathOfMarkdown(path);
          res.setHeader('Link', linkHeader(pageLinks(path, page !== null && isPageOrFile(page))));
        }
        // Files whose name does not say their type (the API catalog): send keeps a type already set.
        const type = contentTypeOf(path);
        if (type) res.setHeader('Content-Type', type);
      }
    }
    // express-static-gzip reads Express's `req.path` (it changes req.url, so computed each time).
    Object.defineProperty(req, 'path', { configurable: true, get: () => pathOf(req.url ?? '/') });
    files(req, res, (err) => {
      if (err && !res.headersSent) {
        const status = (err as { status?: number }).status ?? 500;
        res.statusCode = status >= 400 && status < 600 ? status : 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(res.statusCode === 404 ? 'Not found\n' : 'Bad request\n');
        return;
      }
      // No file: what express-static-gzip set for a variant it expected is not true of the next answer.
      for (const name of ['ETag', 'Content-Encoding', 'Content-Type']) res.removeHeader(name);
      // ...nor a page's own links: a missing page names only the site's.
      if (!code) res.setHeader('Link', linkHeader(SITE_LINKS));
      // The 404 page for GET and HEAD; a short 404 for any other method, and below API_PATTERN, whose
      // paths are answered by code (the mock's above; the site has no other route).
      if (!code && fileMethodAllowed(method)) notFound(req, res, () => plainNotFound(req, res));
      else plainNotFound(req, res);
    });
  },
);
server.maxConnections = LIMITS.maxConnections;
const eventSockets = attachEventWebSockets(server, eventMock);
// A Node without keepAliveTimeoutBuffer (before 24.6) closes at the announced time: announce the longer one.
if (typeof (server as { keepAliveTimeoutBuffer?: unknown }).keepAliveTimeoutBuffer !== 'number') {
  server.keepAliveTimeout = LIMITS.keepAliveTimeoutMs + LIMITS.keepAliveGraceMs;
}
server.on('error', (err: NodeJS.ErrnoException) => {
  process.stderr.write(
    err.code === 'EADDRINUSE'
      ? `Port ${port} is in use: set PORT to another port.\n`
      : `Server error: ${err.message}\n`,
  );
  process.exit(1);
});
server.listen(port, host, () => {
  process.stdout.write(
    `Petstore docs on http://${host}:${port}/ (mock API at http://${host}:${port}${MOCK_BASE}${built.site.catalog ? `/<api>` : ''}; rate limit ${rate > 0 ? `${rate}/min per token` : 'off'}; sandboxes ${storeSetting.kind === 'redis' ? `in ${storeSetting.display}` : 'in memory'})\n`,
  );
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    for (const client of eventSockets.clients) client.terminate();
    server.close(() => {
      if (store) void store.close().finally(() => process.exit(0));
      else process.exit(0);
    });
    server.closeAllConnections();
  });
}
