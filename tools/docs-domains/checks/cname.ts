/**
 * `cname`, `conflict` and `ttl`: the subdomain checks of the dashboard procedure (step 2: a CNAME with the
 * dashboard's value, TTL 3600; troubleshooting: "a conflicting DNS record ... blocks the CNAME", "the CNAME value
 * must match the dashboard value exactly"). Pure: they take lookups the runner already made.
 */
import type { DnsResult, Rr } from '../dns/types.ts';
import { humanSeconds, normName, recordsAt, sameName, view, zoneLine } from './records.ts';
import type { Check } from './types.ts';

/** Shortens long record data (TXT) for messages; `records` keep the full value. */
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

function addAction(i: { domain: string; target: string; label: string }): string {
  return `Add a DNS record of type CNAME with Name "${i.label}", Value "${normName(i.target)}" (exactly as the dashboard shows it) and TTL 3600: ${zoneLine(i.domain, 'CNAME', i.target, 3600)}`;
}

function lookupError(what: string, r: DnsResult): Check {
  return {
    id: what,
    status: 'error',
    message: `Could not look up ${r.type} ${r.name} at ${r.server}: ${r.error ?? r.rcode ?? 'no answer'}.`,
    action:
      'Check that the resolver answers (try another with --resolver, or a longer --timeout) and run the check again.',
  };
}

/**
 * `cname` (subdomain): a CNAME at the name whose value equals the target, compared case-insensitively with the
 * trailing dot ignored. Missing, NXDOMAIN, a different value and a chain through another name get their own message.
 */
