/**
 * The result shapes of `docs-domains check`, shared by every check group (dns, tls, http).
 * `--json` prints a {@link Report} exactly.
 */

/** `error` means the check could not determine the answer (timeout, SERVFAIL, REFUSED, connection refused). */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'error';

/** One check of one domain, e.g. `{id: 'cname', status: 'fail', message, action, records}`. */
export interface Check {
  /** Stable identifier: cname, conflict, ttl, apex-alias, caa, propagation, tls, redirect. */
  id: string;
  status: CheckStatus;
  /** What was found, in one or two sentences. */
  message: string;
  /** What to do about it (from the troubleshooting guidance); present when status is not `pass`. */
  action?: string;
  /** The records, certificates or hops the check saw. */
  records?: unknown[];
}

export interface DomainReport {
  domain: string;
  kind: 'apex' | 'subdomain';
  /** False when any check is `fail` or `error`. */
  ok: boolean;
  checks: Check[];
}

export interface Report {
  /** False when any domain is not ok. */
  ok: boolean;
  /** The CNAME target (platform host) the checks compared against. */
  target: string;
  domains: DomainReport[];
}

/** True when no check failed or errored (`warn` is ok). */
export function checksOk(checks: readonly Check[]): boolean {
  return checks.every((c) => c.status === 'pass' || c.status === 'warn');
}
