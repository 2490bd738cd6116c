/**
 * The `redirect` check: judges recorded redirect chains against one configured redirect (pure, no I/O).
 *
 * Source: the `domains.redirects` entries (`{from, to, status}`) of the domains procedure and the troubleshooting
 * row "Redirects break: redirect chains may be cached; test in a private window or with a header-only HTTP
 * request" (tools/docs-domains/README.md). Redirect semantics: RFC 9110 §15.4.
 */
import type { Check, CheckStatus } from '../../../core/types.ts';
import type { Chain, Hop } from '../follow.ts';
import { ACTION_ERROR, chainSummary, type RedirectCode, redirectAction } from '../messages.ts';

/** The path and query every probe carries, so a redirect that drops or rewrites them is seen. */
export const PROBE_PATH = '/docs-domains-probe/page';
export const PROBE_QUERY = '?probe=docs-domains&x=1';

/** The configured redirect under test. */
export interface RedirectExpectation {
  from: string;
  /** The destination domain (the primary: validation rejects any other `to`). */
  to: string;
  status: number;
}

/** The verdict on one chain: decided here, its summary rendered from `code` and `data` (`../messages.ts`). */
export interface ChainVerdict {
  status: CheckStatus;
  code: RedirectCode;
  data: Record<string, unknown>;
  /** One sentence for people, naming the hops when that helps. */
  summary: string;
}

/** `https://from/docs-domains-probe/page?probe=docs-domains&x=1` for the scheme. */
export function probeUrl(scheme: 'https' | 'http', host: string): string {
  return `${scheme}://${host}${PROBE_PATH}${PROBE_QUERY}`;
}

/** The probe's path and query, as shown in messages: a URL that keeps them ends in `/…`. */
export const PROBE_SHOWN = '/…';

/** A URL for a message: the probe's path and query, when kept whole, shortened to `/…`. */
export function showUrl(url: string): string {
  const tail = `${PROBE_PATH}${PROBE_QUERY}`;
  return url.endsWith(tail) ? `${url.slice(0, -tail.length)}${PROBE_SHOWN}` : url;
}

/** `https://a/… → 301 → https://b/… → 200`: every hop with its status. */
export function describeChain(chain: Chain): string {
  const parts: string[] = [];
  for (const h of chain.hops) {
    parts.push(showUrl(h.url), String(h.status));
  }
  const last = chain.hops.at(-1);
  if (last?.next) parts.push(showUrl(last.next));
  if (chain.end === 'error' && chain.error && chain.error.url !== last?.url && chain.error.url !== last?.next)
    parts.push(showUrl(chain.error.url));
  if (chain.end === 'error' && chain.error) parts.push(`(${chain.error.code})`);
  return parts.join(' → ');
}

/** A hop that only switches http:// to https:// on the same host, path and query. */
function isUpgrade(h: Hop): boolean {
  if (!h.next) return false;
  const a = new URL(h.url);
  const b = new URL(h.next);
  return (
    a.protocol === 'http:' &&
    b.protocol === 'https:' &&
    a.hostname === b.hostname &&
    a.pathname === b.pathname &&
    a.search === b.search
  );
}

const RANK: Record<CheckStatus, number> = { pass: 0, warn: 1, error: 2, fail: 3 };

