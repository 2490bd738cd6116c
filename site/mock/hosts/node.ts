// The mock core behind Node's own HTTP server: converts node:http's request into a Fetch
// `Request` (body read with a byte limit), hands it to the core and writes the `Response` back. Used by scripts/serve.ts
// (what `npm start` runs) so /api/mock/* does not pay for Astro's routing on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Mock } from '../index.ts';
import { MockError } from '../pipeline/errors.ts';
import { MAX_BODY_BYTES } from '../request/body.ts';

/**
 * Reads a request body into memory, but never more than `limit + 1` bytes: past that it stops
 * keeping data and answers with what it has, so the core sees an over-limit body and answers 413
 * (RFC 9110 §15.5.14). Buffering here is faster than handing the core a web stream.
 * @param limit the core's body limit in bytes
 * @returns the body, and whether more was sent than was kept (the connection is then closed)
 */
function readLimited(req: IncomingMessage, limit: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.pause();
        resolve({ body: Buffer.concat(chunks).subarray(0, limit + 1), truncated: true });
      }
    };
    const onEnd = (): void => resolve({ body: Buffer.concat(chunks, size), truncated: false });
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
  });
}

/**
 * `Host` as RFC 9112 section 3.2 allows it: `uri-host [":" port]` (RFC 3986 section 3.2.2), an
 * IP literal in brackets or a reg-name, without userinfo, path, query, fragment or spaces.
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=]+)(?::[0-9]{0,5})?$/;

/**
 * The absolute URL of a request: its origin-form target resolved against its `Host` header
 * (`localhost` when there is none, as in HTTP/1.0).
 * @param host the `Host` header value, or undefined
 * @param target the request target (`req.url`, starting with `/`)
 * @returns the URL
 * @throws {MockError} 400 `validation_failed` naming `header Host` when it is not a valid
 *   `host[:port]` (RFC 9112 section 3.2: a server must answer 400 to an invalid Host), instead of
 *   letting `new URL` fail (a 500) or a `/`, `?` or `#` in it move the path
 */
export function requestUrl(host: string | undefined, target: string): URL {
  const authority = host ?? 'localhost';
  let url: URL | undefined;
  if (HOST.test(authority)) {
    try {
      url = new URL(`http://${authority}${target}`);
    } catch {
      url = undefined;
    }
  }
  if (!url) throw new MockError('validation_failed', `header Host: '${authority}' is not a valid host[:port]`);
  return url;
}

/**
 * Methods the Fetch standard forbids in a `Request` (`new Request` throws on them); node:http
 * parses them, so they reach the mock and are answered like any undefined method.
 */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Converts a node:http request into a Fetch `Request`; the body (at most `limit + 1` bytes of it)
 * is read first, see {@link readLimited}. For a method Fetch forbids (TRACE, TRACK) the request is
 * a body-less GET stand-in and `method` carries the real one (pass it to `Mock.handle`); HEAD is
 * converted to GET (node:http leaves the body out of the answer).
 * @param req the incoming request; its URL is resolved against its `Host` header ({@link requestUrl})
 * @param limit body limit in bytes (the core's `MAX_BODY_BYTES`)
 * @throws {MockError} 400 `validation_failed` for an invalid `Host` header (before reading the body)
 */
export async function toFetchRequest(
  req: IncomingMessage,
  limit: number = MAX_BODY_BYTES,
): Promise<{ request: Request; method: string; truncated: boolean }> {
  const url = requestUrl(req.headers.host, req.url ?? '/');
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  if (FETCH_FORBIDDEN_METHODS.has(method.toUpperCase())) {
    return { request: new Request(url, { method: 'GET', headers }), method, truncated: false };
  }
  // HEAD goes to the core as a GET: the answer is computed (and compressed) exactly as for the
  // GET, and node:http sends its headers without the body (RFC 9110 section 9.3.2).
  if (method.toUpperCase() === 'HEAD') {
    return { request: new Request(url, { method: 'GET', headers }), method: 'GET', truncated: false };
  }
  const hasBody = method !== 'GET';
  const read = hasBody ? await readLimited(req, limit) : { body: undefined, truncated: false };
  if (read.truncated) headers.delete('content-length');
  const request = new Request(url, {
    method,
    headers,
    body:
      read.body && read.body.length > 0
        ? new Uint8Array(read.body.buffer as ArrayBuffer, read.body.byteOffset, read.body.byteLength)
        : undefined,
  });
  return { request, method, truncated: read.truncated };
}

/** How long (ms) and how many bytes past the limit an unread upload is drained before answering. */
export const DRAIN_MS = 3000;
export const DRAIN_BYTES = 4 << 20;

/**
 * Reads and discards the rest of an upload that was not read (over the body limit, or refused
 * before reading), for up to {@link DRAIN_MS} ms or {@link DRAIN_BYTES} bytes.
 * @returns true when the request ended within the bound (the connection can be kept alive)
 */
function drain(req: IncomingMessage): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let extra = 0;
    const done = (ended: boolean): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer): void => {
      extra += chunk.length;
      if (extra > DRAIN_BYTES) done(false);
    };
    const onEnd = (): void => done(true);
    const onError = (): void => done(false);
    const timer = setTimeout(() => done(false), DRAIN_MS);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.resume();
  });
}

