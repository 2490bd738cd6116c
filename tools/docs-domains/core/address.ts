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
import { isIP } from 'node:net';
import { resolveThroughCnames } from './dns/chase.ts';
import { nonPublicRange } from './dns/reserved.ts';
import type { Resolver } from './dns/types.ts';

export { nonPublicRange };

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
