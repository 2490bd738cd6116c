/** The `dns` group's options: the certificate authorities the `caa` check decides for (`--ca`, repeatable). */
import type { GroupOption } from '../../core/types.ts';

export interface DnsOptions {
  /** Issuer-domain-names (lower case, no trailing dot), e.g. `['letsencrypt.org', 'pki.goog']`. */
  cas: readonly string[];
}

/** The CA the platform uses when no `--ca` is given. */
export const DEFAULT_CAS: readonly string[] = ['letsencrypt.org'];

/**
 * Validates one `--ca` value: an issuer-domain-name, lower-cased (CAs compare it in lower case, so `--ca
 * LetsEncrypt.org` means `letsencrypt.org`).
 * @throws {Error} for a trailing dot or anything that is not a domain name
 */
export function parseCa(v: string): string {
  if (v.endsWith('.'))
    throw new Error(`"${v}": write the issuer domain without the trailing dot (CAs compare it exactly).`);
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(v))
    throw new Error(`"${v}" is not an issuer domain such as letsencrypt.org or pki.goog.`);
  return v.toLowerCase();
}

export const DNS_OPTIONS: readonly GroupOption[] = [
  {
    flags: '--ca <issuer-domain>',
    description: `a certificate authority's CAA issuer domain; repeat for several (default: ${DEFAULT_CAS.join(', ')}). Let's Encrypt is judged by its own rules (Boulder), others by RFC 8659/8657`,
    parse: (v: string, prev: unknown) => [...((prev as string[] | undefined) ?? []), parseCa(v)],
  },
];

export function parseDnsOptions(raw: Readonly<Record<string, unknown>>): DnsOptions {
  const cas = Array.isArray(raw.ca) && raw.ca.length ? [...new Set(raw.ca as string[])] : DEFAULT_CAS;
  return { cas };
}
