/**
 * Decisions of the reference page's request guard, pure so they are unit-tested: which outgoing
 * try-it requests belong to an operation whose try-it panel is hidden (`x-hideTryItPanel`), and
 * whether a response came from the mock API or from a static host that has none.
 */
import { escapeRegExp } from '../../../descriptions/regexp.ts';
import type { OperationRef } from '../model/document.ts';

/** A hidden operation as the browser needs it: method plus a matcher for its path. */
export interface HiddenMatcher {
  method: string;
  path: string;
  /** Matches a URL path that ends with the operation's path template (`{param}` = one segment). */
  pattern: RegExp;
}

/**
 * Builds a matcher for a path template: `/store/orders/{orderId}` matches `…/store/orders/7`. The match is
 * anchored at the end and at a segment boundary at the start, so any server base (`/api/mock`,
 * `https://petstore.example.com/v1`) in front is accepted; a trailing slash is tolerated.
 */
export function pathPattern(template: string): RegExp {
  const parts = template
    .replace(/^\/+/, '')
    .split(/(\{[^}]+\})/)
    .map((p) => (/^\{[^}]+\}$/.test(p) ? '[^/]+' : escapeRegExp(p)));
  return new RegExp(`(?:^|/)${parts.join('')}/?$`);
}

/** Matchers for the operations listed by `mapReference(...).hiddenTryIt`. */
export function hiddenMatchers(hidden: Pick<OperationRef, 'method' | 'path'>[]): HiddenMatcher[] {
  return hidden.map((h) => ({ method: h.method.toUpperCase(), path: h.path, pattern: pathPattern(h.path) }));
}

/**
 * Finds the hidden operation a request is for, if any. The URL path is compared raw and
 * percent-decoded, with runs of slashes collapsed to one.
 * @param method HTTP method of the request (any case)
 * @param url absolute URL of the request
 * @returns the matching hidden operation, or null when the request may go out
 */
export function findHidden(method: string, url: string, matchers: HiddenMatcher[]): HiddenMatcher | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    pathname = url.split(/[?#]/)[0] ?? url;
  }
  const m = method.toUpperCase();
  // Decode percent-escapes so `/store/%6Frders` cannot slip past; keep the raw path when decoding fails.
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* keep raw */
  }
  // Servers answer `/store/orders//` like `/store/orders` (the mock does), so runs of slashes count as
  // one: a base URL ending in `//#` (an edited `{base_url}`) must not slip past either.
  const candidates = [pathname, decoded].map((p) => p.replace(/\/{2,}/g, '/'));
  return matchers.find((h) => h.method === m && candidates.some((p) => h.pattern.test(p))) ?? null;
}

/**
 * The message the try-it client shows when it refuses a request for a hidden operation.
 */
export function refusalMessage(h: Pick<HiddenMatcher, 'method' | 'path'>): string {
  return `${h.method} ${h.path} cannot be tried from this reference: its try-it panel is disabled (x-hideTryItPanel). Use the code samples instead.`;
}

/** Whether a URL is under the mock API base on the page's origin (`/api/mock` by default). */
export function isMockUrl(url: string, origin: string, mockBase: string): boolean {
  try {
    const u = new URL(url, origin);
    const base = mockBase.replace(/\/+$/, '');
    return u.origin === origin && (u.pathname === base || u.pathname.startsWith(`${base}/`));
  } catch {
    return false;
  }
}

/**
 * Whether a response to a request for the mock API came from the mock. The mock answers JSON for every
 * path it has no description answer for (its errors are `Error` objects, spec/README.md "Errors"), nothing
 * (204, 304), or what a description declares (any media type, or no body); every answer of it names
 * `RateLimit-Policy` among its CORS-exposed headers (site/mock/pipeline/http.ts). A static host answers
 * its 404 page in HTML or plain text, or the request fails.
 * @param status HTTP status, or null when the request failed (network error)
 * @param contentType the `Content-Type` header, or null
 * @param exposed the `Access-Control-Expose-Headers` header, or null
 */
export function mockAnswered(
  status: number | null,
  contentType: string | null,
  exposed: string | null = null,
): boolean {
  if (status === null) return false;
  if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '')) return true;
  if (/(?:^|,)\s*RateLimit-Policy\s*(?:,|$)/i.test(exposed ?? '')) return true;
  return (status === 204 || status === 304) && !contentType;
}

/**
 * The notice the reference shows when no mock can answer: a static host, where the explorer has no
 * mock and try-it could not start the in-browser one (a browser without service workers).
 */
export const MOCK_UNAVAILABLE =
  'The mock API is not available on this host (a static copy of the site): requests from the try-it client to "Mock API on this site" cannot be answered. Run the site with "npm start" to use the mock, or choose the production server and your own token.';

/** The one line over the request client when the in-browser mock answers (static hosts). */
export const BROWSER_MOCK_NOTICE = 'Requests are answered by a mock running in your browser.';

/** What that line says once the reader reset the in-browser mock's data. */
export const BROWSER_MOCK_RESET =
  'Requests are answered by a mock running in your browser; its data is back to the seed data.';

