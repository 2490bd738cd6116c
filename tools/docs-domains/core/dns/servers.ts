/**
 * Resolver addresses: the `--resolver` syntax and /etc/resolv.conf. Parsing is pure;
 * {@link systemServers} is the one function that reads a file.
 */
import { readFileSync } from 'node:fs';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import type { ServerAddress } from './types.ts';

/** The DNS port (RFC 1035 §4.2). */
export const DNS_PORT = 53;

/**
 * Parses a `--resolver` value: `IP`, `IPv4:PORT`, `IPv6`, `[IPv6]` or `[IPv6]:PORT` (e.g. `127.0.0.1:5353`, `[::1]:5353`).
 * A bare IPv6 address takes the default port; a port on an unbracketed IPv6 address is impossible to tell apart, so use brackets.
 * @throws {Error} naming the value when it is not an IP address with an optional port 1-65535
 */
export function parseServer(value: string): ServerAddress {
  const v = value.trim();
  let host = v;
  let port: string | undefined;
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(v);
  // IPv4 first: Node's IPv6 pattern is its largest regular expression, and compiling it on first use is a
  // noticeable part of a short run such as `check` of one domain, so text with at most one colon never meets it.
  const v4 = /^([^:]+)(?::(\d+))?$/.exec(v);
  if (bracket) {
    host = bracket[1] as string;
    port = bracket[2];
    if (isIP(host.replace(/%.*$/, '')) !== 6) throw new Error(`resolver "${value}": "${host}" is not an IPv6 address`);
  } else if (v4 && isIPv4(v4[1] as string)) {
    host = v4[1] as string;
    port = v4[2];
  } else if (!v4 && isIPv6(v.replace(/%.*$/, ''))) {
    host = v;
  } else {
    throw new Error(
      `resolver "${value}": expected an IP address with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:5353)`,
    );
  }
  const p = port === undefined ? DNS_PORT : Number(port);
  if (!Number.isInteger(p) || p < 1 || p > 65535) throw new Error(`resolver "${value}": port must be 1-65535`);
  return { host, port: p };
}

/**
 * The `nameserver` lines of a resolv.conf text (resolv.conf(5)), in order; comments (`#`, `;`) ignored,
 * addresses that are not IPs skipped. Port 53 always.
 */
export function parseResolvConf(text: string): ServerAddress[] {
  const out: ServerAddress[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/[#;].*$/, '').trim();
    const m = /^nameserver\s+(\S+)/.exec(line);
    if (!m) continue;
    const host = m[1] as string;
    if (isIP(host.replace(/%.*$/, '')) === 0) continue;
    out.push({ host, port: DNS_PORT });
  }
  return out;
}

/**
 * The system's resolvers from /etc/resolv.conf (the edge: reads the file).
 * @throws {Error} when the file cannot be read or lists no nameserver
 */
export function systemServers(path = '/etc/resolv.conf'): ServerAddress[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${path} (${(err as Error).message}); name a resolver with --resolver IP[:PORT]`);
  }
  const servers = parseResolvConf(text);
  if (servers.length === 0) throw new Error(`${path} lists no nameserver; name a resolver with --resolver IP[:PORT]`);
  return servers;
}
