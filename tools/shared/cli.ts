// What the repository's CLIs (docs-domains, spec-diff) share around commander: how a usage error
// reaches scripts (`--json`, `--format github`) besides the human on stderr.
import type { CommanderError } from 'commander';

/** The writable side of an I/O stream as the CLIs take it (injected, so tests capture it). */
export interface Out {
  isTTY?: boolean;
  write(s: string): unknown;
}

/** The `{ok: false, error: {code, message}}` object `--json` prints on stdout for an exit-2 error. */
export function jsonError(code: string, message: string): string {
  return `${JSON.stringify({ ok: false, error: { code, message } }, null, 2)}\n`;
}

/** Whether `argv` asks for `--format <name>` (or `--format=<name>`), before commander has parsed it. */
export function formatRequested(argv: readonly string[], name: string): boolean {
  return argv.some((a, i) => a === `--format=${name}` || (a === '--format' && argv[i + 1] === name));
}

/**
 * A stderr that passes everything through and keeps the first `error: …` line commander writes, so a
 * usage error can also be reported as JSON or an annotation with the same words.
 * @returns the wrapped stream and a getter of the kept message ('' when none)
 */
export function captureCommanderError(stderr: Out): { stderr: Out; message(): string } {
  let kept = '';
  return {
    stderr: {
      isTTY: stderr.isTTY,
      write: (s: string) => {
        if (s.startsWith('error:')) kept ||= s.replace(/^error:\s*/, '').trim();
        return stderr.write(s);
      },
    },
    message: () => kept,
  };
}

/**
 * What a commander error means for the CLI's exit: `--help` and `--version` succeed (exit 0, nothing
 * more to say); help shown because a command is missing, and any other commander error, is a usage
 * error (exit 2) with its message, for `--json` and annotations.
 * @param kept the message {@link captureCommanderError} kept ('' when none)
 */
export function commanderOutcome(err: CommanderError, kept: string): { exit: 0 } | { exit: 2; message?: string } {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return { exit: 0 };
  if (err.code === 'commander.help') return err.exitCode === 0 ? { exit: 0 } : { exit: 2 };
  return { exit: 2, message: kept || err.message.replace(/^error:\s*/, '') };
}
