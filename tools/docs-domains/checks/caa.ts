/**
 * `caa`: can the certificate authority issue for the domain? CAA as a CA evaluates it (RFC 8659 §3, §4) with the
 * quirks of Let's Encrypt's Boulder (va/caa.go). Pure: the runner fetched one {@link CaaLookup} per name of the climb.
 *
 * - The Relevant RRset is the first non-empty CAA RRset found climbing from the name toward the root (not the root
 *   itself); parents are never merged in (RFC 8659 §3).
 * - Each lookup follows CNAMEs: a CNAME to the platform host makes the host's CAA apply; the climb then continues
 *   from the original name's parent, not the alias target's (RFC 8659 §3).
 * - An RRset with only `iodef`, only `issuewild` (for a non-wildcard name) or only unknown non-critical tags does
 *   not restrict (RFC 8659 §4.2-4.4; Boulder "no relevant records").
 * - An unknown tag with the Issuer Critical flag (128) forbids issuance (RFC 8659 §4.1); Boulder also treats flag 1
 *   as critical. Tags are case-insensitive (RFC 8659 §4.1.1).
 * - `issue ";"` (no issuer) authorizes nobody; records add up, so `;` plus `letsencrypt.org` allows Let's Encrypt.
 * - `issuewild` matters only for wildcard names, and when present overrides `issue` for them (RFC 8659 §4.3).
 * - The issuer-domain-name is compared exactly (Boulder `caaDomainMatches`): `letsencrypt.org.` does not match.
 * - Parameters (`; key=value`) are parsed (RFC 8659 §4.2 ABNF); a malformed value is skipped like Boulder does.
 *   `accounturi` and `validationmethods` (RFC 8657) restrict the record to an account/method this tool cannot see.
 * - A failed lookup (SERVFAIL, timeout) before the relevant RRset is found blocks issuance (Boulder `selectCAA`):
 *   the check reports `error`.
 */
import type { Rr } from '../dns/types.ts';
import { normName, view } from './records.ts';
import type { Check, CheckStatus } from './types.ts';

/** The CAA lookup at one name of the climb, with its CNAMEs followed. */
export interface CaaLookup {
  /** The climb name that was asked (e.g. `example.com` when checking `docs.example.com`). */
  name: string;
  /** Names the lookup went through by CNAME, after `name` (empty when `name` is not an alias). */
  chain: readonly string[];
  /** `records`: a non-empty CAA RRset at the end of the chain; `empty`: NODATA or NXDOMAIN; `error`: no usable answer. */
  outcome: 'records' | 'empty' | 'error';
  /** The CAA records at the end of the chain. */
  records: readonly Rr[];
  /** For `error`: what went wrong (`SERVFAIL`, `timeout after 2000 ms`). */
  error?: string;
  /** The server that answered (for messages). */
  server?: string;
}

/** An `issue`/`issuewild` value parsed per RFC 8659 §4.2. `issuer` is `''` for `;` (nobody). */
export interface IssueValue {
  issuer: string;
  parameters: Record<string, string>;
  /** Set when the value does not follow the ABNF; such a record authorizes nobody (Boulder skips it). */
  malformed?: string;
}

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const PARAM_TAG = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const PARAM_VALUE = /^[\x21-\x3a\x3c-\x7e]*$/;

/**
 * Parses an issue/issuewild value: `*WSP [issuer-domain-name *WSP] [";" *WSP [parameters *WSP]]` (RFC 8659 §4.2).
 * Never throws.
 */
export function parseIssueValue(value: string): IssueValue {
  const wsp = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '');
  const parts = value.split(';');
  const issuer = wsp(parts[0] ?? '');
  const parameters: Record<string, string> = {};
  const rest = parts.slice(1);
  let malformed: string | undefined;
  if (issuer !== '' && !issuer.split('.').every((l) => LABEL.test(l))) {
    malformed = `issuer-domain-name "${issuer}" is not of the form label.label (RFC 8659 §4.2)${issuer.endsWith('.') ? ': no trailing dot' : ''}`;
  }
  if (!(rest.length === 1 && wsp(rest[0] as string) === '')) {
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq < 0) {
        malformed ??= `parameter "${wsp(p)}" is not tag=value`;
        continue;
      }
      const tag = wsp(p.slice(0, eq));
      const val = wsp(p.slice(eq + 1));
      if (!PARAM_TAG.test(tag)) malformed ??= `parameter tag "${tag}" has a disallowed character`;
      else if (!PARAM_VALUE.test(val)) malformed ??= `parameter value "${val}" has a disallowed character`;
      else parameters[tag] = val;
    }
  }
  return malformed ? { issuer, parameters, malformed } : { issuer, parameters };
}

/** Let's Encrypt's issuer-domain-name; Boulder's quirks apply to it. */
export const LETS_ENCRYPT = 'letsencrypt.org';

