// Calendar dates of the API description (`x-deprecated-sunset`, `x-deprecated-since`): parsing,
// validation and the form people read. Pure. TypeScript code imports them through descriptions/dates.ts; the
// Spectral ruleset (spec/lint/) directly. Plain JavaScript, because Spectral bundles its custom
// functions without a TypeScript step.

/**
 * The formatter of {@link formatDay}, made on first use: building an `Intl.DateTimeFormat` loads ICU's locale
 * data, tens of milliseconds that a command-line run which never formats a date should not pay.
 * @type {Intl.DateTimeFormat | undefined}
 */
let longDate;

/**
 * Parses a calendar date `YYYY-MM-DD` (RFC 3339 full-date) to milliseconds since the epoch at 00:00 UTC.
 * @param {string} text
 * @returns {number}
 * @throws {Error} when the text is not a valid calendar date (names the value); 2027-02-30 is not one
 */
export function parseDay(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a date (expected YYYY-MM-DD): ${JSON.stringify(text)}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new Error(`not a calendar date: ${JSON.stringify(text)}`);
  }
  return ms;
}

/**
 * Whether `value` is a `YYYY-MM-DD` string naming a real calendar date. Never throws.
 * @param {unknown} value
 * @returns {value is string}
 */
export function isCalendarDate(value) {
  if (typeof value !== 'string') return false;
  try {
    parseDay(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a `YYYY-MM-DD` date the way a person reads it, in British English: `2027-06-30` → `30 June 2027`.
 * @param {string} text
 * @returns {string}
 * @throws {Error} when the text is not a valid calendar date
 */
export function formatDay(text) {
  longDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return longDate.format(parseDay(text));
}
