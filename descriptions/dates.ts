// Calendar dates of the API description (`x-deprecated-sunset`, `x-deprecated-since`) and of the
// build: parsing, validation and the form people read, for TypeScript code (the reference mapping, the guides). The
// implementation is plain JavaScript (descriptions/shared/dates.js) so that the Spectral ruleset can use it too.
import { parseDay } from './shared/dates.js';

export { formatDay, isCalendarDate, parseDay } from './shared/dates.js';

/**
 * The date sunsets are judged against (UTC, YYYY-MM-DD): `BUILD_DATE` when set (reproducible builds,
 * tests of a past sunset), else today. One reading for the site's build and spec-diff.
 * @throws {Error} when `BUILD_DATE` is not a calendar date, naming it
 */
export function buildDate(env: Record<string, string | undefined> = process.env, now: Date = new Date()): string {
  const fixed = env.BUILD_DATE;
  if (!fixed) return now.toISOString().slice(0, 10);
  try {
    parseDay(fixed);
  } catch {
    throw new Error(`BUILD_DATE=${fixed} is not a calendar date (YYYY-MM-DD)`);
  }
  return fixed;
}
