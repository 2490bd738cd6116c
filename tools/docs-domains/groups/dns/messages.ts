/**
 * The `dns` group's sentences: every message and action rendered from a reason code and the facts the evaluators
 * in `checks/` decided. Pure; nothing here decides a status. Records to add or delete travel whole in `fix`
 * (zone-file lines), never inside quotes.
 */

import type { Check, CheckStatus, FixRecord } from '../../core/types.ts';
import { humanSeconds } from './checks/records.ts';

/** Every reason code of the `dns` group, `<check id>.<reason>`. */
export const DNS_CODES = [
  'cname.ok',
  'cname.nxdomain',
  'cname.missing',
  'cname.chain',
  'cname.mismatch',
  'cname.lookup_failed',
  'conflict.none',
  'conflict.found',
  'conflict.mail',
  'conflict.wildcard',
  'conflict.lookup_failed',
  'ttl.ok',
  'ttl.no_cname',
  'ttl.cached',
  'ttl.different',
  'ttl.lookup_failed',
  'apex-alias.ok',
  'apex-alias.missing',
  'apex-alias.other_addresses',
  'apex-alias.partial',
  'apex-alias.no_ipv6',
  'apex-alias.target_unresolved',
  'apex-alias.lookup_failed',
  'propagation.ok',
  'propagation.partial',
  'propagation.unreachable',
  'propagation.none',
  'propagation.no_answer',
] as const;

export type DnsCode = (typeof DNS_CODES)[number] | CaaCode;

/** Reason codes of the `caa` check (per CA and for the check). */
export const CAA_CODES = [
  'caa.no_records',
  'caa.not_restricting',
  'caa.allowed',
  'caa.conditional',
  'caa.not_authorized',
  'caa.forbids_all',
  'caa.issuer_mismatch',
  'caa.malformed',
  'caa.unsatisfiable_parameters',
  'caa.critical_unknown_tag',
  'caa.lookup_failed',
  'caa.lookup_refused',
] as const;

export type CaaCode = (typeof CAA_CODES)[number];

type Data = Record<string, unknown>;

const RETRY =
  'Check that the resolver answers (try another with --resolver, or a longer --timeout) and run the check again.';

const SUPPORT =
  'Not every DNS provider supports ALIAS/ANAME (some call it "CNAME flattening"); if yours does not, move the zone to one that does, or make a subdomain such as www the primary and redirect the apex.';

const list = (xs: unknown): string => (Array.isArray(xs) ? xs.join(', ') : String(xs));
const s = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Builds a {@link Check}; `action` is dropped for `pass`. */
function check(
  id: string,
  status: CheckStatus,
  code: DnsCode,
  message: string,
  action: string | undefined,
  data: Data,
  records?: unknown[],
  fix?: FixRecord[],
): Check {
  return {
    id,
    status,
    code,
    message,
    ...(action && status !== 'pass' ? { action } : {}),
    ...(fix?.length ? { fix } : {}),
    data,
    ...(records ? { records } : {}),
  };
}

/**
 * Renders a `cname`, `conflict`, `ttl`, `apex-alias` or `propagation` finding. The check id is the code's prefix.
 * @param fix records to add or delete (whole zone-file lines)
 */
