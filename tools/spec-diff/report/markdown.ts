/**
 * `--format markdown`: the report as a GitHub job summary (`$GITHUB_STEP_SUMMARY`) or a pull-request comment. Pure.
 */
import type { Change, Report } from '../core/types.ts';
import { apiName, message, summaryText, verdict } from './messages.ts';
import { compared, where } from './text.ts';

/** Escapes what would break a Markdown table cell or start markup. */
export function cell(s: string): string {
  return s.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll('\n', ' ').replaceAll('<', '&lt;');
}

const ICON = { fail: '❌', allowed: '⚠️', pass: '✅' } as const;

function row(c: Change, r: Report): string {
  return `| ${ICON[c.decision]} ${c.decision} | ${c.class} | \`${c.code}\` | ${cell(message(c, r))} | \`${cell(where(c))}\` |`;
}

/**
 * A heading (naming the API for one of a site's APIs), the verdict, a table of the changes (documentation changes
 * folded away).
 */
export function formatMarkdown(r: Report): string {
  const api = r.api ? ` in ${cell(apiName(r.api))}` : '';
  let s = `### API changes${api}: ${r.ok ? '✅' : '❌'} ${verdict(r)}\n\n${cell(compared(r))}\n\n${summaryText(r)}.\n`;
  if (r.changes.length === 0) return `${s}\n`;
  const head = '| decision | class | code | change | where |\n|---|---|---|---|---|\n';
  const main = r.changes.filter((c) => c.class !== 'documentation');
  const docs = r.changes.filter((c) => c.class === 'documentation');
  if (main.length) s += `\n${head}${main.map((c) => row(c, r)).join('\n')}\n`;
  if (docs.length)
    s += `\n<details><summary>${docs.length} documentation change${docs.length === 1 ? '' : 's'}</summary>\n\n${head}${docs.map((c) => row(c, r)).join('\n')}\n\n</details>\n`;
  if (r.changes.some((c) => c.rule && c.decision !== 'pass'))
    s += `\nRules: ${[...new Set(r.changes.filter((c) => c.rule && c.decision !== 'pass').map((c) => c.rule?.source))].join('; ')}.\n`;
  return s;
}
