/**
 * Host-name rules for the config and the command line. Pure.
 * Sources: RFC 1123 §2.1 (labels may start with a digit), RFC 1035 §2.3.4 (63-octet labels,
 * 255-octet names = 253 characters in text), RFC 3696 §2 (a TLD is not all-numeric), UTS #46 / RFC 5891
 * (IDN to A-labels, done by WHATWG `domainToASCII`).
 */

import { isIPv4, isIPv6 } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';

/**
 * Whether a text is an IP address (`net.isIP`), without running the IPv6 pattern, Node's largest regular
 * expression, on text without a colon: compiling it on first use cost `validate` several milliseconds.
 */
const isIpAddress = (s: string): boolean => isIPv4(s) || (s.includes(':') && isIPv6(s));

/** A valid host in its canonical form, or the reason it is not one. */
export type HostCheck = { host: string; converted?: string } | { problem: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Checks and normalizes one host name: lower-case, A-labels, no trailing dot.
 * `converted` is set when an internationalized name was turned into A-labels (so it can be reported).
 */
export function checkHost(raw: string): HostCheck {
  const s = raw;
  if (s.trim() === '') return { problem: 'is empty' };
  if (/\s/.test(s)) return { problem: 'contains whitespace' };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(s);
  if (scheme) return { problem: `has a scheme ("${scheme[1]}://"): write the host name only, e.g. "${hostPart(s)}"` };
  if (s.includes('/')) return { problem: `has a path: write the host name only, e.g. "${s.split('/')[0]}"` };
  if (s.includes('@')) return { problem: 'has user info ("...@"): write the host name only' };
  if (s.includes('*')) return { problem: 'is a wildcard: attach each domain by its own name' };
  if (isIpAddress(s.replace(/^\[|\]$/g, ''))) return { problem: 'is an IP address, not a host name' };
  if (/:\d*$/.test(s)) return { problem: `has a port: write the host name only, e.g. "${s.replace(/:\d*$/, '')}"` };
  if (s.includes(':')) return { problem: 'contains ":", which a host name cannot' };
  let name = s.endsWith('.') ? s.slice(0, -1) : s;
  let converted: string | undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: testing for non-ASCII on purpose
  if (/[^\x00-\x7f]/.test(name)) {
    const ascii = domainToASCII(name);
    if (ascii === '') return { problem: 'is not a valid internationalized domain name (UTS #46)' };
    // A full stop in another script (U+3002 "。") maps to "." (UTS #46), so a trailing one leaves a trailing dot.
    name = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
    converted = name;
  }
  name = name.toLowerCase();
  if (name.length > 253)
    return { problem: `is ${name.length} characters long; a host name has at most 253 (RFC 1035 §2.3.4)` };
  const labels = name.split('.');
  if (labels.length < 2) return { problem: 'has a single label; use a full domain name such as docs.example.com' };
  for (const label of labels) {
    if (label === '') return { problem: 'has an empty label ("..", or a leading dot)' };
    if (label.length > 63)
      return {
        problem: `has the label "${label.slice(0, 20)}..." of ${label.length} octets; a label has at most 63 (RFC 1035 §2.3.4)`,
      };
    if (!LABEL.test(label)) {
      return {
        problem: `has the label "${label}": labels are letters, digits and inner hyphens only (RFC 1123 §2.1)${label.includes('_') ? '; "_" is not allowed in host names' : ''}`,
      };
    }
    // An A-label must decode (Punycode, RFC 3492) to a U-label that encodes back to the same A-label (RFC 5891 §5.4).
    // WHATWG domainToASCII accepts any "xn--" label as it is, so decode it to tell.
    if (label.startsWith('xn--')) {
      const u = domainToUnicode(label);
      if (u === label || domainToASCII(u) !== label)
        return { problem: `has the label "${label}", which is not a valid A-label (RFC 5891 §5.4)` };
    }
  }
  if (/^\d+$/.test(labels[labels.length - 1] as string))
    return { problem: 'ends in an all-numeric label, which no TLD is (RFC 3696 §2)' };
  const p = parse(name, { allowPrivateDomains: true });
  if (p.domain === null)
    return { problem: `is a public suffix ("${p.publicSuffix}"); attach a domain registered under it` };
  return converted ? { host: name, converted } : { host: name };
}

function hostPart(s: string): string {
  return s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/:?#]/)[0] ?? s;
}
