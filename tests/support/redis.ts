// Redis for the integration tests: starts Debian's `redis-server` in the foreground on 127.0.0.1 and a
// free port, without persistence (`--save '' --appendonly no`), waits until it answers PING, and stops
// exactly that process; it can be stopped and started again on the same port (the outage tests).
// When redis-server is missing: a loud skip locally, a failure under CI (process.env.CI), as for Knot.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from './server.ts';

function findBinary(name: string): string | undefined {
  for (const dir of ['/usr/bin', '/usr/local/bin', '/usr/sbin', ...(process.env.PATH ?? '').split(':')]) {
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {}
  }
  return undefined;
}

export const REDIS_SERVER = findBinary('redis-server');

/**
 * `skip` option for describe(): false when redis-server exists; otherwise a loud reason locally.
 * @throws {Error} under CI when redis-server is missing (CI installs it and must run these tests)
 */
export function redisSkip(): false | string {
  if (REDIS_SERVER) return false;
  const msg =
    'redis-server not found: the mock store integration tests need the Debian package "redis-server" (apt-get install redis-server)';
  if (process.env.CI) throw new Error(`${msg}; CI must run them`);
  process.stderr.write(`\n!!!!! SKIPPING Redis integration tests: ${msg} !!!!!\n\n`);
  return msg;
}

/** One PING over a plain socket: whether a Redis answers on the port. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

export interface Redis {
  port: number;
  /** `redis://127.0.0.1:PORT/0`, for PETSTORE_MOCK_STORE. */
  url: string;
  /** Stops the server (SIGTERM, then SIGKILL after 3 s); its data is gone (no persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

/**
 * Starts a Redis without persistence on 127.0.0.1 and a free port (or `port`).
 * @throws {Error} when redis-server is missing, or does not answer within 10 s (with its log)
 */
export async function startRedis(port?: number): Promise<Redis> {
  if (!REDIS_SERVER) throw new Error('redis-server not found');
  const bin = REDIS_SERVER;
  const p = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const start = async () => {
    const c = spawn(bin, ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    let log = '';
    c.stdout?.on('data', (d) => {
      log += d;
    });
    c.stderr?.on('data', (d) => {
      log += d;
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`redis-server exited (${c.exitCode}):\n${log}`);
      if (await pings(p)) return;
      if (Date.now() > deadline) {
        c.kill('SIGKILL');
        throw new Error(`redis-server did not answer on 127.0.0.1:${p} within 10 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    port: p,
    url: `redis://127.0.0.1:${p}/0`,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        const c = child;
        if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
        const timer = setTimeout(() => c.kill('SIGKILL'), 3000);
        c.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        c.kill('SIGTERM');
      }),
  };
}
