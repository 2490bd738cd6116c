/**
 * The edge of the `redirect` check: one header-only HTTP(S) request per hop (node:http / node:https).
 * HEAD first; GET only when HEAD is refused with 405 or 501, and then the body is never read: the response is
 * destroyed as soon as its headers arrive.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { AddressResult } from '../../core/address.ts';
import { trustContext } from '../../core/edge.ts';
import type { HopFetch, HopResult } from './follow.ts';

export interface HopTransportOptions {
  /** Finds the address for a host (`--connect` pins it for every hop). */
  addressFor: (host: string) => Promise<AddressResult>;
  /** Port for https:// URLs without an explicit port (`--port`, default 443). */
  httpsPort: number;
  /** Port for http:// URLs without an explicit port (`--http-port`, default 80). */
  httpPort: number;
  /** Extra trust roots (PEM, `--ca-file`), added to Node's bundled roots; certificates are verified. */
  extraCa?: readonly string[];
  /** Time allowed per request (connect, TLS, headers), ms. */
  timeoutMs: number;
  signal?: AbortSignal;
}

// node:http and node:https as CommonJS modules: an ES import of node:http builds its ES module facade, which reads
// every export, lazy ones included, and so loads the whole bundled undici (fetch, WebSocket): about half the
// start-up time of a one-domain check.
const { request: httpRequest } = process.getBuiltinModule('node:http');
const { request: httpsRequest } = process.getBuiltinModule('node:https');

const USER_AGENT = 'docs-domains (redirect check; header-only)';

function once(method: 'HEAD' | 'GET', url: URL, address: string, port: number, opts: HopTransportOptions) {
  return new Promise<HopResult>((resolve) => {
    let done = false;
    const https = url.protocol === 'https:';
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const common = {
      host: address,
      port,
      method,
      path: `${url.pathname}${url.search}`,
      headers: { host: url.host, 'user-agent': USER_AGENT, accept: '*/*' },
      agent: false as const,
    };
    const finish = (r: HopResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // The signal lives for the whole run: a listener left on it would keep this request (and its socket)
      // in memory, and make every later addEventListener slower.
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(r);
    };
    const onResponse = (res: IncomingMessage) => {
      const loc = res.headers.location;
      // Never read a body: headers are all a redirect check needs.
      res.destroy();
      req.destroy();
      finish({ ok: true, method, status: res.statusCode ?? 0, ...(loc !== undefined ? { location: loc } : {}) });
    };
    const req = https
      ? httpsRequest(
          {
            ...common,
            servername: isIP(hostname) ? undefined : hostname,
            rejectUnauthorized: true,
            // One trust store for the run (passed on to tls.connect; not in https.RequestOptions' type).
            ...({ secureContext: trustContext(opts.extraCa) } as object),
          },
          onResponse,
        )
      : httpRequest(common, onResponse);
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, code: 'ETIMEDOUT', detail: `no answer within ${opts.timeoutMs} ms` });
    }, opts.timeoutMs);
    function onAbort() {
      req.destroy();
      finish({ ok: false, code: 'ECANCELED', detail: 'interrupted' });
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (e: NodeJS.ErrnoException) => finish({ ok: false, code: e.code ?? 'ERROR', detail: e.message }));
    req.end();
  });
}

/**
 * A {@link HopFetch} over node:http/https. The Host header and SNI carry the URL's host; the TCP connection goes
 * to `addressFor(host)` and the URL's port, else `httpsPort`/`httpPort`.
 */
export function createHopFetch(opts: HopTransportOptions): HopFetch {
  return async (url: URL) => {
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addr = await opts.addressFor(hostname);
    if (!addr.ok) return { ok: false, code: 'ENOADDRESS', detail: addr.reason };
    const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? opts.httpsPort : opts.httpPort;
    const head = await once('HEAD', url, addr.address, port, opts);
    if (head.ok && (head.status === 405 || head.status === 501)) return once('GET', url, addr.address, port, opts);
    return head;
  };
}
