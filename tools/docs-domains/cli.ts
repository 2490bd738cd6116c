/**
 * `docs-domains`: validate the domains config and check DNS (and, through more check groups, TLS and redirects)
 * of the custom domains of the documentation site. Run it with `npx docs-domains` (tools/bin/docs-domains.mjs).
 *
 * Exit codes: 0 valid / every check pass or warn; 1 invalid config (`validate`) or a check `fail`/`error` (`check`);
 * 2 usage error, unreadable file, or an invalid config given to `check`.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { type CheckGroup, groups as registry } from './checks/groups.ts';
import { checkHost } from './config/hostname.ts';
import { ConfigReadError, DEFAULT_CONFIG, loadConfig } from './config/load.ts';
import type { DomainsConfig } from './config/types.ts';
import { createResolver } from './dns/client.ts';
import { parseServer, systemServers } from './dns/servers.ts';
import type { ServerAddress } from './dns/types.ts';
import { formatJson, formatProblems, formatReport, progressLine, useColor } from './report/human.ts';
import { runChecks } from './runner/run.ts';

/** Where the CLI writes and what it reads from the environment (injected so tests can run it in-process). */
export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** A usage error: printed as `docs-domains: error: ...`, exit 2. */
class UsageError extends Error {}

const DEFAULT_CAS = ['letsencrypt.org'];

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

function parseCa(v: string): string {
  if (v.endsWith('.'))
    throw new InvalidArgumentError(
      `"${v}": write the issuer domain without the trailing dot (CAs compare it exactly).`,
    );
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(v)) {
    throw new InvalidArgumentError(`"${v}" is not an issuer domain such as letsencrypt.org or pki.goog.`);
  }
  // A CA's identity is its domain name, which it compares in lower case: --ca LetsEncrypt.org means letsencrypt.org
  // (and must not make the tool ask for an issue "LetsEncrypt.org" record that Let's Encrypt would not accept).
  return v.toLowerCase();
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

