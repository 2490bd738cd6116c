/**
 * The `tls` check's messages and actions, rendered from a reason code and the facts the classifier decided
 * (`checks/classify.ts`). Pure. Actions follow the troubleshooting rows of the domains procedure
 * ("SSL certificate not provisioned after 30 minutes", "Browser reports a non-private connection").
 */
import { humanDuration, utcMinute } from '../../core/time.ts';
import type { Check, CheckStatus } from '../../core/types.ts';

/** Every reason code of the `tls` check. */
export const TLS_CODES = [
  'tls.valid',
  'tls.expires_soon',
  'tls.expires_very_soon',
  'tls.expired',
  'tls.not_yet_valid',
  'tls.untrusted_issuer',
  'tls.self_signed',
  'tls.platform_default',
  'tls.no_certificate',
  'tls.handshake_refused',
  'tls.name_mismatch',
  'tls.wildcard_mismatch',
  'tls.connection_failed',
  'tls.no_address',
] as const;

export type TlsCode = (typeof TLS_CODES)[number];

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

export const ACTION_WILDCARD =
  'A wildcard certificate covers exactly one label in place of the `*`: `*.example.com` covers ' +
  '`docs.example.com`, not `example.com` nor `a.docs.example.com` (RFC 6125 §6.4.3). The platform issues a ' +
  'certificate for each attached domain: confirm this domain is attached and verifies (`cname`/`apex-alias`), ' +
  'that DNS points at the platform and not at a server holding the wildcard, then choose Re-verify in Project ' +
  'settings → Domains.';

const ACTION_CONNECT =
  'Check that the name resolves to the platform (the `cname` or `apex-alias` check), or the --connect and ' +
  '--port values, then run the check again. If the domain was attached minutes ago, wait a few minutes.';

const UNTRUSTED_WHY: Record<string, (issuer: string) => string> = {
  self_signed: () => 'the certificate is self-signed',
  untrusted_root: () => 'the chain ends at a root that is not trusted',
  unknown_issuer: (issuer) =>
    `its issuer ${issuer} is not a trusted CA, or the server leaves out the intermediate certificate that leads to one`,
  bad_signature: () => 'a signature in the chain does not verify',
  revoked: () => 'the certificate is revoked',
  not_a_ca: () => 'an issuer in the chain is not a CA',
  too_long: () => 'the chain is too long',
  unverified: () => 'verification failed',
};

/** What the classifier decided: a status, a code and its facts (`name` is always there). */
export interface TlsFinding {
  status: CheckStatus;
  code: TlsCode;
  data: Record<string, unknown>;
  records?: unknown[];
}

function connectionMessage(d: Record<string, unknown>): string {
  const where = `${d.address}:${d.port}`;
  switch (d.errorCode) {
    case 'ECONNREFUSED':
      return `Could not connect to ${where} for ${d.name}: connection refused (nothing listens on port ${d.port}).`;
    case 'ETIMEDOUT':
      return `No TLS answer from ${where} for ${d.name} within ${d.timeoutMs} ms (timeout).`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `The connection to ${where} was reset during the TLS handshake for ${d.name} (${d.errorCode}).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${d.name} does not resolve on this machine (${d.errorCode}), so no TLS handshake was possible.`;
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
      return `${where} did not answer with TLS for ${d.name} (${d.errorCode}): is port ${d.port} plain HTTP?`;
    default:
      return `The TLS handshake with ${where} for ${d.name} failed: ${d.detail} (${d.errorCode}).`;
  }
}

