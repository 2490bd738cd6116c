/**
 * The shapes every check group shares: results (`Check`, `DomainReport`, `Report`, printed exactly by `--json`)
 * and the group contract (`CheckGroup`, `CheckContext`). No imports from the groups: they import this file.
 */
import type { DomainsConfig } from '../config/types.ts';
import type { Resolver, ServerAddress } from './dns/types.ts';

/** `error` means the check could not determine the answer (timeout, SERVFAIL, REFUSED, connection refused). */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'error';

/**
 * One check of one domain, e.g. `{id: 'cname', status: 'fail', code: 'cname.mismatch', message, action, records}`.
 * The pure evaluators decide `status`, `code` and `data`; `message` and `action` are rendered from `code` and
 * `data` (each group's `messages.ts`), never the other way round.
 */
export interface Check {
  /** Stable identifier: cname, conflict, ttl, apex-alias, caa, propagation, tls, redirect. */
  id: string;
  status: CheckStatus;
  /** Stable reason code, `<check>.<reason>` (e.g. `caa.critical_unknown_tag`); listed in the README. */
  code: string;
  /** What was found, in one or two sentences. */
  message: string;
  /** What to do about it; present when status is not `pass`. */
  action?: string;
  /** The records to add or delete, each a whole zone-file line to copy (`docs.example.com. 3600 IN CNAME host.`). */
  fix?: FixRecord[];
  /** The facts the message was rendered from (names, values, per-CA verdicts), for scripts. */
  data?: Record<string, unknown>;
  /** The records, certificates or hops the check saw. */
  records?: unknown[];
}

/** One record an action asks for: `add` it, or `delete` it. `record` is a zone-file line, copyable as it is. */
export interface FixRecord {
  op: 'add' | 'delete';
  record: string;
}

export interface DomainReport {
  domain: string;
  kind: 'apex' | 'subdomain';
  /** False when any check is `fail` or `error`. */
  ok: boolean;
  checks: Check[];
}

export interface Report {
  /** False when any domain is not ok. */
  ok: boolean;
  /** The CNAME target (platform host) the checks compared against. */
  target: string;
  domains: DomainReport[];
}

/** True when no check failed or errored (`warn` is ok). */
export function checksOk(checks: readonly Check[]): boolean {
  return checks.every((c) => c.status === 'pass' || c.status === 'warn');
}

/** Everything a group needs to check one domain. Built once per domain by the runner; never mutated by groups. */
export interface CheckContext {
  /** The domain to check: A-labels, lower-case, no trailing dot (e.g. `docs.petstore.example.com`). */
  domain: string;
  /** `apex` (registrable domain, by the Public Suffix List, or a zone apex by its SOA) or `subdomain`. */
  kind: 'apex' | 'subdomain';
  /** The validated config (`site/domains.yaml` or `--config`); `redirects` may be empty. */
  config: DomainsConfig;
  /** The platform host the domain must point at: `--target`, else `config.platformHost`. */
  target: string;
  /** Per-server budget for one DNS question, and the timeout of one connection or request of the other groups (ms). */
  timeoutMs: number;
  /** The DNS servers (`--resolver`, else /etc/resolv.conf), in order. */
  resolvers: readonly ServerAddress[];
  /** A shared, caching resolver over `resolvers` (use it to find the domain's addresses; never throws). */
  dns: Resolver;
  /** The time the run started (certificate validity and propagation estimates are judged against it). */
  now: Date;
  /** Aborted when the run is interrupted; groups should stop their I/O. */
  signal: AbortSignal;
}

/** A command-line option a group adds to `docs-domains check` (commander syntax). */
export interface GroupOption {
  /** e.g. `--port <port>`, `--connect <ip>`, `--ca-file <pem>`. Groups may share an option (same flags). */
  flags: string;
  description: string;
  /** Default value (shown in `--help`). */
  defaultValue?: unknown;
  /** Parses/validates the raw string; throw `Error` with a clear message for a usage error (exit 2). */
  parse?: (value: string, previous: unknown) => unknown;
}

/**
 * One family of checks, with its own typed options `O`.
 * @typeParam O the group's options, built once per run by {@link CheckGroup.parseOptions}
 */
export interface CheckGroup<O = unknown> {
  /** Selector for `--only`/`--skip`: `dns`, `tls`, `http`. */
  name: string;
  /** One line for `--help`. */
  description: string;
  /** Options this group adds to `check`. */
  options?: readonly GroupOption[];
  /**
   * Builds the typed options from commander's parsed values (camel-case keys: `--ca-file` → `caFile`).
   * @throws {Error} with a clear message for a usage error (exit 2)
   */
  parseOptions(raw: Readonly<Record<string, unknown>>): O;
  /**
   * Checks one domain. Must not throw for network problems: report them as checks with status `error`
   * (a throw is turned into one `error` check with id `<name>` by the runner).
   */
  run(ctx: CheckContext, options: O): Promise<Check[]>;
}
