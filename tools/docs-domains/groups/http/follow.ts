/**
 * Following redirects by hand, one request per hop, up to a bound (the I/O is injected: `transport.ts` in the
 * CLI, fakes in tests). Location is resolved against the hop's URL (RFC 9110 §10.2.2).
 */

/** One request of a chain. */
export interface Hop {
  /** The absolute URL requested. */
  url: string;
  /** `HEAD`, or `GET` when the server refused HEAD with 405/501. */
  method: 'HEAD' | 'GET';
  status: number;
  /** The raw Location header, when present. */
  location?: string;
  /** The Location resolved against `url` (absolute), for redirect statuses with a usable Location. */
  next?: string;
}

/** A followed chain. */
export interface Chain {
  /** The first URL requested. */
  start: string;
  hops: Hop[];
  /**
   * Why it stopped: `final` (a non-redirect answer: the last hop), `loop` (the last hop's `next` was already
   * requested), `limit` (`maxHops` redirects followed and the last still redirects), `no-location` (a redirect
   * status without a usable Location), `error` (a request failed; see `error`).
   */
  end: 'final' | 'loop' | 'limit' | 'no-location' | 'error';
  /** The failed request, when `end` is `error`. */
  error?: { url: string; code: string; detail: string };
}

/** What one header-only request returned, or why it failed. */
export type HopResult =
  | { ok: true; method: 'HEAD' | 'GET'; status: number; location?: string }
  | { ok: false; code: string; detail: string };

/** Performs one header-only request (never follows redirects itself). */
export type HopFetch = (url: URL) => Promise<HopResult>;

/** Statuses that redirect with a Location (RFC 9110 §15.4; 300 and 304 are not followed). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Upper bound of requests per chain (browsers allow about 20; a correct setup needs 2). */
export const MAX_HOPS = 10;

/**
 * Requests `start`, then each Location in turn, until a non-redirect answer, a repeated URL, an error, or
 * `maxHops` requests.
 * @param start an absolute http(s) URL
 * @param fetchHop the injected request function; it should not throw (a throw is recorded as an `error` end)
 */
export async function followRedirects(start: string, fetchHop: HopFetch, maxHops: number = MAX_HOPS): Promise<Chain> {
  const hops: Hop[] = [];
  const seen = new Set<string>();
  let url = new URL(start);
  for (;;) {
    seen.add(url.href);
    let r: HopResult;
    try {
      r = await fetchHop(url);
    } catch (err) {
      r = { ok: false, code: 'ERROR', detail: err instanceof Error ? err.message : String(err) };
    }
    if (!r.ok) return { start, hops, end: 'error', error: { url: url.href, code: r.code, detail: r.detail } };
    const hop: Hop = { url: url.href, method: r.method, status: r.status };
    if (r.location !== undefined) hop.location = r.location;
    hops.push(hop);
    if (!REDIRECT_STATUSES.has(r.status)) return { start, hops, end: 'final' };
    let next: URL;
    try {
      if (r.location === undefined || r.location.trim() === '') throw new Error('no Location');
      next = new URL(r.location.trim(), url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new Error('not http(s)');
    } catch {
      return { start, hops, end: 'no-location' };
    }
    hop.next = next.href;
    if (seen.has(next.href)) return { start, hops, end: 'loop' };
    if (hops.length >= maxHops) return { start, hops, end: 'limit' };
    url = next;
  }
}
