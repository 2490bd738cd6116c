/**
 * `docs-domains`: validate the domains config and check DNS (and, through more check groups, TLS and redirects)
 * of the custom domains of the documentation site. Run it with `npx docs-domains` (tools/bin/docs-domains.mjs).
 *
 * Exit codes: 0 valid / every check pass or warn; 1 invalid config (`validate`) or a check `fail`/`error` (`check`);
 * 2 usage error, unreadable file, or an invalid config given to `check`.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { checkHost } from './config/hostname.ts';
import { ConfigReadError, DEFAULT_CONFIG, loadConfig } from './config/load.ts';
import { domainPositions } from './config/positions.ts';
import type { DomainsConfig } from './config/types.ts';
import type { Problem } from './config/validate.ts';
import { createResolver } from './core/dns/client.ts';
import { parseServer, systemServers } from './core/dns/servers.ts';
import type { Resolver, ServerAddress } from './core/dns/types.ts';
import { groups as registry } from './core/registry.ts';
import { prepareGroups, runChecks } from './core/run.ts';
import type { CheckGroup, GroupOption, Report } from './core/types.ts';
import { parseDuration, pending, watch } from './core/watch.ts';
import { humanSeconds } from './groups/dns/checks/records.ts';
import { DEFAULT_CAS, parseCa } from './groups/dns/options.ts';
import { formatPlanJson, formatTable, formatZone } from './records/format.ts';
import { gatherPlan } from './records/gather.ts';
import { command, githubProblems, githubReport, type Position } from './report/github.ts';
import { formatJson, formatProblems, formatReport, progressLine, useColor } from './report/human.ts';
import { markdownReport } from './report/markdown.ts';

/** Where the CLI writes and what it reads from the environment (injected so tests can run it in-process). */
export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

/**
 * An exit-2 error: printed as `docs-domains: error: ...` on stderr and, with `--json`, as
 * `{ok: false, error: {code, message}}` on stdout. Codes: `usage`, `config_unreadable`, `config_invalid`.
 */
class UsageError extends Error {
  readonly code: 'usage' | 'config_unreadable' | 'config_invalid';
  constructor(message: string, code: 'usage' | 'config_unreadable' | 'config_invalid' = 'usage') {
    super(message);
    this.code = code;
  }
}

