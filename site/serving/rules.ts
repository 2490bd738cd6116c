// How the built site is served: caching, security headers and the Content-Security-Policy, defined
// once. scripts/serve.ts applies these rules to every response of `npm start`; the build writes the
// same rules to dist/client/_headers (site/integrations/serving.ts) for static hosts that read that
// file (Netlify, Cloudflare Pages). Pure: the inputs that depend on a build (the hashes of the
// pages' inline scripts, the API origins of the spec) are passed in.
import { LINKSET_TYPE, linkHeader, pageLinks, SITE_LINKS } from '../agents/discovery.ts';
import { MERGED_INDEXES_FOLDER } from '../reference/model/search-indexes.ts';

/**
 * Hashed file names: the content changes, the name changes (Astro's `/_astro/`, Pagefind's chunks, and
 * those of a large site's merged indexes, `pagefind/indexes/<n>/`: reference/model/search-indexes.ts).
 * `:index` is one path segment, as Netlify's and Cloudflare's `_headers` read a `:placeholder`; a `*`
 * there would also cover each merged index's `pagefind-entry.json`, which keeps its name.
 */
export const IMMUTABLE_PATTERNS: readonly string[] = [
  '/_astro/*',
  '/pagefind/fragment/*',
  '/pagefind/index/*',
  `/pagefind/${MERGED_INDEXES_FOLDER}/:index/fragment/*`,
  `/pagefind/${MERGED_INDEXES_FOLDER}/:index/index/*`,
];

/** A year, never revalidated: for content-hashed file names only. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cached, but revalidated on every use (with `ETag`/`If-None-Match`): pages, the OpenAPI files, everything else. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Never stored: the mock API's answers depend on the caller's sandbox. */
export const CACHE_NONE = 'no-store';

/** Where the mock API is mounted, and with it every path answered by code rather than a file. */
export const API_PATTERN = '/api/*';

/**
 * The methods every page and file of the site answers (RFC 9110 §9.3.1 GET, §9.3.2 HEAD). Any other
 * method on a page or file is answered 405 with {@link ALLOW} (§15.5.6): the resource is there, the
 * method is not supported.
 */
export const FILE_METHODS: readonly string[] = ['GET', 'HEAD'];
/** The `Allow` header of every page and file (RFC 9110 §10.2.1): required on a 405, allowed on any answer. */
export const ALLOW = FILE_METHODS.join(', ');

/** Whether a page or file answers `method` (case-sensitive, as RFC 9110 §9.1 says methods are). */
export function fileMethodAllowed(method: string): boolean {
  return FILE_METHODS.includes(method);
}

/** The docs' MCP server (Streamable HTTP, site/mcp/http.ts): its own methods, not a file's. */
export const MCP_PATH = '/mcp';
/** The methods `/mcp` answers (MCP Streamable HTTP: POST messages, GET a stream, DELETE a session). */
export const MCP_ALLOW = 'GET, POST, DELETE';

/** The page served, with status 404, for a path no file matches: Astro writes it, static hosts serve it. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * Files worth compressing (text), by extension. Fonts (woff2), images and Pagefind's own
 * compressed chunks are left alone.
 */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|ya?ml|xml|txt|md|map|webmanifest)$/i;
/** Below this size (bytes) compression saves less than the extra round of headers costs. */
export const MIN_COMPRESS_BYTES = 1024;

/** What a build contributes to the policy. */
export interface PolicyInputs {
  /** `sha256-…` sources of every inline script the built pages contain (see {@link inlineScriptHashes}). */
  scriptHashes: readonly string[];
  /** Origins a page may call besides its own: the servers the spec lists (try-it). */
  apiOrigins: readonly string[];
}

/**
 * The Content-Security-Policy of the pages (CSP Level 3).
 * - `script-src`: this origin and the hashes of the inline scripts (no `unsafe-inline`, no
 *   `unsafe-eval`); `wasm-unsafe-eval` lets Pagefind's search compile its WebAssembly (it does
 *   not allow `eval` of JavaScript).
 * - `style-src 'unsafe-inline'`: Starlight writes `style` attributes and Scalar inserts its
 *   styles at run time; styles cannot run code.
 * - `connect-src`: this origin (the mock, Pagefind) and the spec's servers.
 * - `frame-ancestors 'none'`: no framing (clickjacking); only a header can say it, not a `<meta>`.
 */
