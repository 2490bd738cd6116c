/**
 * The registry of check groups that `docs-domains check` runs for each domain.
 *
 * A group is one family of checks (`dns` here; `tls` and `http` are added by their own folders):
 * it gets a {@link CheckContext} per domain and returns its {@link Check} results. To add a group,
 * write `tools/docs-domains/<group>/group.ts` exporting a {@link CheckGroup} and add it to {@link groups};
 * its command-line options go in its `options` (cli.ts adds them to `check` and passes the parsed values
 * back in `ctx.options`). `--only`/`--skip` select groups by `name`.
 */
import type { DomainsConfig } from '../config/types.ts';
import type { Resolver, ServerAddress } from '../dns/types.ts';
import { httpGroup } from '../redirect/group.ts';
import { dnsGroup } from '../runner/dns-group.ts';
import { tlsGroup } from '../tls/group.ts';
import type { Check } from './types.ts';

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
  /** Per-server budget for one DNS question, and the timeout other groups should use per connection/request (ms). */
  timeoutMs: number;
  /** The DNS servers (`--resolver`, else /etc/resolv.conf), in order. */
  resolvers: readonly ServerAddress[];
  /** A shared, caching resolver over `resolvers` (use it to find the domain's addresses; never throws). */
  dns: Resolver;
  /** Issuer domains of the certificate authorities (`--ca`, default `letsencrypt.org`). */
  cas: readonly string[];
  /** All parsed options of `check` (commander's `opts()`), including those a group declared in `options`. */
  options: Readonly<Record<string, unknown>>;
  /** Aborted when the run is interrupted; groups should stop their I/O. */
  signal: AbortSignal;
}

/** A command-line option a group adds to `docs-domains check` (commander syntax). */
export interface GroupOption {
  /** e.g. `--port <port>`, `--connect <ip>`, `--ca-file <pem>`. */
  flags: string;
  description: string;
  /** Default value (shown in `--help`). */
  defaultValue?: unknown;
  /** Parses/validates the raw string; throw `Error` with a clear message for a usage error (exit 2). */
  parse?: (value: string, previous: unknown) => unknown;
}

/** One family of checks. */
export interface CheckGroup {
  /** Selector for `--only`/`--skip`: `dns`, `tls`, `http`. */
  name: string;
  /** One line for `--help`. */
  description: string;
  /** Options this group adds to `check`. */
  options?: readonly GroupOption[];
  /**
   * Checks one domain. Must not throw for network problems: report them as checks with status `error`
   * (a throw is turned into one `error` check with id `<name>` by the runner).
   */
  run(ctx: CheckContext): Promise<Check[]>;
}

/** Every available group, in report order. */
export const groups: readonly CheckGroup[] = [dnsGroup, tlsGroup, httpGroup];
