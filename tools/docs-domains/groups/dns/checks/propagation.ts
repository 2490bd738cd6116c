/**
 * `propagation` (two or more resolvers): which resolvers already see the expected answer, which do not, and from
 * the TTLs they return, by when the rest should (dashboard procedure: "DNS changes can take up to 48 hours to
 * propagate"). Pure; `now` is passed in.
 */
import type { DnsResult } from '../../../core/dns/types.ts';
import type { Check } from '../../../core/types.ts';
import { renderDns } from '../messages.ts';
import { addresses, compareAddresses, negativeTtl, recordsAt, sameName } from './records.ts';

/** What the domain should answer: a CNAME to the target (subdomain) or the target's addresses (apex, A records). */
export type Expected = { kind: 'cname'; target: string } | { kind: 'a'; addresses: readonly string[]; target: string };

/** Input of {@link evaluatePropagation}: one lookup per resolver (CNAME for a subdomain, A for an apex). */
export interface PropagationInput {
  domain: string;
  expected: Expected;
  lookups: readonly DnsResult[];
  /** The time the lookups were made. */
  now: Date;
}

interface Seen {
  server: string;
  state: 'sees' | 'other' | 'missing' | 'error';
  detail: string;
  /** Seconds until this resolver's current answer expires from its cache. */
  ttl?: number;
}

function judge(r: DnsResult, e: Expected, domain: string): Seen {
  if (r.outcome === 'error') return { server: r.server, state: 'error', detail: r.error ?? r.rcode ?? 'no answer' };
  if (r.outcome === 'nxdomain' || r.outcome === 'nodata') {
    const ttl = negativeTtl(r);
    return { server: r.server, state: 'missing', detail: r.outcome === 'nxdomain' ? 'NXDOMAIN' : 'no record', ttl };
  }
  if (e.kind === 'cname') {
    const c = recordsAt(r.answers, domain, 'CNAME')[0];
    if (c && sameName(c.value, e.target))
      return { server: r.server, state: 'sees', detail: `CNAME ${c.value}`, ttl: c.ttl };
    if (c) return { server: r.server, state: 'other', detail: `CNAME ${c.value}`, ttl: c.ttl };
    return { server: r.server, state: 'missing', detail: 'no CNAME', ttl: negativeTtl(r) };
  }
  const got = addresses(r);
  const ttl = Math.max(0, ...r.answers.filter((a) => a.type === 'A').map((a) => a.ttl));
  if (compareAddresses(got, e.addresses) === 'equal')
    return { server: r.server, state: 'sees', detail: `A ${got.join(', ')}`, ttl };
  return { server: r.server, state: 'other', detail: `A ${got.join(', ') || 'none'}`, ttl };
}

/**
 * Evaluates `propagation`. `pass`: every resolver sees the expected answer; `warn`: some do (the rest should follow
 * once their cached answers expire) or some could not be asked; `fail`: none does; `error`: no resolver answered.
 */
export function evaluatePropagation(i: PropagationInput): Check {
  const seen = i.lookups.map((r) => judge(r, i.expected, i.domain));
  const records = seen.map((s) => ({
    server: s.server,
    state: s.state,
    answer: s.detail,
    ...(s.ttl === undefined ? {} : { ttl: s.ttl }),
  }));
  const sees = seen.filter((s) => s.state === 'sees');
  const not = seen.filter((s) => s.state === 'other' || s.state === 'missing');
  const errs = seen.filter((s) => s.state === 'error');
  const want =
    i.expected.kind === 'cname'
      ? `CNAME ${i.expected.target}`
      : `the addresses of ${i.expected.target} (${i.expected.addresses.join(', ') || 'none'})`;
  const list = (xs: Seen[]) =>
    xs.map((s) => `${s.server} (${s.detail}${s.ttl !== undefined ? `, TTL ${s.ttl} s` : ''})`).join(', ');
  if (errs.length === seen.length)
    return renderDns(
      'error',
      'propagation.no_answer',
      { errors: errs.map((e) => `${e.server} ${e.detail}`).join('; ') },
      records,
    );
  if (not.length === 0 && errs.length === 0)
    return renderDns('pass', 'propagation.ok', { total: sees.length, want }, records);
  const maxTtl = Math.max(0, ...not.map((s) => s.ttl ?? 0));
  const by = new Date(i.now.getTime() + maxTtl * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const d = {
    domain: i.domain,
    want,
    total: seen.length,
    seeCount: sees.length,
    sees: sees.length ? list(sees) : '',
    not: not.length ? list(not) : '',
    errors: errs.length ? list(errs) : '',
    unreachable: errs.map((e) => e.server),
    maxTtl,
    /** When the resolvers that disagree should agree (ISO 8601), from their TTLs. */
    by,
  };
  const code =
    sees.length === 0 ? 'propagation.none' : not.length === 0 ? 'propagation.unreachable' : 'propagation.partial';
  return renderDns(sees.length === 0 ? 'fail' : 'warn', code, d, records);
}
