// What the benchmarks' tables share: a figure beside its budget and goal with its verdict, and the check
// of the options that count builds.

/** One row of a benchmark's table of figures. */
export interface Figure {
  figure: string;
  anchor: string;
  measured: string;
  value: number;
  /** undefined: a figure printed for information */
  budget?: number;
  goal?: number;
  unit: '×' | 'MB' | 'B';
  verdict: 'goal met' | 'within budget' | 'OVER BUDGET' | 'information';
}

/**
 * The verdict of a value against its budget and goal (lower is better); `information` without a budget.
 * A value that is not a number (a build that did not run) is over budget.
 */
export function verdictOf(value: number, limits?: { budget: number; goal?: number }): Figure['verdict'] {
  if (!limits) return 'information';
  if (!(value <= limits.budget)) return 'OVER BUDGET';
  return limits.goal !== undefined && value <= limits.goal ? 'goal met' : 'within budget';
}

/**
 * Numbers of builds given as options (`--runs 3`), each checked.
 * @throws {Error} naming the option when one is not a whole number ≥ 1
 */
export function buildCounts<K extends string>(options: Record<K, string | undefined>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const [flag, text] of Object.entries(options) as [K, string | undefined][]) {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} must be a whole number ≥ 1`);
    out[flag] = n;
  }
  return out;
}
