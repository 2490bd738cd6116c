// The mock core behind Node's own HTTP server: converts node:http's request into a Fetch
// `Request` (body read with a byte limit), hands it to the core and writes the `Response` back. Used by scripts/serve.ts
// (what `npm start` runs) so /api/mock/* does not pay for Astro's routing on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from './body.ts';
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
 * Converts a node:http request into a Fetch `Request`; the body (at most `limit + 1` bytes of it)
 * is read first, see {@link readLimited}.
 * @param req the incoming request; its URL is resolved against its `Host` header
 * @param limit body limit in bytes (the core's `MAX_BODY_BYTES`)
 */
export async function toFetchRequest(
  req: IncomingMessage,
  limit: number = MAX_BODY_BYTES,
): Promise<{ request: Request; truncated: boolean }> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const read = hasBody ? await readLimited(req, limit) : { body: undefined, truncated: false };
  if (read.truncated) headers.delete('content-length');
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method,
    headers,
    body: read.body && read.body.length > 0 ? new Uint8Array(read.body) : undefined,
  });
  return { request, truncated: read.truncated };
}

/**
 * A node:http listener that answers every request with the mock core.
 * Never throws: a fault outside the core (a broken socket, a bad Host header) answers a bare 500
 * when headers are not sent yet, else the connection is closed.
 */
export function toNodeListener(mock: Mock): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    try {
      const { request, truncated } = await toFetchRequest(req);
      const response = await mock.handle(request);
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      if (body) headers['content-length'] = String(body.length);
      // The rest of an over-limit upload is not read: answer, then close the connection.
      if (truncated) headers.connection = 'close';
      res.writeHead(response.status, headers);
      res.end(body, () => {
        if (truncated) req.destroy();
      });
    } catch {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify({ code: 'internal_error', message: 'unexpected server fault', status: 500 }));
      } else res.destroy();
    }
  };
}
