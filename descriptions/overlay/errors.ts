import { relative } from 'node:path';

/** Stable codes of what an overlay can get wrong. */
export type OverlayProblemCode =
  /** the overlay file cannot be read */
  | 'file-unreadable'
  /** YAML or JSON syntax error */
  | 'syntax'
  /** not an Overlay document, or an action of the wrong shape */
  | 'structure'
  /** a `target` that is not an RFC 9535 JSONPath expression */
  | 'target-invalid'
  /** a `target` that selects nothing in the description (a warning: the build goes on) */
  | 'target-unmatched'
  /** an action that would change something other than human-readable text */
  | 'not-text';

/** One problem of an overlay, with where it is written. Messages are rendered from it, never parsed. */
export interface OverlayProblem {
  code: OverlayProblemCode;
  /** absolute path of the overlay file */
  file: string;
  /** 1-based line and column in `file` (the action's `target`) */
  line?: number;
  column?: number;
  /** the action's `target` */
  target?: string;
  /** JSON pointer (RFC 6901) in the description of the value the action would change */
  pointer?: string;
  /** what is wrong, without the place */
  detail: string;
}

/** One problem as one line: `file:line:col: detail (at pointer)`, the file relative to `cwd` below it. */
export function formatOverlayProblem(problem: OverlayProblem, cwd: string = process.cwd()): string {
  const rel = relative(cwd, problem.file);
  const file = rel && !rel.startsWith('..') ? rel : problem.file;
  const where = problem.line ? `${file}:${problem.line}${problem.column ? `:${problem.column}` : ''}` : file;
  const at = problem.pointer !== undefined ? ` (at ${problem.pointer || '/'})` : '';
  return `${where}: ${problem.detail}${at}`;
}

/** An overlay that cannot be applied: every problem found; the message is the first one rendered. */
export class OverlayError extends Error {
  override name = 'OverlayError';
  readonly problems: readonly OverlayProblem[];
  constructor(problems: readonly OverlayProblem[]) {
    const [first] = problems;
    if (!first) throw new TypeError('OverlayError needs at least one problem');
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(`${formatOverlayProblem(first)}${more}`);
    this.problems = problems;
  }
  get code(): OverlayProblemCode {
    return (this.problems[0] as OverlayProblem).code;
  }
}
