/**
 * The `tls` check group: one handshake per domain (SNI = the domain), classified by `checks/classify.ts`.
 */
import { addressFor } from '../../core/address.ts';
import type { Check, CheckContext, CheckGroup } from '../../core/types.ts';
import { classifyTls } from './checks/classify.ts';
import { renderTls } from './messages.ts';
import { parseTlsOptions, TLS_OPTIONS, type TlsOptions } from './options.ts';
import { tlsHandshake } from './transport.ts';

export const tlsGroup: CheckGroup<TlsOptions> = {
  name: 'tls',
  description:
    'a TLS handshake with SNI = the domain: certificate served, name covered (RFC 6125), trusted, days to expiry',
  options: TLS_OPTIONS,
  parseOptions: parseTlsOptions,
  async run(ctx: CheckContext, opts: TlsOptions): Promise<Check[]> {
    const addr = await addressFor(ctx.domain, opts.connect, ctx.dns);
    if (!addr.ok)
      return [renderTls({ status: 'error', code: 'tls.no_address', data: { name: ctx.domain, reason: addr.reason } })];
    const observation = await tlsHandshake({
      host: addr.address,
      servername: ctx.domain,
      port: opts.port,
      extraCa: opts.ca,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
    return [
      classifyTls({
        name: ctx.domain,
        target: ctx.target,
        observation,
        now: ctx.now,
        warnDays: opts.warnDays,
        failDays: opts.failDays,
      }),
    ];
  },
};