export function renderDns(
  status: CheckStatus,
  code: Exclude<DnsCode, CaaCode>,
  d: Data,
  records?: unknown[],
  fix?: FixRecord[],
): Check {
  const id = code.slice(0, code.indexOf('.'));
  const c = (message: string, action?: string) => check(id, status, code, message, action, d, records, fix);
  const addCname = `Add a DNS record of type CNAME with Name ${d.label}, Value ${d.target} (exactly as the dashboard shows it) and TTL 3600, as in this zone-file line:`;
  switch (code) {
    case 'cname.ok':
      return c(`${d.domain} is a CNAME for ${d.target}.`);
    case 'cname.nxdomain':
      return c(`${d.domain} does not exist (NXDOMAIN at ${d.server}): there is no record at this name yet.`, addCname);
    case 'cname.missing':
      return c(`${d.domain} exists but has no CNAME record, so it does not point at ${d.target}.`, addCname);
    case 'cname.chain':
      return c(
        `${d.domain} reaches ${d.target} only through a chain (${list(d.chain).replaceAll(', ', ' → ')}); the dashboard compares the CNAME value with ${d.target} exactly, so verification fails.`,
        `Change the CNAME of ${d.domain} to point at ${d.target} directly:`,
      );
    case 'cname.mismatch':
      return c(
        `${d.domain} is a CNAME for ${d.value}, not for ${d.target}; the value must match the dashboard value exactly.`,
        `Change the value of the CNAME ${d.label} from ${d.value} to ${d.target}:`,
      );
    case 'cname.lookup_failed':
    case 'conflict.lookup_failed':
    case 'ttl.lookup_failed':
    case 'apex-alias.lookup_failed':
      return c(`Could not look up ${d.type} ${d.name} at ${d.server}: ${d.error}.`, RETRY);
    case 'conflict.none':
      return c(`No other record at ${d.domain} blocks the CNAME (looked for ${list(d.looked)}).`);
    case 'conflict.found':
    case 'conflict.mail': {
      const found = d.found as string[];
      const n = found.length;
      let message = `${d.domain} has ${s(n, 'a record', `${n} records`)} that block${s(n, 's', '')} the CNAME: ${found.join(', ')}. A name with a CNAME can hold no other record (RFC 1034 §3.6.2)${d.addresses ? '; an A/AAAA record here sends visitors to another server instead of the platform' : ''}.`;
      if (d.wildcard) message += ` ${wildcardNote(d)}`;
      const parts: string[] = [];
      if (d.wildcard) parts.push(wildcardAction(d));
      if (d.delegated)
        parts.push(
          `${d.domain} is delegated to other name servers (NS), and a CNAME cannot sit at a zone apex: remove the delegation and manage ${d.domain} in the parent zone (or use ALIAS/ANAME in the delegated zone).`,
        );
      if (code === 'conflict.mail')
        parts.push(
          `${d.domain} has mail records (${list(d.mail)}): deleting them stops mail for ${d.domain}, so they are not listed below. If mail is received at this name, keep them and publish the docs on another host name in ${d.zone}; if it is not, delete them too.`,
        );
      parts.push(
        (d.deletable as number) > 0
          ? `Delete ${s(d.deletable as number, 'this record', 'these records')} at ${d.domain}, then add the CNAME (see \`cname\`):`
          : 'Then add the CNAME (see `cname`).',
      );
      return c(message, parts.join(' '));
    }
    case 'conflict.wildcard':
      return c(`No record that only ${d.domain} has blocks the CNAME. ${wildcardNote(d)}`, wildcardAction(d));
    case 'ttl.ok':
      return c(`The CNAME's TTL is 3600 s (1 h), as the procedure asks.`);
    case 'ttl.no_cname':
      return c(
        `There is no CNAME at ${d.domain}, so there is no TTL to check yet.`,
        'When you add the CNAME (see `cname`), set its TTL to 3600.',
      );
    case 'ttl.cached':
      return c(
        `${d.server} returned a TTL of ${d.ttl} s from its cache (not authoritative): that is the time left, so the record's own TTL is at least ${d.ttl} s and may be 3600.`,
        `Confirm the TTL in your DNS provider's settings (or run the check with --resolver pointing at the zone's name server): it should be 3600.`,
      );
    case 'ttl.different': {
      const ttl = d.ttl as number;
      const meaning =
        ttl > 3600
          ? `resolvers keep the old answer for up to ${humanSeconds(ttl)} after each change, so a correction takes longer than the procedure's 1 h to reach everyone`
          : `resolvers ask again every ${humanSeconds(ttl)}: changes spread faster, at the cost of more queries; the procedure asks for 3600`;
      return c(
        `The CNAME's TTL is ${ttl} s (${humanSeconds(ttl)}), not 3600: ${meaning}.`,
        `Set the TTL of the CNAME ${d.domain} to 3600:`,
      );
    }
    case 'apex-alias.ok':
      return c(
        `The apex answers the same addresses as ${d.target} (${d.seen}), as an ALIAS/ANAME record does (ALIAS/ANAME leave no trace on the wire, so the addresses are compared).`,
      );
    case 'apex-alias.target_unresolved':
      return c(
        `The target ${d.target} has no A or AAAA record (${d.outcome}), so there is nothing to compare the apex with.`,
        'Check the target host (--target or platformHost in the config): it must be the host the dashboard shows.',
      );
    case 'apex-alias.missing':
    case 'apex-alias.other_addresses':
    case 'apex-alias.partial':
    case 'apex-alias.no_ipv6': {
      const what = {
        'apex-alias.missing': `${d.domain} has no A or AAAA record: no ALIAS/ANAME points at ${d.target}.`,
        'apex-alias.other_addresses': `${d.domain} answers other addresses than ${d.target} (${d.seen}): it does not follow the platform.`,
        'apex-alias.partial': `${d.domain} shares only some addresses with ${d.target} (${d.seen}); a flattening provider can see a different rotation of the platform's addresses, but copied A/AAAA records go stale.`,
        'apex-alias.no_ipv6': `${d.domain} has no AAAA record while ${d.target} has (${d.seen}): visitors over IPv6 cannot use the platform's IPv6 address.`,
      }[code];
      const cname = d.cnameAtApex
        ? ` The apex answers with a CNAME (to ${d.cnameAtApex}), which breaks the zone's SOA/NS (RFC 1034 §3.6.2).`
        : '';
      return c(
        what + cname,
        `At the apex ${d.domain}, replace the A/AAAA records with an ALIAS or ANAME record pointing at ${d.target} (a CNAME is not allowed at a zone apex, RFC 1034 §3.6.2). ${SUPPORT}`,
      );
    }
    case 'propagation.no_answer':
      return c(`No resolver answered: ${d.errors}.`, 'Check the --resolver addresses and run the check again.');
    case 'propagation.ok':
      return c(`All ${d.total} resolvers see ${d.want}.`);
    case 'propagation.partial':
    case 'propagation.unreachable':
    case 'propagation.none': {
      const parts: string[] = [];
      if (d.sees) parts.push(`${d.seeCount} of ${d.total} resolvers see ${d.want}: ${d.sees}`);
      if (d.not) parts.push(`not yet: ${d.not}`);
      if (d.errors) parts.push(`could not ask: ${d.errors}`);
      const eta = d.not
        ? ` Their cached answers expire within ${humanSeconds(d.maxTtl as number)}, so they should see the new answer by ${d.by} (if they are caches; an authoritative server that disagrees serves an old copy of the zone).`
        : '';
      const action =
        code === 'propagation.none'
          ? 'No resolver sees the expected record yet: fix `cname`/`apex-alias` first; then wait for the TTLs above. DNS changes can take up to 48 hours, most resolve within minutes.'
          : code === 'propagation.unreachable'
            ? `Check that ${list(d.unreachable)} ${(d.unreachable as string[]).length === 1 ? 'answers' : 'answer'} (or leave ${(d.unreachable as string[]).length === 1 ? 'it' : 'them'} out of --resolver) and run the check again.`
            : `Wait until ${d.by} and run the check again before choosing Verify; test in a private window afterwards. DNS changes can take up to 48 hours, most resolve within minutes.`;
      return c(`${parts.join('; ')}.${eta}`, action);
    }
  }
}

