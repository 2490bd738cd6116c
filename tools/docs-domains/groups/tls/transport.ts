/**
 * The edge of the `tls` check: one TLS handshake with SNI, reporting the served chain as plain data.
 * Decisions are made by `classify.ts`; this file only talks to the network and the file system.
 */
import { X509Certificate } from 'node:crypto';
import { connect, type PeerCertificate } from 'node:tls';
import { trustContext } from '../../core/edge.ts';
import type { CertificateFacts, TlsObservation } from './checks/classify.ts';
import { parseSubjectAltName } from './checks/names.ts';

export interface HandshakeOptions {
  /** The name sent as SNI (A-label form). */
  servername: string;
  /** Where to connect: an IP (`--connect`) or the name itself (resolved by the system). */
  host: string;
  /** TCP port, 443 unless `--port`. */
  port: number;
  /** Extra trust roots (PEM strings, from `--ca-file`), added to Node's bundled Mozilla roots. */
  extraCa?: readonly string[];
  /** Time allowed for connect plus handshake, ms. */
  timeoutMs: number;
  /** Aborts the handshake (reported as `ECANCELED`). */
  signal?: AbortSignal;
}

/** `CN=a\nO=b` (Node's multi-line DN) → `CN=a, O=b`. */
function dn(text: string): string {
  return text.split('\n').filter(Boolean).join(', ');
}

/** Plain facts about one certificate, from its DER bytes. */
export function certificateFacts(raw: Buffer): CertificateFacts {
  const x = new X509Certificate(raw);
  let selfSigned = false;
  try {
    // Not checkIssued(): it also demands keyCertSign, which placeholder leaves lack.
    selfSigned = x.subject === x.issuer && x.verify(x.publicKey);
  } catch {
    selfSigned = false;
  }
  // Node quotes SAN entries containing `,` or `"`; names.ts decodes them.
  const dnsNames = parseSubjectAltName(x.subjectAltName);
  return {
    subject: dn(x.subject),
    issuer: dn(x.issuer),
    dnsNames,
    notBefore: new Date(x.validFrom).toISOString(),
    notAfter: new Date(x.validTo).toISOString(),
    selfSigned,
    fingerprint256: x.fingerprint256,
  };
}

/** The served chain, leaf first, following `issuerCertificate` until it repeats (Node links the root to itself). */
function chainOf(leaf: PeerCertificate | undefined): CertificateFacts[] {
  const out: CertificateFacts[] = [];
  const seen = new Set<string>();
  let cur = leaf as (PeerCertificate & { issuerCertificate?: PeerCertificate }) | undefined;
  while (cur?.raw && !seen.has(cur.fingerprint256) && out.length < 10) {
    seen.add(cur.fingerprint256);
    out.push(certificateFacts(cur.raw));
    cur = cur.issuerCertificate;
  }
  return out;
}

/**
 * Connects with TLS, SNI = `servername`, without rejecting any certificate, and reports what was served.
 * Never throws: network failures come back as `{kind: 'failed', code}` (`ETIMEDOUT` when `timeoutMs` passed).
 */
export function tlsHandshake(opts: HandshakeOptions): Promise<TlsObservation> {
  return new Promise((resolve) => {
    let done = false;
    const socket = connect({
      host: opts.host,
      port: opts.port,
      servername: opts.servername,
      secureContext: trustContext(opts.extraCa),
      rejectUnauthorized: false,
      // The host name is judged by classify.ts (RFC 6125 as browsers apply it), not by Node.
      checkServerIdentity: () => undefined,
      ALPNProtocols: ['http/1.1'],
    });
    const finish = (o: TlsObservation) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // The signal lives for the whole run: a listener left on it would keep this socket in memory, and make
      // every later addEventListener slower.
      opts.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(o);
    };
    const timer = setTimeout(() => {
      finish({
        kind: 'failed',
        address: socket.remoteAddress ?? opts.host,
        port: opts.port,
        code: 'ETIMEDOUT',
        detail: `no TLS answer within ${opts.timeoutMs} ms`,
        timeoutMs: opts.timeoutMs,
      });
    }, opts.timeoutMs);
    function onAbort() {
      finish({
        kind: 'failed',
        address: opts.host,
        port: opts.port,
        code: 'ECANCELED',
        detail: 'interrupted',
        timeoutMs: opts.timeoutMs,
      });
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('secureConnect', () => {
      let chain: CertificateFacts[] = [];
      try {
        chain = chainOf(socket.getPeerCertificate(true));
      } catch {
        chain = [];
      }
      const err = socket.authorizationError as unknown as string | Error | null | undefined;
      const code =
        err == null ? undefined : typeof err === 'string' ? err : ((err as NodeJS.ErrnoException).code ?? err.message);
      finish({
        kind: 'handshake',
        address: socket.remoteAddress ?? opts.host,
        port: opts.port,
        protocol: socket.getProtocol(),
        chain,
        ...(code ? { authorizationError: code } : {}),
      });
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      finish({
        kind: 'failed',
        address: socket.remoteAddress ?? opts.host,
        port: opts.port,
        code: e.code ?? 'ERROR',
        detail: e.message,
        timeoutMs: opts.timeoutMs,
      });
    });
    socket.once('close', () => {
      finish({
        kind: 'failed',
        address: opts.host,
        port: opts.port,
        code: 'ECONNRESET',
        detail: 'the server closed the connection before the handshake completed',
        timeoutMs: opts.timeoutMs,
      });
    });
  });
}
