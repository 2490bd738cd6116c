// A CheckContext for calling the tls/http groups directly (no CLI), with a resolver that answers nothing:
// the tests pin every connection with `connect: '127.0.0.1'`.
import type { CheckContext } from '../../tools/docs-domains/checks/groups.ts';
import type { DomainsConfig } from '../../tools/docs-domains/config/types.ts';
import type { DnsResult, QueryType, Resolver, ServerAddress } from '../../tools/docs-domains/dns/types.ts';

const noDns: Resolver = {
  servers: [],
  async query(name: string, type: QueryType): Promise<DnsResult> {
    return {
      server: 'none',
      name,
      type,
      outcome: 'error',
      answers: [],
      authorities: [],
      authoritative: false,
      error: 'no resolver in this test',
    };
  },
  async queryServer(_s: ServerAddress, name: string, type: QueryType): Promise<DnsResult> {
    return this.query(name, type);
  },
};

export function context(
  domain: string,
  config: DomainsConfig,
  options: Record<string, unknown>,
  timeoutMs = 3000,
): CheckContext {
  return {
    domain,
    kind: 'subdomain',
    config,
    target: config.platformHost,
    timeoutMs,
    resolvers: [],
    dns: noDns,
    cas: ['letsencrypt.org'],
    options,
    signal: new AbortController().signal,
  };
}
