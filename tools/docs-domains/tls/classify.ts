/**
 * The `tls` check: classifies what one TLS handshake saw (pure, no I/O; the handshake is in `handshake.ts`).
 *
 * Source of the rules: the troubleshooting table of the domains procedure
 * (`shared/reference/petstore-api-spec.md` §1, rows "SSL certificate not provisioned after 30 minutes" and
 * "Browser reports a non-private connection"); name matching per RFC 6125 §6.4 (`names.ts`); validity per
 * RFC 5280 §4.1.2.5. The order of the rules and the "not provisioned" rule are described in `README.md`.
 */
import { getDomain } from 'tldts';
import type { Check } from '../checks/types.ts';
import { coveringName, toALabel } from './names.ts';

/** One certificate of the served chain, as plain data (`handshake.ts` fills it from `X509Certificate`). */
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
}

const DAY_MS = 86_400_000;
/** Warn when fewer days than this remain (issue 6), or less than a third of the lifetime for short-lived certs. */
export const NEAR_EXPIRY_DAYS = 14;

/** "Not provisioned yet": the steps of the troubleshooting row "SSL certificate not provisioned after 30 minutes". */
export const ACTION_NOT_PROVISIONED =
  'The platform issues the certificate automatically after verification, usually within minutes. ' +
  'Confirm the domain still verifies (the `cname` or `apex-alias` check passes and `conflict` finds nothing), ' +
  'check that CAA records do not block the certificate authority (the `caa` check), then choose Re-verify in ' +
  'Project settings → Domains to trigger a fresh attempt. If a browser still reports a non-private connection ' +
  'after this check passes, it cached the old certificate: wait a few minutes, then retry in a private window.';

export const ACTION_MISMATCH =
  'This name reaches a server that holds a certificate for other names: usually DNS still points at a previous ' +
  'host or another server of yours. Confirm the domain still verifies (the `cname` or `apex-alias` check passes ' +
  'and `conflict` finds no leftover A/AAAA record; with --connect, that the address is the platform), then choose ' +
  'Re-verify in Project settings → Domains. If only your browser shows this certificate, it cached an old one: ' +
  'retry in a private window.';

export const ACTION_EXPIRED =
  'Certificates are renewed automatically, so renewal has failed; it needs the domain to still verify and CAA ' +
  'to allow the certificate authority. Confirm the domain still verifies (`cname`/`apex-alias`, `conflict`), ' +
  'check CAA with the `caa` check, then choose Re-verify in Project settings → Domains. If this check passes but ' +
  'a browser still reports a non-private connection, it cached the old certificate: retry in a private window.';

export const ACTION_NOT_YET_VALID =
  "Check this computer's clock. If it is right, the certificate was issued with a future start date: wait, " +
  'or choose Re-verify in Project settings → Domains to trigger a fresh certificate.';

export const ACTION_UNTRUSTED =
  'Browsers will refuse this certificate. If the domain uses a private or test CA, pass its root with ' +
  '--ca-file PEM. Otherwise the server sends an incomplete chain or a certificate from an untrusted (for example ' +
  'staging) CA: confirm the domain still verifies, check CAA with the `caa` check, then choose Re-verify in ' +
  'Project settings → Domains to trigger a fresh certificate.';

export const ACTION_NEAR_EXPIRY =
  'Certificates are renewed automatically well before they expire; one this close to expiry means renewal is ' +
  'not succeeding. Confirm the domain still verifies (`cname`/`apex-alias`, `conflict`), check CAA with the ' +
  '`caa` check, and choose Re-verify in Project settings → Domains.';

/** OpenSSL verification codes that mean "the chain does not lead to a trusted root". */
const UNTRUSTED_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the issuer is not a trusted root and no intermediate leads to one',
  UNABLE_TO_GET_ISSUER_CERT: 'the issuer certificate is missing',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the leaf signature cannot be verified (incomplete chain)',
  CERT_UNTRUSTED: 'the root is not trusted',
  CERT_SIGNATURE_FAILURE: 'a signature in the chain does not verify',
  CERT_REVOKED: 'the certificate is revoked',
  INVALID_CA: 'an issuer in the chain is not a CA',
  CERT_CHAIN_TOO_LONG: 'the chain is too long',
};

