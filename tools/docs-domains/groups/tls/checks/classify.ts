/**
 * The `tls` check: classifies what one TLS handshake saw (pure, no I/O; the handshake is in `../transport.ts`).
 *
 * Source of the rules: the troubleshooting table of the domains procedure
 * (tools/docs-domains/README.md, rows "SSL certificate not provisioned after 30 minutes" and
 * "Browser reports a non-private connection"); name matching per RFC 6125 §6.4 (`names.ts`); validity per
 * RFC 5280 §4.1.2.5. The order of the rules and the "not provisioned" rule are described in `README.md`.
 */
import { getDomain } from 'tldts';
import type { Check } from '../../../core/types.ts';
import { renderTls, type TlsCode } from '../messages.ts';
import { coveringName, toALabel } from './names.ts';

/** One certificate of the served chain, as plain data (`../transport.ts` fills it from `X509Certificate`). */
export interface CertificateFacts {
  /** Subject DN, e.g. `CN=docs.example.com, O=Example`. */
  subject: string;
  /** Issuer DN, e.g. `CN=R11, O=Let's Encrypt, C=US`. */
  issuer: string;
  /** The subjectAltName `dNSName` entries, as written. */
  dnsNames: string[];
  /** Start of validity, ISO 8601. */
  notBefore: string;
  /** End of validity, ISO 8601. */
  notAfter: string;
  /** Issued by its own key (subject = issuer and the signature verifies with its own public key). */
  selfSigned: boolean;
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint256: string;
}

/** What the handshake saw: a certificate chain, or a failure before one arrived. */
export type TlsObservation =
  | {
      kind: 'handshake';
      /** The address and port connected to (`--connect` or the resolved name). */
      address: string;
      port: number;
      /** Negotiated protocol, e.g. `TLSv1.3`. */
      protocol: string | null;
      /** The served chain, leaf first; empty when the server sent no certificate. */
      chain: CertificateFacts[];
      /**
       * Node's `socket.authorizationError` code for the chain (e.g. `CERT_HAS_EXPIRED`,
       * `DEPTH_ZERO_SELF_SIGNED_CERT`, `UNABLE_TO_GET_ISSUER_CERT_LOCALLY`); undefined when the chain verified.
       * Host-name checking is left to this module, so it never holds `ERR_TLS_CERT_ALTNAME_INVALID`.
       */
      authorizationError?: string;
    }
  | {
      kind: 'failed';
      address: string;
      port: number;
      /** A Node error code (`ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`, `ERR_SSL_...`) or `ETIMEDOUT`. */
      code: string;
      /** Node's error message. */
      detail: string;
      /** How long the handshake was allowed, ms (for the timeout message). */
      timeoutMs: number;
    };

export interface TlsClassifyInput {
  /** The domain checked (the SNI name). */
  name: string;
  /** The platform host (CNAME target); a certificate for it or its domain is the platform's default one. */
  target?: string;
  observation: TlsObservation;
  /** The time to judge validity against. */
  now: Date;
  /** Warn when the certificate expires within this many days (default {@link NEAR_EXPIRY_DAYS}). */
  warnDays?: number;
  /** Fail when it expires within this many days (default {@link FAIL_EXPIRY_DAYS}). */
  failDays?: number;
}

const DAY_MS = 86_400_000;
/** Warn when fewer days than this remain, or less than a third of the lifetime for short-lived certificates. */
export const NEAR_EXPIRY_DAYS = 14;
/** Fail when fewer days than this remain: renewal is stuck and visitors will soon see an error. */
export const FAIL_EXPIRY_DAYS = 3;

/** `CN=R11, O=Let's Encrypt, C=US` → `R11 (Let's Encrypt)`; falls back to the whole DN. */
export function shortDn(dn: string): string {
  const part = (key: string) => dn.match(new RegExp(`(?:^|, )${key}=([^,]+)`))?.[1];
  const cn = part('CN');
  const o = part('O');
  if (cn && o && o !== cn) return `${cn} (${o})`;
  return cn ?? o ?? dn;
}

/**
 * True when a certificate that does not cover `name` is the platform's default certificate: one of its DNS
 * names covers the platform host, or shares the platform host's registrable domain (`*.platform.example` while
 * the target is `proxy.platform.example`). Without a target this cannot be told, and it returns false.
 */
export function isPlatformDefault(dnsNames: readonly string[], target: string | undefined): boolean {
  if (!target) return false;
  const t = toALabel(target);
  const targetDomain = getDomain(t);
  if (coveringName(t, dnsNames)) return true;
  if (!targetDomain) return false;
  return dnsNames.some((n) => getDomain(n.replace(/^\*\./, '').toLowerCase()) === targetDomain);
}

/** OpenSSL verification codes that mean "the chain does not lead to a trusted root", with what each says. */
const UNTRUSTED_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self_signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted_root',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknown_issuer',
  UNABLE_TO_GET_ISSUER_CERT: 'unknown_issuer',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknown_issuer',
  CERT_UNTRUSTED: 'untrusted_root',
  CERT_SIGNATURE_FAILURE: 'bad_signature',
  CERT_REVOKED: 'revoked',
  INVALID_CA: 'not_a_ca',
  CERT_CHAIN_TOO_LONG: 'too_long',
};

/** Server alerts that mean "no certificate for this SNI name" (platforms abort instead of serving a default). */
const NO_CERT_ALERTS =
  /^ERR_SSL_(?:SSLV3_ALERT_HANDSHAKE_FAILURE|SSL\/TLS_ALERT_HANDSHAKE_FAILURE|TLSV1_UNRECOGNIZED_NAME|TLSV1_ALERT_UNRECOGNIZED_NAME|TLSV1_ALERT_INTERNAL_ERROR)$/;

