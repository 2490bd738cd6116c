/**
 * `apex-alias` (apex): the dashboard procedure's "an apex domain needs an ALIAS or ANAME record instead". ALIAS and
 * ANAME are provider features, not record types on the wire: the provider answers A/AAAA itself. So the check
 * compares the apex's A and AAAA sets with the target's. Pure.
 */
import type { DnsResult } from '../dns/types.ts';
import { addresses, compareAddresses, normName, recordsAt, type SetRelation, view } from './records.ts';
import type { Check, CheckStatus } from './types.ts';

/** Input of {@link evaluateApexAlias}: A and AAAA lookups at the apex and at the target. */
export interface ApexInput {
  domain: string;
  target: string;
  domainA: DnsResult;
  domainAAAA: DnsResult;
  targetA: DnsResult;
  targetAAAA: DnsResult;
}

const SUPPORT =
  'Not every DNS provider supports ALIAS/ANAME (some call it "CNAME flattening"); if yours does not, move the zone to one that does, or make a subdomain such as www the primary and redirect the apex.';

function relStatus(rel: SetRelation, family: 'A' | 'AAAA'): CheckStatus {
  switch (rel) {
    case 'equal':
    case 'both-empty':
      return 'pass';
    case 'overlap':
      return 'warn';
    case 'left-empty':
      // No IPv6 at the apex while the platform has it: IPv4 still works.
      return family === 'AAAA' ? 'warn' : 'fail';
    default:
      return 'fail';
  }
}

const RANK: Record<CheckStatus, number> = { pass: 0, warn: 1, fail: 2, error: 3 };

/** Evaluates `apex-alias`. `pass`: same addresses as the target; `warn`: partly the same, or no IPv6 where the target has it; `fail`: none, or others. */
export function evaluateApexAlias(i: ApexInput): Check {
  const errs = [i.domainA, i.domainAAAA, i.targetA, i.targetAAAA].filter((r) => r.outcome === 'error');
  if (errs.length > 0) {
    const e = errs[0] as DnsResult;
    return {
      id: 'apex-alias',
      status: 'error',
      message: `Could not look up ${e.type} ${e.name} at ${e.server}: ${e.error ?? e.rcode}.`,
      action:
        'Check that the resolver answers (try another with --resolver, or a longer --timeout) and run the check again.',
    };
  }
  const tA = addresses(i.targetA);
  const t6 = addresses(i.targetAAAA);
  if (tA.length === 0 && t6.length === 0) {
    return {
      id: 'apex-alias',
      status: 'error',
      message: `The target ${i.target} has no A or AAAA record (${i.targetA.outcome}), so there is nothing to compare the apex with.`,
      action: `Check the target host (--target or platformHost in the config): it must be the host the dashboard shows.`,
    };
  }
  const dA = addresses(i.domainA);
  const d6 = addresses(i.domainAAAA);
  const relA = compareAddresses(dA, tA);
  const rel6 = compareAddresses(d6, t6);
  const sA = relStatus(relA, 'A');
  const s6 = relStatus(rel6, 'AAAA');
  const status: CheckStatus = RANK[sA] >= RANK[s6] ? sA : s6;
  const cnameAtApex = recordsAt(i.domainA.answers, i.domain, 'CNAME')[0];
  const records = [
    ...i.domainA.answers.filter((r) => r.type === 'A' || r.type === 'CNAME'),
    ...i.domainAAAA.answers.filter((r) => r.type === 'AAAA'),
  ].map((r) => view(r));
  const fmt = (xs: string[]) => (xs.length ? xs.join(', ') : 'none');
  const seen = `${i.domain}: A ${fmt(dA)}, AAAA ${fmt(d6)}; ${i.target}: A ${fmt(tA)}, AAAA ${fmt(t6)}`;
  if (status === 'pass') {
    return {
      id: 'apex-alias',
      status,
      message: `The apex answers the same addresses as ${i.target} (${seen}), as an ALIAS/ANAME record does (ALIAS/ANAME leave no trace on the wire, so the addresses are compared).`,
      records,
    };
  }
  const action = `At the apex ${i.domain}, replace the A/AAAA records with an ALIAS or ANAME record pointing at ${normName(i.target)} (a CNAME is not allowed at a zone apex, RFC 1034 §3.6.2). ${SUPPORT}`;
  let what: string;
  if (dA.length === 0 && d6.length === 0)
    what = `${i.domain} has no A or AAAA record: no ALIAS/ANAME points at ${i.target}.`;
  else if (sA === 'fail' || s6 === 'fail')
    what = `${i.domain} answers other addresses than ${i.target} (${seen}): it does not follow the platform.`;
  else if (relA === 'overlap' || rel6 === 'overlap')
    what = `${i.domain} shares only some addresses with ${i.target} (${seen}); a flattening provider can see a different rotation of the platform's addresses, but copied A/AAAA records go stale.`;
  else
    what = `${i.domain} has no AAAA record while ${i.target} has (${seen}): visitors over IPv6 cannot use the platform's IPv6 address.`;
  if (cnameAtApex)
    what += ` The apex answers with a CNAME (to ${cnameAtApex.value}), which breaks the zone's SOA/NS (RFC 1034 §3.6.2).`;
  return { id: 'apex-alias', status, message: what, action, records };
}
