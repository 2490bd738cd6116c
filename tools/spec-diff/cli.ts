/**
 * `spec-diff`: compares the API description with a base (a git revision or a file), classifies every change and
 * applies the deprecation policy; `spec-diff release <version>` records a release in the changelog. Run through
 * `npm run spec:diff` and `npm run spec:release` (tools/bin/spec-diff.mjs). On a site of several APIs both take
 * the API (`--api <id>`) from the site's configuration (apis/); `diff` without it checks every API.
 *
 * Exit codes: 0 no change the policy refuses; 1 breaking or policy-violating changes (for `release`: the release
 * is refused); 2 usage or input error (a base that does not exist, an invalid description, an unknown API).
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { command } from '../docs-domains/report/github.ts';
import { captureCommanderError, commanderOutcome, formatRequested, jsonError } from '../shared/cli.ts';
import { type DiffCommand, runDiff } from './commands/diff.ts';
import { runRelease } from './commands/release.ts';
import { DEFAULT_CHANGELOG, DEFAULT_HEAD } from './commands/site.ts';
import { UsageError } from './errors.ts';
import type { Io } from './io.ts';
import { InputError } from './load.ts';

export { buildDate, type Io } from './io.ts';
export { DEFAULT_CHANGELOG, DEFAULT_HEAD };
export const DEFAULT_NOTICE_DAYS = 90;

function days(v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 3650) throw new InvalidArgumentError('a whole number of days from 0 to 3650.');
  return n;
}

/** An option's value when the command line gave it, undefined when it is commander's default. */
function given(cmd: Command, key: string): string | undefined {
  return cmd.getOptionValueSource(key) === 'default' ? undefined : (cmd.getOptionValue(key) as string | undefined);
}

const API_HELP =
  "one of the site's APIs, by id: its description comes from the site's configuration (default: every API in turn)";
const RELEASE_API_HELP =
  "one of the site's APIs, by id: its description and release record come from the site's configuration (default: the only API; a site of several needs it)";
const CONFIG_HELP =
  'the configuration the APIs are read from (default: astro.config.mjs in the working directory; PETSTORE_APIS and PETSTORE_SPEC override it, as for the build)';

/** Builds the commander program; `setExit` receives the exit code of the command that ran. */
export function buildProgram(io: Io, setExit: (code: number) => void): Command {
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
    .description(
      "Compare the description (--head, or each of the site's APIs) with --base and print each change with its class and line.",
    )
    .option(
      '--base <ref|file>',
      'a git revision (branch, tag, commit) or a file; default: the merge-base of HEAD with origin/main or main',
    )
    .option('--head <file>', "the description to check; the site's configuration is not read then", DEFAULT_HEAD)
    .option('--api <id>', API_HELP)
    .option('--config <file>', CONFIG_HELP)
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
  npm run spec:diff                                   # against the merge-base with main; every API of a site of several
  npm run spec:diff -- --base v1.0.0                  # against a tag (or branch, or commit)
  npm run spec:diff -- --api partner                  # one API of the site, by its id
  PETSTORE_APIS=tests/fixtures/apis/apis.yaml npm run spec:diff -- --api partner --json
  npm run spec:diff -- --base old.yaml --head new.yaml --json
  npm run spec:diff -- --base "$BASE_SHA" --format github --summary "$GITHUB_STEP_SUMMARY"
  BUILD_DATE=2027-07-01 npm run spec:diff -- --notice-days 180

The APIs come from the site's configuration, as the build reads it: astro.config.mjs (or --config), with
PETSTORE_APIS or PETSTORE_SPEC overriding it; with neither, the description is spec/openapi.yaml. Each API is
compared with its own file at the base revision; an API whose file does not exist there is new, and every
operation in it is added (the deprecation rules still apply).

Exit codes: 0 no breaking change (or only ones the policy allows), 1 breaking or policy-violating changes (in any
API), 2 usage or input error (a base that does not exist, an invalid description, an API the site does not have).`,
    );
  diff.action(async (opts: Record<string, unknown>) => {
    const format = (opts.json ? 'json' : String(opts.format ?? 'text')) as DiffCommand['format'];
    const head = given(diff, 'head');
    setExit(
      await runDiff(
        {
          ...(typeof opts.base === 'string' ? { base: opts.base } : {}),
          ...(head !== undefined ? { head } : {}),
          ...(typeof opts.api === 'string' ? { api: opts.api } : {}),
          ...(typeof opts.config === 'string' ? { config: opts.config } : {}),
          noticeDays: opts.noticeDays as number,
          format,
          ...(typeof opts.summary === 'string' ? { summary: opts.summary } : {}),
        },
        io,
      ),
    );
  });

  const release = program
    .command('release')
    .description(
      'Record <version> in the changelog and keep the released description as <released dir>/<version>.yaml: diff the description with the newest release kept there, refuse what the policy refuses, add the entry.',
    )
    .argument('<version>', "the version being released: the description's info.version")
    .option('--api <id>', RELEASE_API_HELP)
    .option('--config <file>', CONFIG_HELP)
    .option('--head <file>', 'the description being released (the configuration is not read then)', DEFAULT_HEAD)
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
  npm run spec:release -- --api partner 3.5.0    # on a site of several APIs: that API's record and released/ folder
  BUILD_DATE=2026-12-01 npm run spec:release -- 1.1.0
  npm run spec:release -- 2.0.0 --head api/openapi.yaml --changelog api/changelog.json   # api/released/2.0.0.yaml
  npm run spec:release -- 1.1.0 --released history/ --json

Which files: the API's from the site's configuration (astro.config.mjs or --config, PETSTORE_APIS or
PETSTORE_SPEC overriding it): its description and its release record (its changelog option, else changelog.json
beside the description), released/ beside the record. A site of several APIs needs --api <id>. --head,
--changelog and --released name the files instead, without reading the configuration; with neither, the
description is spec/openapi.yaml and the record spec/changelog.json.

The first release (no changelog entry yet) lists every operation as added; later ones diff against the newest
release's file, <released dir>/<newest version>.yaml (or .json). Every release is kept: no file is overwritten or
deleted, and nothing is written when the release is refused. A split description is kept bundled, as one file.
The release date is BUILD_DATE or today.
Exit codes: 0 recorded, 1 refused (a change the policy does not allow, or nothing changed), 2 usage or input error
(with --json, codes: usage, api_required, api_unknown, config_not_found, config_invalid, record_shared,
base_not_found when the newest release's file is missing, released_exists, changelog_invalid, file_unreadable,
description_invalid).`,
    )
    .action(async (version: string, opts: Record<string, unknown>) => {
      const head = given(release, 'head');
      const changelog = given(release, 'changelog');
      setExit(
        await runRelease(
          version,
          {
            ...(head !== undefined ? { head } : {}),
            ...(changelog !== undefined ? { changelog } : {}),
            ...(typeof opts.released === 'string' ? { released: opts.released } : {}),
            ...(typeof opts.api === 'string' ? { api: opts.api } : {}),
            ...(typeof opts.config === 'string' ? { config: opts.config } : {}),
            noticeDays: opts.noticeDays as number,
            ...(opts.json ? { json: true } : {}),
          },
          io,
        ),
      );
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
