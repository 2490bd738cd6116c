/**
 * The `dns` check group: gathers the DNS answers for one domain through the injected {@link Resolver} and hands them
 * to the pure evaluators in `checks/`. Subdomain: cname, conflict, ttl, caa (+ propagation); apex: apex-alias, caa
 * (+ propagation). Propagation runs with two or more resolvers.
 */

import { resolveThroughCnames } from '../../core/dns/chase.ts';
import { cnameChain, normName } from '../../core/dns/message.ts';
import { nonPublicRange } from '../../core/dns/reserved.ts';
import type { DnsResult, QueryType, Resolver } from '../../core/dns/types.ts';
import { confirmKind } from '../../core/kind.ts';
import type { Check, CheckContext, CheckGroup } from '../../core/types.ts';
import { evaluateApexAlias } from './checks/apex-alias.ts';
import { type CaaLookup, climbNames, evaluateCaa } from './checks/caa.ts';
import { evaluateCname, evaluateConflict, evaluateTtl, wildcardProbeName } from './checks/cname.ts';
import { evaluatePropagation } from './checks/propagation.ts';
import { addresses, recordsAt, sameName } from './checks/records.ts';
import { DNS_OPTIONS, type DnsOptions, parseDnsOptions } from './options.ts';

/** Record types that can sit at a name and block a CNAME there (A/AAAA answer instead of the platform). */
export const CONFLICT_TYPES: readonly QueryType[] = ['A', 'AAAA', 'MX', 'TXT', 'NS', 'CAA', 'SRV'];

const MAX_CHASE = 8;

/**
 * The CAA lookup at one climb name, following CNAMEs (RFC 8659 §3: "each lookup chases CNAMEs"). A recursive
 * resolver returns the chain and the target's CAA in one answer; an authoritative server stops at its zone's edge,
 * so the chain end is asked again.
 */
export async function lookupCaa(dns: Resolver, name: string): Promise<CaaLookup> {
  let current = normName(name);
  const chain: string[] = [];
  for (let hop = 0; hop <= MAX_CHASE; hop++) {
    const r = await dns.query(current, 'CAA');
    if (r.outcome === 'error')
      return {
        name,
        chain,
        outcome: 'error',
        records: [],
        error: r.error ?? r.rcode,
        ...(r.rcode ? { rcode: r.rcode } : {}),
        server: r.server,
      };
    const links = cnameChain(r.answers, current).slice(1);
    for (const l of links) {
      if (chain.includes(l) || sameName(l, name))
        return { name, chain, outcome: 'error', records: [], error: 'CNAME loop', server: r.server };
      chain.push(l);
    }
    const end = links.length ? (links[links.length - 1] as string) : current;
    const caa = recordsAt(r.answers, end, 'CAA');
    if (caa.length > 0) return { name, chain, outcome: 'records', records: caa, server: r.server };
    if (links.length === 0 || r.outcome === 'nxdomain')
      return { name, chain, outcome: 'empty', records: [], server: r.server };
    current = end;
  }
  return { name, chain, outcome: 'error', records: [], error: `more than ${MAX_CHASE} CNAMEs` };
}

/** Follows a CNAME value that is not the target, to tell a chain from a wrong value. */
async function follow(dns: Resolver, first: string, target: string): Promise<DnsResult[]> {
  const out: DnsResult[] = [];
  let cur = first;
  const seen = new Set<string>();
  for (let i = 0; i < MAX_CHASE && !sameName(cur, target) && !seen.has(cur); i++) {
    seen.add(cur);
    const r = await dns.query(cur, 'CNAME');
    out.push(r);
    const next = recordsAt(r.answers, cur, 'CNAME')[0];
    if (!next) break;
    cur = next.value;
  }
  return out;
}

/**
 * The CNAME at `domain` as one of the zone's authoritative servers answers it (AA set, so the TTL is the zone's),
 * found through the zone's NS records (up to 3) and their addresses. The servers are asked at the same time and
 * the first authoritative answer wins, so unreachable name servers (port 53 blocked outside the resolver, a
 * common firewall rule) cost one --timeout, not one per address. Undefined when none answers (the caller keeps the
 * cached answer). Name servers are asked on port 53, and only at public or loopback addresses.
 */