/** The wildcard among `dnsNames` that a reader would expect to cover `name` but does not (one label only, RFC 6125 §6.4.3). */
function nearWildcard(name: string, dnsNames: readonly string[]): string | undefined {
  const n = toALabel(name);
  return dnsNames.find((d) => {
    if (!d.startsWith('*.')) return false;
    const base = d.slice(2).toLowerCase();
    return n === base || n.endsWith(`.${base}`);
  });
}

/**
 * Classifies one handshake into the `tls` check.
 *
 * Order (the first that applies decides): handshake failure → `error` (or `fail` not provisioned when the
 * server refused the name with a TLS alert); no certificate → `fail`; untrusted self-signed leaf → `fail` not
 * provisioned; name not covered → `fail` not provisioned when the certificate is the platform's default one
 * ({@link isPlatformDefault}), else `fail` name (or wildcard) mismatch; expired → `fail`; not yet valid → `fail`;
 * untrusted chain → `fail`; fewer than `failDays` left (or less than a sixth of the lifetime) → `fail`; fewer than `warnDays` left (or less than a third
 * of the lifetime for certificates that live under 42 days) → `warn`; else `pass`.
 *
 * @returns a Check with id `tls` and a `tls.*` code; `records` lists the served chain, leaf first, with `daysLeft`
 *   (whole days, rounded down, negative once expired) and, on the leaf, the address, port, protocol and
 *   verification code.
 */
export function classifyTls(input: TlsClassifyInput): Check {
  const { name, observation: o, now } = input;
  const finish = (status: Check['status'], code: TlsCode, data: Record<string, unknown>, records?: unknown[]) =>
    renderTls({ status, code, data: { name, ...data }, ...(records ? { records } : {}) });

  if (o.kind === 'failed') {
    const records = [{ address: o.address, port: o.port, error: o.code }];
    const where = { address: o.address, port: o.port, errorCode: o.code };
    if (NO_CERT_ALERTS.test(o.code)) return finish('fail', 'tls.handshake_refused', where, records);
    return finish('error', 'tls.connection_failed', { ...where, detail: o.detail, timeoutMs: o.timeoutMs }, records);
  }

  const records = o.chain.map((c, i) => ({
    role: i === 0 ? 'leaf' : c.selfSigned ? 'root' : 'intermediate',
    subject: c.subject,
    issuer: c.issuer,
    san: c.dnsNames,
    notBefore: c.notBefore,
    notAfter: c.notAfter,
    daysLeft: Math.floor((Date.parse(c.notAfter) - now.getTime()) / DAY_MS),
    selfSigned: c.selfSigned,
    fingerprint256: c.fingerprint256,
    ...(i === 0
      ? { address: o.address, port: o.port, protocol: o.protocol, verifyError: o.authorizationError ?? null }
      : {}),
  }));
  const leaf = o.chain[0];
  if (!leaf) return finish('fail', 'tls.no_certificate', { address: o.address, port: o.port }, records);

  const facts = {
    issuer: shortDn(leaf.issuer),
    subject: shortDn(leaf.subject),
    san: leaf.dnsNames,
    notBefore: leaf.notBefore,
    notAfter: leaf.notAfter,
  };
  const covering = coveringName(name, leaf.dnsNames);
  const untrusted = o.authorizationError !== undefined;

  if (leaf.selfSigned && untrusted) return finish('fail', 'tls.self_signed', facts, records);

  if (!covering) {
    if (isPlatformDefault(leaf.dnsNames, input.target))
      return finish('fail', 'tls.platform_default', { ...facts, target: input.target }, records);
    const cn = /(?:^|, )CN=([^,]+)/.exec(leaf.subject)?.[1];
    const cnOnly = Boolean(cn && leaf.dnsNames.length === 0 && toALabel(cn) === toALabel(name));
    const wildcard = nearWildcard(name, leaf.dnsNames);
    if (wildcard) return finish('fail', 'tls.wildcard_mismatch', { ...facts, wildcard }, records);
    return finish('fail', 'tls.name_mismatch', { ...facts, cnOnly }, records);
  }

  const msLeft = Date.parse(leaf.notAfter) - now.getTime();
  const timing = { ...facts, msLeft, covering, via: covering.toLowerCase() === toALabel(name) ? null : covering };
  if (msLeft <= 0) return finish('fail', 'tls.expired', timing, records);
  if (Date.parse(leaf.notBefore) > now.getTime())
    return finish(
      'fail',
      'tls.not_yet_valid',
      { ...timing, msUntilValid: Date.parse(leaf.notBefore) - now.getTime() },
      records,
    );
  if (untrusted) {
    const verifyError = o.authorizationError ?? '';
    return finish(
      'fail',
      'tls.untrusted_issuer',
      { ...timing, verifyError, why: UNTRUSTED_CODES[verifyError] ?? 'unverified' },
      records,
    );
  }
  const failDays = input.failDays ?? FAIL_EXPIRY_DAYS;
  const warnDays = input.warnDays ?? NEAR_EXPIRY_DAYS;
  const lifetime = Date.parse(leaf.notAfter) - Date.parse(leaf.notBefore);
  // Short-lived certificates renew late in their life: both thresholds scale down with the lifetime.
  if (msLeft < Math.min(failDays * DAY_MS, lifetime / 6))
    return finish('fail', 'tls.expires_very_soon', { ...timing, failDays }, records);
  if (msLeft < Math.min(warnDays * DAY_MS, lifetime / 3))
    return finish('warn', 'tls.expires_soon', { ...timing, warnDays }, records);
  return finish('pass', 'tls.valid', timing, records);
}
