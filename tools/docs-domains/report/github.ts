/**
 * `--format github`: GitHub Actions workflow commands, so problems show as annotations on the run and on the file
 * (https://docs.github.com/actions/reference/workflow-commands-for-github-actions). Pure.
 *
 * Escaping follows GitHub's toolkit (`@actions/core`, command.ts): in the message `%`, `\r`, `\n` become `%25`,
 * `%0D`, `%0A`; in a property value (`file=`, `title=`...) `:` and `,` also become `%3A` and `%2C`.
 */
import type { Problem } from '../config/validate.ts';
import type { Check, Report } from '../core/types.ts';
import { summaryLine } from './human.ts';

/** Escapes the message of a workflow command. */
export function escapeData(s: string): string {
  return s.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** Escapes a property value of a workflow command. */
export function escapeProperty(s: string): string {
  return escapeData(s).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/** `::level key=value,...::message` with both parts escaped. */
export function command(
  level: 'error' | 'warning' | 'notice',
  props: Record<string, string | number>,
  message: string,
): string {
  const p = Object.entries(props)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  return `::${level}${p ? ` ${p}` : ''}::${escapeData(message)}\n`;
}

/** Where a domain is written in the config (its `primary` or redirect `from` value), for the annotation. */
export interface Position {
  file: string;
  line: number;
  col: number;
}

/** Config problems as annotations on the file: `::error file=site/domains.yaml,line=3,col=12::message`. */
export function githubProblems(problems: readonly Problem[]): string {
  return problems
    .map((p) =>
      command(
        p.severity === 'error' ? 'error' : 'notice',
        { file: p.file, line: p.line, col: p.col, title: `docs-domains: ${p.path || 'config'}` },
        p.message,
      ),
    )
    .join('');
}

function text(c: Check): string {
  let s = `${c.code}: ${c.message}`;
  if (c.action) s += `\nWhat to do: ${c.action}`;
  for (const f of c.fix ?? []) s += `\n  ${f.op} ${f.record}`;
  return s;
}

/**
 * The report as workflow commands: `::error` for each `fail`/`error` check, `::warning` for each `warn`, titled
 * with the domain and the check and starting with the reason code; on the domain's line of the config when
 * `positions` knows it. Then the summary line as plain log text.
 */
export function githubReport(report: Report, positions: ReadonlyMap<string, Position> = new Map()): string {
  let s = '';
  for (const d of report.domains) {
    const at = positions.get(d.domain);
    for (const c of d.checks) {
      if (c.status === 'pass') continue;
      const level = c.status === 'warn' ? 'warning' : 'error';
      const props: Record<string, string | number> = at ? { file: at.file, line: at.line, col: at.col } : {};
      props.title = `${d.domain}: ${c.id} ${c.status}`;
      s += command(level, props, text(c));
    }
  }
  return `${s}${summaryLine(report)}\n`;
}
