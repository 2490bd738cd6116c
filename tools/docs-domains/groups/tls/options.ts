/** The `tls` group's options: where to connect (shared with `http`, core/edge.ts) and the expiry thresholds. */
import { EDGE_OPTIONS, type EdgeOptions, parseEdgeOptions } from '../../core/edge.ts';
import type { GroupOption } from '../../core/types.ts';
import { FAIL_EXPIRY_DAYS, NEAR_EXPIRY_DAYS } from './checks/classify.ts';

export interface TlsOptions extends EdgeOptions {
  /** Warn when the certificate expires within this many days (`--expiry-warn-days`, default 14). */
  warnDays: number;
  /** Fail when it expires within this many days (`--expiry-fail-days`, default 3). */
  failDays: number;
}

const days = (flag: string) => (v: string) => {
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 365) throw new Error(`${flag} ${v}: a whole number of days from 0 to 365`);
  return n;
};

export const TLS_OPTIONS: readonly GroupOption[] = [
  ...EDGE_OPTIONS,
  {
    flags: '--expiry-warn-days <days>',
    description: 'warn when the certificate expires within this many days',
    defaultValue: NEAR_EXPIRY_DAYS,
    parse: days('--expiry-warn-days'),
  },
  {
    flags: '--expiry-fail-days <days>',
    description: 'fail when the certificate expires within this many days (a stuck renewal)',
    defaultValue: FAIL_EXPIRY_DAYS,
    parse: days('--expiry-fail-days'),
  },
];

/** @throws {Error} when `--ca-file` cannot be read, or the fail threshold is above the warn threshold */
export function parseTlsOptions(raw: Readonly<Record<string, unknown>>): TlsOptions {
  const warnDays = typeof raw.expiryWarnDays === 'number' ? raw.expiryWarnDays : NEAR_EXPIRY_DAYS;
  const failDays = typeof raw.expiryFailDays === 'number' ? raw.expiryFailDays : FAIL_EXPIRY_DAYS;
  if (failDays > warnDays)
    throw new Error(`--expiry-fail-days ${failDays} is above --expiry-warn-days ${warnDays}: fail must come later`);
  return { ...parseEdgeOptions(raw), warnDays, failDays };
}