export function contentSecurityPolicy(inputs: PolicyInputs): string {
  const hashes = [...new Set(inputs.scriptHashes)].sort().map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...[...new Set(inputs.apiOrigins)].sort()].join(' '),
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of the mock API's JSON answers: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Browser features the site never uses, turned off for it and anything it embeds
 * (Permissions-Policy, W3C). Clipboard and fullscreen stay: the code blocks' copy button uses the
 * clipboard.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * HSTS (RFC 6797) for HTTPS deployments: one year. Only sent when the site is served over HTTPS
 * (static hosts always are; `npm start` behind a TLS proxy sets `HSTS=1`), since a browser
 * ignores it over plain HTTP and a wrong one locks readers out of an HTTP-only host.
 */
export const HSTS = 'max-age=31536000';

/** Security headers of every response; `csp` differs between pages and the API. */
export function securityHeaders(csp: string, options: { hsts?: boolean } = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (options.hsts) headers['Strict-Transport-Security'] = HSTS;
  return headers;
}

/**
 * Whether a `_headers`-style pattern matches a URL path: an exact path, `/a/*` (everything below `/a/`),
 * and `:name` for one path segment (`/a/:n/b/*`), as Netlify and Cloudflare Pages read them.
 */
export function matches(pattern: string, path: string): boolean {
  const prefix = pattern.endsWith('/*');
  const fixed = prefix ? pattern.slice(0, -1) : pattern;
  const segments = fixed.split('/');
  const parts = path.split('/');
  if (prefix ? parts.length < segments.length : parts.length !== segments.length) return false;
  return segments.every((segment, i) => {
    const part = parts[i] ?? '';
    if (prefix && i === segments.length - 1) return segment === '' ? true : part.startsWith(segment);
    return segment.startsWith(':') ? part !== '' : part === segment;
  });
}

/**
 * `Cache-Control` of a URL path: immutable for hashed names, none for the API, revalidated for
 * everything else.
 */
