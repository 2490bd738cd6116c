// What a test run amounts to, beyond its exit code: how many tests ran and which were skipped, and
// whether each skip is one the repository declares (tests/allowed-skips.json). scripts/test.mjs uses it
// so that a suite whose files match nothing, a run of zero tests and, under CI, a skip nobody declared
// fail the run instead of passing quietly.
//
// node:test reports through `nodeReporter` (a custom reporter: `--test-reporter=<this file>`, one JSON
// line per skipped test and one for the totals); Playwright through its JSON report (`playwrightOutcome`).
import { readFileSync } from 'node:fs';

/**
 * @typedef {object} Skip
 * @property {string} file the test file (absolute, as the runner names it)
 * @property {string} name the test's name
 * @property {string | undefined} reason what the skip said; undefined for a skip without a reason (`test.skip(…)`)
 */

/**
 * @typedef {object} Outcome
 * @property {number} tests how many tests ran or were skipped (suites not counted)
 * @property {Skip[]} skips
 */

/**
 * A node:test reporter (`--test-reporter=scripts/test-outcome.mjs`): one JSON line per skipped test or suite
 * (`{"skip": …}`) and, at the end of the run, one with the totals (`{"tests": n}`).
 * @param {AsyncIterable<{ type: string, data: any }>} source the runner's events
 * @returns {AsyncGenerator<string>}
 */
export default async function* nodeReporter(source) {
  for await (const event of source) {
    const { type, data } = event;
    // A skipped suite (`describe(…, { skip })`) stands for all of its tests.
    if ((type === 'test:pass' || type === 'test:fail') && data.skip !== undefined) {
      const reason = typeof data.skip === 'string' ? data.skip : undefined;
      yield `${JSON.stringify({ skip: { file: data.file ?? '', name: data.name, reason } })}\n`;
    }
    // The run's own summary carries no file; each file's summary has one.
    if (type === 'test:summary' && data.file === undefined) yield `${JSON.stringify({ tests: data.counts.tests })}\n`;
  }
}

/**
 * Reads what {@link nodeReporter} wrote.
 * @param {string} text its output
 * @returns {Outcome} tests 0 when the run never reached its summary
 */
export function nodeOutcome(text) {
  /** @type {Outcome} */
  const out = { tests: 0, skips: [] };
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line);
    if (record.skip) out.skips.push(record.skip);
    if (typeof record.tests === 'number') out.tests = record.tests;
  }
  return out;
}

/**
 * Reads Playwright's JSON report (reporter `json`): every test, and the skipped ones with the reason of
 * their `skip` annotation.
 * @param {any} report the parsed report
 * @returns {Outcome}
 */
export function playwrightOutcome(report) {
  /** @type {Outcome} */
  const out = { tests: 0, skips: [] };
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        out.tests++;
        const skipped =
          t.status === 'skipped' || (t.results ?? []).some((/** @type {any} */ r) => r.status === 'skipped');
        if (!skipped) continue;
        const note = [
          ...(t.annotations ?? []),
          ...(t.results ?? []).flatMap((/** @type {any} */ r) => r.annotations ?? []),
        ].find((/** @type {any} */ a) => a.type === 'skip' || a.type === 'fixme');
        out.skips.push({
          file: spec.file ?? suite.file ?? '',
          name: spec.title,
          reason: note?.description || undefined,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return out;
}

/**
 * @typedef {object} AllowedSkip
 * @property {string} reason the start of the skip's reason, as the test gives it
 * @property {string} why why running without it is acceptable, for the reader of the list
 */

/**
 * The skips the repository declares (tests/allowed-skips.json).
 * @param {string} file
 * @returns {AllowedSkip[]}
 * @throws {Error} when the file cannot be read or is not `{ "allowed": [{ "reason", "why" }] }`
 */
export function readAllowedSkips(file) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const list = data?.allowed;
  if (
    !Array.isArray(list) ||
    !list.every((a) => typeof a?.reason === 'string' && a.reason !== '' && typeof a?.why === 'string' && a.why !== '')
  )
    throw new Error(`${file}: expected {"allowed": [{"reason": "…", "why": "…"}]}`);
  return list;
}

/**
 * Whether a skip is declared: it gives a reason, and the reason starts with one the list allows.
 * @param {Skip} skip
 * @param {readonly AllowedSkip[]} allowed
 */
export function isDeclared(skip, allowed) {
  return skip.reason !== undefined && allowed.some((a) => skip.reason?.startsWith(a.reason));
}
