/** The `http` group's options: where to connect (shared with `tls`, core/edge.ts) and the port of http:// hops. */
import { parsePort } from '../../core/address.ts';
import { EDGE_OPTIONS, type EdgeOptions, parseEdgeOptions } from '../../core/edge.ts';
import type { GroupOption } from '../../core/types.ts';

export interface HttpOptions extends EdgeOptions {
  /** TCP port of http:// hops (`--http-port`, default 80). */
  httpPort: number;
}

export const HTTP_OPTIONS: readonly GroupOption[] = [
  ...EDGE_OPTIONS,
  {
    flags: '--http-port <port>',
    description: 'TCP port of http:// redirect hops',
    defaultValue: 80,
    parse: parsePort('--http-port'),
  },
];

/** @throws {Error} when `--ca-file` cannot be read */
export function parseHttpOptions(raw: Readonly<Record<string, unknown>>): HttpOptions {
  const httpPort = typeof raw.httpPort === 'number' ? raw.httpPort : 80;
  return { ...parseEdgeOptions(raw), httpPort };
}
