// A minimal loopback DNS server (UDP) for the CLI tests: A queries for names in `addresses`
// get that address, other types at those names NODATA, anything else NXDOMAIN. It keeps every CLI run on
// loopback (the runner asks SOA for each domain; the tls/http groups ask A when --connect is not given).
import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';
import type { Running } from './tls-servers.ts';

export function startDnsStub(addresses: Record<string, string>): Promise<Running> {
  const sock = createSocket('udp4');
  sock.on('message', (msg, rinfo) => {
    let q: dnsPacket.Packet;
    try {
      q = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const question = q.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    const known = name in addresses;
    const answers: dnsPacket.Answer[] =
      known && question.type === 'A'
        ? [{ name: question.name, type: 'A', ttl: 60, class: 'IN', data: addresses[name] as string }]
        : [];
    const reply = dnsPacket.encode({
      type: 'response',
      id: q.id ?? 0,
      // QR + AA + RD, RCODE 0 (NOERROR) or 3 (NXDOMAIN)
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | (known ? 0 : 3),
      questions: [question],
      answers,
    });
    sock.send(reply, rinfo.port, rinfo.address);
  });
  return new Promise((resolve) => {
    sock.bind(0, '127.0.0.1', () => {
      resolve({ port: sock.address().port, close: () => new Promise<void>((r) => sock.close(() => r())) });
    });
  });
}
