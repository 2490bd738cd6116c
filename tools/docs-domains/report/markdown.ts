/**
 * `--format markdown`: the report as a GitHub-flavoured Markdown table (domain, check, status, what to do), for a
 * job summary or a pull-request comment. Pure.
 */
import type { Check, CheckStatus, Report } from '../core/types.ts';
import { summaryLine } from './human.ts';

const ICON: Record<CheckStatus, string> = { pass: '✅ pass', warn: '⚠️ warn', fail: '❌ fail', error: '⛔ error' };

/** A table cell: `|` escaped, line breaks as `<br>`, and HTML-significant characters escaped. */
export function cell(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('|', '\\|')
    .replace(/\r?\n/g, '<br>');
}

/** Inline code that survives a table cell (backticks in the value widen the fence). */
function code(s: string): string {
  const fence = s.includes('`') ? '``' : '`';
  return `${fence}${s.replaceAll('|', '\\|')}${fence}`;
}

function todo(c: Check): string {
  if (c.status === 'pass') return '';
  const parts = [cell(c.action ?? c.message)];
  for (const f of c.fix ?? []) parts.push(`${f.op} ${code(f.record)}`);
  return parts.join('<br>');
}

/**
 * `### docs-domains check`, the summary line, and one row per check: domain, check, status, code, what to do
 * (the action and the records to add or delete). Passing checks are listed too, so the table shows what was
 * checked; `onlyProblems` leaves them out.
 */
export function markdownReport(report: Report, opts: { onlyProblems?: boolean } = {}): string {
  let s = `### docs-domains check\n\n${report.ok ? '✅' : '❌'} ${cell(summaryLine(report))} Target: ${code(report.target)}.\n\n`;
  s += '| Domain | Check | Status | Code | What to do |\n|---|---|---|---|---|\n';
  for (const d of report.domains)
    for (const c of d.checks) {
      if (opts.onlyProblems && c.status === 'pass') continue;
      s += `| ${code(d.domain)} | ${cell(c.id)} | ${ICON[c.status]} | ${code(c.code)} | ${todo(c)} |\n`;
    }
  return s;
}
