/**
 * `spec-diff diff`: the description's changes against a base, under the deprecation policy. Which description:
 * `--head <file>` (the configuration is not read), else the site's APIs (apis/read.ts): the one `--api` names,
 * the only one, or every one in turn; without a configuration, spec/openapi.yaml.
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConfiguredApi } from '../apis/read.ts';
import { chooseApi } from '../apis/select.ts';
import { absentBase, diffDescriptions } from '../core/run.ts';
import type { ApiOutcome, ApiRef, Report } from '../core/types.ts';
import { UsageError } from '../errors.ts';
import { buildDate, type Io, shown, useColor } from '../io.ts';
import {
  AbsentAtBaseError,
  type BaseRef,
  type BaseSource,
  checkSameKind,
  type GitRunner,
  InputError,
  loadFile,
  readBaseAt,
  resolveBase,
  runGit,
} from '../load.ts';
import { formatApisGithub, formatApisJson, formatApisMarkdown, formatApisText } from '../report/apis.ts';
import { formatGithub } from '../report/github.ts';
import { formatMarkdown } from '../report/markdown.ts';
import { formatJson, formatText } from '../report/text.ts';
import { DEFAULT_HEAD, siteApis } from './site.ts';

/** The options of `spec-diff diff`, as the program parsed them. */
export interface DiffCommand {
  base?: string;
  /** `--head`, when given. */
  head?: string;
  api?: string;
  config?: string;
  noticeDays: number;
  format: 'text' | 'json' | 'github' | 'markdown';
  summary?: string;
}

/** What one comparison needs besides its description. */
interface Run {
  io: Io;
  git: GitRunner;
  date: string;
  command: DiffCommand;
}

/**
 * Runs `spec-diff diff`.
 * @returns the exit code: 0 nothing refused, 1 a change refused (in any API), 2 an API that could not be compared
 * @throws {UsageError} on flags that contradict each other, an API that `--api` does not name, a configuration
 *   that does not evaluate
 * @throws {InputError} on a description or a base that cannot be read (one description)
 */
export async function runDiff(command: DiffCommand, io: Io): Promise<number> {
  const run: Run = { io, git: io.git ?? runGit, date: buildDate(io.env), command };
  if (command.head !== undefined) {
    for (const [flag, value] of [
      ['--api', command.api],
      ['--config', command.config],
    ] as const)
      if (value !== undefined)
        throw new UsageError(
          `--head ${command.head} and ${flag} ${value}: --head names the description to check, ${flag} takes it from the site's configuration; give one of them`,
        );
    return single(run, resolve(io.cwd, command.head));
  }
  const site = await siteApis(command, io);
  if (!site) return single(run, resolve(io.cwd, DEFAULT_HEAD));
  if (command.api !== undefined || site.apis.length === 1) {
    const api = chooseApi(site, command.api, 'npm run spec:diff -- --api <id>');
    // One API named by --api is reported as that API's; a site's only API as today's one description.
    return single(run, api.description, command.api !== undefined ? api : undefined);
  }
  const base = resolveBase(command.base, io.cwd, run.git);
  if (base.kind === 'file')
    throw new UsageError(
      `--base ${command.base} is a file, the base of one description, and ${site.from} configures ${site.apis.length} APIs (${site.apis.map((a) => a.id).join(', ')}): name one with --api <id>, or give --base a git revision`,
    );
  const outcomes: ApiOutcome[] = [];
  for (const api of site.apis) {
    try {
      const report = await compare(run, base, api.description, api);
      outcomes.push({ api: report.api ?? { id: api.id }, ok: report.ok, report });
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      io.stderr.write(`spec-diff: error: ${api.id}: ${err.message}\n`);
      outcomes.push({
        api: refOf(api),
        ok: false,
        error: {
          code: err.code,
          message: err.message,
          ...(err.file ? { file: err.file } : {}),
          ...(err.line ? { line: err.line } : {}),
        },
      });
    }
  }
  const all = { ok: outcomes.every((o) => o.ok), apis: outcomes };
  const { format } = command;
  io.stdout.write(
    format === 'json'
      ? formatApisJson(all)
      : format === 'github'
        ? formatApisGithub(all)
        : format === 'markdown'
          ? formatApisMarkdown(all)
          : formatApisText(all, useColor(io)),
  );
  summarize(run, formatApisMarkdown(all));
  return outcomes.some((o) => 'error' in o) ? 2 : all.ok ? 0 : 1;
}

/** One description compared and printed. */
async function single(run: Run, headPath: string, api?: ConfiguredApi): Promise<number> {
  const report = await compare(run, resolveBase, headPath, api);
  const { io, command } = run;
  io.stdout.write(
    command.format === 'json'
      ? formatJson(report)
      : command.format === 'github'
        ? formatGithub(report)
        : command.format === 'markdown'
          ? formatMarkdown(report)
          : formatText(report, useColor(io)),
  );
  summarize(run, formatMarkdown(report));
  return report.ok ? 0 : 1;
}

/**
 * The report of one description against its base.
 * @param base the base decided for the run, or how to decide it (after the head is read: a broken head is
 *   reported before a missing base)
 * @param api the site's API the description is, when the run names APIs: its report says so, and a description
 *   that does not exist at the base revision is a new API (compared with an empty description)
 */
async function compare(
  run: Run,
  base: BaseRef | typeof resolveBase,
  headPath: string,
  api?: ConfiguredApi,
): Promise<Report> {
  const { io, git, command } = run;
  const headLabel = shown(headPath, io.cwd);
  const head = await loadFile(headPath, headLabel);
  const ref = typeof base === 'function' ? base(command.base, io.cwd, git) : base;
  let baseSource: BaseSource;
  try {
    baseSource = await readBaseAt(ref, headPath, io.cwd, git, api ? `${headLabel} (API ${api.id})` : undefined);
  } catch (err) {
    if (!(api && err instanceof AbsentAtBaseError)) throw err;
    baseSource = { description: absentBase(head, err.label), label: err.label };
  }
  checkSameKind(baseSource.description, head);
  const report = diffDescriptions(baseSource.description, head, {
    buildDate: run.date,
    noticeDays: command.noticeDays,
    baseLabel: baseSource.label,
    ...(baseSource.commit ? { baseCommit: baseSource.commit } : {}),
    headFile: headLabel,
  });
  if (!api) return report;
  const title = api.title ?? (head.source.info as { title?: unknown } | undefined)?.title;
  return { api: { ...refOf(api), ...(typeof title === 'string' && title ? { title } : {}) }, ...report };
}

/** How reports name an API before its description is read: its id and configured title. */
function refOf(api: ConfiguredApi): ApiRef {
  return { id: api.id, ...(api.title ? { title: api.title } : {}) };
}

/** `--summary <file>`: the Markdown report appended (a job summary); a file that cannot be written is a warning. */
function summarize({ io, command }: Run, markdown: string): void {
  if (command.summary === undefined) return;
  try {
    appendFileSync(resolve(io.cwd, command.summary), `${markdown}\n`);
  } catch (err) {
    io.stderr.write(`spec-diff: cannot write the summary to ${command.summary}: ${(err as Error).message}\n`);
  }
}