function positiveInt(name: string, max = Number.MAX_SAFE_INTEGER, min = 1) {
  return (v: string): number => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || !Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

function collect(parse: (v: string) => unknown) {
  return (v: string, prev: unknown[] | undefined): unknown[] => [...(prev ?? []), parse(v)];
}

function parseResolver(v: string): ServerAddress {
  try {
    return parseServer(v);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

function argParser(parse: (v: string, prev: unknown) => unknown) {
  return (v: string, prev: unknown) => {
    try {
      return parse(v, prev);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  };
}

/** Adds a group's option to a command as commander wants it. */
function groupOption(o: GroupOption, prefix: string): Option {
  const opt = new Option(o.flags, `${prefix}${o.description}`);
  if (o.defaultValue !== undefined) opt.default(o.defaultValue);
  if (o.parse) opt.argParser(argParser(o.parse));
  return opt;
}

function groupList(v: string): string[] {
  const list = v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  // An empty list would silently mean "every group" for --only.
  if (list.length === 0) throw new InvalidArgumentError('name at least one check group (dns, tls, http).');
  return list;
}

function shown(path: string, cwd: string): string {
  const r = relative(cwd, path);
  return r && !r.startsWith('..') ? r : path;
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

/** Where the domains come from and what they are checked against: shared by `check` and `records`. */
interface Inputs {
  config: DomainsConfig;
  target: string;
  domains: string[];
  resolvers: ServerAddress[];
  /** The config file the domains came from, when one was read. */
  configPath?: string;
}

/**
 * Loads the config (an explicit `--config` must load; the default may be absent when domains and `--target` are
 * given), the target, the domains and the resolvers.
 * @throws {UsageError} for every problem (exit 2)
 */
function resolveInputs(
  args: readonly string[],
  opts: Record<string, unknown>,
  explicitConfig: boolean,
  io: Io,
  format = 'text',
): Inputs {
  const configPath = String(opts.config);
  let config: DomainsConfig | undefined;
  if (explicitConfig || existsSync(configPath) || args.length === 0 || !opts.target) {
    let res: ReturnType<typeof loadConfig>;
    try {
      res = loadConfig(configPath);
    } catch (err) {
      if (err instanceof ConfigReadError)
        throw new UsageError(
          `${err.message}${args.length === 0 ? ' (or name the domains and --target)' : ''}`,
          'config_unreadable',
        );
      throw err;
    }
    if (!res.config) {
      io.stderr.write(formatProblems(res.problems, configPath, useColor(io.stderr, io.env)));
      if (format === 'github') io.stdout.write(githubProblems(shownProblems(res.problems, io.cwd)));
      throw new UsageError(
        `the config ${configPath} is invalid: fix it first (npx docs-domains validate --config ${configPath})`,
        'config_invalid',
      );
    }
    config = res.config;
  }
  let target: string;
  if (opts.target !== undefined) {
    const t = checkHost(String(opts.target));
    if ('problem' in t) throw new UsageError(`--target "${String(opts.target)}" ${t.problem}`);
    target = t.host;
  } else target = (config as DomainsConfig).platformHost;
  const domains: string[] = [];
  for (const a of args) {
    const h = checkHost(a);
    if ('problem' in h) throw new UsageError(`domain "${a}" ${h.problem}`);
    // The checks would tell the admin to delete the platform's own records (as validate says for a `from`).
    if (h.host === target)
      throw new UsageError(
        `domain "${a}" is the target (the platform host) itself; name your own domains, the ones that point at it`,
      );
    if (!domains.includes(h.host)) domains.push(h.host);
  }
  if (domains.length === 0 && config) {
    domains.push(config.primary);
    for (const r of config.redirects) if (!domains.includes(r.from)) domains.push(r.from);
  }
  const effective: DomainsConfig = config ?? { platformHost: target, primary: domains[0] as string, redirects: [] };
  let resolvers = opts.resolver as ServerAddress[] | undefined;
  if (!resolvers?.length) {
    try {
      resolvers = systemServers();
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  // The same server named twice (or listed twice in resolv.conf) is one resolver: propagation compares distinct ones.
  resolvers = resolvers.filter(
    (r, i, all) => all.findIndex((x) => x.host.toLowerCase() === r.host.toLowerCase() && x.port === r.port) === i,
  );
  return { config: effective, target, domains, resolvers, ...(config ? { configPath } : {}) };
}

/** Problems with their file shown relative to the working directory (annotations need repository paths). */
function shownProblems(problems: readonly Problem[], cwd: string): Problem[] {
  return problems.map((p) => ({ ...p, file: shown(p.file, cwd) }));
}

/** The output format of `validate`/`check`: `--json` means `--format json`. */
function formatOf(opts: Record<string, unknown>): string {
  return opts.json ? 'json' : String(opts.format ?? 'text');
}

/** Options `check` and `records` share: where the config, the target and the DNS servers come from. */
function addCommonOptions(cmd: Command, defaultConfig: string): Command {
  return cmd
    .option('-c, --config <path>', 'the config file (for the domains and the platform host)', defaultConfig)
    .option('--target <host>', 'the CNAME target to compare with (default: platformHost of the config)')
    .option(
      '--resolver <ip[:port]>',
      'a DNS server to ask; repeat for several (IPv6: [::1]:5353). Default: /etc/resolv.conf',
      collect(parseResolver),
    )
    .option(
      '--timeout <ms>',
      'time per DNS server for one question, in ms, shared by the retries; also per TLS handshake and HTTP request',
      positiveInt('--timeout', 600_000),
      2000,
    )
    .option('--retries <n>', 'UDP retransmissions per server and question', positiveInt('--retries', 10, 0), 1);
}

/** Where each configured domain is written in the config, for annotations; empty when it cannot be read. */
function positionsOf(configPath: string | undefined, cwd: string): Map<string, Position> {
  const out = new Map<string, Position>();
  if (!configPath) return out;
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

/**
 * Builds the commander program. `setExit` receives the exit code of the command that ran.
 * @param groups the check groups to offer (default: the registry in core/registry.ts)
 */
export function buildProgram(
  io: Io,
  setExit: (code: number) => void,
  groups: readonly CheckGroup[] = registry,
): Command {
  const program = new Command();
  const defaultConfig = shown(DEFAULT_CONFIG, io.cwd);
  program
    .name('docs-domains')
    .description(
      'Validate the custom-domains config of the docs site, print the DNS records to create, and check DNS, TLS and redirects for each domain.',
    )
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride();

  program
    .command('validate')
    .description(
      'Check the config file: types, required and unknown keys, host names, redirect rules. Problems are reported as file:line:col.',
    )
    .option('-c, --config <path>', 'the config file', defaultConfig)
    .option('--json', 'print {ok, file, problems[{file, line, col, path, message, severity}], config} as JSON')
    .addOption(
      new Option('--format <format>', 'text; json (as --json); github: workflow commands annotating the file')
        .choices(['text', 'json', 'github'])
        .default('text'),
    )
    .addHelpText(
      'after',
      `
Examples:
  npx docs-domains validate
  npx docs-domains validate --config site/domains.yaml --json
  npx docs-domains validate --format github        # in a GitHub Actions step

Exit codes: 0 valid, 1 invalid, 2 usage error or unreadable file.`,
    )
    .action((opts: { config: string; json?: boolean; format?: string }) => {
      let res: ReturnType<typeof loadConfig>;
      try {
        res = loadConfig(opts.config);
      } catch (err) {
        if (err instanceof ConfigReadError) throw new UsageError(err.message, 'config_unreadable');
        throw err;
      }
      const ok = !res.problems.some((p) => p.severity === 'error');
      const format = formatOf(opts);
      if (format === 'json')
        io.stdout.write(
          `${JSON.stringify({ ok, file: opts.config, problems: res.problems, ...(res.config ? { config: res.config } : {}) }, null, 2)}\n`,
        );
      else if (format === 'github')
        io.stdout.write(
          `${githubProblems(shownProblems(res.problems, io.cwd))}${opts.config}: ${ok ? 'valid' : `${res.problems.filter((p) => p.severity === 'error').length} problem(s)`}\n`,
        );
      else io.stdout.write(formatProblems(res.problems, opts.config, useColor(io.stdout, io.env)));
      setExit(ok ? 0 : 1);
    });

  const records = addCommonOptions(
    program
      .command('records')
      .description(
        'Print the DNS records to create for the config: a CNAME per subdomain, ALIAS/ANAME (or the A/AAAA values) for an apex, and the CAA records the CAs need where the zone already restricts CAA.',
      )
      .argument('[domain...]', 'domains (default: the primary and every redirect `from` of the config)'),
    defaultConfig,
  )
    .option(
      '--ca <issuer-domain>',
      `a certificate authority the platform uses; repeat for several (default: ${DEFAULT_CAS.join(', ')})`,
      collect(parseCa),
    )
    .addOption(
      new Option('--format <format>', 'zone: a zone-file snippet; table: a table as DNS providers ask for it')
        .choices(['zone', 'table'])
        .default('zone'),
    )
    .option('--json', 'print {ok, target, records[{domain, name, label, type, ttl, value, use, why}], notes[]}');
  records.addHelpText(
    'after',
    `
Examples:
  npx docs-domains records
  npx docs-domains records --format table
  npx docs-domains records docs.example.com --target petstore-docs.platform-hosting.example.net --json

Exit codes: 0 printed, 2 usage error, unreadable or invalid config.`,
  );
  records.action(async (args: string[], opts: Record<string, unknown>) => {
    const inputs = resolveInputs(args, opts, records.getOptionValueSource('config') === 'cli', io);
    const dns = createResolver(inputs.resolvers, {
      timeoutMs: opts.timeout as number,
      retries: opts.retries as number,
    });
    const cas = (opts.ca as string[] | undefined)?.length ? [...new Set(opts.ca as string[])] : DEFAULT_CAS;
    const plan = await gatherPlan(dns, { target: inputs.target, domains: inputs.domains, cas });
    io.stdout.write(opts.json ? formatPlanJson(plan) : opts.format === 'table' ? formatTable(plan) : formatZone(plan));
    setExit(0);
  });

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
  check.action(async (args: string[], opts: Record<string, unknown>) => {
    const format = formatOf(opts);
    const inputs = resolveInputs(args, opts, check.getOptionValueSource('config') === 'cli', io, format);
    const selected = selectGroups(groups, opts.only as string[] | undefined, opts.skip as string[] | undefined);
    try {
      prepareGroups(selected, opts);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const timeoutMs = opts.timeout as number;
    const ac = new AbortController();
    const onSigint = () => ac.abort();
    process.on('SIGINT', onSigint); // idempotent: a terminal's Ctrl-C also reaches a re-spawned child directly
    const showProgress = opts.progress !== false && Boolean(io.stderr.isTTY) && inputs.domains.length > 1;
    const color = useColor(io.stdout, io.env);
    const runOnce = async (): Promise<Report> => {
      // A fresh resolver per run: its answer cache must not hide a change made while watching.
      const dns: Resolver = createResolver(inputs.resolvers, {
        timeoutMs,
        retries: opts.retries as number,
        signal: ac.signal,
      });
      const report = await runChecks({
        domains: inputs.domains,
        config: inputs.config,
        target: inputs.target,
        resolvers: inputs.resolvers,
        dns,
        timeoutMs,
        options: opts,
        groups: selected,
        concurrency: opts.concurrency as number,
        signal: ac.signal,
        onProgress: showProgress ? (d, t, name) => io.stderr.write(progressLine(d, t, name)) : undefined,
      });
      if (showProgress) io.stderr.write('\r\x1b[2K');
      return report;
    };
    try {
      let report: Report;
      if (opts.watch) {
        const total = opts.timeoutTotal as number;
        const result = await watch({
          runOnce,
          intervalMs: opts.interval as number,
          totalMs: total,
          now: () => Date.now(),
          sleep: sleeper(ac.signal),
          onRound: (round, r, left) => {
            // Progress for people goes to stderr, so stdout holds only the final report (text or JSON).
            let s = `[run ${round}] ${r.domains.length - pending(r).length} of ${r.domains.length} domains pass; next run in ${humanSeconds(Math.round(Math.min(opts.interval as number, left) / 1000))}, ${humanSeconds(Math.round(left / 1000))} left\n`;
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
      else if (format === 'github') io.stdout.write(githubReport(report, positionsOf(inputs.configPath, io.cwd)));
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
  return program;
}

/** The `{ok: false, error: {code, message}}` line `--json` prints on stdout for an exit-2 error. */
function jsonError(code: string, message: string): string {
  return `${JSON.stringify({ ok: false, error: { code, message } }, null, 2)}\n`;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit code. Never calls process.exit.
 * With `--json`, every exit-2 error is also a JSON object on stdout.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let code = 0;
  const help = argv.includes('--help') || argv.includes('-h');
  const json = argv.includes('--json') && !help;
  const github =
    !json && !help && argv.some((a, i) => a === '--format=github' || (a === '--format' && argv[i + 1] === 'github'));
  // Commander writes its own errors to stderr; with --json, stdout gets the same message as an object.
  let commanderMessage = '';
  const errIo: Io = {
    ...io,
    stderr: {
      isTTY: io.stderr.isTTY,
      write: (s: string) => {
        if (s.startsWith('error:')) commanderMessage ||= s.replace(/^error:\s*/, '').trim();
        return io.stderr.write(s);
      },
    },
  };
  const program = buildProgram(errIo, (c) => {
    code = c;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    if (argv.length === 0) {
      program.outputHelp();
      return 2;
    }
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // `--help` and `--version` succeed; help shown because a command is missing (no arguments) is a usage error.
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return 0;
      if (err.code === 'commander.help') return err.exitCode === 0 ? 0 : 2;
      const message = commanderMessage || err.message.replace(/^error:\s*/, '');
      if (json) io.stdout.write(jsonError('usage', message));
      if (github) io.stdout.write(command('error', { title: 'docs-domains' }, message));
      return 2;
    }
    if (err instanceof UsageError) {
      io.stderr.write(`docs-domains: error: ${err.message}\n`);
      if (json) io.stdout.write(jsonError(err.code, err.message));
      // An invalid config was annotated line by line already.
      if (github && err.code !== 'config_invalid')
        io.stdout.write(command('error', { title: 'docs-domains' }, err.message));
      return 2;
    }
    io.stderr.write(`docs-domains: internal error: ${(err as Error).stack ?? String(err)}\n`);
    if (json) io.stdout.write(jsonError('internal', (err as Error).message));
    return 2;
  }
}

/** Entry for tools/bin/docs-domains.mjs. */
export async function run(): Promise<void> {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
}
