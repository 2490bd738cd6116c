// Knot DNS for the integration tests: writes a config and zone files into a temp dir, starts
// `knotd -c CONF` in the foreground on 127.0.0.1 and a free port, waits until it answers, and stops
// exactly that process. When knotd is missing: a loud skip locally, a failure under CI (process.env.CI).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryOnce } from '../../tools/docs-domains/core/dns/client.ts';
import { findBinary } from './binaries.ts';
import { freePort } from './server.ts';

const DAEMON_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/bin'];
export const KNOTD = findBinary('knotd', DAEMON_DIRS);
export const KNOTC = findBinary('knotc', DAEMON_DIRS);

/**
 * `skip` option for describe(): false when knotd exists; otherwise a loud reason locally.
 * @throws {Error} under CI when knotd is missing (CI installs knot and must run these tests)
 */
export function knotSkip(): false | string {
  if (KNOTD && KNOTC) return false;
  const msg =
    'knotd/knotc not found: the Knot DNS integration tests need the Debian package "knot" (apt-get install knot)';
  if (process.env.CI) throw new Error(`${msg}; CI must run them`);
  process.stderr.write(`\n!!!!! SKIPPING Knot DNS integration tests: ${msg} !!!!!\n\n`);
  return msg;
}

export interface Knot {
  port: number;
  /** `127.0.0.1:PORT` for --resolver. */
  resolver: string;
  process: ChildProcess;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Starts Knot serving `zones` (zone name → zone file text, `$ORIGIN` implied by the zone name).
 * @throws {Error} when `knotc conf-check` fails or knotd does not answer within 10 s (with its log)
 */
export async function startKnot(zones: Record<string, string>): Promise<Knot> {
  if (!KNOTD || !KNOTC) throw new Error('knotd not found');
  const dir = mkdtempSync(join(tmpdir(), 'docs-domains-knot-'));
  mkdirSync(join(dir, 'zones'));
  mkdirSync(join(dir, 'db'));
  const port = await freePort();
  const conf = join(dir, 'knot.conf');
  writeFileSync(
    conf,
    `server:
    rundir: "${dir}"
${process.getuid?.() === 0 ? '    user: root:root\n' : ''}    listen: 127.0.0.1@${port}
database:
    storage: "${dir}/db"
log:
  - target: stderr
    any: info
template:
  - id: default
    storage: "${dir}/zones"
    file: "%s.zone"
    journal-content: none
    zonefile-sync: -1
zone:
${Object.keys(zones)
  .map((z) => `  - domain: ${z}\n`)
  .join('')}`,
  );
  for (const [zone, text] of Object.entries(zones))
    writeFileSync(join(dir, 'zones', `${zone}.zone`), `$ORIGIN ${zone}.\n${text}`);
  const check = spawnSync(KNOTC, ['-c', conf, 'conf-check'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`knotc conf-check failed:\n${check.stdout}${check.stderr}`);
  const child = spawn(KNOTD, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const first = Object.keys(zones)[0] as string;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`knotd exited (${child.exitCode}):\n${log}`);
    const r = await queryOnce({ host: '127.0.0.1', port }, first, 'SOA', { timeoutMs: 300, retries: 0 });
    if (r.outcome === 'answer') break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`knotd did not answer on 127.0.0.1:${port} within 10 s:\n${log}`);
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  return {
    port,
    resolver: `127.0.0.1:${port}`,
    process: child,
    dir,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
