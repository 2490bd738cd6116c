/** The DNS lookups behind `docs-domains records`, through the injected {@link Resolver}. Never throws. */
import { resolveThroughCnames } from '../core/dns/chase.ts';
import type { Resolver } from '../core/dns/types.ts';
import { confirmKind } from '../core/kind.ts';
import { climbNames } from '../groups/dns/checks/caa.ts';
import { addresses } from '../groups/dns/checks/records.ts';
import { lookupCaa } from '../groups/dns/group.ts';
import { type PlanInput, planRecords, type RecordPlan } from './plan.ts';

/**
 * Looks up what the plan needs (each domain's SOA and CAA climb, the target's addresses) and builds it.
 * @param domains A-label host names
 */
export async function gatherPlan(
  dns: Resolver,
  input: { target: string; domains: readonly string[]; cas: readonly string[] },
): Promise<RecordPlan> {
  const [a, aaaa, facts] = await Promise.all([
    resolveThroughCnames(dns, input.target, 'A'),
    resolveThroughCnames(dns, input.target, 'AAAA'),
    Promise.all(
      input.domains.map(async (domain) => {
        const [soa, caaClimb] = await Promise.all([
          dns.query(domain, 'SOA'),
          Promise.all(climbNames(domain).map((n) => lookupCaa(dns, n))),
        ]);
        const k = confirmKind(domain, soa);
        return { domain, kind: k.kind, zone: k.zone, label: k.label, caaClimb };
      }),
    ),
  ]);
  const known = (r: typeof a) => (r.result.outcome === 'error' ? undefined : addresses(r.result));
  const plan: PlanInput = { target: input.target, domains: facts, cas: input.cas };
  const ta = known(a);
  const t6 = known(aaaa);
  if (ta) plan.targetA = ta;
  if (t6) plan.targetAAAA = t6;
  return planRecords(plan);
}
