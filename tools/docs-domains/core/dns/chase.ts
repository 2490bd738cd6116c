/**
 * Following a CNAME chain across answers. A recursive resolver returns the whole chain and the records at its end
 * in one answer; an authoritative server (a `--resolver` pointing at a zone's own name server) stops at the edge
 * of its zones, so the chain's end is asked again. Pure logic over the injected {@link Resolver}.
 */
import { cnameChain, normName } from './message.ts';
import type { DnsResult, Resolver } from './types.ts';

/** CNAMEs followed across answers before giving up (a loop or a very long chain). */
const MAX_CHASE = 8;

/**
 * Asks `type` at `host` and, when the answer stops at a CNAME whose target it does not cover (an authoritative
 * server answering for its own zone only), asks again at the chain's end, up to {@link MAX_CHASE} times.
 * @returns the last lookup and the names of the chain, starting with `host`; never throws
 */
export async function resolveThroughCnames(
  dns: Resolver,
  host: string,
  type: 'A' | 'AAAA',
): Promise<{ result: DnsResult; chain: string[] }> {
  const chain = [normName(host)];
  let result = await dns.query(host, type);
  for (let hop = 0; hop < MAX_CHASE; hop++) {
    if (result.outcome !== 'nodata') break;
    const links = cnameChain(result.answers, chain[chain.length - 1] as string).slice(1);
    if (links.length === 0 || links.some((l) => chain.includes(l))) break;
    chain.push(...links);
    const end = chain[chain.length - 1] as string;
    if (result.answers.some((a) => a.type === type && a.name === end)) break;
    result = await dns.query(end, type);
  }
  return { result, chain };
}
