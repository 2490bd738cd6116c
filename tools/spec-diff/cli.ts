/**
 * `spec-diff`: compares the API description with a base (a git revision or a file), classifies every change and
 * applies the deprecation policy; `spec-diff release <version>` records a release in the changelog. Run through
 * `npm run spec:diff` and `npm run spec:release` (tools/bin/spec-diff.mjs).
 *
 * Exit codes: 0 no change the policy refuses; 1 breaking or policy-violating changes (for `release`: the release
 * is refused); 2 usage or input error (a base that does not exist, an invalid description).
 */
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { stringify as stringifyYaml } from 'yaml';
import { addRelease, type Changelog, compareVersions, formatChangelog, parseChangelog } from '../../spec/changelog.ts';
import { buildDate as dateOfBuild } from '../../spec/dates.ts';
import { command } from '../docs-domains/report/github.ts';
import { captureCommanderError, commanderOutcome, formatRequested, jsonError } from '../shared/cli.ts';
import { initialRelease, releaseFromReport } from './changelog/release.ts';
import { diffDescriptions } from './core/run.ts';
import type { Report } from './core/types.ts';
import { type GitRunner, InputError, loadFile, readBase, runGit } from './load.ts';
import {
  defaultReleasedDir,
  FileExistsError,
  findReleasedFile,
  RELEASED_EXTENSIONS,
  versionFileProblem,
  writeAllOrNothing,
} from './released.ts';
import { formatGithub } from './report/github.ts';
import { formatMarkdown } from './report/markdown.ts';
import { formatJson, formatText } from './report/text.ts';

/** Where the CLI writes and what it reads (injected so tests run it in-process). */
export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /** git, for `--base <ref>` (default: the git on PATH). */
  git?: GitRunner;
}

/** An exit-2 error with a stable code (printed as text, and as JSON with `--json`). */
class UsageError extends Error {
  readonly code: string;
  constructor(message: string, code = 'usage') {
    super(message);
    this.code = code;
  }
}

export const DEFAULT_HEAD = 'spec/openapi.yaml';
export const DEFAULT_CHANGELOG = 'spec/changelog.json';
export const DEFAULT_NOTICE_DAYS = 90;

