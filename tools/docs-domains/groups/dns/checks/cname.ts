/**
 * `cname`, `conflict` and `ttl`: the subdomain checks of the dashboard procedure (step 2: a CNAME with the
 * dashboard's value, TTL 3600; troubleshooting: "a conflicting DNS record ... blocks the CNAME", "the CNAME value
 * must match the dashboard value exactly"). Pure: they take lookups the runner already made.
 */
import type { DnsResult, Rr } from '../../../core/dns/types.ts';
import type { Check, FixRecord } from '../../../core/types.ts';
import { renderDns } from '../messages.ts';
import { normName, recordsAt, sameName, view, zoneLine } from './records.ts';

/** Shortens long record data (TXT) for messages; `records` and `fix` keep the full value. */
function short(s: string): string {
  return s.length > 90 ? `${s.slice(0, 80)}…${s.slice(-8)}` : s;
}

/** The TTL the dashboard procedure asks for, in seconds. */
export const EXPECTED_TTL = 3600;

/** Input of {@link evaluateCname}. */
export interface CnameInput {
  domain: string;
  target: string;
  /** Host label to show in the record to add (`docs` for docs.example.com in the zone example.com). */
  label: string;
  /** The CNAME lookup at the domain. */
  cname: DnsResult;
  /** CNAME lookups that followed the value when it is not the target (the chain), in order. */
  follow?: readonly DnsResult[];
}

/** The CNAME the procedure asks for, as a zone-file line to add. */
function addCname(domain: string, target: string): FixRecord[] {
  return [{ op: 'add', record: zoneLine(domain, 'CNAME', target, EXPECTED_TTL) }];
}

function lookupError(id: 'cname' | 'conflict' | 'ttl', r: DnsResult): Check {
  return renderDns('error', `${id}.lookup_failed`, {
    type: r.type,
    name: r.name,
    server: r.server,
    error: r.error ?? r.rcode ?? 'no answer',
  });
}

/**
 * `cname` (subdomain): a CNAME at the name whose value equals the target, compared case-insensitively with the
 * trailing dot ignored. Missing, NXDOMAIN, a different value and a chain through another name get their own code.
 */
export function evaluateCname(i: CnameInput): Check {
  const r = i.cname;
  if (r.outcome === 'error') return lookupError('cname', r);
  const d = { domain: i.domain, target: normName(i.target), label: i.label };
  const fix = addCname(i.domain, i.target);
  if (r.outcome === 'nxdomain') return renderDns('fail', 'cname.nxdomain', { ...d, server: r.server }, [], fix);
  const c = recordsAt(r.answers, i.domain, 'CNAME')[0];
  if (r.outcome === 'nodata' || !c) return renderDns('fail', 'cname.missing', d, [], fix);
  if (sameName(c.value, i.target)) return renderDns('pass', 'cname.ok', d, [view(c)]);
  // A chain: the value is another name that (eventually) points at the target.
  const hops = [c.value];
  for (const f of i.follow ?? []) {
    const next = recordsAt(f.answers, f.name, 'CNAME')[0];
    if (!next) break;
    hops.push(next.value);
    if (sameName(next.value, i.target)) {
      const records = [
        view(c),
        ...(i.follow ?? []).flatMap((x) => recordsAt(x.answers, x.name, 'CNAME').map((y) => view(y))),
      ];
      return renderDns('fail', 'cname.chain', { ...d, chain: [i.domain, ...hops] }, records, [
        { op: 'delete', record: zoneLine(c.name, 'CNAME', c.value) },
        ...fix,
      ]);
    }
  }
  return renderDns(
    'fail',
    'cname.mismatch',
    { ...d, value: c.value },
    [view(c)],
    [{ op: 'delete', record: zoneLine(c.name, 'CNAME', c.value) }, ...fix],
  );
}

/** Input of {@link evaluateConflict}. */
export interface ConflictInput {
  domain: string;
  /** Lookups at the domain of the types that can block a CNAME (A, AAAA, MX, TXT, NS, CAA, SRV...), plus the CNAME lookup. */
  lookups: readonly DnsResult[];
  /**
   * The same types asked at a sibling name that cannot exist ({@link WILDCARD_PROBE_LABEL}.parent). A record the
   * sibling gets too is synthesized from a wildcard (RFC 4592), not stored at the domain.
   */
  wildcardProbe?: readonly DnsResult[];
}

/** The label of the sibling name asked to tell wildcard answers apart (`_docs-domains-wildcard-probe.example.com`). */
export const WILDCARD_PROBE_LABEL = '_docs-domains-wildcard-probe';

/** The sibling name asked for wildcard detection, or undefined for a single-label name. */
export function wildcardProbeName(domain: string): string | undefined {
  const n = normName(domain);
  const dot = n.indexOf('.');
  return dot < 0 ? undefined : `${WILDCARD_PROBE_LABEL}.${n.slice(dot + 1)}`;
}

/**
 * `conflict` (subdomain): any record other than the CNAME at the name. A name with a CNAME can hold no other data
 * (RFC 1034 §3.6.2, RFC 2181 §10.1), so each such record blocks the CNAME or replaces it (an A record answers
 * instead of the platform). Every record is named with the action to delete it.
 */