function wildcardNote(d: Data): string {
  const w = d.wildcard as string[];
  return `${w.join(', ')} at ${d.domain} ${s(w.length, 'looks', 'look')} like a wildcard's answer (${d.wildcardOwner}): a name that does not exist gets the same; a CNAME at ${d.domain} takes precedence over a wildcard (RFC 4592).`;
}

function wildcardAction(d: Data): string {
  const w = d.wildcard as string[];
  return `If your DNS provider lists ${w.join(', ')} at ${d.domain} itself, delete ${s(w.length, 'it', 'them')}; if ${s(w.length, 'it comes', 'they come')} only from the wildcard (${d.wildcardOwner}), leave the wildcard and add the CNAME (see \`cname\`).`;
}

const RULES: Record<string, string> = {
  boulder: "Let's Encrypt's own rules (Boulder)",
  rfc: 'RFC 8659/8657 rules',
};

/** One CA's verdict as a clause: why it may or may not issue, and whose rules decided. */
export function caReason(v: { ca: string; rules: string; code: CaaCode; detail?: Data }): string {
  const d = v.detail ?? {};
  let why: string;
  switch (v.code) {
    case 'caa.no_records':
      why = 'no CAA record applies';
      break;
    case 'caa.not_restricting':
      why = `the CAA records (${list(d.tags)}) hold no ${d.property} property, so they do not restrict issuance`;
      break;
    case 'caa.allowed':
      why = `${d.property} ${d.value} authorizes ${v.ca}`;
      break;
    case 'caa.conditional':
      why = `${d.property} ${d.value} authorizes ${v.ca} only for ${(d.restrictions as string[]).join(' and ')} (RFC 8657), which must be the platform's own account and validation method`;
      break;
    case 'caa.unsatisfiable_parameters':
      why = `${d.property} ${d.value} names ${v.ca}, but ${d.why}: no request can satisfy it (RFC 8657)`;
      break;
    case 'caa.malformed':
      why = `the ${d.property} record naming ${v.ca} (${d.value}) is malformed (${d.problem}), and a CA ignores a malformed record${(d.others as string[]).length ? `; the others authorize only ${list(d.others)}` : ''}`;
      break;
    case 'caa.issuer_mismatch':
      why = `the record names ${d.issuer}, which is not exactly ${v.ca} (the issuer-domain-name is compared exactly${d.trailingDot ? '; no trailing dot' : ''})`;
      break;
    case 'caa.forbids_all':
      why = `${d.property} ; authorizes no CA at all`;
      break;
    case 'caa.not_authorized': {
      const named = d.named as string[];
      const bad = d.malformed as { value: string; problem: string }[];
      why = named.length
        ? `${d.property} authorizes only ${named.join(', ')}`
        : `no well-formed ${d.property} record authorizes any CA`;
      if (bad.length)
        why += `; malformed values are ignored (${bad.map((b) => `${b.value}: ${b.problem}`).join('; ')})`;
      break;
    }
    case 'caa.critical_unknown_tag':
      why = `the unknown tag ${d.tag} has the critical flag (flags ${d.flags}${d.flag128 ? '' : ": bit 1, which Let's Encrypt treats as critical"}), and a CA must refuse a critical tag it does not understand (RFC 8659 §4.1)`;
      break;
    default:
      why = v.code;
  }
  return `${why}; ${RULES[v.rules] ?? v.rules}`;
}

