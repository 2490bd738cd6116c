/**
 * The `http` check group for `docs-domains check`: a `redirect` check for each configured redirect whose
 * `from` is the domain (none for the primary). Each probes `https://<from>` and `http://<from>` with a path and
 * a query, follows the hops by hand with header-only requests, and judges them with `evaluate.ts`.
 * It shares `--port`, `--connect` and `--ca-file` with the `tls` group and adds `--http-port`.
 */
import type { CheckContext, CheckGroup } from '../checks/groups.ts';
import type { Check } from '../checks/types.ts';
import { addressFor, parsePort } from '../tls/address.ts';
import { edgeOptions } from '../tls/group.ts';
import { evaluateRedirect, probeUrl } from './evaluate.ts';
import { followRedirects, MAX_HOPS } from './follow.ts';
import { createHopFetch } from './transport.ts';

export const httpGroup: CheckGroup = {
  name: 'http',
  description: `each configured redirect, followed hop by hop (header-only, up to ${MAX_HOPS}) from https:// and http://`,
  options: [
    {
      flags: '--http-port <port>',
      description: 'TCP port of http:// redirect hops',
      defaultValue: 80,
      parse: parsePort('--http-port'),
    },
  ],
  async run(ctx: CheckContext): Promise<Check[]> {
    const redirects = ctx.config.redirects.filter((r) => r.from === ctx.domain);
    if (redirects.length === 0) return [];
    const opts = edgeOptions(ctx.options);
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
      const chains = [
        await followRedirects(probeUrl('https', r.from), fetchHop),
        await followRedirects(probeUrl('http', r.from), fetchHop),
      ];
      checks.push(evaluateRedirect(r, chains));
    }
    return checks;
  },
};
