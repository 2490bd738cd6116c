/**
 * The `tls` check group for `docs-domains check`: one handshake per domain (SNI = the domain), classified by
 * `classify.ts`. It declares the options shared with the `http` group: `--port`, `--connect`, `--ca-file`.
 */
import type { CheckContext, CheckGroup } from '../checks/groups.ts';
import type { Check } from '../checks/types.ts';
import { addressFor, parseConnect, parsePort } from './address.ts';
import { classifyTls } from './classify.ts';
import { readCaFile, tlsHandshake } from './handshake.ts';

const caCache = new Map<string, string[]>();

/**
 * The PEM roots of `--ca-file` (read once per path).
 * @throws {Error} naming the file when it is unreadable or holds no certificate
 */
export function extraCa(path: unknown): string[] {
  if (typeof path !== 'string' || path === '') return [];
  let certs = caCache.get(path);
  if (!certs) {
    certs = readCaFile(path);
    caCache.set(path, certs);
  }
  return certs;
}

/** The options of `tls` and `http` as parsed by the CLI (`ctx.options`), with defaults. */
export function edgeOptions(options: Readonly<Record<string, unknown>>): {
  port: number;
  httpPort: number;
  connect: string | undefined;
  ca: string[];
} {
  const num = (v: unknown, d: number) =>
    typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : d;
  return {
    port: num(options.port, 443),
    httpPort: num(options.httpPort, 80),
    connect: typeof options.connect === 'string' && options.connect !== '' ? options.connect : undefined,
    ca: extraCa(options.caFile),
  };
}

export const tlsGroup: CheckGroup = {
  name: 'tls',
  description:
    'a TLS handshake with SNI = the domain: certificate served, name covered (RFC 6125), trusted, days to expiry',
  options: [
    {
      flags: '--port <port>',
      description: 'TCP port of the TLS handshake and of https:// redirect hops',
      defaultValue: 443,
      parse: parsePort('--port'),
    },
    {
      flags: '--connect <ip>',
      description: 'connect to this IP for every domain and redirect hop (tls and http) instead of resolving the names',
      parse: parseConnect,
    },
    {
      flags: '--ca-file <pem>',
      description: 'extra trusted root certificates (PEM file) for tls and http, added to the bundled Mozilla roots',
      parse: (value: string) => {
        extraCa(value);
        return value;
      },
    },
  ],
  async run(ctx: CheckContext): Promise<Check[]> {
    const opts = edgeOptions(ctx.options);
    const addr = await addressFor(ctx.domain, opts.connect, ctx.dns);
    if (!addr.ok) {
      return [
        {
          id: 'tls',
          status: 'error',
          message: `No TLS handshake for ${ctx.domain}: ${addr.reason}.`,
          action:
            'Fix the DNS records first (the `cname` or `apex-alias` check), or pass --connect IP to test a given address.',
        },
      ];
    }
    const observation = await tlsHandshake({
      host: addr.address,
      servername: ctx.domain,
      port: opts.port,
      extraCa: opts.ca,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
    return [classifyTls({ name: ctx.domain, target: ctx.target, observation, now: new Date() })];
  },
};
