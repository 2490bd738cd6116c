/**
 * Runs the selected check groups for many domains with bounded parallelism and assembles the {@link Report}.
 * The resolver is injected (tests pass fakes; the CLI passes dns/client.ts).
 */
import type { CheckContext, CheckGroup } from '../checks/groups.ts';
import { type Check, checksOk, type DomainReport, type Report } from '../checks/types.ts';
import type { DomainsConfig } from '../config/types.ts';
import type { Resolver, ServerAddress } from '../dns/types.ts';
import { confirmKind } from './kind.ts';

/** Input of {@link runChecks}. */
export interface RunInput {
  domains: readonly string[];
  config: DomainsConfig;
  target: string;
  resolvers: readonly ServerAddress[];
  dns: Resolver;
  cas: readonly string[];
  timeoutMs: number;
  options: Readonly<Record<string, unknown>>;
  groups: readonly CheckGroup[];
  /** How many domains are checked at the same time (default 16). */
  concurrency?: number;
  /** Called after each domain (for the progress line). */
  onProgress?: (done: number, total: number, domain: string) => void;
  signal?: AbortSignal;
}

/** Checks one domain: decides apex/subdomain (PSL + SOA), then runs each group; a group that throws yields one `error` check. */
export async function checkDomain(domain: string, input: RunInput, signal: AbortSignal): Promise<DomainReport> {
  const soa = await input.dns.query(domain, 'SOA');
  const { kind } = confirmKind(domain, soa);
  const ctx: CheckContext = {
    domain,
    kind,
    config: input.config,
    target: input.target,
    timeoutMs: input.timeoutMs,
    resolvers: input.resolvers,
    dns: input.dns,
    cas: input.cas,
    options: input.options,
    signal,
  };
  const checks: Check[] = [];
  for (const g of input.groups) {
    try {
      checks.push(...(await g.run(ctx)));
    } catch (err) {
      checks.push({
        id: g.name,
        status: 'error',
        message: `The ${g.name} checks stopped with an internal error: ${(err as Error).message}`,
        action: 'Run again; if it persists, report it with the command line you used.',
      });
    }
  }
  return { domain, kind, ok: checksOk(checks), checks };
}

/**
 * Checks every domain (at most `concurrency` at a time) and returns the report in input order.
 * `ok` is false when any check of any domain is `fail` or `error`.
 */
export async function runChecks(input: RunInput): Promise<Report> {
  const signal = input.signal ?? new AbortController().signal;
  const out: DomainReport[] = new Array(input.domains.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= input.domains.length) return;
      const d = input.domains[i] as string;
      out[i] = await checkDomain(d, input, signal);
      done++;
      input.onProgress?.(done, input.domains.length, d);
    }
  };
  const n = Math.max(1, Math.min(input.concurrency ?? 16, input.domains.length));
  await Promise.all(Array.from({ length: n }, worker));
  return { ok: out.every((d) => d.ok), target: input.target, domains: out };
}
