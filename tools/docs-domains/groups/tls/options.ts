/** The `tls` group's options: where to connect (shared with `http`, core/edge.ts). */
import { EDGE_OPTIONS, type EdgeOptions, parseEdgeOptions } from '../../core/edge.ts';
import type { GroupOption } from '../../core/types.ts';

export type TlsOptions = EdgeOptions;

export const TLS_OPTIONS: readonly GroupOption[] = EDGE_OPTIONS;

/** @throws {Error} when `--ca-file` cannot be read */
export function parseTlsOptions(raw: Readonly<Record<string, unknown>>): TlsOptions {
  return parseEdgeOptions(raw);
}