export function evaluateCname(i: CnameInput): Check {
  const r = i.cname;
  if (r.outcome === 'error') return lookupError('cname', r);
  if (r.outcome === 'nxdomain') {
    return {
      id: 'cname',
      status: 'fail',
      message: `${i.domain} does not exist (NXDOMAIN at ${r.server}): there is no record at this name yet.`,
      action: addAction(i),
      records: [],
    };
  }
  const own = recordsAt(r.answers, i.domain, 'CNAME');
  const c = own[0];
  if (r.outcome === 'nodata' || !c) {
    return {
      id: 'cname',
      status: 'fail',
      message: `${i.domain} exists but has no CNAME record, so it does not point at ${i.target}.`,
      action: addAction(i),
      records: [],
    };
  }
  if (sameName(c.value, i.target)) {
    return { id: 'cname', status: 'pass', message: `${i.domain} is a CNAME for ${i.target}.`, records: [view(c)] };
  }
  // A chain: the value is another name that (eventually) points at the target.
  const hops = [c.value];
  for (const f of i.follow ?? []) {
    const next = recordsAt(f.answers, f.name, 'CNAME')[0];
    if (!next) break;
    hops.push(next.value);
    if (sameName(next.value, i.target)) {
      return {
        id: 'cname',
        status: 'fail',
        message: `${i.domain} reaches ${i.target} only through a chain (${[i.domain, ...hops].join(' → ')}); the dashboard compares the CNAME value with ${i.target} exactly, so verification fails.`,
        action: `Change the CNAME of ${i.domain} to point at ${normName(i.target)} directly: ${zoneLine(i.domain, 'CNAME', i.target, 3600)}`,
        records: [
          view(c),
          ...(i.follow ?? []).flatMap((x) => recordsAt(x.answers, x.name, 'CNAME').map((y) => view(y))),
        ],
      };
    }
  }
  return {
    id: 'cname',
    status: 'fail',
    message: `${i.domain} is a CNAME for ${c.value}, not for ${i.target}; the value must match the dashboard value exactly.`,
    action: `Change the CNAME value of "${i.label}" from "${c.value}" to "${normName(i.target)}": ${zoneLine(i.domain, 'CNAME', i.target, 3600)}`,
    records: [view(c)],
  };
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
  const wildcardOwner = `${wildcardProbeName(i.domain)?.replace(WILDCARD_PROBE_LABEL, '*')} or above`;
  const wildcardNote = synthesized.length
    ? ` ${synthesized.map((r) => `${r.type} ${short(r.value)}`).join(', ')} at ${i.domain} ${synthesized.length === 1 ? 'looks' : 'look'} like a wildcard's answer (${wildcardOwner}): a name that does not exist gets the same; a CNAME at ${i.domain} takes precedence over a wildcard (RFC 4592).`
    : '';
  const wildcardAction = `If your DNS provider lists ${synthesized.map((r) => `${r.type} ${short(r.value)}`).join(', ')} at ${i.domain} itself, delete ${synthesized.length === 1 ? 'it' : 'them'}; if ${synthesized.length === 1 ? 'it comes' : 'they come'} only from the wildcard (${wildcardOwner}), leave the wildcard and add the CNAME (see \`cname\`).`;
  if (records.length > 0) {
    const delegated = records.some((r) => r.type === 'NS');
    const list = records.map((r) => `${r.type} ${short(r.value)}`).join(', ');
    return {
      id: 'conflict',
      status: 'fail',
      message: `${i.domain} has ${records.length === 1 ? 'a record' : `${records.length} records`} that block${records.length === 1 ? 's' : ''} the CNAME: ${list}. A name with a CNAME can hold no other record (RFC 1034 §3.6.2)${records.some((r) => r.type === 'A' || r.type === 'AAAA') ? '; an A/AAAA record here sends visitors to another server instead of the platform' : ''}.${wildcardNote}`,
      action: `${synthesized.length ? `${wildcardAction} ` : ''}${delegated ? `${i.domain} is delegated to other name servers (NS), and a CNAME cannot sit at a zone apex: remove the delegation and manage ${i.domain} in the parent zone (or use ALIAS/ANAME in the delegated zone). ` : ''}Delete ${records.length === 1 ? 'this record' : 'these records'} at ${i.domain}, then add the CNAME: ${records.map((r) => `delete ${short(zoneLine(r.name, r.type, r.value))}`).join('; ')}.`,
      records: records.map((r) => view(r)),
    };
  }
  const errors = i.lookups.filter((r) => r.outcome === 'error');
  if (errors.length > 0) {
    return {
      id: 'conflict',
      status: 'error',
      message: `Could not look up ${errors.map((e) => e.type).join(', ')} at ${i.domain}: ${errors[0]?.error ?? 'no answer'}.`,
      action:
        'Check that the resolver answers (try another with --resolver, or a longer --timeout) and run the check again.',
    };
  }
  if (synthesized.length > 0) {
    // Without DNSSEC an explicit record equal to the wildcard's cannot be told apart: say both, do not fail.
    return {
      id: 'conflict',
      status: 'warn',
      message: `No record that only ${i.domain} has blocks the CNAME.${wildcardNote}`,
      action: wildcardAction,
      records: synthesized.map((r) => view(r)),
    };
  }
  return {
    id: 'conflict',
    status: 'pass',
    message: `No other record at ${i.domain} blocks the CNAME (looked for ${i.lookups
      .map((r) => r.type)
      .filter((t) => t !== 'CNAME')
      .join(', ')}).`,
    records: [],
  };
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
  if (!c) {
    return {
      id: 'ttl',
      status: 'warn',
      message: `There is no CNAME at ${i.domain}, so there is no TTL to check yet.`,
      action: 'When you add the CNAME (see `cname`), set its TTL to 3600.',
    };
  }
  if (c.ttl === EXPECTED_TTL)
    return {
      id: 'ttl',
      status: 'pass',
      message: `The CNAME's TTL is 3600 s (1 h), as the procedure asks.`,
      records: [view(c)],
    };
  if (!r.authoritative && c.ttl < EXPECTED_TTL) {
    return {
      id: 'ttl',
      status: 'warn',
      message: `${r.server} returned a TTL of ${c.ttl} s from its cache (not authoritative): that is the time left, so the record's own TTL is at least ${c.ttl} s and may be 3600.`,
      action: `Confirm the TTL in your DNS provider's settings (or run the check with --resolver pointing at the zone's name server): it should be 3600.`,
      records: [view(c)],
    };
  }
  const meaning =
    c.ttl > EXPECTED_TTL
      ? `resolvers keep the old answer for up to ${humanSeconds(c.ttl)} after each change, so a correction takes longer than the procedure's 1 h to reach everyone`
      : `resolvers ask again every ${humanSeconds(c.ttl)}: changes spread faster, at the cost of more queries; the procedure asks for 3600`;
  return {
    id: 'ttl',
    status: 'warn',
    message: `The CNAME's TTL is ${c.ttl} s (${humanSeconds(c.ttl)}), not 3600: ${meaning}.`,
    action: `Set the TTL of the CNAME "${i.domain}" to 3600.`,
    records: [view(c)],
  };
}
