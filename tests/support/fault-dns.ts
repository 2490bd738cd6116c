// A tiny misbehaving DNS server on 127.0.0.1 (UDP and TCP on one port) for the fault tests.
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import * as packet from 'dns-packet';

/**
 * - `good`: correct answers (CNAME for CNAME questions, else NOERROR without records)
 * - `garbage`: random bytes; `wrong-id`: a correct answer with another ID; `wrong-question`: an answer for another name
 * - `tc`: UDP answers are truncated (TC, empty answer section, as Knot does); TCP answers correctly
 * - `tc-broken`: UDP truncated; TCP closes without answering; `silent`: never answers
 * - `servfail`, `refused`: that RCODE
 */
export type FaultMode =
  | 'good'
  | 'garbage'
  | 'wrong-id'
  | 'wrong-question'
  | 'tc'
  | 'tc-broken'
  | 'silent'
  | 'servfail'
  | 'refused';

export interface FaultServer {
  port: number;
  resolver: string;
  /** UDP datagrams and TCP connections received. */
  stats: { udp: number; tcp: number };
  close(): Promise<void>;
}

const TARGET = 'host.platform.test';

function reply(
  q: packet.DecodedPacket,
  opts: { rcode?: number; tc?: boolean; id?: number; name?: string; empty?: boolean } = {},
): Buffer {
  const question = q.questions?.[0] as packet.Question;
  const name = opts.name ?? question.name;
  const answers: packet.Answer[] =
    !opts.empty && question.type === 'CNAME' ? [{ type: 'CNAME', name, ttl: 3600, class: 'IN', data: TARGET }] : [];
  let flags = packet.AUTHORITATIVE_ANSWER | (opts.rcode ?? 0);
  if (opts.tc) flags |= packet.TRUNCATED_RESPONSE;
  return packet.encode({ type: 'response', id: opts.id ?? q.id, flags, questions: [{ ...question, name }], answers });
}

function respond(mode: FaultMode, msg: Buffer, transport: 'udp' | 'tcp'): Buffer | undefined {
  let q: packet.DecodedPacket;
  try {
    q = packet.decode(msg);
  } catch {
    return undefined;
  }
  switch (mode) {
    case 'good':
      return reply(q);
    case 'garbage':
      return Buffer.from('\x13\x37not a dns message at all, just bytes');
    case 'wrong-id':
      return reply(q, { id: ((q.id ?? 0) + 1) & 0xffff });
    case 'wrong-question':
      return reply(q, { name: 'evil.example' });
    case 'tc':
      return transport === 'udp' ? reply(q, { tc: true, empty: true }) : reply(q);
    case 'tc-broken':
      return transport === 'udp' ? reply(q, { tc: true, empty: true }) : undefined;
    case 'servfail':
      return reply(q, { rcode: 2, empty: true });
    case 'refused':
      return reply(q, { rcode: 5, empty: true });
    default:
      return undefined;
  }
}

/** Starts the server on `host` (127.0.0.1, or ::1) and a port free for both UDP and TCP. */
export async function startFaultServer(mode: FaultMode, host = '127.0.0.1'): Promise<FaultServer> {
  const stats = { udp: 0, tcp: 0 };
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp: Socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    const port = await new Promise<number>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, host, () => resolve(udp.address().port));
    });
    const tcp: Server = createServer((sock) => {
      stats.tcp++;
      let buf = Buffer.alloc(0);
      sock.on('error', () => {});
      sock.on('data', (d: Buffer) => {
        buf = Buffer.concat([buf, d]);
        if (buf.length < 2 || buf.length < 2 + buf.readUInt16BE(0)) return;
        const out = respond(mode, buf.subarray(2, 2 + buf.readUInt16BE(0)), 'tcp');
        if (!out) return void sock.destroy();
        const len = Buffer.alloc(2);
        len.writeUInt16BE(out.length);
        sock.end(Buffer.concat([len, out]));
      });
    });
    const ok = await new Promise<boolean>((resolve) => {
      tcp.once('error', () => resolve(false));
      tcp.listen(port, host, () => resolve(true));
    });
    if (!ok) {
      udp.close();
      continue;
    }
    udp.on('message', (msg, rinfo) => {
      stats.udp++;
      const out = respond(mode, msg, 'udp');
      if (out) udp.send(out, rinfo.port, rinfo.address);
    });
    return {
      port,
      resolver: host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`,
      stats,
      close: () =>
        new Promise<void>((resolve) => {
          udp.close();
          tcp.close(() => resolve());
          // Open TCP connections are destroyed by the client side; don't wait for them forever.
          setTimeout(resolve, 500).unref();
        }),
    };
  }
  throw new Error(`no free UDP+TCP port on ${host}`);
}
