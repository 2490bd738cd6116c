// Runs `docs-domains` as a process (tools/bin/docs-domains.mjs, what `npx docs-domains` runs) without blocking
// the event loop, so the loopback fixture servers of the same test file keep answering.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainsConfig } from '../../tools/docs-domains/config/types.ts';
import type { Check, Report } from '../../tools/docs-domains/core/types.ts';
import { ROOT } from './server.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'tools/bin/docs-domains.mjs'), ...args],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs `check ... --json` and parses the report. */
export async function checkJson(args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const r = await runCli(['check', ...args, '--json', '--no-progress']);
  let report: Report;
  try {
    report = JSON.parse(r.stdout) as Report;
  } catch {
    throw new Error(`docs-domains exited ${r.code} without JSON:\n${r.stdout}\n${r.stderr}`);
  }
  return { code: r.code, report, stderr: r.stderr };
}

/** The check with `id` of `domain` in a report. */
export function checkOf(report: Report, domain: string, id: string): Check {
  const d = report.domains.find((x) => x.domain === domain);
  if (!d) throw new Error(`no ${domain} in the report: ${report.domains.map((x) => x.domain).join(', ')}`);
  const c = d.checks.find((x) => x.id === id);
  if (!c) throw new Error(`no ${id} check for ${domain}: ${d.checks.map((x) => x.id).join(', ')}`);
  return c;
}

/** Writes a domains config (YAML is a superset of JSON) into `dir` and returns its path. */
export function writeConfig(dir: string, domains: DomainsConfig): string {
  const path = join(dir, 'domains.yaml');
  writeFileSync(path, JSON.stringify({ domains }, null, 2));
  return path;
}