/** Server alerts that mean "no certificate for this SNI name" (platforms abort instead of serving a default). */
const NO_CERT_ALERTS =
  /^ERR_SSL_(?:SSLV3_ALERT_HANDSHAKE_FAILURE|SSL\/TLS_ALERT_HANDSHAKE_FAILURE|TLSV1_UNRECOGNIZED_NAME|TLSV1_ALERT_UNRECOGNIZED_NAME|TLSV1_ALERT_INTERNAL_ERROR)$/;

/** `CN=R11, O=Let's Encrypt, C=US` → `R11 (Let's Encrypt)`; falls back to the whole DN. */
export function shortDn(dn: string): string {
  const part = (key: string) => dn.match(new RegExp(`(?:^|, )${key}=([^,]+)`))?.[1];
  const cn = part('CN');
  const o = part('O');
  if (cn && o && o !== cn) return `${cn} (${o})`;
  return cn ?? o ?? dn;
}

function isoDate(iso: string): string {
  return iso.slice(0, 10);
}

function daysLeft(cert: CertificateFacts, now: Date): number {
  return Math.floor((Date.parse(cert.notAfter) - now.getTime()) / DAY_MS);
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

function failureMessage(name: string, o: Extract<TlsObservation, { kind: 'failed' }>): string {
  const where = `${o.address}:${o.port}`;
  switch (o.code) {
    case 'ECONNREFUSED':
      return `Could not connect to ${where} for ${name}: connection refused (nothing listens on port ${o.port}).`;
    case 'ETIMEDOUT':
      return `No TLS answer from ${where} for ${name} within ${o.timeoutMs} ms (timeout).`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `The connection to ${where} was reset during the TLS handshake for ${name} (${o.code}).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${name} does not resolve on this machine (${o.code}), so no TLS handshake was possible.`;
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
      return `${where} did not answer with TLS for ${name} (${o.code}): is port ${o.port} plain HTTP?`;
    default:
      return `The TLS handshake with ${where} for ${name} failed: ${o.detail} (${o.code}).`;
  }
}

const ACTION_CONNECT =
  'Check that the name resolves to the platform (the `cname` or `apex-alias` check), or the --connect and ' +
  '--port values, then run the check again. If the domain was attached minutes ago, wait a few minutes.';

/**
 * Classifies one handshake into the `tls` check.
 *
 * Order (the first that applies decides): handshake failure → `error` (or `fail` "not provisioned" when the
 * server refused the name with a TLS alert); no certificate → `fail` not provisioned; untrusted self-signed leaf →
 * `fail` not provisioned; name not covered → `fail` not provisioned when the certificate is the platform's
 * default one ({@link isPlatformDefault}), else `fail` name mismatch; expired → `fail`; not yet valid → `fail`;
 * untrusted chain → `fail`; fewer than {@link NEAR_EXPIRY_DAYS} days left (or less than a third of the lifetime
 * for certificates that live under 42 days) → `warn`; else `pass`.
 *
 * @returns a Check with id `tls`; `records` lists the served chain, leaf first, with `daysLeft` (whole days,
 *   negative once expired) and, on the leaf, the address, port, protocol and verification code.
 */
export function classifyTls(input: TlsClassifyInput): Check {
  const { name, observation: o, now } = input;
  const id = 'tls';

  if (o.kind === 'failed') {
    if (NO_CERT_ALERTS.test(o.code)) {
      return {
        id,
        status: 'fail',
        message: `Not provisioned yet: ${o.address}:${o.port} refused the TLS handshake for ${name} (${o.code}), so it has no certificate for this name.`,
        action: ACTION_NOT_PROVISIONED,
        records: [{ address: o.address, port: o.port, error: o.code }],
      };
    }
    return {
      id,
      status: 'error',
      message: failureMessage(name, o),
      action: ACTION_CONNECT,
      records: [{ address: o.address, port: o.port, error: o.code }],
    };
  }

  const records = o.chain.map((c, i) => ({
    role: i === 0 ? 'leaf' : c.selfSigned ? 'root' : 'intermediate',
    subject: c.subject,
    issuer: c.issuer,
    san: c.dnsNames,
    notBefore: c.notBefore,
    notAfter: c.notAfter,
    daysLeft: daysLeft(c, now),
    selfSigned: c.selfSigned,
    fingerprint256: c.fingerprint256,
    ...(i === 0
      ? { address: o.address, port: o.port, protocol: o.protocol, verifyError: o.authorizationError ?? null }
      : {}),
  }));
  const leaf = o.chain[0];
  if (!leaf) {
    return {
      id,
      status: 'fail',
      message: `Not provisioned yet: ${o.address}:${o.port} completed the handshake for ${name} without sending a certificate.`,
      action: ACTION_NOT_PROVISIONED,
      records,
    };
  }

  const issuer = shortDn(leaf.issuer);
  const covering = coveringName(name, leaf.dnsNames);
  const sanList = leaf.dnsNames.length > 0 ? leaf.dnsNames.join(', ') : 'no DNS names';
  const untrusted = o.authorizationError !== undefined;

  if (leaf.selfSigned && untrusted) {
    return {
      id,
      status: 'fail',
      message: `Not provisioned yet: ${name} serves a self-signed certificate (${shortDn(leaf.subject)}, covering ${sanList}), the placeholder a server uses before a real certificate is issued.`,
      action: ACTION_NOT_PROVISIONED,
      records,
    };
  }

  if (!covering) {
    const cnOnly = /(?:^|, )CN=([^,]+)/.exec(leaf.subject)?.[1];
    const cnNote =
      cnOnly && leaf.dnsNames.length === 0 && toALabel(cnOnly) === toALabel(name)
        ? ' The name appears only in the subject CN, which browsers ignore (RFC 6125 §6.4.4).'
        : '';
    if (isPlatformDefault(leaf.dnsNames, input.target)) {
      return {
        id,
        status: 'fail',
        message: `Not provisioned yet: ${name} reaches the platform, which serves its default certificate (covering ${sanList}; issuer ${issuer}) because none has been issued for ${name} yet.`,
        action: ACTION_NOT_PROVISIONED,
        records,
      };
    }
    return {
      id,
      status: 'fail',
      message: `Name mismatch: the certificate served for ${name} covers ${sanList} (issuer ${issuer}), not ${name}.${cnNote}`,
      action: ACTION_MISMATCH,
      records,
    };
  }

  const left = daysLeft(leaf, now);
  if (Date.parse(leaf.notAfter) <= now.getTime()) {
    const ago = Math.floor((now.getTime() - Date.parse(leaf.notAfter)) / DAY_MS);
    return {
      id,
      status: 'fail',
      message: `Expired: the certificate for ${name} expired on ${isoDate(leaf.notAfter)} (${ago} day${ago === 1 ? '' : 's'} ago; issuer ${issuer}).`,
      action: ACTION_EXPIRED,
      records,
    };
  }
  if (Date.parse(leaf.notBefore) > now.getTime()) {
    return {
      id,
      status: 'fail',
      message: `Not yet valid: the certificate for ${name} is valid only from ${leaf.notBefore} (issuer ${issuer}).`,
      action: ACTION_NOT_YET_VALID,
      records,
    };
  }
  if (untrusted) {
    const code = o.authorizationError ?? '';
    const why = UNTRUSTED_CODES[code] ?? 'verification failed';
    return {
      id,
      status: 'fail',
      message: `Untrusted chain: the certificate for ${name} (issuer ${issuer}) does not chain to a trusted root: ${why} (${code}).`,
      action: ACTION_UNTRUSTED,
      records,
    };
  }

  const lifetime = Date.parse(leaf.notAfter) - Date.parse(leaf.notBefore);
  const remaining = Date.parse(leaf.notAfter) - now.getTime();
  const threshold = Math.min(NEAR_EXPIRY_DAYS * DAY_MS, lifetime / 3);
  const expires = `expires on ${isoDate(leaf.notAfter)} (in ${left} day${left === 1 ? '' : 's'})`;
  if (remaining < threshold) {
    return {
      id,
      status: 'warn',
      message: `Near expiry: the certificate for ${name} ${expires}; issuer ${issuer}.`,
      action: ACTION_NEAR_EXPIRY,
      records,
    };
  }
  const via = covering.toLowerCase() === toALabel(name) ? '' : ` via ${covering}`;
  return {
    id,
    status: 'pass',
    message: `Valid certificate for ${name}${via}, issued by ${issuer}, trusted; ${expires}.`,
    records,
  };
}
