/**
 * Host-name matching of a TLS server certificate, as browsers apply RFC 6125 §6.4 (pure, no I/O).
 *
 * Rules (RFC 6125 §6.4.1–6.4.4 and the CA/Browser Forum Baseline Requirements §7.1.2.7.12):
 * - only `dNSName` entries of the subjectAltName count; the subject CN is ignored (browsers ignore it, §6.4.4
 *   lets clients do so and the Baseline Requirements put every name in the SAN);
 * - comparison is case-insensitive and on A-labels (an IDN reference name is converted with UTS #46 first,
 *   §6.4.2); a trailing dot on either side is ignored;
 * - a wildcard `*` is allowed only as the whole left-most label (`*.example.com`): `f*.example.com`,
 *   `*oo.example.com` and `www.*.example.com` never match (§6.4.3 allows partial wildcards as a MAY; browsers
 *   and the Baseline Requirements do not);
 * - the wildcard matches exactly one non-empty label: `*.example.com` covers `docs.example.com`, not
 *   `example.com` and not `a.b.example.com`;
 * - a wildcard directly over a public suffix (`*.co.uk`, `*.com`) matches nothing (Public Suffix List, `tldts`).
 */
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';

/**
 * The A-label form of a host name, lower case, without a trailing dot (`Bücher.Example` → `xn--bcher-kva.example`).
 * @returns the converted name, or the lower-cased input when it is not a valid IDN (it then matches nothing wild)
 */
export function toALabel(name: string): string {
  const trimmed = name.trim().replace(/\.$/, '');
  const ascii = domainToASCII(trimmed);
  return (ascii === '' ? trimmed : ascii).toLowerCase();
}

/**
 * Whether one presented DNS identifier (a SAN `dNSName`) covers the reference name (RFC 6125 §6.4.3).
 * @param reference the name the client asked for (SNI), any case, U-labels or A-labels
 * @param presented the identifier from the certificate, e.g. `*.example.com`
 */
export function matchesIdentifier(reference: string, presented: string): boolean {
  const ref = toALabel(reference);
  const pat = presented.trim().replace(/\.$/, '').toLowerCase();
  if (ref === '' || pat === '') return false;
  if (!pat.includes('*')) return ref === pat;
  // Wildcard: only as the complete left-most label, and nowhere else.
  if (!pat.startsWith('*.') || pat.indexOf('*', 1) !== -1) return false;
  const rest = pat.slice(2);
  // Never over a public suffix (the remainder must itself have a registrable domain).
  if (parse(rest, { allowPrivateDomains: false }).domain === null) return false;
  const dot = ref.indexOf('.');
  if (dot <= 0) return false; // the wildcard needs one non-empty label
  return ref.slice(dot + 1) === rest;
}

/**
 * Whether any of the certificate's DNS names covers the reference name.
 * @param dnsNames the `dNSName` entries of the subjectAltName
 * @returns the first identifier that matches, or undefined
 */
export function coveringName(reference: string, dnsNames: readonly string[]): string | undefined {
  return dnsNames.find((n) => matchesIdentifier(reference, n));
}

/**
 * Splits Node's `subjectAltName` string (`DNS:a.example, DNS:*.b.example, IP Address:127.0.0.1`) into entries.
 * Node quotes entries that contain `,` or `"` as JSON strings (`DNS:"a,b"`); those are decoded.
 * @returns the `DNS:` values in order, as written in the certificate
 */
export function parseSubjectAltName(san: string | undefined): string[] {
  if (!san) return [];
  const out: string[] = [];
  let i = 0;
  while (i < san.length) {
    while (san[i] === ' ' || san[i] === ',') i++;
    const colon = san.indexOf(':', i);
    if (colon === -1) break;
    const kind = san.slice(i, colon);
    let value: string;
    let j = colon + 1;
    if (san[j] === '"') {
      // JSON-quoted value: find the closing quote that is not escaped.
      let k = j + 1;
      while (k < san.length && san[k] !== '"') k += san[k] === '\\' ? 2 : 1;
      try {
        value = JSON.parse(san.slice(j, k + 1)) as string;
      } catch {
        value = san.slice(j + 1, k);
      }
      j = k + 1;
    } else {
      const comma = san.indexOf(', ', j);
      const end = comma === -1 ? san.length : comma;
      value = san.slice(j, end);
      j = end;
    }
    if (kind === 'DNS') out.push(value);
    i = j;
  }
  return out;
}