export function evaluateConflict(i: ConflictInput): Check {
  const found = i.lookups.flatMap((r) =>
    r.outcome === 'answer' || r.outcome === 'nodata' || r.rcode === 'NOERROR'
      ? [
          ...r.answers.filter((a) => a.type !== 'CNAME' && sameName(a.name, i.domain) && a.type === r.type),
          // The parent's server answers a delegated name with a referral: NS records in the authority section.
          ...r.authorities.filter((a) => a.type === 'NS' && sameName(a.name, i.domain)),
        ]
      : [],
  );
  const unique = new Map(found.map((r) => [`${r.type} ${r.value}`, r]));
  const all = [...unique.values()];
  // Records a sibling that does not exist gets too come from a wildcard (*.parent): nothing is stored at the domain
  // to delete, and a CNAME added there takes precedence over the wildcard (RFC 4592 §2.2.1, §4.4).
  const probe = i.wildcardProbe ?? [];
  const fromWildcard = (r: Rr) =>
    r.type !== 'NS' &&
    probe.some(
      (p) =>
        p.type === r.type &&
        // Owned by the probe name itself: an address at the end of a CNAME chain says nothing about a wildcard.
        p.answers.some((a) => a.type === r.type && a.value === r.value && sameName(a.name, p.name)),
    );
  const records = all.filter((r) => !fromWildcard(r));
  const synthesized = all.filter(fromWildcard);
  const wildcard = synthesized.length
    ? {
        wildcard: synthesized.map((r) => `${r.type} ${short(r.value)}`),
        wildcardOwner: `${wildcardProbeName(i.domain)?.replace(WILDCARD_PROBE_LABEL, '*')} or above`,
      }
    : {};
  if (records.length > 0) {
    // Mail routing: MX, and the TXT records that go with it (SPF, DMARC at _dmarc is another name, so only SPF here).
    const mail = records.filter((r) => r.type === 'MX' || (r.type === 'TXT' && /^"?v=spf1/i.test(r.value)));
    const deletable = records.filter((r) => !mail.includes(r) && r.type !== 'NS');
    const zone = i.domain.slice(i.domain.indexOf('.') + 1);
    const data = {
      domain: i.domain,
      zone,
      found: records.map((r) => `${r.type} ${short(r.value)}`),
      addresses: records.some((r) => r.type === 'A' || r.type === 'AAAA'),
      delegated: records.some((r) => r.type === 'NS'),
      mail: mail.map((r) => `${r.type} ${short(r.value)}`),
      deletable: deletable.length,
      ...wildcard,
    };
    const fix: FixRecord[] = deletable.map((r) => ({ op: 'delete', record: zoneLine(r.name, r.type, r.value) }));
    return renderDns(
      'fail',
      mail.length ? 'conflict.mail' : 'conflict.found',
      data,
      records.map((r) => view(r)),
      fix,
    );
  }
  const errors = i.lookups.filter((r) => r.outcome === 'error');
  if (errors.length > 0) {
    const e = errors[0] as DnsResult;
    return renderDns('error', 'conflict.lookup_failed', {
      type: errors.map((x) => x.type).join(', '),
      name: i.domain,
      server: e.server,
      error: e.error ?? e.rcode ?? 'no answer',
    });
  }
  if (synthesized.length > 0)
    // Without DNSSEC an explicit record equal to the wildcard's cannot be told apart: say both, do not fail.
    return renderDns(
      'warn',
      'conflict.wildcard',
      { domain: i.domain, ...wildcard },
      synthesized.map((r) => view(r)),
    );
  return renderDns(
    'pass',
    'conflict.none',
    { domain: i.domain, looked: i.lookups.map((r) => r.type).filter((t) => t !== 'CNAME') },
    [],
  );
}

/**
 * `ttl` (subdomain): `warn` when the CNAME's TTL is not 3600 (dashboard step 2), with what that means for
 * propagation. A caching resolver returns the time left, not the zone's TTL; a value below 3600 from a
 * non-authoritative answer cannot tell the two apart, and the message says so.
 */
export function evaluateTtl(i: { domain: string; cname: DnsResult }): Check {
  const r = i.cname;
  if (r.outcome === 'error') return lookupError('ttl', r);
  const c = recordsAt(r.answers, i.domain, 'CNAME')[0];
  if (!c) return renderDns('warn', 'ttl.no_cname', { domain: i.domain });
  const d = { domain: i.domain, ttl: c.ttl, server: r.server, authoritative: r.authoritative };
  if (c.ttl === EXPECTED_TTL) return renderDns('pass', 'ttl.ok', d, [view(c)]);
  if (!r.authoritative && c.ttl < EXPECTED_TTL) return renderDns('warn', 'ttl.cached', d, [view(c)]);
  return renderDns(
    'warn',
    'ttl.different',
    d,
    [view(c)],
    [
      { op: 'delete', record: zoneLine(c.name, 'CNAME', c.value, c.ttl) },
      { op: 'add', record: zoneLine(c.name, 'CNAME', c.value, EXPECTED_TTL) },
    ],
  );
}
