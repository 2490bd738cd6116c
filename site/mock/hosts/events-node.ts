// The event mock (site/mock/events/) behind node:http, for `npm start`: its HTTP answers (Server-Sent
// Events streamed as they come, POST) and its WebSockets (the `ws` package: the upgrade on the mock's
// path, the session's messages sent at its pace, each message received answered). The event APIs' models
// are loaded here through descriptions/asyncapi, their messages' validators compiled at run time.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { loadEventDescription } from '../../../descriptions/asyncapi/load.ts';
import { MessageValidators } from '../events/compile.ts';
import { createEventMock, type EventMock, type EventMockOptions, type EventSession } from '../events/index.ts';
import { MAX_BODY_BYTES } from '../request/body.ts';
import { requestUrl } from './node.ts';

/**
 * The event mock of these event APIs, their descriptions loaded.
 * @param apis each API's mock mount and description file
 * @throws {DescriptionError} when a description cannot be loaded
 */
export async function loadEventMock(
  apis: readonly { mount: string; description: string }[],
  options: EventMockOptions = {},
): Promise<EventMock> {
  const models = [];
  for (const a of apis) {
    const { model } = await loadEventDescription(a.description);
    models.push({ mount: a.mount, model, validators: new MessageValidators(model) });
  }
  return createEventMock(models, options);
}

/**
 * The event mock, its descriptions loaded in the background (the AsyncAPI parser takes about a second a
 * description; the build has checked them): a server answers at once, and the first event request waits
 * for the load. `owns` knows the mounts without the load.
 * @param onError called when a description cannot be loaded (the requests then answer 500)
 */
export function lazyEventMock(
  apis: readonly { mount: string; description: string }[],
  options: EventMockOptions = {},
  onError: (error: unknown) => void = () => undefined,
): EventMock {
  const core = apis.length > 0 ? loadEventMock(apis, options) : Promise.resolve(createEventMock([], options));
  core.catch(onError);
  const mounts = apis.map((a) => a.mount);
  const failed = () =>
    new Response('The event APIs could not be loaded: see the server log\n', {
      status: 500,
      headers: { 'Content-Type': 'text/plain' },
    });
  return {
    owns: (path) => mounts.some((m) => path === m || path.startsWith(`${m}/`)),
    handle: (request) => core.then((m) => m.handle(request), failed),
    wsSession: (url, authorization) => core.then((m) => m.wsSession(url, authorization), failed),
  };
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The event mock's HTTP answers through node:http; an event stream is written as it comes and ends when the client goes. */
export function eventNodeListener(mock: EventMock): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const abort = new AbortController();
    res.once('close', () => abort.abort());
    let url: URL;
    try {
      url = requestUrl(req.headers.host, req.url ?? '/');
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad Host header\n');
      return;
    }
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req, MAX_BODY_BYTES) : undefined;
    if (method === 'POST' && body === undefined) {
      res.writeHead(413, { 'Content-Type': 'text/plain', Connection: 'close' }).end('Message too large\n');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const response = await mock.handle(
      new Request(url, {
        method,
        headers,
        signal: abort.signal,
        ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
      }),
    );
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    res.writeHead(response.status, out);
    if (!response.body || method === 'HEAD') {
      res.end();
      return;
    }
    const reader = response.body.getReader();
    abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
    } catch {
      // the client went away
    }
    res.end();
  };
}

/** An HTTP answer written on a socket that asked for an upgrade (the WebSocket is refused). */
async function refuse(socket: Duplex, response: Response): Promise<void> {
  const text = await response.text();
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText || 'Error'}`];
  response.headers.forEach((value, name) => {
    lines.push(`${name}: ${value}`);
  });
  lines.push(`Content-Length: ${Buffer.byteLength(text)}`, 'Connection: close', '', text);
  socket.end(lines.join('\r\n'));
}

/**
 * WebSockets on the event mock's paths: an upgrade there opens a session (events/index.ts), which
 * sends the first message at once and then one per pace, and answers each message received (the reply,
 * or an error frame naming the field; the session stays open). Other upgrades are left to other listeners
 * (or closed when there are none).
 * @returns the WebSocket server (to close with the HTTP server)
 */
export function attachEventWebSockets(server: Server, mock: EventMock): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let url: URL;
    try {
      url = requestUrl(req.headers.host, req.url ?? '/');
    } catch {
      socket.destroy();
      return;
    }
    if (!mock.owns(url.pathname)) {
      if (server.listenerCount('upgrade') <= 1) socket.destroy();
      return;
    }
    void mock.wsSession(url, req.headers.authorization ?? null).then((session) => {
      if (session instanceof Response) return refuse(socket, session);
      wss.handleUpgrade(req, socket, head, (ws) => run(ws, session));
    });
  });
  return wss;
}

function run(ws: import('ws').WebSocket, session: EventSession): void {
  const send = (frame: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  for (const m of session.first) send({ event: m.event, data: m.payload });
  const timer =
    session.first.length > 0
      ? setInterval(() => {
          const m = session.next();
          if (m) send({ event: m.event, data: m.payload });
        }, session.paceMs)
      : undefined;
  ws.on('message', (data, binary) => {
    send(session.receive(binary ? Buffer.from(data as Buffer).toString('utf8') : String(data)));
  });
  ws.on('close', () => clearInterval(timer));
  ws.on('error', () => clearInterval(timer));
}
