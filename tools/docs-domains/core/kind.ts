/**
 * Apex or subdomain. Pure.
 *
 * By the Public Suffix List (tldts): the registrable domain (`example.co.uk`, `example.com`) is the apex; a name below
 * it (`shop.example.co.uk`) is a subdomain. Counting labels would be wrong for `example.co.uk`.
 *
 * Private suffixes (`github.io`, `netlify.app`, `eu.org`...) are honoured (`allowPrivateDomains: true`): the PSL's
 * private section lists suffixes under which each name is handed to a different owner, often as its own zone
 * (`example.eu.org` is a delegated zone). So `docs.example.github.io` is a subdomain of the apex `example.github.io`,
 * and `example.github.io` itself is treated as an apex (no CNAME possible at the top of a zone you receive).
 *
 * The SOA confirms it where one is seen: an SOA owned by the name itself makes it a zone apex, whatever the PSL says
 * (a CNAME cannot sit at a zone apex, RFC 1034 §3.6.2).
 */
import { parse } from 'tldts';
import { normName, sameName } from './dns/message.ts';
import type { DnsResult } from './dns/types.ts';

/** What the PSL says about a name. */
export interface PslInfo {
  kind: 'apex' | 'subdomain';
  /** The registrable domain, or null when the name is itself a public suffix. */
  registrable: string | null;
}

/** Apex/subdomain by the Public Suffix List (private suffixes included, see the module comment). */
export function pslKind(domain: string): PslInfo {
  const name = normName(domain);
  const p = parse(name, { allowPrivateDomains: true });
  if (!p.domain) return { kind: 'apex', registrable: null };
  return { kind: p.domain === name ? 'apex' : 'subdomain', registrable: p.domain };
}

/** The kind after looking at the SOA, the zone the name lives in, and the host label to use in records. */
export interface KindInfo {
  kind: 'apex' | 'subdomain';
  /** The zone apex, from the SOA (answer or authority section), else the registrable domain. */
  zone: string;
  /** The owner name relative to the zone (`docs` for docs.example.com in example.com; `@` at the apex). */
  label: string;
  /** How the kind was decided, for people. */
  basis: string;
}

/**
 * Confirms the PSL kind with an SOA lookup at the name.
 * @param soa the SOA lookup at `domain` (any outcome; an error leaves the PSL's answer)
 */
export function confirmKind(domain: string, soa: DnsResult | undefined): KindInfo {
  const name = normName(domain);
  const psl = pslKind(name);
  let zone = psl.registrable ?? name;
  let kind = psl.kind;
  let basis = `Public Suffix List (registrable domain ${psl.registrable ?? 'none'})`;
  if (soa && soa.outcome !== 'error') {
    const own = soa.answers.find((r) => r.type === 'SOA' && sameName(r.name, name));
    const auth = soa.authorities.find((r) => r.type === 'SOA');
    if (own) {
      zone = name;
      if (kind !== 'apex') basis = `SOA at ${name}: it is the apex of its own zone, so a CNAME is impossible there`;
      else basis += ', confirmed by its SOA';
      kind = 'apex';
    } else if (auth && (name === auth.name || name.endsWith(`.${auth.name}`))) {
      zone = auth.name;
      basis += `, zone ${auth.name} by its SOA`;
    }
  }
  const label = zone === name ? '@' : name.endsWith(`.${zone}`) ? name.slice(0, -(zone.length + 1)) : name;
  return { kind, zone, label, basis };
}
