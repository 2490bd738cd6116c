/**
 * `--format github`: GitHub Actions workflow commands, so each change shows as an annotation on its line of the
 * description in the pull request. Pure. Escaping is docs-domains' (`command`), which follows GitHub's toolkit.
 */
import { command } from '../../docs-domains/report/github.ts';
import type { Report } from '../core/types.ts';
import { apiName, message, summaryText, verdict } from './messages.ts';

/**
 * `::error` for every failing change, `::warning` for allowed breaking ones, `::notice` for deprecations and
 * other changes except documentation; each titled `spec-diff: <class> <code>` (`spec-diff <api id>: …` for one
 * of a site's APIs) at its file and line. Then the summary as plain log text, after the API's name.
 */
export function formatGithub(r: Report): string {
  let s = '';
  for (const c of r.changes) {
    if (c.decision === 'pass' && c.class === 'documentation') continue;
    const level = c.decision === 'fail' ? 'error' : c.decision === 'allowed' ? 'warning' : 'notice';
    const props: Record<string, string | number> = c.location
      ? { file: c.location.file, line: c.location.line, col: c.location.column }
      : {};
    props.title = `spec-diff${r.api ? ` ${r.api.id}` : ''}: ${c.class} ${c.code}`;
    s += command(level, props, message(c, r));
  }
  const api = r.api ? `${apiName(r.api)}: ` : '';
  return `${s}${api}${summaryText(r)}\n${api}${verdict(r)}\n`;
}
