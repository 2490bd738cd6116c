/**
 * Where the `tls` and `redirect` checks connect: `--connect IP` when given, else the first A (then AAAA) address
 * the check's resolver returns for the name (CNAME chains followed by the resolver), so `--resolver` is honoured
 * and no other resolver is asked. A resolved address that no public server can have (private, documentation,
 * link-local, multicast, reserved) is not connected to: the name is misconfigured for a public docs site, and
 * the check says so instead of sending traffic there. The same holds for a host that is an IP literal (a redirect's
 * Location such as `http://10.0.0.1/`) and for IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1` reaches 10.0.0.1).
 * Loopback is allowed (local testing); `--connect` is always honoured.
 *
 * An authoritative server (`--resolver` pointing at the zone's name server) answers a CNAME into another zone with
 * the CNAME alone; the chain's end is then asked again, as the `caa` lookup does, so a subdomain that is a CNAME to
 * the platform host gets the host's address.
 */
import { BlockList, isIP } from 'node:net';
import { resolveThroughCnames } from '../dns/chase.ts';
import type { Resolver } from '../dns/types.ts';

export type AddressResult = { ok: true; address: string } | { ok: false; reason: string };

/**
 * Finds the address to connect to for `host`.
 * @param connect the `--connect` value (an IP), pinning every connection
 * @returns the address, or a reason for people (`no A/AAAA record for x via 127.0.0.1:53 (nxdomain)`); never throws
 */
export async function addressFor(host: string, connect: string | undefined, dns: Resolver): Promise<AddressResult> {
  if (connect) return { ok: true, address: connect };
  if (isIP(host)) {
    const range = nonPublicRange(host);
    if (range)
      return {
        ok: false,
        reason: `${host} is ${range}, which no public server can have; no connection was attempted. Pass --connect IP to test a given server`,
      };
    return { ok: true, address: host };
  }
  const outcomes: string[] = [];
  for (const type of ['A', 'AAAA'] as const) {
    const { result: r, chain } = await resolveThroughCnames(dns, host, type);
    const end = chain[chain.length - 1] as string;
    const rec = r.answers.find((a) => a.type === type && a.name === end);
    if (rec) {
      const range = nonPublicRange(rec.value);
      if (range) {
        return {
          ok: false,
          reason: `${host} resolves to ${rec.value}, ${range}, which no public server can have; no connection was attempted. Point ${host} at the platform (see the cname / apex-alias checks), or pass --connect IP to test a given server`,
        };
      }
      return { ok: true, address: rec.value };
    }
    const via = chain.length > 1 ? ` at ${end} (via CNAME ${chain.join(' → ')})` : '';
    outcomes.push(`${type}: ${r.outcome === 'error' ? (r.error ?? 'error') : r.outcome}${via} from ${r.server}`);
  }
  return { ok: false, reason: `no A/AAAA record for ${host} (${outcomes.join('; ')})` };
}

/**
 * Validates `--connect`: an IPv4 or IPv6 address (brackets allowed).
 * @throws {Error} for anything else (a usage error)
 */
export function parseConnect(value: string): string {
  const v = value.replace(/^\[(.*)\]$/, '$1');
  if (isIP(v) === 0)
    throw new Error(`--connect ${value}: not an IP address (give the address to pin, e.g. 192.0.2.10)`);
  return v;
}

/**
 * Validates a TCP port option (`--port`, `--http-port`).
 * @throws {Error} unless an integer 1-65535
 */
export function parsePort(flag: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > 65535) throw new Error(`${flag} ${value}: not a TCP port (1-65535)`);
    return n;
  };
}

/** Address ranges a public docs site cannot be served from, with the rule that reserves them. */
const NON_PUBLIC: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', '"this network" (RFC 791)'],
  ['10.0.0.0', 8, 'ipv4', 'a private address (RFC 1918)'],
  ['100.64.0.0', 10, 'ipv4', 'a shared carrier-grade NAT address (RFC 6598)'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address (RFC 3927)'],
  ['172.16.0.0', 12, 'ipv4', 'a private address (RFC 1918)'],
  ['192.0.0.0', 24, 'ipv4', 'an IETF protocol assignment (RFC 6890)'],
  ['192.0.2.0', 24, 'ipv4', 'a documentation address (RFC 5737)'],
  ['192.168.0.0', 16, 'ipv4', 'a private address (RFC 1918)'],
  ['198.18.0.0', 15, 'ipv4', 'a benchmarking address (RFC 2544)'],
  ['198.51.100.0', 24, 'ipv4', 'a documentation address (RFC 5737)'],
  ['203.0.113.0', 24, 'ipv4', 'a documentation address (RFC 5737)'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address (RFC 5771)'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address (RFC 1112)'],
  ['::', 128, 'ipv6', 'the unspecified address (RFC 4291)'],
  ['fc00::', 7, 'ipv6', 'a unique local address (RFC 4193)'],
  ['fe80::', 10, 'ipv6', 'a link-local address (RFC 4291)'],
  ['2001:db8::', 32, 'ipv6', 'a documentation address (RFC 3849)'],
  ['ff00::', 8, 'ipv6', 'a multicast address (RFC 4291)'],
];

/**
 * Names the reserved range `ip` falls in, or undefined for a public or loopback address (127.0.0.0/8, ::1).
 * An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, RFC 4291 §2.5.5.2) is judged by the IPv4 address it reaches.
 * Pure. Ranges: the IANA special-purpose registries (RFC 6890) as listed in {@link NON_PUBLIC}.
 * @param ip an IPv4 or IPv6 address
 */
export function nonPublicRange(ip: string): string | undefined {
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  for (const [net, prefix, fam, what] of NON_PUBLIC) {
    // BlockList matches an IPv4-mapped IPv6 address against IPv4 subnets; an IPv4 address never matches IPv6 ones.
    if (family === 'ipv4' && fam === 'ipv6') continue;
    const list = new BlockList();
    list.addSubnet(net, prefix, fam);
    if (list.check(ip, family)) return what;
  }
  return undefined;
}
