/**
 * `docs-domains`: validate the domains config and check DNS (and, through more check groups, TLS and redirects)
 * of the custom domains of the documentation site. Run it with `npx docs-domains` (tools/bin/docs-domains.mjs).
 *
 * Each command lives in `commands/<name>.ts` with its typed options; this file builds the program and loads only
 * the module of the command that runs (`validate` never loads the DNS client or the check groups), and every
 * module for the top-level help or an unknown command.
 *
 * Exit codes: 0 valid / every check pass or warn; 1 invalid config (`validate`) or a check `fail`/`error` (`check`);
 * 2 usage error, unreadable file, or an invalid config given to `check`.
 */
import { Command, CommanderError } from 'commander';
import { captureCommanderError, commanderOutcome, formatRequested, jsonError } from '../shared/cli.ts';
import { type CommandContext, type DefineCommand, type Io, shown, UsageError } from './commands/shared.ts';
import { DEFAULT_CONFIG } from './config/load.ts';
import type { CheckGroup } from './core/types.ts';
import { command } from './report/github.ts';

export type { Io } from './commands/shared.ts';

/** The commands, in help order, each loaded on demand. */
const COMMANDS: Readonly<Record<string, () => Promise<DefineCommand>>> = {
  validate: async () => (await import('./commands/validate.ts')).defineValidate,
  records: async () => (await import('./commands/records.ts')).defineRecords,
  check: async () => (await import('./commands/check.ts')).defineCheck,
};

/**
 * The command `argv` runs (`help X` asks for X), or undefined when it names none of {@link COMMANDS}
 * (no command, `--help`, a typo): then every command is defined, for the help and commander's suggestions.
 */
function requestedCommand(argv: readonly string[]): string | undefined {
  const words = argv.filter((a) => !a.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? name : undefined;
}

/**
 * Builds the commander program. `setExit` receives the exit code of the command that ran.
 * @param groups the check groups to offer (default: the registry in groups/index.ts)
 * @param argv when given, only the command it runs is defined (and loaded)
 */
export async function buildProgram(
  io: Io,
  setExit: (code: number) => void,
  groups?: readonly CheckGroup[],
  argv?: readonly string[],
): Promise<Command> {
  const program = new Command();
  program
    .name('docs-domains')
    .description(
      'Validate the custom-domains config of the docs site, print the DNS records to create, and check DNS, TLS and redirects for each domain.',
    )
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride();
  const ctx: CommandContext = { io, setExit, defaultConfig: shown(DEFAULT_CONFIG, io.cwd), groups };
  const one = argv && requestedCommand(argv);
  const names = one ? [one] : Object.keys(COMMANDS);
  const defines = await Promise.all(names.map((n) => (COMMANDS[n] as () => Promise<DefineCommand>)()));
  for (const define of defines) define(program, ctx);
  return program;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit code. Never calls process.exit.
 * With `--json`, every exit-2 error is also a JSON object on stdout.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let code = 0;
  const help = argv.includes('--help') || argv.includes('-h');
  const json = argv.includes('--json') && !help;
  const github = !json && !help && formatRequested(argv, 'github');
  // Commander writes its own errors to stderr; with --json, stdout gets the same message as an object.
  const captured = captureCommanderError(io.stderr);
  const errIo: Io = { ...io, stderr: captured.stderr };
  try {
    const program = await buildProgram(
      errIo,
      (c) => {
        code = c;
      },
      undefined,
      argv,
    );
    await program.parseAsync([...argv], { from: 'user' });
    if (argv.length === 0) {
      program.outputHelp();
      return 2;
    }
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      const outcome = commanderOutcome(err, captured.message());
      if (outcome.exit === 2 && outcome.message !== undefined) {
        if (json) io.stdout.write(jsonError('usage', outcome.message));
        if (github) io.stdout.write(command('error', { title: 'docs-domains' }, outcome.message));
      }
      return outcome.exit;
    }
    if (err instanceof UsageError) {
      io.stderr.write(`docs-domains: error: ${err.message}\n`);
      if (json) io.stdout.write(jsonError(err.code, err.message));
      // An invalid config was annotated line by line already.
      if (github && err.code !== 'config_invalid')
        io.stdout.write(command('error', { title: 'docs-domains' }, err.message));
      return 2;
    }
    io.stderr.write(`docs-domains: internal error: ${(err as Error).stack ?? String(err)}\n`);
    if (json) io.stdout.write(jsonError('internal', (err as Error).message));
    return 2;
  }
}

/**
 * From this many domains on, `check` grows V8's heap less eagerly (see {@link run}); below it the few reports
 * weigh nothing, and loading node:v8 for the flag would lengthen a one-domain check's start.
 */
export const MANY_DOMAINS = 64;

/** Entry for tools/bin/docs-domains.mjs. */
export async function run(): Promise<void> {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    // `check` keeps every domain's report until it prints them, and each TLS handshake and request leaves garbage
    // behind: V8's default heap growth lets a check of many domains hold several times the memory in use.
    // Growing the heap less eagerly holds much less for about the same CPU time. node:v8 loads the
    // streams and the worker machinery, so only a check of many domains pays for it.
    beforeCheck: (domains) => {
      if (domains >= MANY_DOMAINS) process.getBuiltinModule('node:v8').setFlagsFromString('--optimize-for-size');
    },
  });
}
