/**
 * `apex-alias` (apex): the dashboard procedure's "an apex domain needs an ALIAS or ANAME record instead". ALIAS and
 * ANAME are provider features, not record types on the wire: the provider answers A/AAAA itself. So the check
 * compares the apex's A and AAAA sets with the target's. Pure.
 */
import type { DnsResult } from '../../../core/dns/types.ts';
import type { Check, CheckStatus, FixRecord } from '../../../core/types.ts';
import { renderDns } from '../messages.ts';
import {
  addresses,
  compareAddresses,
  normName,
  recordsAt,
  type SetRelation,
  sameName,
  view,
  zoneLine,
} from './records.ts';

/** Input of {@link evaluateApexAlias}: A and AAAA lookups at the apex and at the target. */
export interface ApexInput {
  domain: string;
  target: string;
  domainA: DnsResult;
  domainAAAA: DnsResult;
  targetA: DnsResult;
  targetAAAA: DnsResult;
}

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
    return renderDns('error', 'apex-alias.lookup_failed', {
      type: e.type,
      name: e.name,
      server: e.server,
      error: e.error ?? e.rcode ?? 'no answer',
    });
  }
  const target = normName(i.target);
  const tA = addresses(i.targetA);
  const t6 = addresses(i.targetAAAA);
  if (tA.length === 0 && t6.length === 0)
    return renderDns('error', 'apex-alias.target_unresolved', { target, outcome: i.targetA.outcome });
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
  const d = {
    domain: i.domain,
    target,
    seen: `${i.domain}: A ${fmt(dA)}, AAAA ${fmt(d6)}; ${i.target}: A ${fmt(tA)}, AAAA ${fmt(t6)}`,
    domainA: dA,
    domainAAAA: d6,
    targetA: tA,
    targetAAAA: t6,
    cnameAtApex: cnameAtApex?.value ?? null,
  };
  if (status === 'pass') return renderDns('pass', 'apex-alias.ok', d, records);
  const code =
    dA.length === 0 && d6.length === 0
      ? 'apex-alias.missing'
      : sA === 'fail' || s6 === 'fail'
        ? 'apex-alias.other_addresses'
        : relA === 'overlap' || rel6 === 'overlap'
          ? 'apex-alias.partial'
          : 'apex-alias.no_ipv6';
  const fix: FixRecord[] = [
    ...i.domainA.answers.filter((r) => (r.type === 'A' || r.type === 'CNAME') && sameName(r.name, i.domain)),
    ...i.domainAAAA.answers.filter((r) => r.type === 'AAAA' && sameName(r.name, i.domain)),
  ].map((r): FixRecord => ({ op: 'delete', record: zoneLine(r.name, r.type, r.value) }));
  fix.push({ op: 'add', record: zoneLine(i.domain, 'ALIAS', target) });
  return renderDns(status, code, d, records, fix);
}
