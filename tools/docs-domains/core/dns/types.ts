/**
 * Shapes shared by the DNS client (`dns/`), the runner and the pure evaluators (`checks/`).
 * Names are lower-case, without the trailing dot; TTLs are seconds; timeouts are milliseconds.
 */

/** A DNS server to ask: an IP address (v4 or v6) and a UDP/TCP port. */
export interface ServerAddress {
  host: string;
  port: number;
}

/** The record types the checks ask for (dns-packet type names). */
export type QueryType = 'A' | 'AAAA' | 'CNAME' | 'SOA' | 'CAA' | 'MX' | 'TXT' | 'NS' | 'SRV';

/** A resource record in a plain, JSON-friendly form. */
export interface Rr {
  /** Owner name, lower-case, no trailing dot. */
  name: string;
  /** Type name as dns-packet gives it (`A`, `CNAME`, `CAA`, `UNKNOWN_65`...). */
  type: string;
  /** Seconds, as the server returned it (a cache returns the time left). */
  ttl: number;
  /** Presentation form of the data, as in a zone file: `0 issue "letsencrypt.org"`, `192.0.2.1`, `target.example.net`. */
  value: string;
  /** Structured CAA data (flags as on the wire, tag case as sent, raw value), for CAA records only. */
  caa?: { flags: number; tag: string; value: string };
  /** Structured SOA data, for SOA records only (minimum and TTL drive negative caching, RFC 2308 §5). */
  soa?: { mname: string; rname: string; serial: number; minimum: number };
}

/**
 * What one question to one server produced.
 * - `answer`: NOERROR with records of the asked type at the end of the CNAME chain (or the CNAME itself when asked for CNAME).
 * - `nodata`: NOERROR, the name exists, but holds no record of that type (RFC 2308 §2.2); `answers` may still hold a CNAME chain.
 * - `nxdomain`: the name (or the end of its CNAME chain) does not exist (RCODE 3, RFC 2308 §2.1).
 * - `error`: nothing usable: timeout, SERVFAIL, REFUSED, other RCODEs, or only replies that failed validation.
 */
export interface DnsResult {
  /** `HOST:PORT` (IPv6 in brackets) of the server that gave this result. */
  server: string;
  name: string;
  type: QueryType;
  outcome: 'answer' | 'nodata' | 'nxdomain' | 'error';
  /** RCODE name (`NOERROR`, `NXDOMAIN`, `SERVFAIL`, `REFUSED`...) when a valid reply arrived. */
  rcode?: string;
  /** Answer section. */
  answers: Rr[];
  /** Authority section (SOA for negative answers). */
  authorities: Rr[];
  /** AA bit: the server is authoritative, so TTLs are the zone's own values. */
  authoritative: boolean;
  /** Transport of the reply that was used (`tcp` after a truncated UDP reply). */
  transport?: 'udp' | 'tcp';
  /** Why the outcome is `error`, for people: `timeout after 2000 ms (discarded 2 replies: wrong ID)`, `SERVFAIL`. */
  error?: string;
}

/**
 * The injected resolver the runner and the check groups use. The real one is `dns/client.ts`
 * (`createResolver`); tests pass fakes.
 */
export interface Resolver {
  /** The servers, in the order they are asked. */
  readonly servers: readonly ServerAddress[];
  /**
   * Asks the servers in order and returns the first result that is not `error`
   * (or the last error). Never throws.
   */
  query(name: string, type: QueryType): Promise<DnsResult>;
  /** Asks exactly one server. Never throws. */
  queryServer(server: ServerAddress, name: string, type: QueryType): Promise<DnsResult>;
}
