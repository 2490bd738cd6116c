/**
 * A run over every API of a site (`spec:diff` without `--api` on a site of several): one report per API, in
 * the configured order, each rendered as a run on that API alone renders it (naming the API), then a line per
 * API and the verdict of the whole run. Pure.
 */
import { command } from '../../docs-domains/report/github.ts';
import type { ApiOutcome, ApisReport } from '../core/types.ts';
import { formatGithub } from './github.ts';
import { cell, formatMarkdown } from './markdown.ts';
import { apiName, summaryText, verdict } from './messages.ts';
import { formatText, jsonReport } from './text.ts';

/** `refused`, `ok`, `error`: what became of one API. */
function state(o: ApiOutcome): 'ok' | 'refused' | 'error' {
  return 'error' in o ? 'error' : o.ok ? 'ok' : 'refused';
}

/** `3 APIs: petstore ok, partner refused, events not compared (error)`. */
export function apisSummary(all: ApisReport): string {
  const word = { ok: 'ok', refused: 'refused', error: 'not compared (error)' } as const;
  return `${all.apis.length} APIs: ${all.apis.map((o) => `${o.api.id} ${word[state(o)]}`).join(', ')}`;
}

/** The verdict of the whole run, naming the APIs that fail it. */
export function apisVerdict(all: ApisReport): string {
  const refused = all.apis.filter((o) => state(o) === 'refused').map((o) => o.api.id);
  const errors = all.apis.filter((o) => state(o) === 'error').map((o) => o.api.id);
  if (refused.length === 0 && errors.length === 0) return 'OK: no API has a change the policy refuses';
  const parts: string[] = [];
  if (refused.length) parts.push(`changes the API policy does not allow in ${refused.join(', ')}`);
  if (errors.length) parts.push(`${errors.join(', ')} not compared (see the error${errors.length > 1 ? 's' : ''})`);
  return `FAIL: ${parts.join('; ')}`;
}

/** Text: each API's report (an API that could not be compared in one line; its error is on stderr), then the run's summary and verdict. */
export function formatApisText(all: ApisReport, color = false): string {
  const sections = all.apis.map((o) =>
    'report' in o
      ? formatText(o.report, color)
      : `${apiName(o.api)}: not compared: ${o.error.code} (the error is above)\n`,
  );
  return `${sections.join('\n')}\n${apisSummary(all)}\n${apisVerdict(all)}\n`;
}

/** JSON (tools/spec-diff/report.schema.json, `apis`): `{ok, apis: [{api, ok, report} | {api, ok: false, error}]}`. */
export function formatApisJson(all: ApisReport): string {
  const apis = all.apis.map((o) => ('report' in o ? { ...o, report: jsonReport(o.report) } : o));
  return `${JSON.stringify({ ok: all.ok, apis }, null, 2)}\n`;
}

/** GitHub workflow commands: each API's annotations (titled with its id), an `::error` per API not compared, the run's verdict. */
export function formatApisGithub(all: ApisReport): string {
  let s = '';
  for (const o of all.apis) {
    if ('report' in o) {
      s += formatGithub(o.report);
      continue;
    }
    const props: Record<string, string | number> =
      o.error.file && !o.error.file.includes(':') ? { file: o.error.file } : {};
    if (o.error.line && props.file) props.line = o.error.line;
    props.title = `spec-diff ${o.api.id}`;
    s += command('error', props, o.error.message);
  }
  return `${s}${apisSummary(all)}\n${apisVerdict(all)}\n`;
}

const ICON = { ok: '✅', refused: '❌', error: '⚠️' } as const;

/** Markdown (a job summary): the run's verdict and a table of the APIs, then each API's section. */
export function formatApisMarkdown(all: ApisReport): string {
  const rows = all.apis.map((o) => {
    const s = state(o);
    const what = 'report' in o ? `${verdict(o.report)}; ${summaryText(o.report)}` : `not compared: ${o.error.message}`;
    return `| ${cell(apiName(o.api))} | ${ICON[s]} ${s} | ${cell(what)} |`;
  });
  const sections = all.apis.flatMap((o) => ('report' in o ? [formatMarkdown(o.report)] : []));
  return `## API changes: ${all.ok ? '✅' : '❌'} ${cell(apisVerdict(all))}\n\n| API | verdict | changes |\n|---|---|---|\n${rows.join('\n')}\n\n${sections.join('\n')}`;
}