/** A server the try-it client may send to: an OpenAPI Server Object (URL template and variables). */
export interface AllowedServer {
  url: string;
  variables?: Record<string, { default?: string; enum?: string[] }>;
}

/**
 * Whether a request URL goes to one of the listed servers. A relative server URL (`/api/mock`) is on
 * the page's origin; a `{variable}` matches its `enum` values when it has some, else any text (an
 * editable `{base_url}` is a server the description lists). The URL must continue at a path boundary
 * after the server's URL.
 * @param origin the page's origin, e.g. `http://localhost:4321`
 */
export function serverAllowed(url: string, servers: readonly AllowedServer[], origin: string): boolean {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return false;
  }
  const href = target.href;
  return servers.some((s) => {
    const template = s.url.startsWith('/') ? `${origin}${s.url}` : s.url;
    const parts = template.replace(/\/+$/, '').split(/(\{[^}]+\})/);
    const source = parts
      .map((p) => {
        const m = /^\{([^}]+)\}$/.exec(p);
        if (!m) return escapeRegExp(p);
        const values = s.variables?.[m[1] ?? '']?.enum;
        return values && values.length > 0 ? `(?:${values.map(escapeRegExp).join('|')})` : '.+?';
      })
      .join('');
    return new RegExp(`^${source}(?:[/?#]|$)`).test(href);
  });
}

/** The header the mock reads a page's cookies from (site/mock/access/security.ts `PAGE_COOKIE_HEADER`). */
export const PAGE_COOKIE_HEADER = 'X-Scalar-Cookie';

/**
 * A request to the mock with its cookies (an API key in a cookie) in {@link PAGE_COOKIE_HEADER}: a page's
 * `fetch` drops a `Cookie` header it sets (Fetch standard, "forbidden request-header"), so the mock reads
 * that one instead. Requests to other servers, and requests without a cookie, are returned as they are.
 * @param cookie the cookies as a `Cookie` header's value (`api_key=…; other=…`), or undefined
 */
export function withPageCookies(
  request: Request,
  cookie: string | undefined,
  o: Pick<GuardedFetchOptions, 'mockBase' | 'origin'>,
): Request {
  if (!cookie || !isMockUrl(request.url, o.origin, o.mockBase) || request.headers.has(PAGE_COOKIE_HEADER)) {
    return request;
  }
  const headers = new Headers(request.headers);
  headers.set(PAGE_COOKIE_HEADER, cookie);
  return new Request(request, { headers });
}

/** What {@link createGuardedFetch} needs: the decisions' inputs and the edges it reports to. */
export interface GuardedFetchOptions {
  hidden: HiddenMatcher[];
  mockBase: string;
  /** The page's origin. */
  origin: string;
  /** When given, requests to any other server are refused (see {@link serverAllowed}). */
  servers?: readonly AllowedServer[];
  /** The fetch that sends (the browser's, or a test double). */
  fetch: (request: Request) => Promise<Response>;
  /** Called before a refused request for a hidden operation is thrown. */
  onRefused?: (hit: HiddenMatcher) => void;
  /** Called when the mock did not answer (a static host): the thrown message is {@link MOCK_UNAVAILABLE}. */
  onMockDown?: () => void;
  /**
   * The cookies the client means to send with a request (its security schemes' API keys in a cookie),
   * as a `Cookie` header's value: the client builds a `Request`, which has already dropped its `Cookie`
   * header when the guard sees it. Sent to the mock as {@link PAGE_COOKIE_HEADER}.
   */
  pageCookies?: (request: Request) => string | undefined;
}

/**
 * The fetch a try-it client sends with: refuses a request for an operation without try-it, or to a
 * server the description does not list, before anything goes out; turns a missing mock into
 * {@link MOCK_UNAVAILABLE}. Clients show a thrown error's message to the reader.
 * @throws {Error} with {@link refusalMessage}, a "not a server of this API" message, or MOCK_UNAVAILABLE
 */
export function createGuardedFetch(o: GuardedFetchOptions) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const built = input instanceof Request ? input : new Request(input, init);
    const cookie = (init?.headers ? new Headers(init.headers).get('cookie') : null) || o.pageCookies?.(built);
    const request = withPageCookies(built, cookie || undefined, o);
    const hit = findHidden(request.method, request.url, o.hidden);
    if (hit) {
      o.onRefused?.(hit);
      throw new Error(refusalMessage(hit));
    }
    if (o.servers && !serverAllowed(request.url, o.servers, o.origin)) {
      throw new Error(
        `${new URL(request.url, o.origin).origin} is not a server of this API: requests go only to the servers the description lists.`,
      );
    }
    const toMock = isMockUrl(request.url, o.origin, o.mockBase);
    let response: Response;
    try {
      response = await o.fetch(request);
    } catch (err) {
      if (!toMock) throw err;
      o.onMockDown?.();
      throw new Error(MOCK_UNAVAILABLE);
    }
    const exposed = response.headers.get('access-control-expose-headers');
    if (toMock && !mockAnswered(response.status, response.headers.get('content-type'), exposed)) {
      o.onMockDown?.();
      throw new Error(MOCK_UNAVAILABLE);
    }
    return response;
  };
}
