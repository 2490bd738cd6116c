// Summary statistics every benchmark prints with: one definition, so two benchmarks' medians mean
// the same thing.

/**
 * The median of `xs`: the middle value, or the mean of the two middle values for an even count.
 * @returns NaN when `xs` is empty
 */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? Number.NaN) + (s[mid] ?? Number.NaN)) / 2;
}
