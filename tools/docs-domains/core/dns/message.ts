/**
 * Pure DNS message handling on dns-packet 5.6: building queries, checking replies against the
 * question, and turning a reply into a {@link DnsResult}. No I/O here (the sockets are in client.ts).
 */
import * as packet from 'dns-packet';
import type { DnsResult, QueryType, Rr } from './types.ts';

/** EDNS(0) UDP payload size we advertise (RFC 6891; 1232 bytes is the DNS Flag Day 2020 value that avoids IP fragmentation). */
export const EDNS_UDP_SIZE = 1232;

/** Lower-case, no trailing dot: the form every name is compared in (DNS names are case-insensitive, RFC 4343). */
export function normName(name: string): string {
  const n = name.toLowerCase();
  return n.endsWith('.') && n.length > 1 ? n.slice(0, -1) : n;
}

/** True when two names are the same DNS name (case-insensitive, trailing dot ignored). */
export function sameName(a: string, b: string): boolean {
  return normName(a) === normName(b);
}

/**
 * Encodes a recursive query with one question (class IN) and an EDNS(0) OPT record advertising {@link EDNS_UDP_SIZE}.
 * @param id 16-bit query ID (pick it at random: RFC 5452 §9.2)
 */
export function buildQuery(id: number, name: string, type: QueryType): Buffer {
  return packet.encode({
    type: 'query',
    id,
    flags: packet.RECURSION_DESIRED,
    questions: [{ type, class: 'IN', name }],
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: EDNS_UDP_SIZE,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: 0,
        flag_do: false,
        options: [],
      },
    ],
  });
}

/** A decoded reply that matched the question. */
export interface Reply {
  id: number;
  rcode: string;
  truncated: boolean;
  authoritative: boolean;
  answers: Rr[];
  authorities: Rr[];
}

/** Why a datagram or TCP message was discarded: `garbage`, `wrong ID`, `not a response`, `wrong question`. */
export type Discard = { discard: string };

/**
 * Decodes a reply and checks it against the question: same ID, QR set, exactly one question with the
 * same name (case-insensitive), type and class IN (RFC 5452 §9.1). Anything else is discarded, never trusted.
 * Never throws.
 */
export function parseReply(buf: Buffer, id: number, name: string, type: QueryType): Reply | Discard {
  let p: packet.DecodedPacket;
  try {
    p = packet.decode(buf);
  } catch {
    return { discard: 'garbage' };
  }
  if (p.id !== id) return { discard: 'wrong ID' };
  if (!p.flag_qr) return { discard: 'not a response' };
  const q = p.questions ?? [];
  const q0 = q[0];
  if (q.length !== 1 || !q0 || !sameName(q0.name, name) || q0.type !== type || (q0.class ?? 'IN') !== 'IN') {
    return { discard: 'wrong question' };
  }
  const rcode = String((p as unknown as { rcode?: string }).rcode ?? 'NOERROR');
  try {
    return {
      id,
      rcode,
      truncated: p.flag_tc,
      authoritative: p.flag_aa,
      answers: (p.answers ?? []).filter((a) => a.type !== 'OPT').map(toRr),
      authorities: (p.authorities ?? []).filter((a) => a.type !== 'OPT').map(toRr),
    };
  } catch {
    return { discard: 'garbage' };
  }
}

