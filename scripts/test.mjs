// The test commands (README.md "Tests"):
//   node scripts/test.mjs unit          tests/unit: no site build, no browser, no DNS server, no system package
//   node scripts/test.mjs integration   tests/integration: Knot DNS, TLS and redirect servers, the built site, curl, python
//   node scripts/test.mjs browser       tests/browser: @playwright/test with the system Chromium
//   node scripts/test.mjs all           the three in that order (what `npm test` and CI run)
//
// Before integration or browser tests it makes sure the Debian packages they use are there: it installs
// the missing ones where it may, or stops with the install command (scripts/system-packages.mjs), then
// builds the site when an input is newer than dist/ (scripts/build-if-stale.mjs). Before unit or
// integration tests it bundles the docs-domains and spec-diff CLIs (scripts/build-cli.mjs, a few
// seconds), so that they run them as `npx docs-domains` and `npm run spec:diff` do.
//
// Further arguments: for unit and integration they go to `node --test` (a folder such as
// tests/unit/mock stands for its *.test.ts files); for browser, to `playwright test`. For `all`,
// file and folder arguments pick the suites that hold them (tests/browser/… goes to Playwright), and
// options go to `node --test` (write them as `--option=value`), e.g.
// `npm test -- --test-name-pattern="cname mismatch"`, which also filters the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildCli } from './build-cli.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { ROOT } from './node-version.mjs';
import { ensurePackages, systemDeps } from './system-packages.mjs';
import { isDeclared, nodeOutcome, playwrightOutcome, readAllowedSkips } from './test-outcome.mjs';

/** @typedef {'unit' | 'integration' | 'browser'} Suite */

/** Folder of each suite and whether it needs the built site. */
const SUITES = {
  unit: { dir: 'tests/unit', build: false },
  integration: { dir: 'tests/integration', build: true },
  browser: { dir: 'tests/browser', build: true },
};

/** `tests/unit/mock` → `tests/unit/mock/**\/*.test.ts`; files and options unchanged. */
function expandDirs(args) {
  return args.map((arg) =>
    !arg.startsWith('-') && existsSync(arg) && statSync(arg).isDirectory()
      ? `${arg.replace(/\/+$/, '')}/**/*.test.ts`
      : arg,
  );
}

/** Where a suite's runner writes what scripts/test-outcome.mjs reads. */
const OUTCOME_DIR = join(ROOT, 'test-results');

/**
 * Runs one suite.
 * @returns {{ status: number, outcome: import('./test-outcome.mjs').Outcome | undefined }} the runner's exit
 *   status, and what ran and was skipped (undefined when the runner left no report)
 */