/** Renders the `caa` check. `d.verdicts` are the per-CA verdicts; `d.add` the records to add (zone-file lines). */
export function renderCaa(status: CheckStatus, code: CaaCode, d: Data, records?: unknown[]): Check {
  const c = (message: string, action?: string, fix?: FixRecord[]) =>
    check('caa', status, code, message, action, d, records, fix);
  const chain = (d.chain as string[] | undefined) ?? [];
  const where = `${d.name}${chain.length ? ` (via ${chain.join(' → ')})` : ''}`;
  if (code === 'caa.lookup_refused')
    return c(
      `The CAA lookup at ${where} was REFUSED${d.server ? ` by ${d.server}` : ''}, so the records a CA would see there are unknown. A name server that only serves your zone refuses questions about other zones (the climb asks every parent up to the TLD).`,
      `Run the check with a recursive resolver (--resolver 1.1.1.1, or your system's) for the caa check; if that resolver also refuses, the name servers of ${d.name} must answer CAA queries, since a CA treats a failed lookup as a refusal to issue.`,
    );
  if (code === 'caa.lookup_failed')
    return c(
      `The CAA lookup at ${where} failed (${d.error}${d.server ? ` at ${d.server}` : ''}); a CA treats a failed CAA lookup as a refusal, so issuance is blocked until it answers.`,
      `Make CAA queries for ${d.name} answer (NOERROR, even without records): a broken or unreachable name server here stops the certificate. Then choose Re-verify.`,
    );
  const verdicts = d.verdicts as { ca: string; rules: string; verdict: string; code: CaaCode; detail?: Data }[];
  if (!d.owner) return c(`No CAA record at ${d.domain} or any parent: every CA may issue (${list(d.cas)}).`);
  const via = chain.length ? ` (reached from ${d.name} by CNAME: ${[d.name, ...chain].join(' → ')})` : '';
  const at = d.name === d.domain && !chain.length ? `at ${d.domain}` : `at ${d.owner}${via}`;
  const summary = verdicts.map((v) => `${v.ca}: ${v.verdict} (${caReason(v)})`).join('; ');
  const message = `The CAA records that apply are ${at}. ${summary}.`;
  if (status === 'pass') return c(message);
  const remove = ((d.remove as string[] | undefined) ?? []).map((record) => ({ op: 'delete' as const, record }));
  const add = (d.add as string[]).map((record) => ({ op: 'add' as const, record }));
  const them = add.length === 1 ? 'the record below' : 'the records below';
  let action: string;
  if (chain.length)
    action = `These CAA records belong to ${d.owner}, the CNAME target of ${d.name}; only its operator can change them. Ask them to add ${them}, or use a CA they allow (--ca).`;
  else if (code === 'caa.critical_unknown_tag')
    action = `At ${d.owner}, delete the CAA record with the unknown critical tag (or set its flags to 0) and make sure ${them} exist${add.length === 1 ? 's' : ''}; then choose Re-verify.`;
  else if (code === 'caa.conditional')
    action = `Check that the accounturi/validationmethods restriction matches the platform's ACME account and validation method, or add ${them} without parameters; then choose Re-verify.`;
  else if (code === 'caa.unsatisfiable_parameters')
    action = `At ${d.owner}, replace the record whose parameters no request can satisfy (accounturi and validationmethods at most once each, not empty, naming a method the CA offers: for Let's Encrypt http-01, dns-01 or tls-alpn-01) with ${them}; then choose Re-verify.`;
  else if (code === 'caa.malformed' || code === 'caa.issuer_mismatch')
    action = `At ${d.owner}, replace the record that names the CA wrongly with ${them}; then choose Re-verify.`;
  else
    action = `Add ${them} to the CAA records at ${d.owner} (CAA records add up: keep the existing ones for your other CAs); then choose Re-verify.`;
  return c(message, action, [...remove, ...add]);
}
