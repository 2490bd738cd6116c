/**
 * `docs-domains check`: runs the check groups (dns, tls, http; groups/index.ts) for each domain, at most
 * `--concurrency` at a time, once or with `--watch` until every domain passes, and prints the report as text, JSON,
 * GitHub workflow commands or Markdown. Exit codes: 0 no check failed or errored (warn is ok), 1 some check failed
 * or errored, 2 usage or config error, 130 interrupted.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { InvalidArgumentError, Option } from 'commander';
import { createResolver } from '../core/dns/client.ts';
import type { Resolver } from '../core/dns/types.ts';
import { prepareGroups, runChecks } from '../core/run.ts';
import type { CheckGroup, GroupOption, Report } from '../core/types.ts';
import { parseDuration, pending, watch } from '../core/watch.ts';
import { humanSeconds } from '../groups/dns/checks/records.ts';
import { groups as registry } from '../groups/index.ts';
import { githubReport, type Position } from '../report/github.ts';
import { formatJson, formatReport, progressLine, useColor } from '../report/human.ts';
import { markdownReport } from '../report/markdown.ts';
import { addCommonOptions, type CommonOptions, resolveInputs } from './inputs.ts';
import { argParser, type DefineCommand, formatOf, positiveInt, shown, UsageError } from './shared.ts';

/**
 * The options of `check`, as commander parses them: its own, the common ones, and those the check groups declare
 * (`--ca`, `--port`, `--connect`, `--ca-file`, `--http-port`: camel-case keys, read by each group's `parseOptions`).
 */
export interface CheckOptions extends CommonOptions {
  /** `--concurrency`: domains checked at the same time. */
  concurrency: number;
  /** `--only`: the check groups to run (lower case). */
  only?: string[];
  /** `--skip`: the check groups not to run. */
  skip?: string[];
  /** `--json`: the same as `--format json`. */
  json?: boolean;
  /** `--format`: text (default), json, github workflow commands, or a Markdown table. */
  format: 'text' | 'json' | 'github' | 'markdown';
  /** `--summary`: a file to append the Markdown table to. */
  summary?: string;
  /** `--watch`: run again until every domain passes. */
  watch?: boolean;
  /** `--interval`: with --watch, ms between runs. */
  interval: number;
  /** `--timeout-total`: with --watch, ms before giving up. */
  timeoutTotal: number;
  /** `--no-progress` sets it false. */
  progress: boolean;
  /** The options the check groups declare. */
  readonly [groupOption: string]: unknown;
}

/** A comma list of group names for `--only`/`--skip`, lower-cased. */
function groupList(v: string): string[] {
  const list = v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  // An empty list would silently mean "every group" for --only.
  if (list.length === 0) throw new InvalidArgumentError('name at least one check group (dns, tls, http).');
  return list;
}

/** Adds a group's option to a command as commander wants it. */
function groupOption(o: GroupOption, prefix: string): Option {
  const opt = new Option(o.flags, `${prefix}${o.description}`);
  if (o.defaultValue !== undefined) opt.default(o.defaultValue);
  if (o.parse) opt.argParser(argParser(o.parse));
  return opt;
}

/** Picks the groups from `--only`/`--skip`. @throws {UsageError} naming an unknown group */
export function selectGroups(all: readonly CheckGroup[], only?: string[], skip?: string[]): CheckGroup[] {
  const names = all.map((g) => g.name);
  for (const n of [...(only ?? []), ...(skip ?? [])]) {
    if (!names.includes(n)) throw new UsageError(`unknown check group "${n}"; available: ${names.join(', ')}`);
  }
  const sel = all.filter((g) => (only?.length ? only.includes(g.name) : true) && !(skip ?? []).includes(g.name));
  if (sel.length === 0) throw new UsageError('--only/--skip leave no check group to run');
  return sel;
}

/**
 * Where each configured domain is written in the config, for annotations; empty when it cannot be read. The YAML
 * parser it needs is loaded here: a check whose config validation is cached loads it for `--format github` only.
 */
