// IP address ranges that no public server can have (IANA special-purpose registries, RFC 6890).
// Pure. The tls and redirect checks never connect there, and the ttl check never asks a name
// server there: a public docs site, and the zone that publishes it, cannot live at such addresses.
import { BlockList, isIP } from 'node:net';

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
