/**
 * The `http` check group: a `redirect` check for each configured redirect whose `from` is the domain (none for
 * the primary). Each probes `https://<from>` and `http://<from>` with a path and a query, follows the hops by hand
 * with header-only requests (`follow.ts` over `transport.ts`), and judges them with `checks/evaluate.ts`.
 */
import { addressFor } from '../../core/address.ts';
import type { Check, CheckContext, CheckGroup } from '../../core/types.ts';
import { evaluateRedirect, probeUrl } from './checks/evaluate.ts';
import { followRedirects, MAX_HOPS } from './follow.ts';
import { HTTP_OPTIONS, type HttpOptions, parseHttpOptions } from './options.ts';
import { createHopFetch } from './transport.ts';

export const httpGroup: CheckGroup<HttpOptions> = {
  name: 'http',
  description: `each configured redirect, followed hop by hop (header-only, up to ${MAX_HOPS}) from https:// and http://`,
  options: HTTP_OPTIONS,
  parseOptions: parseHttpOptions,
  async run(ctx: CheckContext, opts: HttpOptions): Promise<Check[]> {
    const redirects = ctx.config.redirects.filter((r) => r.from === ctx.domain);
    if (redirects.length === 0) return [];
    const fetchHop = createHopFetch({
      addressFor: (host) => addressFor(host, opts.connect, ctx.dns),
      httpsPort: opts.port,
      httpPort: opts.httpPort,
      extraCa: opts.ca,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
    const checks: Check[] = [];
    for (const r of redirects) {
      // The two chains are independent: follow them at the same time (the https one first in the report).
      const chains = await Promise.all([
        followRedirects(probeUrl('https', r.from), fetchHop),
        followRedirects(probeUrl('http', r.from), fetchHop),
      ]);
      checks.push(evaluateRedirect(r, chains));
    }
    return checks;
  },
};
