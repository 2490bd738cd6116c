/**
 * Output for people and for machines. Pure formatting; the CLI decides where it goes.
 */

import type { Problem } from '../config/validate.ts';
import type { Check, CheckStatus, Report } from '../core/types.ts';

/** Colour only on a terminal and without NO_COLOR (https://no-color.org: any non-empty value disables it). */
export function useColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return Boolean(stream.isTTY) && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '');
}

type Paint = (code: string, s: string) => string;
const painter = (color: boolean): Paint => (color ? (code, s) => `\x1b[${code}m${s}\x1b[0m` : (_c, s) => s);

const MARK: Record<CheckStatus, [string, string]> = {
  pass: ['32', 'PASS'],
  warn: ['33', 'WARN'],
  fail: ['31', 'FAIL'],
  error: ['35', 'ERROR'],
};

const INDENT = ' '.repeat(20);

function line(c: Check, paint: Paint): string {
  const [code, word] = MARK[c.status];
  let s = `  ${paint(code, word.padEnd(5))} ${paint('1', c.id.padEnd(11))} ${c.message}\n`;
  if (c.action) s += `${INDENT}${paint('36', '→')} ${c.action}\n`;
  // Records to copy: whole zone-file lines on their own, nothing around them.
  for (const f of c.fix ?? []) s += `${INDENT}  ${f.op === 'add' ? 'add   ' : 'delete'}  ${f.record}\n`;
  return s;
}

/** `2 domains: 1 ok, 1 needs attention (checks: 9 pass, 1 warn, 2 fail, 0 error)`: domains first, as admins count. */
export function summaryLine(report: Report): string {
  const counts: Record<CheckStatus, number> = { pass: 0, warn: 0, fail: 0, error: 0 };
  for (const d of report.domains) for (const c of d.checks) counts[c.status]++;
  const n = report.domains.length;
  const bad = report.domains.filter((d) => !d.ok).length;
  return `${n} domain${n === 1 ? '' : 's'}: ${n - bad} ok, ${bad} need${bad === 1 ? 's' : ''} attention (checks: ${counts.pass} pass, ${counts.warn} warn, ${counts.fail} fail, ${counts.error} error).`;
}

/** The `check` report as text: one block per domain, one line per check, the action under each check that is not `pass`. */
export function formatReport(report: Report, color: boolean): string {
  const paint = painter(color);
  let s = `Target: ${report.target}\n`;
  for (const d of report.domains) {
    s += `\n${paint('1', d.domain)} (${d.kind}) ${d.ok ? paint('32', 'ok') : paint('31', 'needs attention')}\n`;
    for (const c of d.checks) s += line(c, paint);
  }
  // The newline stays outside the colour, so the reset code ends the line instead of starting the next one.
  s += `\n${paint(report.ok ? '32' : '31', summaryLine(report))}`;
  return `${s}\n`;
}

/**
 * `--json`: exactly the {@link Report} shape (`ok`, `target`, `domains[{domain, kind, ok, checks[{id, status, code,
 * message, action?, fix?, data?, records?}]}]`), as `site/domains-report.schema.json` describes it.
 */
export function formatJson(report: Report): string {
  const clean: Report = {
    ok: report.ok,
    target: report.target,
    domains: report.domains.map((d) => ({
      domain: d.domain,
      kind: d.kind,
      ok: d.ok,
      checks: d.checks.map((c) => ({
        id: c.id,
        status: c.status,
        code: c.code,
        message: c.message,
        ...(c.action !== undefined ? { action: c.action } : {}),
        ...(c.fix !== undefined ? { fix: c.fix } : {}),
        ...(c.data !== undefined ? { data: c.data } : {}),
        ...(c.records !== undefined ? { records: c.records } : {}),
      })),
    })),
  };
  return `${JSON.stringify(clean, null, 2)}\n`;
}

/** `validate` problems as `file:line:col: error: message` lines (the format editors and CI annotate). */
export function formatProblems(problems: readonly Problem[], file: string, color: boolean): string {
  const paint = painter(color);
  const errors = problems.filter((p) => p.severity === 'error').length;
  let s = '';
  for (const p of problems)
    s += `${p.file}:${p.line}:${p.col}: ${p.severity === 'error' ? paint('31', 'error') : paint('36', 'note')}: ${p.message}\n`;
  s +=
    errors === 0
      ? `${file}: valid${problems.length ? ` (${problems.length} note${problems.length === 1 ? '' : 's'})` : ''}\n`
      : `${file}: ${errors} problem${errors === 1 ? '' : 's'}\n`;
  return s;
}

/** A progress line for stderr: `checking 12/200 docs.example.com`, rewritten in place on a terminal. */
export function progressLine(done: number, total: number, domain: string): string {
  return `\r\x1b[2Kchecked ${done}/${total} ${domain}`;
}