export function cacheControl(path: string): string {
  if (matches(API_PATTERN, path)) return CACHE_NONE;
  return IMMUTABLE_PATTERNS.some((p) => matches(p, path)) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

/**
 * Every header the site sends for a URL path, besides those of the file itself (type, length,
 * encoding, ETag): security, caching, and outside the API the methods a page or file allows (the
 * API's answers carry their operation's own `Allow` on a 405).
 * @param path the URL path (`/guides/getting-started/`, `/_astro/x.js`, `/api/mock/pets`)
 */
export function headersFor(
  path: string,
  inputs: PolicyInputs,
  options: { hsts?: boolean } = {},
): Record<string, string> {
  const api = matches(API_PATTERN, path);
  return {
    ...securityHeaders(api ? API_CSP : contentSecurityPolicy(inputs), options),
    ...(api ? {} : { Allow: path === MCP_PATH ? MCP_ALLOW : ALLOW }),
    'Cache-Control': cacheControl(path),
    // Where agents find the rest (RFC 8288): every page and file names llms.txt and the API catalog;
    // a page with a Markdown twin adds the twin (scripts/serve.ts, from the files of the build).
    ...(api || path === MCP_PATH ? {} : { Link: linkHeader(SITE_LINKS) }),
  };
}

/**
 * Cloudflare Pages reads at most this many rules of a `_headers` file (Netlify has no such limit);
 * the per-page `Link` rules are written only when they fit in it.
 */
export const HEADERS_FILE_MAX_RULES = 100;

/**
 * The `_headers` file of Netlify and Cloudflare Pages: a path pattern, then indented
 * `Name: value` lines. Both hosts merge the rules that match a path and join repeated header
 * names with a comma, so each header name is set by one matching rule only: the security headers
 * and `Allow` under `/*`, `Cache-Control` under the immutable patterns. Every other file keeps the
 * hosts' default, which is {@link CACHE_REVALIDATE} with an ETag on both, the rule `npm start`
 * applies; listing each file instead would pass Cloudflare's limit of 100 rules.
 *
 * What the format cannot say: it adds headers to the answers a host gives and never chooses a
 * status, so the answer to a method other than GET/HEAD (`npm start`: 405 with `Allow`) is the
 * host's own, and so are the compression and validator of {@link NOT_FOUND_PAGE} (`npm start`:
 * its .br/.gz with a strong ETag), which hosts serve with their own handling of 404s.
 */
export function headersFile(inputs: PolicyInputs, twins: readonly string[] = []): string {
  const block = (pattern: string, headers: Record<string, string>): string =>
    `${pattern}\n${Object.entries(headers)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}\n`;
  const rules = [
    block('/*', {
      ...securityHeaders(contentSecurityPolicy(inputs), { hsts: true }),
      Allow: ALLOW,
      Link: linkHeader(SITE_LINKS),
    }),
    ...IMMUTABLE_PATTERNS.map((p) => block(p, { 'Cache-Control': CACHE_IMMUTABLE })),
    ...Object.entries(CONTENT_TYPES).map(([p, type]) => block(p, { 'Content-Type': type })),
  ];
  // A page's own link to its twin: one rule per page, joined by the host to the `/*` rule's Link with
  // a comma (one Link header, RFC 8288 §3). Past the rule limit they are left out (the twin stays
  // named in each page's head, `<link rel="alternate" type="text/markdown">`).
  const fits = rules.length + twins.length <= HEADERS_FILE_MAX_RULES;
  const perPage = fits ? twins.map((page) => block(page, { Link: linkHeader(pageLinks(page, true).slice(0, 1)) })) : [];
  return [
    '# Generated by the build (site/serving/rules.ts): the same rules `npm start` applies.',
    `# Other files: the host's default Cache-Control, which is "${CACHE_REVALIDATE}" with an ETag.`,
    ...(fits
      ? []
      : [
          `# ${twins.length} pages with a Markdown twin: their Link rules would pass the ${HEADERS_FILE_MAX_RULES} rules Cloudflare Pages reads, so each page names its twin in its head only.`,
        ]),
    ...rules,
    ...perPage,
  ].join('\n');
}

/**
 * Files whose type a static host cannot tell from the name, written to `_headers` (`npm start` sets
 * the same in scripts/serve.ts): the API catalog has no extension (RFC 9727 §4: a linkset with the
 * api-catalog profile), and the llms files and the pages' Markdown twins are UTF-8 text a host would
 * otherwise type by its own defaults (often without charset, some `.md` as `application/octet-stream`).
 * `/*.md` is one pattern: Netlify and Cloudflare Pages match `*` as any characters, so one rule types
 * every twin however many pages there are.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '/.well-known/api-catalog': LINKSET_TYPE,
  '/llms.txt': 'text/plain; charset=utf-8',
  '/llms-full.txt': 'text/plain; charset=utf-8',
  '/*.md': 'text/markdown; charset=utf-8',
};

/** The type rule of {@link CONTENT_TYPES} a URL path falls under (`/a/b.md` → the `/*.md` rule), if any. */
export function contentTypeOf(path: string): string | undefined {
  if (CONTENT_TYPES[path]) return CONTENT_TYPES[path];
  return path.endsWith('.md') ? CONTENT_TYPES['/*.md'] : undefined;
}

/** Cloudflare Pages reads at most this many characters of a `_headers` line. */
export const HEADERS_FILE_MAX_LINE = 2000;

/**
 * Problems a host would have with a `_headers` text: lines over {@link HEADERS_FILE_MAX_LINE}
 * characters (the CSP line grows with every distinct inline script of the pages).
 */
export function headersFileProblems(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => line.length > HEADERS_FILE_MAX_LINE)
    .map(
      ({ line, n }) =>
        `_headers:${n}: ${line.length} characters, over the ${HEADERS_FILE_MAX_LINE} Cloudflare Pages reads (${line.trim().split(':')[0]})`,
    );
}

/**
 * `sha256-…` CSP sources of the inline scripts of an HTML page: `<script>` elements without
 * `src` whose type runs as script (none, a JavaScript MIME type or `module`); data blocks such
 * as `application/json` are not scripts and need no hash (HTML, "The script element").
 * @param sha256base64 hashes a string's UTF-8 bytes to base64 (node:crypto or WebCrypto, injected)
 */
export function inlineScriptHashes(html: string, sha256base64: (text: string) => string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(?:text|application)\/(?:java|ecma)script$/.test(type)) continue;
    out.push(`sha256-${sha256base64(m[2] ?? '')}`);
  }
  return out;
}

/**
 * The origins of the spec's `servers` (variables set to their defaults), for `connect-src`.
 * Relative server URLs are this origin already and are left out.
 */
export function serverOrigins(
  servers: readonly { url: string; variables?: Record<string, { default: string }> }[],
): string[] {
  const out = new Set<string>();
  for (const s of servers) {
    const url = s.url.replace(/\{([^}]+)\}/g, (_, name: string) => s.variables?.[name]?.default ?? '');
    try {
      out.add(new URL(url).origin);
    } catch {
      // relative: same origin
    }
  }
  return [...out];
}
