/**
 * The report for people (a terminal) and as JSON. Pure.
 */
import type { Change, Report } from '../core/types.ts';
import { apiName, message, summaryText, verdict } from './messages.ts';

type Paint = (code: string, s: string) => string;
const painter = (color: boolean): Paint => (color ? (code, s) => `\x1b[${code}m${s}\x1b[0m` : (_c, s) => s);

const MARK = { fail: ['31', 'FAIL'], allowed: ['33', 'ALLOW'], pass: ['32', 'ok'] } as const;

/** `spec/openapi.yaml:385:3`, or the pointer when the change has no location. */
export function where(c: Change): string {
  return c.location ? `${c.location.file}:${c.location.line}:${c.location.column}` : c.pointer || '/';
}

/** What was compared with what: `spec/openapi.yaml (1.1.0) against main:spec/openapi.yaml (1.0.0); build date …`. */
export function compared(r: Report): string {
  const b = r.base.absent
    ? `nothing (${r.base.label} does not exist: a new API, every operation added)`
    : `${r.base.label}${r.base.version ? ` (${r.base.version})` : ''}`;
  const h = `${r.head.label}${r.head.version ? ` (${r.head.version})` : ''}`;
  return `${h} against ${b}; build date ${r.buildDate}, notice period ${r.noticeDays} days`;
}

/** The header line: {@link compared}, after the API's name when the report is for one (`partner (Partner Pets API): …`). */
export function heading(r: Report): string {
  return `${r.api ? `${apiName(r.api)}: ` : ''}${compared(r)}`;
}

/**
 * One block per change: decision, class, code and where, then the message and the rule it follows; then the
 * summary and the verdict.
 */
export function formatText(r: Report, color = false): string {
  const paint = painter(color);
  let s = `${paint('1', heading(r))}\n\n`;
  for (const c of r.changes) {
    const [code, word] = MARK[c.decision];
    s += `${paint(code, word.padEnd(5))} ${c.class.padEnd(13)} ${paint('1', c.code)}  ${where(c)}\n`;
    s += `      ${message(c, r)}\n`;
    if (c.rule && c.decision !== 'pass') s += `      ${paint('2', `rule: ${c.rule.source}`)}\n`;
  }
  if (r.changes.length) s += '\n';
  s += `${summaryText(r)}\n${paint(r.ok ? '32' : '31', verdict(r))}\n`;
  return s;
}

/** The report as tools/spec-diff/report.schema.json has it: the data, each change with its message. */
export function jsonReport(r: Report): Report & { changes: (Change & { message: string })[] } {
  return { ...r, changes: r.changes.map((c) => ({ ...c, message: message(c, r) })) };
}

/** The report as JSON (tools/spec-diff/report.schema.json), with each change's message. */
export function formatJson(r: Report): string {
  return `${JSON.stringify(jsonReport(r), null, 2)}\n`;
}
