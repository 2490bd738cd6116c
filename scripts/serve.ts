// What `npm start` runs once the site is built: one node:http server on HOST:PORT
// (default localhost:4321) in front of two handlers:
//   /api/mock, /api/mock/*  -> the mock core (site/mock), straight from node:http;
//   everything else         -> Astro's Node adapter (static files from dist/client and the
//                              on-demand routes of dist/server).
// The Astro route site/pages/api/mock/[...path].ts wraps the same core for `astro dev`; here the
// mock skips Astro's per-request static lookup and routing, which cost most of its latency
// (bench/mock.ts measures both paths).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMock } from '../site/mock/index.ts';
import { MOCK_BASE } from '../site/mock/mount.ts';
import { toNodeListener } from '../site/mock/node.ts';
import { loadSpec } from '../spec/load.ts';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

// Astro's standalone entry would start its own server on import; we only want its handler.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = pathToFileURL(join(root, 'dist', 'server', 'entry.mjs')).href;
const { handler: astro } = (await import(entry)) as {
  handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
};
const mock = toNodeListener(await createMock(loadSpec(), { basePath: MOCK_BASE }));

function isMock(url: string): boolean {
  return url === MOCK_BASE || url.startsWith(`${MOCK_BASE}/`) || url.startsWith(`${MOCK_BASE}?`);
}

const server = createServer((req, res) => {
  if (isMock(req.url ?? '/')) void mock(req, res);
  else astro(req, res);
});
server.on('error', (err: NodeJS.ErrnoException) => {
  process.stderr.write(
    err.code === 'EADDRINUSE'
      ? `Port ${port} is in use: set PORT to another port.\n`
      : `Server error: ${err.message}\n`,
  );
  process.exit(1);
});
server.listen(port, host, () => {
  process.stdout.write(`Petstore docs on http://${host}:${port}/ (mock API at http://${host}:${port}${MOCK_BASE})\n`);
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
