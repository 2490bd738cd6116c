// Loopback servers for the tls and redirect tests: one TLS server choosing its certificate by SNI, and an
// HTTPS + HTTP pair answering by Host header. Each returns a close() for `after`.
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { createServer as createNet, type Server, type Socket } from 'node:net';
import { createSecureContext, createServer as createTls, type SecureContext } from 'node:tls';
import type { KeyPair } from './pki.ts';

export interface Running {
  port: number;
  close(): Promise<void>;
}

function listen(server: Server, sockets: Set<Socket>): Promise<Running> {
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({
        port,
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}

/** A TLS server that picks the certificate by SNI name; `fallback` for any other name. */
export function startSniServer(byName: Record<string, KeyPair>, fallback: KeyPair) {
  const contexts = new Map<string, SecureContext>();
  for (const [name, kp] of Object.entries(byName)) contexts.set(name, createSecureContext(kp));
  const server = createTls({
    ...fallback,
    SNICallback: (name, cb) => cb(null, contexts.get(name.toLowerCase())),
  });
  server.on('secureConnection', (s) => s.end());
  server.on('tlsClientError', () => {});
  return listen(server, new Set());
}

/** A TCP server that accepts and then says nothing (a handshake that times out). */
export function startSilentServer(): Promise<Running> {
  return listen(createNet(), new Set());
}

/**
 * A server that answers every ClientHello with a fatal TLS alert (40 handshake_failure, 112 unrecognized_name),
 * as platforms do for a name they hold no certificate for.
 */
export function startAlertServer(description: number): Promise<Running> {
  const server = createNet((s) => s.once('data', () => s.end(Buffer.from([0x15, 3, 3, 0, 2, 2, description]))));
  return listen(server, new Set());
}

/** A TCP server that resets every connection at once. */
export function startResetServer(): Promise<Running> {
  const server = createNet((s) => s.resetAndDestroy());
  return listen(server, new Set());
}

/** What a redirect fixture saw: the methods per host, and whether a GET body was cut short by the client. */
export interface RequestLog {
  methods: Map<string, string[]>;
  abortedBodies: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, scheme: 'http' | 'https') => void;

/** An HTTPS and an HTTP server sharing one handler, dispatching on the Host header. */
export async function startWebPair(
  tlsPair: KeyPair,
  handler: Handler,
): Promise<{ https: Running; http: Running; log: RequestLog }> {
  const log: RequestLog = { methods: new Map(), abortedBodies: 0 };
  const wrap = (scheme: 'http' | 'https') => (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const key = `${scheme}://${host}`;
    log.methods.set(key, [...(log.methods.get(key) ?? []), req.method ?? '']);
    res.on('close', () => {
      if (!res.writableFinished) log.abortedBodies++;
    });
    handler(req, res, scheme);
  };
  const https = await listen(createHttps(tlsPair, wrap('https')), new Set());
  const http = await listen(createHttp(wrap('http')), new Set());
  return { https, http, log };
}