/** Tags a CA understands (RFC 8659 §4.2-4.4). */
const KNOWN = new Set(['issue', 'issuewild', 'iodef']);

/** The verdict for one CA. */
export interface CaVerdict {
  ca: string;
  /** `allowed`, `conditional` (only with an accounturi/validationmethods this tool cannot verify), `forbidden`. */
  verdict: 'allowed' | 'conditional' | 'forbidden';
  /** Why, for people. */
  reason: string;
}

/**
 * Decides for one CA whether the Relevant RRset allows issuance.
 * @param records the Relevant RRset (may be empty: no CAA anywhere = allowed)
 * @param ca the CA's issuer-domain-name, e.g. `letsencrypt.org`
 * @param wildcard true for a wildcard name (`*.example.com`)
 */
export function caVerdict(records: readonly Rr[], ca: string, wildcard = false): CaVerdict {
  if (records.length === 0) return { ca, verdict: 'allowed', reason: 'no CAA record applies' };
  const boulder = ca === LETS_ENCRYPT;
  const critMask = boulder ? 128 | 1 : 128;
  const caa = records
    .filter((r) => r.caa)
    .map((r) => ({
      rr: r,
      tag: (r.caa?.tag ?? '').toLowerCase(),
      flags: r.caa?.flags ?? 0,
      value: r.caa?.value ?? '',
    }));
  const critical = caa.find((c) => !KNOWN.has(c.tag) && (c.flags & critMask) !== 0);
  if (critical) {
    return {
      ca,
      verdict: 'forbidden',
      reason: `the unknown tag "${critical.rr.caa?.tag}" has the critical flag (flags ${critical.flags}${critical.flags & 128 ? '' : ", which Let's Encrypt treats as critical"}), and a CA must refuse a critical tag it does not understand (RFC 8659 §4.1)`,
    };
  }
  const issue = caa.filter((c) => c.tag === 'issue');
  const issuewild = caa.filter((c) => c.tag === 'issuewild');
  const relevant = wildcard && issuewild.length > 0 ? issuewild : issue;
  const tagName = wildcard && issuewild.length > 0 ? 'issuewild' : 'issue';
  if (relevant.length === 0) {
    const only = [...new Set(caa.map((c) => c.tag))].join(', ');
    return {
      ca,
      verdict: 'allowed',
      reason: `the CAA records (${only}) hold no ${tagName} property, so they do not restrict issuance`,
    };
  }
  let conditional: string | undefined;
  for (const c of relevant) {
    const v = parseIssueValue(c.value);
    if (v.malformed || v.issuer !== ca) continue;
    const restrict = Object.keys(v.parameters).filter((k) => k === 'accounturi' || k === 'validationmethods');
    if (restrict.length === 0) return { ca, verdict: 'allowed', reason: `${tagName} "${c.value}" authorizes ${ca}` };
    conditional ??= `${tagName} "${c.value}" authorizes ${ca} only for ${restrict.map((k) => `${k}=${v.parameters[k]}`).join(' and ')} (RFC 8657), which must be the platform's own account and validation method`;
  }
  if (conditional) return { ca, verdict: 'conditional', reason: conditional };
  const issuers = relevant.map((c) => parseIssueValue(c.value));
  const near = issuers.find((v) => v.issuer !== ca && v.issuer.replace(/\.$/, '').toLowerCase() === ca.toLowerCase());
  // A malformed value authorizes nobody, so it is not listed among the CAs the records allow.
  const named = issuers.filter((v) => v.issuer !== '' && !v.malformed).map((v) => v.issuer);
  const malformedForCa = issuers.find((v) => v.malformed && v.issuer === ca);
  let reason: string;
  if (near)
    reason = `the record names "${near.issuer}", which is not exactly "${ca}" (the issuer-domain-name is compared exactly${near.issuer.endsWith('.') ? '; no trailing dot' : ''})`;
  else if (malformedForCa)
    reason = `the ${tagName} record naming ${ca} is malformed (${malformedForCa.malformed}), and a CA ignores a malformed record${named.length ? `; the others authorize only ${[...new Set(named)].join(', ')}` : ''}`;
  else if (named.length === 0)
    reason = issuers.every((v) => v.issuer === '' && !v.malformed)
      ? `${tagName} ";" authorizes no CA at all`
      : `no well-formed ${tagName} record authorizes any CA`;
  else reason = `${tagName} authorizes only ${[...new Set(named)].join(', ')}`;
  const bad = issuers.filter((v) => v.malformed && v !== malformedForCa).map((v) => v.malformed);
  if (bad.length > 0 && !near) reason += `; malformed values are ignored (${bad.join('; ')})`;
  return { ca, verdict: 'forbidden', reason };
}

/** Options of {@link evaluateCaa}. */
export interface CaaOptions {
  /** Evaluate for a wildcard certificate (`*.domain`): `issuewild` applies. Default false. */
  wildcard?: boolean;
}