function quote(s: string): string {
  return `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function txt(data: unknown): string {
  const parts = Array.isArray(data) ? data : [data];
  return parts.map((p) => quote(Buffer.isBuffer(p) ? p.toString('utf8') : String(p))).join(' ');
}

/** Converts one dns-packet answer into an {@link Rr} with a zone-file presentation value. */
export function toRr(a: packet.Answer): Rr {
  const base = { name: normName(a.name), type: a.type, ttl: 'ttl' in a && typeof a.ttl === 'number' ? a.ttl : 0 };
  const data = (a as { data?: unknown }).data;
  switch (a.type) {
    case 'A':
    case 'AAAA':
      return { ...base, value: String(data).toLowerCase() };
    case 'CNAME':
    case 'DNAME':
    case 'NS':
    case 'PTR':
      return { ...base, value: normName(String(data)) };
    case 'CAA': {
      const d = data as packet.CaaData & { flags?: number };
      const caa = { flags: d.flags ?? 0, tag: d.tag, value: d.value };
      return { ...base, value: `${caa.flags} ${caa.tag} ${quote(caa.value)}`, caa };
    }
    case 'MX': {
      const d = data as packet.MxData;
      return { ...base, value: `${d.preference ?? 0} ${normName(d.exchange)}` };
    }
    case 'TXT':
      return { ...base, value: txt(data) };
    case 'SOA': {
      const d = data as packet.SoaData;
      const soa = {
        mname: normName(d.mname),
        rname: normName(d.rname),
        serial: d.serial ?? 0,
        minimum: d.minimum ?? 0,
      };
      return {
        ...base,
        value: `${soa.mname} ${soa.rname} ${soa.serial} ${d.refresh} ${d.retry} ${d.expire} ${soa.minimum}`,
        soa,
      };
    }
    case 'SRV': {
      const d = data as packet.SrvData;
      return { ...base, value: `${d.priority ?? 0} ${d.weight ?? 0} ${d.port} ${normName(d.target)}` };
    }
    default:
      return {
        ...base,
        value: Buffer.isBuffer(data) ? `\\# ${data.length} ${data.toString('hex')}` : JSON.stringify(data),
      };
  }
}

/**
 * Follows the CNAME chain from `name` inside one answer section (a recursive resolver puts the whole
 * chain there). Returns the names in order, starting with `name`; stops at a loop or after 16 links.
 */
export function cnameChain(answers: readonly Rr[], name: string): string[] {
  const chain = [normName(name)];
  for (let i = 0; i < 16; i++) {
    const cur = chain[chain.length - 1] as string;
    const c = answers.find((r) => r.type === 'CNAME' && r.name === cur);
    if (!c || chain.includes(c.value)) break;
    chain.push(c.value);
  }
  return chain;
}

/**
 * Classifies a matched reply (RFC 2308): NOERROR with records of `type` at the end of the CNAME chain (or a
 * CNAME when `type` is CNAME) is `answer`, NOERROR without is `nodata`, NXDOMAIN is `nxdomain`, any other RCODE
 * (SERVFAIL, REFUSED, FORMERR, NOTIMP...) and a referral are `error`.
 */
export function classify(
  server: string,
  name: string,
  type: QueryType,
  reply: Reply,
  transport: 'udp' | 'tcp',
): DnsResult {
  const base = {
    server,
    name: normName(name),
    type,
    rcode: reply.rcode,
    answers: reply.answers,
    authorities: reply.authorities,
    authoritative: reply.authoritative,
    transport,
  };
  if (reply.rcode === 'NXDOMAIN') return { ...base, outcome: 'nxdomain' };
  if (reply.rcode !== 'NOERROR') return { ...base, outcome: 'error', error: reply.rcode };
  // A referral (no answer, not authoritative, NS but no SOA in the authority section): the server neither holds the
  // name nor recurses (RFC 1034 §4.3.1), so it cannot say whether a record exists.
  const ns = reply.authorities.filter((r) => r.type === 'NS');
  if (
    reply.answers.length === 0 &&
    !reply.authoritative &&
    ns.length > 0 &&
    !reply.authorities.some((r) => r.type === 'SOA')
  ) {
    return {
      ...base,
      outcome: 'error',
      error: `referral to ${ns.map((r) => r.value).join(', ')} for ${ns[0]?.name} (this server does not recurse)`,
    };
  }
  const chain = cnameChain(reply.answers, name);
  const end = chain[chain.length - 1];
  const found =
    type === 'CNAME'
      ? reply.answers.some((r) => r.type === 'CNAME' && r.name === normName(name))
      : reply.answers.some((r) => r.type === type && r.name === end);
  return { ...base, outcome: found ? 'answer' : 'nodata' };
}

/** Formats a server for messages: `192.0.2.53:53`, `[2001:db8::53]:53`. */
export function serverLabel(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