async function positionsOf(configPath: string | undefined, cwd: string): Promise<Map<string, Position>> {
  const out = new Map<string, Position>();
  if (!configPath) return out;
  const { domainPositions } = await import('../config/positions.ts');
  try {
    for (const [d, p] of domainPositions(readFileSync(configPath, 'utf8')))
      out.set(d, { file: shown(configPath, cwd), ...p });
  } catch {
    // The config was read a moment ago; without it the annotations simply carry no file.
  }
  return out;
}

/** `sleep` for the watch loop: resolves true after `ms`, false at once when `signal` aborts. */
function sleeper(signal: AbortSignal): (ms: number) => Promise<boolean> {
  return (ms) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve(false);
      const t = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(t);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
}

/** Adds `check` to the program, with the options of every check group. */
export const defineCheck: DefineCommand = (program, { io, setExit, defaultConfig, groups = registry }) => {
  const check = addCommonOptions(
    program
      .command('check')
      .description(
        'Check DNS, TLS and redirects for the given domains (default: the primary and every redirect `from` of the config).',
      )
      .argument('[domain...]', 'domains to check (host names; internationalized names are converted to A-labels)'),
    defaultConfig,
  )
    .option('--concurrency <n>', 'domains checked at the same time', positiveInt('--concurrency', 256), 16)
    .option(
      '--only <groups>',
      `run only these check groups (comma list of ${groups.map((g) => g.name).join(', ')})`,
      groupList,
    )
    .option('--skip <groups>', 'skip these check groups (comma list)', groupList)
    .option(
      '--json',
      'print the report as JSON: {ok, target, domains[{domain, kind, ok, checks[{id, status, code, message, action?, fix?, data?, records?}]}]}',
    )
    .addOption(
      new Option(
        '--format <format>',
        'text; json (as --json); github: workflow commands (::error/::warning per check); markdown: a summary table',
      )
        .choices(['text', 'json', 'github', 'markdown'])
        .default('text'),
    )
    .option('--summary <file>', 'also append the Markdown table to this file (e.g. "$GITHUB_STEP_SUMMARY")')
    .option('--watch', 'run again until every domain passes (or --timeout-total runs out), showing what still fails')
    .addOption(
      new Option('--interval <duration>', 'with --watch: the pause between runs (90s, 2m)')
        .argParser(argParser(parseDuration))
        .default(30_000, '30s'),
    )
    .addOption(
      new Option('--timeout-total <duration>', 'with --watch: give up after this long (10m, 1h)')
        .argParser(argParser(parseDuration))
        .default(1_800_000, '30m'),
    )
    .option('--no-progress', 'do not show progress on stderr');
  // Options the check groups declare (dns: --ca; tls and http: --port, --connect, --ca-file; http: --http-port).
  const added = new Set<string>();
  for (const g of groups) {
    for (const o of g.options ?? []) {
      if (added.has(o.flags)) continue;
      added.add(o.flags);
      const users = groups.filter((x) => x.options?.some((y) => y.flags === o.flags)).map((x) => x.name);
      check.addOption(groupOption(o, `[${users.join(', ')}] `));
    }
  }
  check.addHelpText(
    'after',
    `
Check groups:
${groups.map((g) => `  ${g.name.padEnd(6)} ${g.description}`).join('\n')}

Examples:
  npx docs-domains check
  npx docs-domains check docs.example.com --target petstore-docs.platform-hosting.example.net
  npx docs-domains check --resolver 1.1.1.1 --resolver 8.8.8.8 --resolver 9.9.9.9
  npx docs-domains check --resolver 127.0.0.1:5353 --json
  npx docs-domains check --ca letsencrypt.org --ca pki.goog --only dns
  npx docs-domains check --watch --interval 1m --timeout-total 2h
  npx docs-domains check --format github --summary "$GITHUB_STEP_SUMMARY"   # in a GitHub Actions step
  npx docs-domains check --only tls,http --connect 192.0.2.10
  npx docs-domains check docs.example.com --only tls --port 8443 --ca-file test-root.pem

Exit codes: 0 no check failed or errored (warn is ok), 1 some check failed or errored (with --watch: still
failing when --timeout-total ran out), 2 usage or config error.`,
  );
  check.action(async (args: string[], opts: CheckOptions) => {
    const format = formatOf(opts);
    const inputs = await resolveInputs(args, opts, check.getOptionValueSource('config') === 'cli', io, format);
    const selected = selectGroups(groups, opts.only, opts.skip);
    try {
      prepareGroups(selected, opts);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    io.beforeCheck?.(inputs.domains.length);
    const timeoutMs = opts.timeout;
    const ac = new AbortController();
    const onSigint = () => ac.abort();
    process.on('SIGINT', onSigint); // idempotent: a terminal's Ctrl-C also reaches a re-spawned child directly
    const showProgress = opts.progress !== false && Boolean(io.stderr.isTTY) && inputs.domains.length > 1;
    const color = useColor(io.stdout, io.env);
    const runOnce = async (): Promise<Report> => {
      // A fresh resolver per run: its answer cache must not hide a change made while watching.
      const dns: Resolver = createResolver(inputs.resolvers, { timeoutMs, retries: opts.retries, signal: ac.signal });
      const report = await runChecks({
        domains: inputs.domains,
        config: inputs.config,
        target: inputs.target,
        resolvers: inputs.resolvers,
        dns,
        timeoutMs,
        options: opts,
        groups: selected,
        concurrency: opts.concurrency,
        signal: ac.signal,
        onProgress: showProgress ? (d, t, name) => io.stderr.write(progressLine(d, t, name)) : undefined,
      });
      if (showProgress) io.stderr.write('\r\x1b[2K');
      return report;
    };
    try {
      let report: Report;
      if (opts.watch) {
        const total = opts.timeoutTotal;
        const result = await watch({
          runOnce,
          intervalMs: opts.interval,
          totalMs: total,
          now: () => Date.now(),
          sleep: sleeper(ac.signal),
          onRound: (round, r, left) => {
            // Progress for people goes to stderr, so stdout holds only the final report (text or JSON).
            let s = `[run ${round}] ${r.domains.length - pending(r).length} of ${r.domains.length} domains pass; next run in ${humanSeconds(Math.round(Math.min(opts.interval, left) / 1000))}, ${humanSeconds(Math.round(left / 1000))} left\n`;
            for (const p of pending(r))
              s += `  ${p.domain}: ${p.failing.join(', ')}${p.waitS !== undefined ? `; the answers seen are cached for up to ${humanSeconds(p.waitS)}, so expect the fix to show within that` : ''}\n`;
            io.stderr.write(s);
          },
        });
        report = result.report;
        if (!result.passed && !ac.signal.aborted)
          io.stderr.write(
            `Still failing after ${result.rounds} runs (--timeout-total ${humanSeconds(Math.round(total / 1000))}).\n`,
          );
      } else report = await runOnce();
      if (format === 'json') io.stdout.write(formatJson(report));
      else if (format === 'markdown') io.stdout.write(markdownReport(report));
      else if (format === 'github') io.stdout.write(githubReport(report, await positionsOf(inputs.configPath, io.cwd)));
      else io.stdout.write(formatReport(report, color));
      if (typeof opts.summary === 'string') {
        try {
          appendFileSync(opts.summary, `${markdownReport(report)}\n`);
        } catch (err) {
          io.stderr.write(`docs-domains: cannot write the summary to ${opts.summary}: ${(err as Error).message}\n`);
        }
      }
      setExit(ac.signal.aborted ? 130 : report.ok ? 0 : 1);
    } finally {
      process.removeListener('SIGINT', onSigint);
    }
  });
  return check;
};
