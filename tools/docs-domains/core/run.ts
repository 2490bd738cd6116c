/**
 * Runs the selected check groups for many domains with bounded parallelism and assembles the {@link Report}.
 * The resolver is injected (tests pass fakes; the CLI passes core/dns/client.ts).
 */
import type { DomainsConfig } from '../config/types.ts';
import type { Resolver, ServerAddress } from './dns/types.ts';
import { confirmKind } from './kind.ts';
import { type Check, type CheckContext, type CheckGroup, checksOk, type DomainReport, type Report } from './types.ts';

/** Input of {@link runChecks}. */
export interface RunInput {
  domains: readonly string[];
  config: DomainsConfig;
  target: string;
  resolvers: readonly ServerAddress[];
  dns: Resolver;
  timeoutMs: number;
  /** Commander's parsed options of `check`; each group builds its typed options from them once per run. */
  options: Readonly<Record<string, unknown>>;
  groups: readonly CheckGroup[];
  /** How many domains are checked at the same time (default 16). */
  concurrency?: number;
  /** Called after each domain (for the progress line). */
  onProgress?: (done: number, total: number, domain: string) => void;
  signal?: AbortSignal;
  /** The time to judge against (default: now). */
  now?: Date;
}

interface Prepared {
  group: CheckGroup;
  options: unknown;
}

/**
 * Builds each group's typed options (once per run).
 * @throws {Error} from a group's `parseOptions` (a usage error)
 */
export function prepareGroups(groups: readonly CheckGroup[], raw: Readonly<Record<string, unknown>>): Prepared[] {
  return groups.map((group) => ({ group, options: group.parseOptions(raw) }));
}

async function checkOne(
  domain: string,
  input: RunInput,
  prepared: readonly Prepared[],
  signal: AbortSignal,
  now: Date,
): Promise<DomainReport> {
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
    now,
    signal,
  };
  // The groups are independent (they share only the caching resolver): run them at the same time, report in order.
  const perGroup = await Promise.all(
    prepared.map(async ({ group, options }): Promise<Check[]> => {
      try {
        return await group.run(ctx, options);
      } catch (err) {
        return [
          {
            id: group.name,
            status: 'error',
            code: 'internal.error',
            message: `The ${group.name} checks stopped with an internal error: ${(err as Error).message}`,
            action: 'Run again; if it persists, report it with the command line you used.',
          },
        ];
      }
    }),
  );
  const checks = perGroup.flat();
  return { domain, kind, ok: checksOk(checks), checks };
}

/**
 * Checks every domain (at most `concurrency` at a time) and returns the report in input order.
 * `ok` is false when any check of any domain is `fail` or `error`.
 * @throws {Error} only from a group's `parseOptions` (before any check runs)
 */
export async function runChecks(input: RunInput): Promise<Report> {
  const signal = input.signal ?? new AbortController().signal;
  const prepared = prepareGroups(input.groups, input.options);
  const now = input.now ?? new Date();
  const out: DomainReport[] = new Array(input.domains.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= input.domains.length) return;
      const d = input.domains[i] as string;
      out[i] = await checkOne(d, input, prepared, signal, now);
      done++;
      input.onProgress?.(done, input.domains.length, d);
    }
  };
  const n = Math.max(1, Math.min(input.concurrency ?? 16, input.domains.length));
  await Promise.all(Array.from({ length: n }, worker));
  return { ok: out.every((d) => d.ok), target: input.target, domains: out };
}
