// A fake Resolver for unit tests: answers from an in-memory zone map, like a recursive resolver
// (CNAME chains are followed inside the answer) or like an authoritative one (chains stop at the first CNAME).
import type { DnsResult, QueryType, Resolver, Rr, ServerAddress } from '../../tools/docs-domains/core/dns/types.ts';

export type Zone = Record<string, Rr[]>;

export function rr(name: string, type: string, value: string, ttl = 3600): Rr {
  if (type === 'CAA') {
    const m = /^(\d+) (\S+) "(.*)"$/.exec(value);
    if (!m) throw new Error(`bad CAA ${value}`);
    return { name, type, ttl, value, caa: { flags: Number(m[1]), tag: m[2] as string, value: m[3] as string } };
  }
  if (type === 'SOA') return { name, type, ttl, value, soa: { mname: 'ns', rname: 'h', serial: 1, minimum: 300 } };
  return { name, type, ttl, value };
}

export function result(
  name: string,
  type: QueryType,
  outcome: DnsResult['outcome'],
  answers: Rr[] = [],
  extra: Partial<DnsResult> = {},
): DnsResult {
  return { server: '192.0.2.53:53', name, type, outcome, answers, authorities: [], authoritative: true, ...extra };
}

/** `errors`: `name type` → rcode to answer with (e.g. `{'example.com CAA': 'SERVFAIL'}`). */
export function fakeResolver(
  zone: Zone,
  opts: {
    recursive?: boolean;
    errors?: Record<string, string>;
    server?: string;
    /** false: answers come from a cache (AA clear, TTLs 1000 s lower). Default true. */
    authoritative?: boolean;
    /** The address that answers as the zone's authoritative server through queryServer. */
    authoritativeAt?: string;
  } = {},
): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const answer = (name: string, type: QueryType, at?: ServerAddress): DnsResult => {
    asked.push(`${at ? `@${at.host} ` : ''}${name} ${type}`);
    const server = at ? `${at.host}:${at.port}` : (opts.server ?? '192.0.2.53:53');
    const r = lookup(name, type, server);
    // A cache (authoritative: false) counts TTLs down; the zone's own server (authoritativeAt) gives them whole.
    const aa = at ? at.host === opts.authoritativeAt : (opts.authoritative ?? true);
    return aa
      ? r
      : { ...r, authoritative: false, answers: r.answers.map((x) => ({ ...x, ttl: Math.max(0, x.ttl - 1000) })) };
  };
  const lookup = (name: string, type: QueryType, server: string): DnsResult => {
    const err = opts.errors?.[`${name} ${type}`];
    if (err)
      return {
        server,
        name,
        type,
        outcome: 'error',
        rcode: err,
        error: err,
        answers: [],
        authorities: [],
        authoritative: false,
      };
    const answers: Rr[] = [];
    let cur = name;
    for (let i = 0; i < 10; i++) {
      const at = zone[cur];
      if (!at) {
        const exists = Object.keys(zone).some((k) => k === cur || k.endsWith(`.${cur}`));
        return {
          server,
          name,
          type,
          outcome: exists ? 'nodata' : answers.length ? 'nxdomain' : 'nxdomain',
          rcode: exists ? 'NOERROR' : 'NXDOMAIN',
          answers,
          authorities: [],
          authoritative: true,
        };
      }
      const own = at.filter((r) => r.type === type);
      if (own.length)
        return {
          server,
          name,
          type,
          outcome: 'answer',
          rcode: 'NOERROR',
          answers: [...answers, ...own],
          authorities: [],
          authoritative: true,
        };
      const c = at.find((r) => r.type === 'CNAME');
      if (!c)
        return {
          server,
          name,
          type,
          outcome: 'nodata',
          rcode: 'NOERROR',
          answers,
          authorities: [],
          authoritative: true,
        };
      answers.push(c);
      if (!opts.recursive) break;
      cur = c.value;
    }
    return { server, name, type, outcome: 'nodata', rcode: 'NOERROR', answers, authorities: [], authoritative: true };
  };
  const servers: ServerAddress[] = [{ host: '192.0.2.53', port: 53 }];
  return {
    asked,
    servers,
    async query(name, type) {
      return answer(name, type);
    },
    async queryServer(s, name, type) {
      return answer(name, type, s.host === servers[0]?.host ? undefined : s);
    },
  };
}
