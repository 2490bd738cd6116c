/**
 * Record comparison shared by the evaluators. Pure.
 */
import { normName, sameName } from '../../../core/dns/message.ts';
import type { DnsResult, Rr } from '../../../core/dns/types.ts';

export { normName, sameName };

/** The record form the report shows: `{name, type, ttl, value}` (plus `server` when it matters). */
export interface RecordView {
  name: string;
  type: string;
  ttl: number;
  value: string;
  server?: string;
}

/** Strips the structured parts of an {@link Rr} for the report. */
export function view(r: Rr, server?: string): RecordView {
  return server
    ? { name: r.name, type: r.type, ttl: r.ttl, value: r.value, server }
    : { name: r.name, type: r.type, ttl: r.ttl, value: r.value };
}

/** Zone-file line for a record: `docs.example.com. 3600 IN CNAME host.example.net.` */
export function zoneLine(name: string, type: string, value: string, ttl?: number): string {
  const v = type === 'CNAME' || type === 'NS' || type === 'ALIAS' ? `${normName(value)}.` : value;
  return `${normName(name)}.${ttl === undefined ? '' : ` ${ttl}`} IN ${type} ${v}`;
}

/** Canonical form of an IP address for set comparison (lower-case; IPv6 compressed by dns-packet already). */
function canonIp(ip: string): string {
  return ip.toLowerCase();
}

/** How two address sets relate: `equal`, `overlap` (some shared), `disjoint`, or one side `empty`. */
export type SetRelation = 'equal' | 'overlap' | 'disjoint' | 'both-empty' | 'left-empty' | 'right-empty';

/** Compares two sets of IP addresses (order and duplicates ignored). */
export function compareAddresses(left: readonly string[], right: readonly string[]): SetRelation {
  const a = new Set(left.map(canonIp));
  const b = new Set(right.map(canonIp));
  if (a.size === 0 && b.size === 0) return 'both-empty';
  if (a.size === 0) return 'left-empty';
  if (b.size === 0) return 'right-empty';
  const shared = [...a].filter((x) => b.has(x)).length;
  if (shared === a.size && shared === b.size) return 'equal';
  return shared > 0 ? 'overlap' : 'disjoint';
}

/** Records of `type` owned by `name` in an answer section. */
export function recordsAt(answers: readonly Rr[], name: string, type: string): Rr[] {
  return answers.filter((r) => r.type === type && sameName(r.name, name));
}

/** The addresses of `type` (A or AAAA) at the end of the CNAME chain of a lookup; empty for nodata/nxdomain/error. */
export function addresses(result: DnsResult): string[] {
  if (result.outcome !== 'answer') return [];
  return result.answers.filter((r) => r.type === result.type).map((r) => r.value);
}

/** Negative-caching TTL of a nodata/nxdomain reply: min(SOA TTL, SOA MINIMUM) from the authority section (RFC 2308 §5). */
export function negativeTtl(result: DnsResult): number | undefined {
  const soa = result.authorities.find((r) => r.type === 'SOA');
  if (!soa?.soa) return undefined;
  return Math.min(soa.ttl, soa.soa.minimum);
}

/** "1 h 5 min", "45 s": a duration in seconds for people. */
export function humanSeconds(s: number): string {
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  return m ? `${h} h ${m} min` : `${h} h`;
}