/** Renders a {@link TlsFinding} into the `tls` {@link Check}. Pure. */
export function renderTls(f: TlsFinding): Check {
  const d = f.data;
  const san = Array.isArray(d.san) && d.san.length > 0 ? (d.san as string[]).join(', ') : 'no DNS names';
  const left = typeof d.msLeft === 'number' ? humanDuration(d.msLeft) : '';
  const expiry = typeof d.notAfter === 'string' ? utcMinute(d.notAfter) : '';
  let message: string;
  let action: string | undefined;
  switch (f.code) {
    case 'tls.valid':
      message = `Valid certificate for ${d.name}${d.via ? ` via ${d.via}` : ''}, issued by ${d.issuer}, trusted; expires on ${expiry} (in ${left}).`;
      break;
    case 'tls.expires_soon':
      message = `Expires soon: the certificate for ${d.name} expires on ${expiry} (in ${left}, under the ${d.warnDays}-day warning threshold); issuer ${d.issuer}.`;
      action = ACTION_NEAR_EXPIRY;
      break;
    case 'tls.expires_very_soon':
      message = `About to expire: the certificate for ${d.name} expires on ${expiry} (in ${left}, under the ${d.failDays}-day failure threshold); issuer ${d.issuer}. Renewal is not happening.`;
      action = ACTION_NEAR_EXPIRY;
      break;
    case 'tls.expired':
      message = `Expired: the certificate for ${d.name} expired on ${expiry} (${left} ago; issuer ${d.issuer}).`;
      action = ACTION_EXPIRED;
      break;
    case 'tls.not_yet_valid':
      message = `Not yet valid: the certificate for ${d.name} is valid only from ${utcMinute(String(d.notBefore))} (in ${humanDuration(Number(d.msUntilValid))}; issuer ${d.issuer}).`;
      action = ACTION_NOT_YET_VALID;
      break;
    case 'tls.untrusted_issuer':
      message = `Untrusted issuer: the certificate for ${d.name} (issuer ${d.issuer}) does not chain to a trusted root: ${(UNTRUSTED_WHY[String(d.why)] ?? UNTRUSTED_WHY.unverified)?.(String(d.issuer))} (${d.verifyError}).`;
      action = ACTION_UNTRUSTED;
      break;
    case 'tls.self_signed':
      message = `Not provisioned yet: ${d.name} serves a self-signed certificate (${d.subject}, covering ${san}), the placeholder a server uses before a real certificate is issued.`;
      action = ACTION_NOT_PROVISIONED;
      break;
    case 'tls.platform_default':
      message = `Not provisioned yet: ${d.name} reaches the platform, which serves its default certificate (covering ${san}; issuer ${d.issuer}) because none has been issued for ${d.name} yet.`;
      action = ACTION_NOT_PROVISIONED;
      break;
    case 'tls.no_certificate':
      message = `Not provisioned yet: ${d.address}:${d.port} completed the handshake for ${d.name} without sending a certificate.`;
      action = ACTION_NOT_PROVISIONED;
      break;
    case 'tls.handshake_refused':
      message = `Not provisioned yet: ${d.address}:${d.port} refused the TLS handshake for ${d.name} (${d.errorCode}), so it has no certificate for this name.`;
      action = ACTION_NOT_PROVISIONED;
      break;
    case 'tls.name_mismatch':
      message = `Name mismatch: the certificate served for ${d.name} covers ${san} (issuer ${d.issuer}), not ${d.name}.${d.cnOnly ? ' The name appears only in the subject CN, which browsers ignore (RFC 6125 §6.4.4).' : ''}`;
      action = ACTION_MISMATCH;
      break;
    case 'tls.wildcard_mismatch':
      message = `Name mismatch: the certificate served for ${d.name} covers ${san} (issuer ${d.issuer}); the wildcard ${d.wildcard} covers one label only, so not ${d.name}.`;
      action = ACTION_WILDCARD;
      break;
    case 'tls.connection_failed':
      message = connectionMessage(d);
      action = ACTION_CONNECT;
      break;
    case 'tls.no_address':
      message = `No TLS handshake for ${d.name}: ${d.reason}.`;
      action =
        'Fix the DNS records first (the `cname` or `apex-alias` check), or pass --connect IP to test a given address.';
      break;
  }
  return {
    id: 'tls',
    status: f.status,
    code: f.code,
    message,
    ...(action && f.status !== 'pass' ? { action } : {}),
    data: d,
    ...(f.records ? { records: f.records } : {}),
  };
}