/**
 * Evaluates `caa` for every CA.
 * @param domain the name the certificate is for
 * @param climb one lookup per name from `domain` up to (and including) the TLD, in that order
 * @param cas issuer-domain-names, e.g. `['letsencrypt.org']`
 * @returns `pass` all allowed, `warn` some only conditionally, `fail` some forbidden, `error` a lookup failed before the relevant RRset
 */
export function evaluateCaa(
  domain: string,
  climb: readonly CaaLookup[],
  cas: readonly string[],
  opts: CaaOptions = {},
): Check {
  let relevant: CaaLookup | undefined;
  for (const step of climb) {
    if (step.outcome === 'error') {
      const where = `${step.name}${step.chain.length ? ` (via ${step.chain.join(' → ')})` : ''}`;
      // REFUSED usually means the --resolver is an authoritative server asked about a zone it does not serve (the
      // parent zones of the climb), which says nothing about what a CA's resolver would see.
      if (step.error === 'REFUSED') {
        return {
          id: 'caa',
          status: 'error',
          message: `The CAA lookup at ${where} was REFUSED${step.server ? ` by ${step.server}` : ''}, so the records a CA would see there are unknown. A name server that only serves your zone refuses questions about other zones (the climb asks every parent up to the TLD).`,
          action: `Run the check with a recursive resolver (--resolver 1.1.1.1, or your system's) for the caa check; if that resolver also refuses, the name servers of ${step.name} must answer CAA queries, since a CA treats a failed lookup as a refusal to issue.`,
        };
      }
      return {
        id: 'caa',
        status: 'error',
        message: `The CAA lookup at ${where} failed (${step.error ?? 'no answer'}${step.server ? ` at ${step.server}` : ''}); a CA treats a failed CAA lookup as a refusal, so issuance is blocked until it answers.`,
        action: `Make CAA queries for ${step.name} answer (NOERROR, even without records): a broken or unreachable name server here stops the certificate. Then choose Re-verify.`,
      };
    }
    if (step.outcome === 'records') {
      relevant = step;
      break;
    }
  }
  if (!relevant) {
    return {
      id: 'caa',
      status: 'pass',
      message: `No CAA record at ${domain} or any parent: every CA may issue (${cas.join(', ')}).`,
      records: [],
    };
  }
  const owner = relevant.chain.length ? (relevant.chain[relevant.chain.length - 1] as string) : relevant.name;
  const via = relevant.chain.length
    ? ` (reached from ${relevant.name} by CNAME: ${[relevant.name, ...relevant.chain].join(' → ')})`
    : '';
  const where = relevant.name === domain && !relevant.chain.length ? `at ${domain}` : `at ${owner}${via}`;
  const verdicts = cas.map((ca) => caVerdict(relevant.records, ca, opts.wildcard));
  const records = relevant.records.map((r) => view(r));
  const forbidden = verdicts.filter((v) => v.verdict === 'forbidden');
  const conditional = verdicts.filter((v) => v.verdict === 'conditional');
  const status: CheckStatus = forbidden.length ? 'fail' : conditional.length ? 'warn' : 'pass';
  const summary = verdicts.map((v) => `${v.ca}: ${v.verdict} (${v.reason})`).join('; ');
  const message = `The CAA records that apply are ${where}. ${summary}.`;
  if (status === 'pass') return { id: 'caa', status, message, records };
  const tag = opts.wildcard ? 'issuewild' : 'issue';
  const toAdd = (forbidden.length ? forbidden : conditional).map(
    (v) => `${normName(owner)}. IN CAA 0 ${tag} "${v.ca}"`,
  );
  const criticalBlock = forbidden.find((v) => v.reason.includes('critical flag'));
  let action: string;
  if (relevant.chain.length) {
    action = `These CAA records belong to ${owner}, the CNAME target of ${relevant.name}; only its operator can change them. Ask them to add ${toAdd.map((r) => `"${r}"`).join(' and ')}, or use a CA they allow (--ca).`;
  } else if (criticalBlock) {
    action = `At ${owner}, remove the CAA record with the unknown critical tag or set its flags to 0, and make sure ${toAdd.map((r) => `"${r}"`).join(' and ')} exists. Then choose Re-verify.`;
  } else if (status === 'warn') {
    action = `Check that the accounturi/validationmethods restriction matches the platform's ACME account, or add ${toAdd.map((r) => `"${r}"`).join(' and ')} without parameters. Then choose Re-verify.`;
  } else {
    action = `Add ${toAdd.map((r) => `"${r}"`).join(' and ')} to the CAA records at ${owner} (CAA records add up: keep the existing ones for your other CAs). Then choose Re-verify.`;
  }
  return { id: 'caa', status, message, action, records };
}

/**
 * The names a CA climbs for `domain`: the domain, then each parent, up to and including the TLD (not the root).
 * `docs.example.com` → `docs.example.com`, `example.com`, `com`.
 */
export function climbNames(domain: string): string[] {
  const labels = normName(domain).split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}
