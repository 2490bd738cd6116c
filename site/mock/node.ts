// The mock core behind Node's own HTTP server: converts node:http's request into a Fetch
// `Request` (body read with a byte limit), hands it to the core and writes the `Response` back. Used by scripts/serve.ts
// (what `npm start` runs) so /api/mock/* does not pay for Astro's routing on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from './body.ts';
import { MockError } from './errors.ts';
import { jsonResponse } from './http.ts';
import type { Mock } from './index.ts';

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
 * a body-less GET stand-in and `method` carries the real one (pass it to `Mock.handle`).
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
  const hasBody = method !== 'GET' && method !== 'HEAD';
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

async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  close: boolean,
): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body) headers['content-length'] = String(body.length);
  // A body that was not read (over the limit, or refused before reading) is drained after the
  // answer (lingerThenClose); announcing `Connection: close` would make node:http close the socket
  // at once, and a client still sending would get EPIPE instead of the answer.
  res.writeHead(response.status, headers);
  res.end(body);
  if (close) lingerThenClose(req);
}

/** How long (ms) and how many more bytes an unread upload is drained after the answer. */
const LINGER_MS = 2000;
const LINGER_BYTES = 1 << 20;

/**
 * After answering a request whose body was not read (413, a bad Host), reads and discards the rest
 * of the upload for up to {@link LINGER_MS} ms or {@link LINGER_BYTES} bytes, then closes. Closing
 * with unread data makes the kernel send a TCP reset, and a client still writing its body would then
 * see "connection reset" instead of the answer ("lingering close", RFC 9112 §9.6).
 */
function lingerThenClose(req: IncomingMessage): void {
  let extra = 0;
  const stop = (): void => {
    clearTimeout(timer);
    req.destroy();
  };
  const timer = setTimeout(stop, LINGER_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    extra += chunk.length;
    if (extra > LINGER_BYTES) stop();
  });
  req.once('end', () => clearTimeout(timer));
  req.resume();
}

/**
 * A node:http listener that answers every request with the mock core.
 * Never throws: an invalid `Host` header is a 400 `Error`; a fault outside the core (a broken
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
        await writeResponse(req, res, jsonResponse(err.status, err.toBody(), err.headers), true);
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