/**
 * How long (ms) a connection closed after an upload past the drain bound keeps reading (and discarding)
 * what the client still sends before it is destroyed.
 */
export const LINGER_MS = 2000;

/**
 * A staged close of the connection of an answer with `Connection: close` (RFC 9112 §9.6): when Node
 * would destroy the socket after the answer's last byte, it half-closes it instead (FIN) and keeps
 * reading until the client closes or {@link LINGER_MS} pass. Destroying a socket the client is still
 * writing to makes the kernel answer with a reset, and a client that gets the reset before it read
 * the answer never sees it.
 */
function lingerOnClose(req: IncomingMessage): void {
  req.socket.destroySoon = function destroySoon(this: Socket): void {
    this.end();
    // The rest of the upload still reaches the request (paused by the drain): it is read and dropped.
    req.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.on('data', () => {});
    this.resume();
  };
}

/** JSON bodies at least this long (bytes) are compressed when the client accepts it. */
const COMPRESS_MIN_BYTES = 1024;

/** The encoding to send a body with: brotli, then gzip, by the client's `Accept-Encoding` (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qp ? Number(qp.slice(2)) || 0 : 1);
  }
  const accepts = (name: string): boolean => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  unread: boolean,
): Promise<void> {
  let body: Buffer | undefined = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.vary = 'Accept-Encoding';
  const encoding = body && body.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (body && encoding) {
    body = compress(body, encoding);
    headers['content-encoding'] = encoding;
  }
  if (body) headers['content-length'] = String(body.length);
  // An upload that was not read (over the limit, or refused before reading) is drained first, so
  // the connection stays usable for the next request; past the drain bound the answer says
  // `Connection: close` and the connection ends after it (never keep-alive followed by a reset).
  if (unread && !(await drain(req))) {
    headers.connection = 'close';
    lingerOnClose(req);
  }
  res.writeHead(response.status, headers);
  res.end(body);
}

/** The path of a request target (`/api/mock/pets?x` → `/api/mock/pets`), for wording a refusal raised before the core. */
function pathOf(target: string | undefined): string {
  const path = (target ?? '/').split(/[?#]/, 1)[0] ?? '/';
  return path.startsWith('/') ? path : '/';
}

/**
 * A node:http listener that answers every request with the mock core.
 * Never throws: an invalid `Host` header is a 400 `validation_failed` in the words of the API at the path; a fault outside the core (a broken
 * socket) answers a bare 500 when headers are not sent yet, else the connection is closed.
 */
export function toNodeListener(mock: Mock): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    try {
      let converted: Awaited<ReturnType<typeof toFetchRequest>>;
      try {
        converted = await toFetchRequest(req);
      } catch (err) {
        if (!(err instanceof MockError)) throw err;
        await writeResponse(req, res, mock.refuse(err, pathOf(req.url)), true);
        return;
      }
      const { request, method, truncated } = converted;
      const response = await mock.handle(request, { method });
      await writeResponse(req, res, response, truncated);
    } catch {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify({ code: 'internal_error', message: 'unexpected server fault', status: 500 }));
      } else res.destroy();
    }
  };
}
