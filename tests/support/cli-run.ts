// Runs the docs-domains CLI as a process (the bin launcher), as an admin would.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../tools/docs-domains/core/types.ts';

export const BIN = fileURLToPath(new URL('../../tools/bin/docs-domains.mjs', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `docs-domains ARGS` with the current Node; kills it after `killAfterMs` (default 30 s) so a hang fails the test. */
export function runCli(
  args: string[],
  opts: { env?: Record<string, string>; killAfterMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`docs-domains ${args.join(' ')} did not finish within ${opts.killAfterMs ?? 30_000} ms\n${stderr}`),
      );
    }, opts.killAfterMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs `check ... --json` and parses the report. */
export async function checkJson(
  args: string[],
  opts: { killAfterMs?: number } = {},
): Promise<{ code: number | null; report: Report; stderr: string }> {
  const r = await runCli(['check', ...args, '--json'], opts);
  let report: Report;
  try {
    report = JSON.parse(r.stdout) as Report;
  } catch {
    throw new Error(`not JSON (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  }
  return { code: r.code, report, stderr: r.stderr };
}

/** `{domain: {checkId: status}}` for compact assertions. */
export function statuses(report: Report): Record<string, Record<string, string>> {
  return Object.fromEntries(
    report.domains.map((d) => [d.domain, Object.fromEntries(d.checks.map((c) => [c.id, c.status]))]),
  );
}
