// A plain static file server over dist/client, standing in for a static host (no server code, so no
// mock API): what a reader gets when the built site is copied to any static hosting.
import { createReadStream, existsSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { ROOT } from './server.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticHost {
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves `dist/client` on 127.0.0.1 and a free port the way a static host does: files as they are,
 * `dir/` → `dir/index.html`, everything else `404.html` with status 404.
 */
export function startStaticHost(dir: string = join(ROOT, 'dist', 'client')): Promise<StaticHost> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(dir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': TYPES['.html'] });
      const notFound = join(dir, '404.html');
      if (existsSync(notFound)) createReadStream(notFound).pipe(res);
      else res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * A site built for real into `dist` and served as a static host serves it, for as long as `use` runs;
 * the output is deleted afterwards. For a Playwright worker fixture.
 * @param build runs the build (`astro build` into `dist`); a non-zero status fails with the end of its output
 */
export async function withBuiltStaticHost(
  dist: string,
  build: () => { status: number | null; output: string },
  use: (host: StaticHost) => Promise<void>,
): Promise<void> {
  const built = build();
  if (built.status !== 0) throw new Error(`the build failed:\n${built.output.slice(-4000)}`);
  const host = await startStaticHost(join(dist, 'client'));
  try {
    await use(host);
  } finally {
    await host.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}
