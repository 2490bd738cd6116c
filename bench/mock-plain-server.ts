// For bench/mock.ts only: the mock core behind a bare node:http server (no Astro), to show how
// much of a request's time is the core and how much the site server around it.
// Usage: PORT=4500 node bench/mock-plain-server.ts   (mounted at /api/mock like the site)
import { createServer, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createMock } from '../site/mock/index.ts';
import { loadSpec } from '../spec/load.ts';

const mock = await createMock(loadSpec(), { basePath: '/api/mock' });

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
}

const server = createServer(async (req, res) => {
  const response = await mock.handle(toRequest(req));
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 4500), process.env.HOST ?? '127.0.0.1', () => {
  process.stdout.write('listening\n');
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => process.exit(0)));