/** The worse of two statuses (fail > error > warn > pass). */
export function worst(a: CheckStatus, b: CheckStatus): CheckStatus {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * Judges one chain that started at `probeUrl(scheme, from)`.
 *
 * - `pass`: exactly one redirect, from `from` to `https://<to>` (default port) with the configured status,
 *   path and query unchanged, and a non-redirect answer there;
 * - `warn`: the same plus one or more HTTP→HTTPS upgrade hops (same host, path and query) before or after it;
 * - `fail`: any hop from https:// to http:// (a downgrade, the hop named), a loop, more than `MAX_HOPS`
 *   redirects, a redirect without Location, no redirect (the first answer is not 3xx, or only an upgrade to
 *   `https://<from>`), several moves (a chain, each hop named), a move to another host, a different status, a
 *   changed or dropped path or query, an end on plain HTTP, or a certificate a browser refuses (at the start or at
 *   the destination);
 * - `error`: the first request failed otherwise (connection, timeout), or the destination could not be requested
 *   after a correct hop.
 */
export function evaluateChain(expect: RedirectExpectation, chain: Chain): ChainVerdict {
  const v = (status: CheckStatus, code: RedirectCode, data: Record<string, unknown> = {}): ChainVerdict => {
    const full = { seen: describeChain(chain), to: expect.to, start: showUrl(chain.start), ...data };
    return { status, code, data: full, summary: chainSummary(code, full) };
  };
  const first = chain.hops[0];
  if (!first) {
    const e = chain.error;
    const errorCode = e?.code ?? 'ERROR';
    // A certificate a browser rejects stops every visitor at the first hop: a failure, not an unknown.
    return v(
      BAD_CERTIFICATE.has(errorCode) ? 'fail' : 'error',
      BAD_CERTIFICATE.has(errorCode) ? 'redirect.bad_certificate' : 'redirect.request_failed',
      {
        errorCode,
        detail: e?.detail ?? 'no answer',
      },
    );
  }
  // Leaving HTTPS for plain HTTP exposes the visitor, whatever comes after (RFC 9110 §4.2.2, §17.1).
  const down = chain.hops.find((h) => h.next !== undefined && h.url.startsWith('https:') && h.next.startsWith('http:'));
  if (down)
    return v('fail', 'redirect.downgrade', {
      hop: `${showUrl(down.url)} → ${down.status} → ${showUrl(down.next as string)}`,
    });
  if (chain.end === 'loop') return v('fail', 'redirect.loop');
  if (chain.end === 'limit') return v('fail', 'redirect.too_many', { count: chain.hops.length });
  if (chain.end === 'no-location') {
    const last = chain.hops.at(-1) as Hop;
    return v('fail', 'redirect.no_location', {
      url: showUrl(last.url),
      status: last.status,
      after: chain.hops.length > 1,
    });
  }
  const redirects = chain.hops.filter((h) => h.next !== undefined);
  if (redirects.length === 0)
    return v('fail', 'redirect.none', { url: showUrl(first.url), status: first.status, method: first.method });

  const moves = redirects.filter((h) => !isUpgrade(h));
  const upgrades = redirects.length - moves.length;
  const lastRedirect = redirects.at(-1) as Hop;
  const end = new URL(lastRedirect.next as string);
  const expected = new URL(probeUrl('https', expect.to));

  if (moves.length === 0) return v('fail', 'redirect.upgrade_only');
  if (moves.length > 1) return v('fail', 'redirect.chain', { count: redirects.length });

  const move = moves[0] as Hop;
  const dest = new URL(move.next as string);
  const hop = { from: showUrl(move.url), status: move.status, dest: showUrl(dest.href) };
  if (dest.hostname !== expect.to) return v('fail', 'redirect.wrong_destination', hop);
  const problems: string[] = [];
  if (move.status !== expect.status) problems.push(`answers ${move.status} where the config says ${expect.status}`);
  if (dest.pathname !== expected.pathname)
    problems.push(
      dest.pathname === '/'
        ? `drops the path (${expected.pathname} became /)`
        : `changes the path (${expected.pathname} became ${dest.pathname})`,
    );
  if (dest.search !== expected.search)
    problems.push(
      dest.search === ''
        ? `drops the query (${expected.search} is lost)`
        : `changes the query (${expected.search} became ${dest.search})`,
    );
  if (end.protocol !== 'https:') problems.push(`ends on plain HTTP (${showUrl(end.href)})`);
  else if (end.port !== '') problems.push(`ends on port ${end.port} (${showUrl(end.href)})`);
  if (problems.length > 0) return v('fail', 'redirect.not_preserved', { ...hop, problems });

  if (chain.end === 'error') {
    const errorCode = chain.error?.code ?? 'ERROR';
    return v(
      BAD_CERTIFICATE.has(errorCode) ? 'fail' : 'error',
      BAD_CERTIFICATE.has(errorCode) ? 'redirect.destination_bad_certificate' : 'redirect.destination_failed',
      {
        url: showUrl(chain.error?.url ?? end.href),
        errorCode,
        detail: chain.error?.detail ?? '',
      },
    );
  }
  if (upgrades > 0) return v('warn', 'redirect.extra_hop', { count: redirects.length });
  return v('pass', 'redirect.ok', hop);
}

/** Node's codes for a certificate a browser would refuse (the request failed in the TLS handshake). */
const BAD_CERTIFICATE: ReadonlySet<string> = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * The `redirect` check for one configured redirect, from the chains probed at `https://<from>` and, when
 * probed, `http://<from>` (the https chain first).
 * @returns a Check with id `redirect`; records list every hop as `{start, n, url, method, status, location}`
 *   (`start` = `https` or `http`) and failed requests as `{start, url, error}`
 */
export function evaluateRedirect(expect: RedirectExpectation, chains: readonly Chain[]): Check {
  const verdicts = chains.map((c) => ({ chain: c, verdict: evaluateChain(expect, c) }));
  const status = verdicts.reduce<CheckStatus>((s, v) => worst(s, v.verdict.status), 'pass');
  const records: unknown[] = [];
  for (const { chain } of verdicts) {
    const start = chain.start.startsWith('https:') ? 'https' : 'http';
    chain.hops.forEach((h, i) => {
      records.push({ start, n: i + 1, url: h.url, method: h.method, status: h.status, location: h.location ?? null });
    });
    if (chain.end === 'error' && chain.error)
      records.push({ start, url: chain.error.url, error: chain.error.code, detail: chain.error.detail });
  }
  // The check's code is the reason of the first chain with the worst status (https first).
  const decisive = verdicts.find((v) => v.verdict.status === status)?.verdict;
  const code: RedirectCode = decisive?.code ?? 'redirect.ok';
  const data = {
    from: expect.from,
    to: expect.to,
    status: expect.status,
    chains: verdicts.map((v) => ({
      start: showUrl(v.chain.start),
      status: v.verdict.status,
      code: v.verdict.code,
      summary: v.verdict.summary,
    })),
  };
  const probe = `${PROBE_SHOWN} = ${PROBE_PATH}${PROBE_QUERY}`;
  if (status === 'pass') {
    return {
      id: 'redirect',
      status,
      code,
      message: `${expect.from} redirects to https://${expect.to}/ in one hop with ${expect.status}, keeping path and query: ${verdicts.map((v) => v.verdict.summary).join('; ')} (${probe}).`,
      data,
      records,
    };
  }
  const findings = verdicts
    .filter((v) => v.verdict.status !== 'pass')
    .map((v) => `from ${showUrl(v.chain.start)}: ${v.verdict.summary}`);
  return {
    id: 'redirect',
    status,
    code,
    message: `Redirect ${expect.from} → ${expect.to} (${expect.status}): ${findings.join('. ')} (${probe}).`,
    action:
      status === 'error'
        ? ACTION_ERROR(expect.from)
        : redirectAction(code, { ...expect, curl: `curl -sI '${probeUrl('https', expect.from)}'` }),
    data,
    records,
  };
}
