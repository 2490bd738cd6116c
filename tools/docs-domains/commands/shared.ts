/**
 * What every command of the CLI shares: where it writes ({@link Io}), the exit-2 error ({@link UsageError}),
 * the context a command is defined in, and the small option parsers commander calls.
 */
import { relative } from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import type { Problem } from '../config/validate.ts';
import type { CheckGroup } from '../core/types.ts';

/** Where the CLI writes and what it reads from the environment (injected so tests can run it in-process). */
export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * Process-wide tuning for a `check` of `domains` domains, called once before the first run; the entry
   * (cli.ts `run`) passes one, an embedding caller or a test need not.
   */
  beforeCheck?: (domains: number) => void;
}

/** The stable codes of {@link UsageError}. */
export type UsageCode = 'usage' | 'config_unreadable' | 'config_invalid';

/**
 * An exit-2 error: printed as `docs-domains: error: ...` on stderr and, with `--json`, as
 * `{ok: false, error: {code, message}}` on stdout. Codes: `usage`, `config_unreadable`, `config_invalid`.
 */
export class UsageError extends Error {
  readonly code: UsageCode;
  constructor(message: string, code: UsageCode = 'usage') {
    super(message);
    this.code = code;
  }
}

/** What a command module gets to define its command. */
export interface CommandContext {
  io: Io;
  /** Receives the exit code of the command that ran. */
  setExit: (code: number) => void;
  /** The default `--config`, as shown to the user (relative to the working directory when below it). */
  defaultConfig: string;
  /** The check groups `check` offers; undefined: the registry (groups/index.ts). */
  groups?: readonly CheckGroup[];
}

/** A command module: adds its command (options, help, action) to the program. */
export type DefineCommand = (program: Command, ctx: CommandContext) => Command;

/** A commander argument parser for a whole number in `[min, max]`; the message names the option. */
export function positiveInt(name: string, max = Number.MAX_SAFE_INTEGER, min = 1) {
  return (v: string): number => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || !Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

/** A commander argument parser for a repeatable option: each value parsed, all kept in order. */
export function collect<T>(parse: (v: string) => T) {
  return (v: string, prev: T[] | undefined): T[] => [...(prev ?? []), parse(v)];
}

/** Wraps a parser that throws `Error` so that commander reports its message as an invalid argument. */
export function argParser<T>(parse: (v: string, prev?: unknown) => T) {
  return (v: string, prev?: unknown): T => {
    try {
      return parse(v, prev);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  };
}

/** `path` relative to `cwd` when it is below it (as the user would type it), else as it is. */
export function shown(path: string, cwd: string): string {
  const r = relative(cwd, path);
  return r && !r.startsWith('..') ? r : path;
}

/** Problems with their file shown relative to the working directory (annotations need repository paths). */
export function shownProblems(problems: readonly Problem[], cwd: string): Problem[] {
  return problems.map((p) => ({ ...p, file: shown(p.file, cwd) }));
}

/** The output format of `validate`/`check`: `--json` means `--format json`. */
export function formatOf<F extends string>(opts: { json?: boolean; format: F }): F | 'json' {
  return opts.json ? 'json' : opts.format;
}
