import { relative } from 'node:path';
import type { DescriptionProblem } from './types.ts';

/**
 * A description that cannot be loaded: one or more {@link DescriptionProblem}s, each with a stable code
 * and its place (file, line, column, JSON pointer). `message` is the first problem rendered by
 * {@link formatProblem}, so a build that fails on it prints one clear line and no stack trace is needed.
 */
export class DescriptionError extends Error {
  override name = 'DescriptionError';
  /** every problem found, in document order; at least one */
  readonly problems: readonly DescriptionProblem[];

  constructor(problems: readonly DescriptionProblem[]) {
    const [first] = problems;
    if (!first) throw new TypeError('DescriptionError needs at least one problem');
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(`${formatProblem(first)}${more}`);
    this.problems = problems;
  }

  /** The first problem: its code is the error's code. */
  get code(): DescriptionProblem['code'] {
    return (this.problems[0] as DescriptionProblem).code;
  }
}

/**
 * One problem as one line: `file:line:col: detail (at pointer)`, with the file relative to `cwd`
 * when it lies below it (what an editor or a CI log turns into a link).
 */
export function formatProblem(problem: DescriptionProblem, cwd: string = process.cwd()): string {
  const rel = relative(cwd, problem.file);
  const file = rel && !rel.startsWith('..') ? rel : problem.file;
  const where = problem.line ? `${file}:${problem.line}${problem.column ? `:${problem.column}` : ''}` : file;
  const at = problem.pointer !== undefined ? ` (at ${problem.pointer || '/'})` : '';
  return `${where}: ${problem.detail}${at}`;
}

/**
 * Every problem of a {@link DescriptionError}, one per line, at most `limit` of them (then a count of
 * the rest), for the terminal or a CI log. Any other error is rendered as its message.
 */
export function formatDescriptionError(error: unknown, limit = 20, cwd: string = process.cwd()): string {
  if (!(error instanceof DescriptionError)) return error instanceof Error ? error.message : String(error);
  const lines = error.problems.slice(0, limit).map((p) => formatProblem(p, cwd));
  if (error.problems.length > limit) lines.push(`… and ${error.problems.length - limit} more`);
  return `Invalid API description:\n${lines.map((l) => `  ${l}`).join('\n')}`;
}
