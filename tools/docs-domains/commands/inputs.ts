/**
 * Where the domains come from and what they are checked against, for `check` and `records`: the options both
 * commands take (`--config`, `--target`, `--resolver`, `--timeout`, `--retries`) and the config, target, domains
 * and resolvers they resolve to.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { checkHost } from '../config/hostname.ts';
import { ConfigReadError, loadConfig } from '../config/load.ts';
import type { DomainsConfig } from '../config/types.ts';
import { parseServer, systemServers } from '../core/dns/servers.ts';
import type { ServerAddress } from '../core/dns/types.ts';
import { githubProblems } from '../report/github.ts';
import { formatProblems, useColor } from '../report/human.ts';
import { argParser, collect, type Io, positiveInt, shownProblems, UsageError } from './shared.ts';

/** The options {@link addCommonOptions} adds, as commander parses them. */
export interface CommonOptions {
  /** `--config`: the config file (default site/domains.yaml). */
  config: string;
  /** `--target`: the platform host to compare with, instead of the config's `platformHost`. */
  target?: string;
  /** `--resolver`, repeatable: the DNS servers to ask instead of /etc/resolv.conf. */
  resolver?: ServerAddress[];
  /** `--timeout`: ms per DNS server for one question (and per TLS handshake and HTTP request). */
  timeout: number;
  /** `--retries`: UDP retransmissions per server and question. */
  retries: number;
}

/** Where the domains come from and what they are checked against. */
export interface Inputs {
  config: DomainsConfig;
  target: string;
  domains: string[];
  resolvers: ServerAddress[];
  /** The config file the domains came from, when one was read. */
  configPath?: string;
}

/** Adds {@link CommonOptions} to a command. */
export function addCommonOptions(cmd: Command, defaultConfig: string): Command {
  return cmd
    .option('-c, --config <path>', 'the config file (for the domains and the platform host)', defaultConfig)
    .option('--target <host>', 'the CNAME target to compare with (default: platformHost of the config)')
    .option(
      '--resolver <ip[:port]>',
      'a DNS server to ask; repeat for several (IPv6: [::1]:5353). Default: /etc/resolv.conf',
      collect(argParser((v: string) => parseServer(v))),
    )
    .option(
      '--timeout <ms>',
      'time per DNS server for one question, in ms, shared by the retries; also per TLS handshake and HTTP request',
      positiveInt('--timeout', 600_000),
      2000,
    )
    .option('--retries <n>', 'UDP retransmissions per server and question', positiveInt('--retries', 10, 0), 1);
}

/**
 * Loads the config (an explicit `--config` must load; the default may be absent when domains and `--target` are
 * given), the target, the domains and the resolvers.
 * @param args the domains named on the command line
 * @param explicitConfig whether `--config` was given on the command line
 * @param format the output format (`github` also annotates an invalid config on stdout)
 * @throws {UsageError} for every problem (exit 2)
 */
export async function resolveInputs(
  args: readonly string[],
  opts: CommonOptions,
  explicitConfig: boolean,
  io: Io,
  format = 'text',
): Promise<Inputs> {
  const configPath = opts.config;
  let config: DomainsConfig | undefined;
  if (explicitConfig || existsSync(configPath) || args.length === 0 || !opts.target) {
    let res: Awaited<ReturnType<typeof loadConfig>>;
    try {
      res = await loadConfig(configPath);
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
    const t = checkHost(opts.target);
    if ('problem' in t) throw new UsageError(`--target "${opts.target}" ${t.problem}`);
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
  let resolvers = opts.resolver;
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
