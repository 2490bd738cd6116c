// HTTP details of the Petstore's hand-written answers: pagination links (RFC 8288) and the
// deprecation headers (RFC 9745 Deprecation, RFC 8594 Sunset).

/**
 * The `Link` header of a page (spec/README.md, "Lists and pagination"): `rel="next"` when records
 * follow the page, `rel="prev"` when the offset is above 0. Other query parameters are kept.
 * Offsets are computed exactly (as bigints): `offset` may be any int64, and a link must carry an
 * offset the API accepts (`9223372036854775807 - 20`, not the nearest double `9223372036854776000`,
 * which is above int64 and would be refused).
 *
 * @param url the request URL as the client sees it (origin and mount path included)
 * @param limit page size
 * @param offset records skipped (a bigint when it may be above 2^53)
 * @param total matches before paging
 * @returns the header value, or undefined when neither page exists
 */
export function paginationLink(url: URL, limit: number, offset: number | bigint, total: number): string | undefined {
  const links: string[] = [];
  const lim = BigInt(limit);
  const off = BigInt(offset);
  const at = (o: bigint): string => {
    const u = new URL(url.href);
    u.searchParams.set('limit', String(limit));
    u.searchParams.set('offset', o.toString());
    return u.href;
  };
  if (off + lim < BigInt(total)) links.push(`<${at(off + lim)}>; rel="next"`);
  if (off > 0n) links.push(`<${at(off > lim ? off - lim : 0n)}>; rel="prev"`);
  return links.length > 0 ? links.join(', ') : undefined;
}

/** Deprecation facts of an operation, as the spec states them. */
export interface DeprecationInfo {
  /** `x-deprecated-since`, `YYYY-MM-DD` (our extension, spec/README.md "Operations"). */
  since?: string;
  /** `x-deprecated-sunset`, `YYYY-MM-DD` (GitBook's extension). */
  sunset?: string;
  /** URL of the deprecation policy (`rel="deprecation"`, RFC 9745 section 3). */
  policy?: string;
  /** URL of the successor operation (`rel="successor-version"`, RFC 5829). */
  successor?: string;
}

function dateParts(date: string, what: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`${what}: expected YYYY-MM-DD, got '${date}'`);
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
}

/**
 * The headers a deprecated operation sends:
 * - `Deprecation: @<unix seconds>` (RFC 9745 section 2.1) for the start of the `since` day (UTC);
 * - `Sunset: <IMF-fixdate>` (RFC 8594 section 3, RFC 9110 section 5.6.7) for the END of the sunset
 *   day, 23:59:59 GMT, since the operation still works on that day;
 * - `Link` with the policy and the successor.
 *
 * @throws {Error} when a date is not `YYYY-MM-DD` (a spec error, found at start-up)
 */
export function deprecationHeaders(info: DeprecationInfo): Record<string, string> {
  const out: Record<string, string> = {};
  if (info.since) {
    const [y, m, d] = dateParts(info.since, 'x-deprecated-since');
    out.Deprecation = `@${Date.UTC(y, m, d) / 1000}`;
  }
  if (info.sunset) {
    const [y, m, d] = dateParts(info.sunset, 'x-deprecated-sunset');
    out.Sunset = new Date(Date.UTC(y, m, d, 23, 59, 59)).toUTCString();
  }
  const links: string[] = [];
  if (info.policy) links.push(`<${info.policy}>; rel="deprecation"`);
  if (info.successor) links.push(`<${info.successor}>; rel="successor-version"`);
  if (links.length > 0) out.Link = links.join(', ');
  return out;
}