/**
 * Builds the commander program. `exit` receives the exit code of the command that ran.
 * @param groups the check groups to offer (default: the registry in checks/groups.ts)
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
      'Validate the custom-domains config of the docs site and check DNS, TLS and redirects for each domain.',
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
    .addHelpText(
      'after',
      `
Examples:
  npx docs-domains validate
  npx docs-domains validate --config site/domains.yaml --json

Exit codes: 0 valid, 1 invalid, 2 usage error or unreadable file.`,
    )
    .action((opts: { config: string; json?: boolean }) => {
      let res: ReturnType<typeof loadConfig>;
      try {
        res = loadConfig(opts.config);
      } catch (err) {
        if (err instanceof ConfigReadError) throw new UsageError(err.message);
        throw err;
      }
      const ok = !res.problems.some((p) => p.severity === 'error');
      if (opts.json)
        io.stdout.write(
          `${JSON.stringify({ ok, file: opts.config, problems: res.problems, ...(res.config ? { config: res.config } : {}) }, null, 2)}\n`,
        );
      else io.stdout.write(formatProblems(res.problems, opts.config, useColor(io.stdout, io.env)));
      setExit(ok ? 0 : 1);
    });

  const check = program
    .command('check')
    .description(
      'Check DNS, TLS and redirects for the given domains (default: the primary and every redirect `from` of the config).',
    )
    .argument('[domain...]', 'domains to check (host names; internationalized names are converted to A-labels)')
    .option('-c, --config <path>', 'the config file (for the domains and the platform host)', defaultConfig)
    .option('--target <host>', 'the CNAME target to compare with (default: platformHost of the config)')
    .option(
      '--resolver <ip[:port]>',
      'a DNS server to ask; repeat for several (IPv6: [::1]:5353). Default: /etc/resolv.conf',
      collect(parseResolver),
    )
    .option(
      '--ca <issuer-domain>',
      `a certificate authority's CAA issuer domain; repeat for several (default: ${DEFAULT_CAS.join(', ')})`,
      collect(parseCa),
    )
    .option(
      '--timeout <ms>',
      'time per DNS server for one question, in ms, shared by the retries; also per TLS handshake and HTTP request',
      positiveInt('--timeout', 600_000),
      2000,
    )
    .option('--retries <n>', 'UDP retransmissions per server and question', positiveInt('--retries', 10, 0), 1)
    .option('--concurrency <n>', 'domains checked at the same time', positiveInt('--concurrency', 256), 16)
    .option(
      '--only <groups>',
      `run only these check groups (comma list of ${groups.map((g) => g.name).join(', ')})`,
      groupList,
    )
    .option('--skip <groups>', 'skip these check groups (comma list)', groupList)
    .option(
      '--json',
      'print the report as JSON: {ok, target, domains[{domain, kind, ok, checks[{id, status, message, action?, records?}]}]}',
    )
    .option('--no-progress', 'do not show progress on stderr');
  // Options the check groups declare (tls: --port, --connect, --ca-file; http: ...).
  for (const g of groups) {
    for (const o of g.options ?? []) {
      const opt = new Option(o.flags, `[${g.name}] ${o.description}`);
      if (o.defaultValue !== undefined) opt.default(o.defaultValue);
      if (o.parse) {
        const parse = o.parse;
        opt.argParser((v: string, prev: unknown) => {
          try {
            return parse(v, prev);
          } catch (err) {
            throw new InvalidArgumentError((err as Error).message);
          }
        });
      }
      check.addOption(opt);
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
  npx docs-domains check --only tls,http --connect 192.0.2.10
  npx docs-domains check docs.example.com --only tls --port 8443 --ca-file test-root.pem

Exit codes: 0 no check failed or errored (warn is ok), 1 some check failed or errored, 2 usage or config error.`,
  );
  check.action(async (args: string[], opts: Record<string, unknown>) => {
    // The config: explicit --config must load; the default may be absent when domains and --target are given.
    const configPath = String(opts.config);
    const explicitConfig = check.getOptionValueSource('config') === 'cli';
    let config: DomainsConfig | undefined;
    if (explicitConfig || existsSync(configPath) || args.length === 0 || !opts.target) {
      let res: ReturnType<typeof loadConfig>;
      try {
        res = loadConfig(configPath);
      } catch (err) {
        if (err instanceof ConfigReadError)
          throw new UsageError(`${err.message}${args.length === 0 ? ' (or name the domains and --target)' : ''}`);
        throw err;
      }
      if (!res.config) {
        io.stderr.write(formatProblems(res.problems, configPath, useColor(io.stderr, io.env)));
        throw new UsageError(
          `the config ${configPath} is invalid: fix it first (npx docs-domains validate --config ${configPath})`,
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
    const selected = selectGroups(groups, opts.only as string[] | undefined, opts.skip as string[] | undefined);
    const cas = (opts.ca as string[] | undefined)?.length ? (opts.ca as string[]) : DEFAULT_CAS;
    const timeoutMs = opts.timeout as number;
    const ac = new AbortController();
    const onSigint = () => ac.abort();
    process.on('SIGINT', onSigint); // idempotent: a terminal's Ctrl-C also reaches a re-spawned child directly
    const dns = createResolver(resolvers, { timeoutMs, retries: opts.retries as number, signal: ac.signal });
    const showProgress = opts.progress !== false && Boolean(io.stderr.isTTY) && domains.length > 1;
    try {
      const report = await runChecks({
        domains,
        config: effective,
        target,
        resolvers,
        dns,
        cas,
        timeoutMs,
        options: opts,
        groups: selected,
        concurrency: opts.concurrency as number,
        signal: ac.signal,
        onProgress: showProgress ? (d, t, name) => io.stderr.write(progressLine(d, t, name)) : undefined,
      });
      if (showProgress) io.stderr.write('\r\x1b[2K');
      io.stdout.write(opts.json ? formatJson(report) : formatReport(report, useColor(io.stdout, io.env)));
      setExit(ac.signal.aborted ? 130 : report.ok ? 0 : 1);
    } finally {
      process.removeListener('SIGINT', onSigint);
    }
  });
  return program;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and returns the exit code. Never calls process.exit.
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  let code = 0;
  const program = buildProgram(io, (c) => {
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
      return 2;
    }
    if (err instanceof UsageError) {
      io.stderr.write(`docs-domains: error: ${err.message}\n`);
      return 2;
    }
    io.stderr.write(`docs-domains: internal error: ${(err as Error).stack ?? String(err)}\n`);
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
