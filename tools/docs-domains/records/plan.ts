/**
 * `docs-domains records`: the DNS records an admin creates for the config, decided from what DNS shows now. Pure:
 * `gather.ts` makes the lookups, `format.ts` prints the plan as a zone-file snippet, a table or JSON.
 *
 * - A subdomain gets a CNAME to the platform host, TTL 3600 (dashboard procedure, step 2).
 * - An apex gets an ALIAS/ANAME to the platform host (a provider feature, written here as `ALIAS`); for providers
 *   without one, the platform host's current A/AAAA values are listed as the alternative to copy.
 * - When the zone already restricts CAA (the Relevant RRset forbids a CA, RFC 8659 §3), a `CAA 0 issue` record
 *   for each CA that needs one, at the owner of that RRset. Nothing when no CAA applies: no record is needed then.
 */
import { type CaaLookup, caVerdict, LETS_ENCRYPT } from '../groups/dns/checks/caa.ts';
import { normName } from '../groups/dns/checks/records.ts';

/** One record to create. `name` is the owner as an absolute name; `label` is relative to the zone (`@` at the apex). */
export interface PlannedRecord {
  /** The configured domain the record serves. */
  domain: string;
  name: string;
  /** The host label as DNS providers ask for it (`docs`, `@`). */
  label: string;
  type: 'CNAME' | 'ALIAS' | 'A' | 'AAAA' | 'CAA';
  /** Seconds. */
  ttl: number;
  /** Presentation form, as in a zone file (`0 issue "letsencrypt.org"`, `host.example.net.`). */
  value: string;
  /** `required`, or `alternative` (the A/AAAA values to copy where the provider has no ALIAS/ANAME). */
  use: 'required' | 'alternative';
  /** Why, for people. */
  why: string;
}

/** What is known about one domain when the plan is made. */
export interface DomainFacts {
  domain: string;
  kind: 'apex' | 'subdomain';
  /** The zone the domain lives in (SOA owner, else the registrable domain). */
  zone: string;
  /** Host label relative to `zone` (`@` for the apex). */
  label: string;
  /** The CAA climb for the domain (may be empty when not looked up). */
  caaClimb: readonly CaaLookup[];
}

export interface PlanInput {
  target: string;
  domains: readonly DomainFacts[];
  /** The platform host's current addresses (for the apex alternative); undefined when the lookup failed. */
  targetA?: readonly string[];
  targetAAAA?: readonly string[];
  /** Issuer-domain-names the platform uses (`--ca`, default Let's Encrypt). */
  cas: readonly string[];
}

export interface RecordPlan {
  target: string;
  records: PlannedRecord[];
  /** What the plan could not decide, or what to know before copying (for people). */
  notes: string[];
}

/** The TTL the procedure asks for, seconds. */
const TTL = 3600;

/** Builds the plan. Pure; never throws. */
export function planRecords(i: PlanInput): RecordPlan {
  const target = normName(i.target);
  const records: PlannedRecord[] = [];
  const notes: string[] = [];
  const caaSeen = new Set<string>();
  for (const d of i.domains) {
    if (d.kind === 'subdomain') {
      records.push({
        domain: d.domain,
        name: d.domain,
        label: d.label,
        type: 'CNAME',
        ttl: TTL,
        value: `${target}.`,
        use: 'required',
        why: 'points the subdomain at the platform (the value must match the dashboard exactly)',
      });
    } else {
      records.push({
        domain: d.domain,
        name: d.domain,
        label: d.label,
        type: 'ALIAS',
        ttl: TTL,
        value: `${target}.`,
        use: 'required',
        why: 'an apex cannot hold a CNAME (RFC 1034 §3.6.2): your provider answers A/AAAA for it (ALIAS, ANAME or "CNAME flattening")',
      });
      if (i.targetA === undefined && i.targetAAAA === undefined)
        notes.push(
          `${d.domain}: the addresses of ${target} could not be looked up, so no A/AAAA alternative is listed.`,
        );
      for (const [type, list] of [
        ['A', i.targetA],
        ['AAAA', i.targetAAAA],
      ] as const) {
        for (const ip of list ?? [])
          records.push({
            domain: d.domain,
            name: d.domain,
            label: d.label,
            type,
            ttl: TTL,
            value: ip,
            use: 'alternative',
            why: `only where the provider has no ALIAS/ANAME: ${target}'s current address, which goes stale when the platform's addresses change`,
          });
      }
    }
    // CAA: only when a Relevant RRset exists and forbids a CA the platform uses.
    const failed = d.caaClimb.find((s) => s.outcome === 'error');
    const relevant = d.caaClimb.find((s) => s.outcome === 'records');
    const failedFirst = failed && (!relevant || d.caaClimb.indexOf(failed) < d.caaClimb.indexOf(relevant));
    if (failedFirst) {
      notes.push(
        `${d.domain}: the CAA lookup at ${failed.name} failed (${failed.error ?? failed.rcode ?? 'no answer'}); whether CAA records are needed is unknown (run \`docs-domains check --only dns\`).`,
      );
      continue;
    }
    if (!relevant) continue;
    const owner = relevant.chain.length ? (relevant.chain[relevant.chain.length - 1] as string) : relevant.name;
    for (const ca of i.cas) {
      const v = caVerdict(relevant.records, ca);
      if (v.verdict === 'allowed') continue;
      if (relevant.chain.length) {
        notes.push(
          `${d.domain}: the CAA records that apply belong to ${owner} (reached by CNAME from ${relevant.name}); only its operator can add issue "${ca}".`,
        );
        continue;
      }
      const key = `${owner} ${ca}`;
      if (caaSeen.has(key)) continue;
      caaSeen.add(key);
      const zoneLabel =
        owner === d.zone ? '@' : owner.endsWith(`.${d.zone}`) ? owner.slice(0, -(d.zone.length + 1)) : owner;
      records.push({
        domain: d.domain,
        name: owner,
        label: zoneLabel,
        type: 'CAA',
        ttl: TTL,
        value: `0 issue "${ca}"`,
        use: 'required',
        why: `the CAA records at ${owner} restrict issuance and do not allow ${ca}${ca === LETS_ENCRYPT ? " (Let's Encrypt, the platform's CA)" : ''}; CAA records add up, so keep the existing ones`,
      });
    }
  }
  return { target, records, notes };
}
