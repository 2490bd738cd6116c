/**
 * `docs-domains validate`: checks the config file (types, required and unknown keys, host names, redirect rules)
 * and prints its problems as `file:line:col`, as JSON, or as GitHub workflow annotations.
 * Exit codes: 0 valid, 1 invalid, 2 usage error or unreadable file.
 */
import { Option } from 'commander';
import { ConfigReadError, loadConfig } from '../config/load.ts';
import { githubProblems } from '../report/github.ts';
import { formatProblems, useColor } from '../report/human.ts';
import { type DefineCommand, formatOf, shownProblems, UsageError } from './shared.ts';

/** The options of `validate`, as commander parses them. */
export interface ValidateOptions {
  /** `--config`: the config file (default site/domains.yaml). */
  config: string;
  /** `--json`: the same as `--format json`. */
  json?: boolean;
  /** `--format`: text (default), json, or github workflow commands. */
  format: 'text' | 'json' | 'github';
}

/** Adds `validate` to the program. */
export const defineValidate: DefineCommand = (program, { io, setExit, defaultConfig }) =>
  program
    .command('validate')
    .description(
      'Check the config file: types, required and unknown keys, host names, redirect rules. Problems are reported as file:line:col.',
    )
    .option('-c, --config <path>', 'the config file', defaultConfig)
    .option('--json', 'print {ok, file, problems[{file, line, col, path, message, severity}], config} as JSON')
    .addOption(
      new Option('--format <format>', 'text; json (as --json); github: workflow commands annotating the file')
        .choices(['text', 'json', 'github'])
        .default('text'),
    )
    .addHelpText(
      'after',
      `
Examples:
  npx docs-domains validate
  npx docs-domains validate --config site/domains.yaml --json
  npx docs-domains validate --format github        # in a GitHub Actions step

Exit codes: 0 valid, 1 invalid, 2 usage error or unreadable file.`,
    )
    .action(async (opts: ValidateOptions) => {
      let res: Awaited<ReturnType<typeof loadConfig>>;
      try {
        res = await loadConfig(opts.config);
      } catch (err) {
        if (err instanceof ConfigReadError) throw new UsageError(err.message, 'config_unreadable');
        throw err;
      }
      const ok = !res.problems.some((p) => p.severity === 'error');
      const format = formatOf(opts);
      if (format === 'json')
        io.stdout.write(
          `${JSON.stringify({ ok, file: opts.config, problems: res.problems, ...(res.config ? { config: res.config } : {}) }, null, 2)}\n`,
        );
      else if (format === 'github')
        io.stdout.write(
          `${githubProblems(shownProblems(res.problems, io.cwd))}${opts.config}: ${ok ? 'valid' : `${res.problems.filter((p) => p.severity === 'error').length} problem(s)`}\n`,
        );
      else io.stdout.write(formatProblems(res.problems, opts.config, useColor(io.stdout, io.env)));
      setExit(ok ? 0 : 1);
    });