function run(suite, args) {
  const files = args.filter((a) => !a.startsWith('-'));
  mkdirSync(OUTCOME_DIR, { recursive: true });
  const report = join(OUTCOME_DIR, `${suite}-outcome.json`);
  rmSync(report, { force: true });
  if (suite === 'browser') {
    const playwright = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
    const status =
      spawnSync(process.execPath, [playwright, 'test', ...args], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
      }).status ?? 1;
    return {
      status,
      outcome: existsSync(report) ? playwrightOutcome(JSON.parse(readFileSync(report, 'utf8'))) : undefined,
    };
  }
  const targets = files.length > 0 ? expandDirs(args) : [...args, `${SUITES[suite].dir}/**/*.test.ts`];
  // Node 22.12-22.17 strip TypeScript types only behind a flag (on by default from 22.18).
  const tsFlag = process.features.typescript ? [] : ['--experimental-strip-types'];
  const reporters = [
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(ROOT, 'scripts', 'test-outcome.mjs')}`,
    `--test-reporter-destination=${report}`,
  ];
  // The unit tests share one process: most of a unit file's time was loading the same modules (Ajv,
  // the loader, Scalar's parser) again in a process of its own. Integration files keep theirs (servers,
  // builds, environment of their own).
  const isolation =
    suite !== 'unit'
      ? []
      : process.allowedNodeEnvironmentFlags.has('--test-isolation')
        ? ['--test-isolation=none']
        : ['--experimental-test-isolation=none'];
  const status =
    spawnSync(process.execPath, [...tsFlag, '--test', ...isolation, ...reporters, ...targets], {
      cwd: ROOT,
      stdio: 'inherit',
    }).status ?? 1;
  return { status, outcome: existsSync(report) ? nodeOutcome(readFileSync(report, 'utf8')) : undefined };
}

/**
 * What a suite's outcome adds to its exit status: a run of no test fails (a glob that matches no file,
 * a folder moved away) unless a name filter chose the tests; the skipped tests are listed; under CI a
 * skip that tests/allowed-skips.json does not declare, or one without a reason, fails.
 * @returns {string[]} why the suite fails, empty when it does not
 */
function judge(suite, args, outcome) {
  const filtered = args.some(
    (a) => /^--(test-name-pattern|test-skip-pattern|grep|grep-invert)\b/.test(a) || a === '-g',
  );
  if (!outcome) return [`${suite}: the runner left no report of what ran`];
  const problems = [];
  if (outcome.tests === 0 && !filtered)
    problems.push(
      `${suite}: no test ran (${args.filter((a) => !a.startsWith('-')).join(' ') || SUITES[suite].dir} holds no test)`,
    );
  if (outcome.skips.length > 0) {
    const allowed = readAllowedSkips(join(ROOT, 'tests', 'allowed-skips.json'));
    process.stderr.write(`\n${suite}: ${outcome.skips.length} skipped\n`);
    for (const skip of outcome.skips) {
      const declared = isDeclared(skip, allowed);
      process.stderr.write(
        `  ${declared ? 'skipped' : 'SKIPPED'}  ${relative(ROOT, skip.file) || skip.file}: ${skip.name}: ${skip.reason ?? '(no reason given)'}\n`,
      );
      if (process.env.CI && !declared)
        problems.push(
          `${suite}: "${skip.name}" was skipped ${skip.reason ? `(${skip.reason})` : 'without a reason'}, which tests/allowed-skips.json does not allow under CI`,
        );
    }
  }
  return problems;
}

/**
 * Playwright's form of node:test's `--test-name-pattern` (both take a regular expression), so one
 * pattern filters every suite; a pattern that matches no browser test is then not a failure.
 */
function grepOf(options) {
  return options.flatMap((o) => {
    const pattern = /^--test-name-pattern=(.*)$/.exec(o)?.[1];
    return pattern === undefined ? [] : ['--grep', pattern, '--pass-with-no-tests'];
  });
}

/** The suite a test file or folder belongs to, from its place under tests/. */
function suiteOf(arg) {
  const rel = relative(ROOT, resolve(arg));
  return Object.entries(SUITES).find(([, s]) => rel === s.dir || rel.startsWith(`${s.dir}/`))?.[0];
}

const [which = 'all', ...rest] = process.argv.slice(2);
/** @type {Array<[Suite, string[]]>} */
let plan;
if (which === 'all') {
  const files = rest.filter((a) => !a.startsWith('-'));
  const options = rest.filter((a) => a.startsWith('-'));
  const unknown = files.filter((f) => !suiteOf(f));
  if (unknown.length > 0) {
    process.stderr.write(`not under tests/unit, tests/integration or tests/browser: ${unknown.join(' ')}\n`);
    process.exit(2);
  }
  plan = Object.keys(SUITES)
    .map((s) => {
      const mine = files.filter((f) => suiteOf(f) === s);
      if (files.length > 0 && mine.length === 0) return undefined;
      return [s, s === 'browser' ? [...grepOf(options), ...mine] : [...options, ...mine]];
    })
    .filter(Boolean);
} else if (which in SUITES) {
  plan = [[which, rest]];
} else {
  process.stderr.write('usage: node scripts/test.mjs [unit|integration|browser|all] [args...]\n');
  process.exit(2);
}

const suites = plan.map(([s]) => s);
if (!ensurePackages(suites, systemDeps()).ok) process.exit(1);
// The tests run the CLIs as `npx docs-domains` and `npm run spec:diff` do: from their bundles, built fresh here.
if (plan.some(([s]) => s !== 'browser')) {
  try {
    await buildCli();
  } catch (err) {
    process.stderr.write(`docs-domains, spec-diff: the bundles do not build: ${err.message}\n`);
    process.exit(1);
  }
}
if (plan.some(([s]) => SUITES[s].build)) {
  try {
    buildIfStale(ROOT);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}

const results = plan.map(([suite, args]) => {
  if (plan.length > 1) process.stderr.write(`\n== ${suite} tests\n`);
  const { status, outcome } = run(suite, args);
  const problems = judge(suite, args, outcome);
  for (const p of problems) process.stderr.write(`\n${p}\n`);
  return [suite, problems.length > 0 ? 1 : status];
});
if (plan.length > 1) {
  process.stderr.write(`\n${results.map(([s, code]) => `${s}: ${code === 0 ? 'passed' : 'FAILED'}`).join(', ')}\n`);
}
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);
