/**
 * Where the `tls` and `redirect` checks connect: `--connect IP` when given, else the first A (then AAAA) address
 * the check's resolver returns for the name (CNAME chains followed by the resolver), so `--resolver` is honoured
 * and no other resolver is asked.
 */
import { isIP } from 'node:net';
import type { Resolver } from '../dns/types.ts';

export type AddressResult = { ok: true; address: string } | { ok: false; reason: string };

/**
 * Finds the address to connect to for `host`.
 * @param connect the `--connect` value (an IP), pinning every connection
 * @returns the address, or a reason for people (`no A/AAAA record for x via 127.0.0.1:53 (nxdomain)`); never throws
 */
export async function addressFor(host: string, connect: string | undefined, dns: Resolver): Promise<AddressResult> {
  if (connect) return { ok: true, address: connect };
  if (isIP(host)) return { ok: true, address: host };
  const outcomes: string[] = [];
  for (const type of ['A', 'AAAA'] as const) {
    const r = await dns.query(host, type);
    const rec = r.answers.find((a) => a.type === type);
    if (rec) return { ok: true, address: rec.value };
    outcomes.push(`${type}: ${r.outcome === 'error' ? (r.error ?? 'error') : r.outcome} from ${r.server}`);
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
