// Starts the built site as `npm start` serves it (scripts/serve.ts over dist/) on a free
// loopback port for a test file, and stops exactly that process afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT: string = fileURLToPath(new URL('../../', import.meta.url));
const SERVE = fileURLToPath(new URL('../../scripts/serve.ts', import.meta.url));

/** A free TCP port on 127.0.0.1 (bound and released; a race is possible but unlikely). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningSite {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:40123`. */
  url: string;
  process: ChildProcess;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 2 s). */
  stop(): Promise<void>;
}

/**
 * Starts the built site on 127.0.0.1 and a free port and waits until it answers.
 * @param env extra environment for the server process (`DIST_DIR` serves another build, `PETSTORE_SPEC` its description)
 * @param timeoutMs how long the server may take to answer (a busy machine starts it slower)
 * @throws {Error} when dist/ is missing (run `npm run build`) or the server does not answer within `timeoutMs`
 */
export async function startSite(env: Record<string, string> = {}, timeoutMs = 15_000): Promise<RunningSite> {
  const dist = env.DIST_DIR ?? process.env.DIST_DIR ?? 'dist';
  // The record a complete build writes last (site/integrations/built-from.ts), which serve.ts reads.
  if (!existsSync(join(ROOT, dist, '.built-from.json')))
    throw new Error(`${dist}/.built-from.json is missing: run \`npm run build\` (npm test builds first)`);
  const port = await freePort();
  const child = spawn(process.execPath, [SERVE], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site server exited (${child.exitCode}):\n${log}`);
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`site server did not answer on ${url} within ${timeoutMs / 1000} s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    process: child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        // A process ended by a signal (a test's `kill -9`) has no exit code, only a signal.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