export async function authoritativeAnswer(dns: Resolver, zone: string, domain: string): Promise<DnsResult | undefined> {
  const ns = await dns.query(zone, 'NS');
  const hosts = recordsAt(ns.answers, zone, 'NS')
    .map((r) => r.value)
    .slice(0, 3);
  const lookups = await Promise.all(
    hosts.flatMap((host) => (['A', 'AAAA'] as const).map((type) => dns.query(host, type))),
  );
  // A public zone's name servers are public: never send a query to a private or documentation address.
  const addrs = [...new Set(lookups.flatMap((r) => addresses(r).slice(0, 1)))].filter(
    (a) => nonPublicRange(a) === undefined,
  );
  if (addrs.length === 0) return undefined;
  return new Promise((resolve) => {
    let pending = addrs.length;
    for (const addr of addrs) {
      dns.queryServer({ host: addr, port: 53 }, domain, 'CNAME').then((r) => {
        if (r.outcome === 'answer' && r.authoritative) resolve(r);
        else if (--pending === 0) resolve(undefined);
      });
    }
  });
}

/** Runs every DNS check for one domain. Never throws for DNS problems (they become `error` checks). */
export async function runDnsChecks(ctx: CheckContext, opts: DnsOptions): Promise<Check[]> {
  const { dns, domain, target } = ctx;
  const soa = await dns.query(domain, 'SOA');
  const info = confirmKind(domain, soa);
  const caaP = Promise.all(climbNames(domain).map((n) => lookupCaa(dns, n))).then((climb) =>
    evaluateCaa(domain, climb, opts.cas),
  );
  const checks: Check[] = [];
  if (ctx.kind === 'subdomain') {
    const [cname, ...others] = await Promise.all([
      dns.query(domain, 'CNAME'),
      ...CONFLICT_TYPES.map((t) => dns.query(domain, t)),
    ]);
    const c = cname as DnsResult;
    const value = recordsAt(c.answers, domain, 'CNAME')[0]?.value;
    const chain = value && !sameName(value, target) ? await follow(dns, value, target) : [];
    checks.push(evaluateCname({ domain, target, label: info.label, cname: c, follow: chain }));
    // Records that may come from a wildcard: ask the same types at a sibling that cannot exist.
    const probeName = wildcardProbeName(domain);
    const suspect = others.filter((r) => r.answers.some((a) => a.type === r.type && sameName(a.name, domain)));
    const wildcardProbe =
      probeName && suspect.length ? await Promise.all(suspect.map((r) => dns.query(probeName, r.type))) : [];
    checks.push(evaluateConflict({ domain, lookups: [c, ...others], wildcardProbe }));
    // A cache returns the time left; ask one of the zone's own name servers for the record's real TTL.
    const exact = value && !c.authoritative ? await authoritativeAnswer(dns, info.zone, domain) : undefined;
    checks.push(evaluateTtl({ domain, cname: exact ?? c }));
  } else {
    // The platform host is often a CNAME itself (to a load balancer): follow it even where the resolver stops.
    const [domainA, domainAAAA, targetA, targetAAAA] = await Promise.all([
      dns.query(domain, 'A'),
      dns.query(domain, 'AAAA'),
      resolveThroughCnames(dns, target, 'A').then((r) => r.result),
      resolveThroughCnames(dns, target, 'AAAA').then((r) => r.result),
    ]);
    checks.push(
      evaluateApexAlias({ domain, target, domainA, domainAAAA, targetA, targetAAAA } as Parameters<
        typeof evaluateApexAlias
      >[0]),
    );
  }
  checks.push(await caaP);
  if (ctx.resolvers.length >= 2) {
    const type: QueryType = ctx.kind === 'subdomain' ? 'CNAME' : 'A';
    const lookups = await Promise.all(ctx.resolvers.map((s) => dns.queryServer(s, domain, type)));
    const expected =
      ctx.kind === 'subdomain'
        ? ({ kind: 'cname', target } as const)
        : ({
            kind: 'a',
            target,
            addresses: addresses((await resolveThroughCnames(dns, target, 'A')).result),
          } as const);
    checks.push(evaluatePropagation({ domain, expected, lookups, now: ctx.now }));
  }
  return checks;
}

/** The `dns` group for the registry (groups/index.ts). */
export const dnsGroup: CheckGroup<DnsOptions> = {
  name: 'dns',
  description: 'CNAME, conflicting records, TTL, apex ALIAS/ANAME, CAA (RFC 8659) per CA, propagation across resolvers',
  options: DNS_OPTIONS,
  parseOptions: parseDnsOptions,
  run: runDnsChecks,
};