/** The date sunsets are judged against: `BUILD_DATE` (YYYY-MM-DD) or today (UTC). @throws {UsageError} */
export function buildDate(env: Record<string, string | undefined>, now: Date = new Date()): string {
  try {
    return dateOfBuild(env, now);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function days(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 3650) throw new InvalidArgumentError('a whole number of days from 0 to 3650.');
  return n;
}

function shown(path: string, cwd: string): string {
  const r = relative(cwd, path);
  return r && !r.startsWith('..') ? r.split('\\').join('/') : path;
}

function formatOf(opts: Record<string, unknown>): string {
  return opts.json ? 'json' : String(opts.format ?? 'text');
}

function render(report: Report, format: string, color: boolean): string {
  if (format === 'json') return formatJson(report);
  if (format === 'github') return formatGithub(report);
  if (format === 'markdown') return formatMarkdown(report);
  return formatText(report, color);
}

const useColor = (io: Io): boolean =>
  Boolean(io.stdout.isTTY) && !(io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '');

/** Builds the commander program; `setExit` receives the exit code of the command that ran. */
export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const git = io.git ?? runGit;
  const program = new Command();
  program
    .name('spec-diff')
    .description(
      'Compare the API description with a base, classify each change (breaking, non-breaking, deprecation, documentation) and apply the deprecation policy; record releases in the changelog.',
    )
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride();

  const diff = program
    .command('diff', { isDefault: true })
    .description('Compare the description (--head) with --base and print each change with its class and line.')
    .option(
      '--base <ref|file>',
      'a git revision (branch, tag, commit) or a file; default: the merge-base of HEAD with origin/main or main',
    )
    .option('--head <file>', 'the description to check', DEFAULT_HEAD)
    .option(
      '--notice-days <days>',
      'minimum days from the build date to the sunset date of a newly deprecated operation',
      days,
      DEFAULT_NOTICE_DAYS,
    )
    .option('--json', 'print the report as JSON (tools/spec-diff/report.schema.json)')
    .addOption(
      new Option(
        '--format <format>',
        'text; json (as --json); github: workflow annotations at file:line; markdown: a job summary',
      )
        .choices(['text', 'json', 'github', 'markdown'])
        .default('text'),
    )
    .option('--summary <file>', 'also append the Markdown report to this file (e.g. "$GITHUB_STEP_SUMMARY")')
    .addHelpText(
      'after',
      `
Examples:
  npm run spec:diff                                   # against the merge-base with main
  npm run spec:diff -- --base v1.0.0                  # against a tag (or branch, or commit)
  npm run spec:diff -- --base old.yaml --head new.yaml --json
  npm run spec:diff -- --base "$BASE_SHA" --format github --summary "$GITHUB_STEP_SUMMARY"
  BUILD_DATE=2027-07-01 npm run spec:diff -- --notice-days 180

Exit codes: 0 no breaking change (or only ones the policy allows), 1 breaking or policy-violating changes,
2 usage or input error (a base that does not exist, an invalid description).`,
    );
  diff.action(async (opts: Record<string, unknown>) => {
    const format = formatOf(opts);
    const date = buildDate(io.env);
    const headPath = resolve(io.cwd, String(opts.head));
    const headLabel = shown(headPath, io.cwd);
    const head = await loadFile(headPath, headLabel);
    const base = await readBase(opts.base as string | undefined, headPath, io.cwd, git);
    const report = diffDescriptions(base.description, head, {
      buildDate: date,
      noticeDays: opts.noticeDays as number,
      baseLabel: base.label,
      ...(base.commit ? { baseCommit: base.commit } : {}),
      headFile: headLabel,
    });
    io.stdout.write(render(report, format, useColor(io)));
    if (typeof opts.summary === 'string') {
      try {
        appendFileSync(opts.summary, `${formatMarkdown(report)}\n`);
      } catch (err) {
        io.stderr.write(`spec-diff: cannot write the summary to ${opts.summary}: ${(err as Error).message}\n`);
      }
    }
    setExit(report.ok ? 0 : 1);
  });

  program
    .command('release')
    .description(
      'Record <version> in the changelog and keep the released description as <released dir>/<version>.yaml: diff the description with the newest release kept there, refuse what the policy refuses, add the entry.',
    )
    .argument('<version>', "the version being released: the description's info.version")
    .option('--head <file>', 'the description being released', DEFAULT_HEAD)
    .option('--changelog <file>', 'the changelog file', DEFAULT_CHANGELOG)
    .option(
      '--released <dir>',
      'the folder of released descriptions, one <version>.yaml (or .json) per release (default: released/ beside --changelog)',
    )
    .option('--notice-days <days>', 'as for diff', days, DEFAULT_NOTICE_DAYS)
    .option('--json', 'print the new changelog entry as JSON')
    .addHelpText(
      'after',
      `
Examples:
  npm run spec:release -- 1.1.0          # after setting info.version: 1.1.0 in spec/openapi.yaml;
                                         # writes spec/changelog.json and spec/released/1.1.0.yaml
  BUILD_DATE=2026-12-01 npm run spec:release -- 1.1.0
  npm run spec:release -- 2.0.0 --head api/openapi.yaml --changelog api/changelog.json   # api/released/2.0.0.yaml
  npm run spec:release -- 1.1.0 --released history/ --json

The first release (no changelog entry yet) lists every operation as added; later ones diff against the newest
release's file, <released dir>/<newest version>.yaml (or .json). Every release is kept: no file is overwritten or
deleted, and nothing is written when the release is refused. A split description is kept bundled, as one file.
The release date is BUILD_DATE or today.
Exit codes: 0 recorded, 1 refused (a change the policy does not allow, or nothing changed), 2 usage or input error
(with --json, codes: usage, base_not_found when the newest release's file is missing, released_exists,
changelog_invalid, file_unreadable, description_invalid).`,
    )
    .action(async (version: string, opts: Record<string, unknown>) => {
      const date = buildDate(io.env);
      const headPath = resolve(io.cwd, String(opts.head));
      const headLabel = shown(headPath, io.cwd);
      const versionProblem = versionFileProblem(version);
      if (versionProblem) throw new UsageError(versionProblem);
      const head = await loadFile(headPath, headLabel);
      const info = (head.source.info ?? {}) as Record<string, unknown>;
      if (String(info.version) !== version)
        throw new UsageError(
          `${headLabel} says info.version ${JSON.stringify(info.version)}; set it to ${JSON.stringify(version)} before releasing ${version}`,
        );
      const changelogPath = resolve(io.cwd, String(opts.changelog));
      const releasedDir =
        typeof opts.released === 'string' ? resolve(io.cwd, opts.released) : defaultReleasedDir(changelogPath);
      if (existsSync(releasedDir) && !statSync(releasedDir).isDirectory())
        throw new UsageError(
          `--released ${shown(releasedDir, io.cwd)} is a file: --released names the folder that keeps one <version>.yaml per release`,
        );
      let changelog: Changelog = {
        description:
          'Released versions of the API description, newest first. Written by npm run spec:release; read by the site.',
        releases: [],
      };
      if (existsSync(changelogPath)) {
        try {
          changelog = parseChangelog(readFileSync(changelogPath, 'utf8'));
        } catch (err) {
          throw new UsageError(`${shown(changelogPath, io.cwd)}: ${(err as Error).message}`, 'changelog_invalid');
        }
      }
      const latest = changelog.releases[0];
      if (latest && compareVersions(version, latest.version) <= 0)
        throw new UsageError(`version ${version} is not newer than the latest release ${latest.version}`);
      const releasedPath = join(releasedDir, `${version}.yaml`);
      const stray = findReleasedFile(releasedDir, version);
      if (stray)
        throw new UsageError(
          `${shown(stray, io.cwd)} already exists, but ${shown(changelogPath, io.cwd)} has no release ${version}: a kept release is never overwritten; remove the file if it is left over from an unfinished release`,
          'released_exists',
        );
      let release: ReturnType<typeof initialRelease>;
      if (!latest) release = initialRelease(head.source, version, date);
      else {
        const basePath = findReleasedFile(releasedDir, latest.version);
        if (!basePath) {
          const expected = RELEASED_EXTENSIONS.map((ext) =>
            shown(join(releasedDir, `${latest.version}${ext}`), io.cwd),
          );
          throw new UsageError(
            `${expected.join(' (or ')}) is missing: it is the description as released in ${latest.version}, the newest release of ${shown(changelogPath, io.cwd)}, and the base of ${version}. Restore it from git (git show <commit of the ${latest.version} release>:${shown(join(releasedDir, `${latest.version}.yaml`), io.cwd)}), or pass --released <dir> if the releases are kept elsewhere`,
            'base_not_found',
          );
        }
        const base = await loadFile(basePath, `${latest.version} (${shown(basePath, io.cwd)})`);
        const report = diffDescriptions(base, head, {
          buildDate: date,
          noticeDays: opts.noticeDays as number,
          baseLabel: base.path,
          headFile: headLabel,
        });
        if (!report.ok) {
          io.stderr.write(formatText(report, false));
          io.stderr.write(`spec-diff: release ${version} refused: fix the failing changes above first.\n`);
          setExit(1);
          return;
        }
        if (report.changes.length === 0) {
          io.stderr.write(`spec-diff: release ${version} refused: nothing changed since ${latest.version}.\n`);
          setExit(1);
          return;
        }
        release = releaseFromReport(report, head.source, base.source, version, date);
      }
      const next = addRelease(changelog, release);
      // The release kept as one file that stands alone: a one-file YAML description byte for byte (comments kept);
      // otherwise the loader's bundled source (a split description's parts inlined), serialized as YAML.
      const keptText =
        head.format === 'yaml' && !head.split
          ? readFileSync(headPath, 'utf8')
          : stringifyYaml(head.source, { lineWidth: 0, aliasDuplicateObjects: false });
      try {
        writeAllOrNothing([
          { path: releasedPath, text: keptText, mode: 'create' },
          { path: changelogPath, text: formatChangelog(next), mode: 'replace' },
        ]);
      } catch (err) {
        if (err instanceof FileExistsError)
          throw new UsageError(
            `${shown(err.path, io.cwd)} appeared while releasing ${version}; nothing was written`,
            'released_exists',
          );
        throw err;
      }
      if (opts.json) io.stdout.write(`${JSON.stringify(release, null, 2)}\n`);
      else {
        const counts = ['added', 'changed', 'deprecated', 'removed']
          .map((k) => [k, release.operations.filter((o) => o.change === k).length] as const)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${n} ${k}`);
        io.stdout.write(
          `Released ${version} (${date})${release.breaking ? ', breaking' : ''}: ${counts.join(', ') || 'no operation changed'}${release.other.length ? `, ${release.other.length} other change${release.other.length === 1 ? '' : 's'}` : ''}.\n` +
            `Wrote ${shown(changelogPath, io.cwd)} and ${shown(releasedPath, io.cwd)}: review and commit both.\n`,
        );
      }
      setExit(0);
    });
  return program;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit code. Never calls process.exit.
 * With `--json`, an exit-2 error is also `{ok: false, error: {code, message}}` on stdout; with `--format github`,
 * an `::error` annotation.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let code = 0;
  const help = argv.includes('--help') || argv.includes('-h');
  const json = !help && (argv.includes('--json') || formatRequested(argv, 'json'));
  const github = !help && formatRequested(argv, 'github');
  const captured = captureCommanderError(io.stderr);
  const errIo: Io = { ...io, stderr: captured.stderr };
  const program = buildProgram(errIo, (c) => {
    code = c;
  });
  const fail = (errCode: string, message: string, where?: { file?: string; line?: number }): number => {
    io.stderr.write(`spec-diff: error: ${message}\n`);
    if (json) io.stdout.write(jsonError(errCode, message));
    if (github) {
      const props: Record<string, string | number> =
        where?.file && !where.file.includes(':') ? { file: where.file } : {};
      if (where?.line && props.file) props.line = where.line;
      props.title = 'spec-diff';
      io.stdout.write(command('error', props, message));
    }
    return 2;
  };
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      const outcome = commanderOutcome(err, captured.message());
      if (outcome.exit === 2 && outcome.message !== undefined && json)
        io.stdout.write(jsonError('usage', outcome.message));
      return outcome.exit;
    }
    if (err instanceof InputError)
      return fail(err.code, err.message, {
        ...(err.file ? { file: err.file } : {}),
        ...(err.line ? { line: err.line } : {}),
      });
    if (err instanceof UsageError) return fail(err.code, err.message);
    io.stderr.write(`spec-diff: internal error: ${(err as Error).stack ?? String(err)}\n`);
    if (json) io.stdout.write(jsonError('internal', (err as Error).message));
    return 2;
  }
}

/** Entry of the launcher (tools/bin/spec-diff.mjs) and of the bundle it runs. */
export async function run(): Promise<void> {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
}
