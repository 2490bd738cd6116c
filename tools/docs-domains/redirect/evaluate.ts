/**
 * The `redirect` check: judges recorded redirect chains against one configured redirect (pure, no I/O).
 *
 * Source: the `domains.redirects` entries (`{from, to, status}`) of the domains procedure and the troubleshooting
 * row "Redirects break: redirect chains may be cached; test in a private window or with a header-only HTTP
 * request" (`shared/reference/petstore-api-spec.md` §1). Redirect semantics: RFC 9110 §15.4.
 */
import type { Check, CheckStatus } from '../checks/types.ts';
import type { Chain, Hop } from './follow.ts';

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

/** The verdict on one chain. */
export interface ChainVerdict {
  status: CheckStatus;
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
 * - `fail`: a loop, more than `MAX_HOPS` redirects, a redirect without Location, no redirect (the first answer is
 *   not 3xx, or only an upgrade to `https://<from>`), several moves (a chain, each hop named), a move to another
 *   host, a different status, a changed or dropped path or query, or an end on plain HTTP;
 * - `error`: the first request failed (connection, timeout, TLS), or the destination could not be requested
 *   after a correct hop.
 */
export function evaluateChain(expect: RedirectExpectation, chain: Chain): ChainVerdict {
  const seen = describeChain(chain);
  const first = chain.hops[0];
  if (!first) {
    const e = chain.error;
    return {
      status: 'error',
      summary: `could not request ${showUrl(chain.start)}: ${e?.detail ?? 'no answer'} (${e?.code ?? 'ERROR'})`,
    };
  }
  if (chain.end === 'loop') return { status: 'fail', summary: `redirect loop: ${seen}` };
  if (chain.end === 'limit')
    return { status: 'fail', summary: `more than ${chain.hops.length} redirects without an end: ${seen}` };
  if (chain.end === 'no-location') {
    const last = chain.hops.at(-1) as Hop;
    return {
      status: 'fail',
      summary: `${showUrl(last.url)} answered ${last.status} without a usable Location header${chain.hops.length > 1 ? ` (after ${seen})` : ''}`,
    };
  }
  const redirects = chain.hops.filter((h) => h.next !== undefined);
  if (redirects.length === 0)
    return {
      status: 'fail',
      summary: `no redirect: ${showUrl(first.url)} answered ${first.status} (${first.method}) instead of redirecting to https://${expect.to}/`,
    };

  const moves = redirects.filter((h) => !isUpgrade(h));
  const upgrades = redirects.length - moves.length;
  const lastRedirect = redirects.at(-1) as Hop;
  const end = new URL(lastRedirect.next as string);
  const expected = new URL(probeUrl('https', expect.to));

  if (moves.length === 0)
    return {
      status: 'fail',
      summary: `no redirect to https://${expect.to}/: only an HTTP→HTTPS upgrade (${seen})`,
    };
  if (moves.length > 1)
    return {
      status: 'fail',
      summary: `a chain of ${redirects.length} redirects instead of one: ${seen}`,
    };

  const move = moves[0] as Hop;
  const dest = new URL(move.next as string);
  const problems: string[] = [];
  if (dest.hostname !== expect.to) {
    return {
      status: 'fail',
      summary: `redirects to somewhere else: ${showUrl(move.url)} → ${move.status} → ${showUrl(dest.href)}, not https://${expect.to}/`,
    };
  }
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
  if (problems.length > 0)
    return {
      status: 'fail',
      summary: `${showUrl(move.url)} → ${move.status} → ${showUrl(dest.href)}: ${problems.join('; ')}`,
    };

  if (chain.end === 'error') {
    return {
      status: 'error',
      summary: `the redirect is right, but ${showUrl(chain.error?.url ?? end.href)} could not be requested: ${chain.error?.detail ?? ''} (${chain.error?.code ?? 'ERROR'})`,
    };
  }
  if (upgrades > 0)
    return {
      status: 'warn',
      summary: `an extra HTTP→HTTPS hop: ${seen} (${redirects.length} redirects where one would do)`,
    };
  return { status: 'pass', summary: `${showUrl(move.url)} → ${move.status} → ${showUrl(dest.href)}` };
}

const CACHE_NOTE =
  'Browsers cache redirects (301 and 308 permanently), so after a change test in a private window or with a ' +
  'header-only request';

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
  const curl = `curl -sI '${probeUrl('https', expect.from)}'`;
  if (status === 'pass') {
    return {
      id: 'redirect',
      status,
      message: `${expect.from} redirects to https://${expect.to}/ in one hop with ${expect.status}, keeping path and query: ${verdicts.map((v) => v.verdict.summary).join('; ')} (${PROBE_SHOWN} = ${PROBE_PATH}${PROBE_QUERY}).`,
      records,
    };
  }
  const findings = verdicts
    .filter((v) => v.verdict.status !== 'pass')
    .map((v) =>
      v.verdict.summary.includes(showUrl(v.chain.start))
        ? v.verdict.summary
        : `from ${showUrl(v.chain.start)}: ${v.verdict.summary}`,
    );
  let action: string;
  if (status === 'error') {
    action =
      `Check that ${expect.from} resolves to the platform (the \`cname\` or \`apex-alias\` check) and serves a valid ` +
      'certificate (the `tls` check), or the --connect, --port and --http-port values; then run the check again.';
  } else {
    action =
      `Make ${expect.from} redirect straight to https://${expect.to} with status ${expect.status} in one hop, ` +
      `keeping path and query: the \`redirects\` entry for ${expect.from} in the domains config (to: ${expect.to}, ` +
      `status: ${expect.status}) and Project settings → Domains. ${CACHE_NOTE} (\`${curl}\`).`;
  }
  return {
    id: 'redirect',
    status,
    message: `Redirect ${expect.from} → ${expect.to} (${expect.status}): ${findings.join('. ')} (${PROBE_SHOWN} = ${PROBE_PATH}${PROBE_QUERY}).`,
    action,
    records,
  };
}
