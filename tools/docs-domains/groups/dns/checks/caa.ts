/**
 * `caa`: can each certificate authority issue for the domain? CAA as a CA evaluates it (RFC 8659 §3-4, RFC 8657,
 * RFC 9495), decided per CA: Let's Encrypt by the rules of its Boulder (`va/caa.go`), every other CA by the RFCs.
 * Pure: the group fetched one {@link CaaLookup} per name of the climb; the message is rendered from the decided
 * code and data by `../messages.ts`.
 *
 * - The Relevant RRset is the first non-empty CAA RRset found climbing from the name toward the root (not the root
 *   itself); parents are never merged in (RFC 8659 §3). A failed lookup before it is found blocks issuance
 *   (Boulder `selectCAA`): status `error`.
 * - Each lookup follows CNAMEs; the climb continues from the original name's parent (RFC 8659 §3).
 * - Known property tags never block, critical or not: `issue`, `issuewild`, `iodef`, `issuemail` (RFC 9495),
 *   `issuevmc` (BIMI); for CAs other than Let's Encrypt also `contactemail`/`contactphone` (CA/B Forum BR
 *   A.1.1-A.1.2), which restrict nothing. An unknown tag with the critical flag forbids issuance (RFC 8659 §4.1);
 *   Boulder also reads flag bit 1 as critical, and does not know `contactemail`/`contactphone`.
 * - `issue ";"` authorizes nobody; records add up. `issuewild` matters only for wildcard names, and when present
 *   overrides `issue` for them (RFC 8659 §4.3). Tags are case-insensitive. The issuer-domain-name is compared
 *   exactly (`letsencrypt.org.` does not match).
 * - Parameters follow RFC 8659 §4.2 (`tag = (ALPHA / DIGIT) *( *("-") (ALPHA / DIGIT))`, `value =
 *   *(%x21-3A / %x3C-7E)`); Boulder accepts only letters and digits in a tag. A malformed record authorizes nobody.
 * - RFC 8657: `accounturi` or `validationmethods` given twice, empty, or naming no method the CA offers (or, for
 *   Let's Encrypt, an account URI outside its ACME servers) cannot be satisfied: forbidden for that CA. Otherwise
 *   they restrict issuance to an account/method this tool cannot see: `warn`. Other parameters may repeat.
 */
import type { Rr } from '../../../core/dns/types.ts';
import type { Check, CheckStatus } from '../../../core/types.ts';
import { type CaaCode, renderCaa } from '../messages.ts';
import { normName, view, zoneLine } from './records.ts';

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
  /** For `error`: the DNS RCODE when a reply came (`REFUSED`, `SERVFAIL`), else undefined (timeout, garbage). */
  rcode?: string;
  /** The server that answered (for messages). */
  server?: string;
}

/** Let's Encrypt's issuer-domain-name; Boulder's rules apply to it. */
export const LETS_ENCRYPT = 'letsencrypt.org';

/** How a CA reads CAA: the rules that differ between Boulder and the RFCs. */
export interface CaRules {
  /** `boulder` (Let's Encrypt, va/caa.go) or `rfc` (RFC 8659/8657/9495 as written). */
  name: 'boulder' | 'rfc';
  /** Flag bits that mark a property critical. */
  criticalMask: number;
  /** Property tags the CA knows (lower case): a critical one never blocks. */
  knownTags: ReadonlySet<string>;
  /** A parameter tag the CA accepts. */
  paramTag: RegExp;
  /** Whether the issuer-domain-name must follow the `label *("." label)` grammar (Boulder only compares it). */
  checkIssuerGrammar: boolean;
  /** ACME validation methods the CA offers (RFC 8657 §4), or undefined when any `ca-` or ACME name may be valid. */
  methods?: readonly string[];
  /** Account URI prefixes of the CA's ACME servers (an `accounturi` outside them cannot match any account). */
  accountUriPrefixes?: readonly string[];
}

const BASE_TAGS = ['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc'];
const PARAM_VALUE = /^[\x21-\x3a\x3c-\x7e]*$/;
const LABEL = /^[A-Za-z0-9](?:-*[A-Za-z0-9])*$/;
const ACME_METHODS = ['http-01', 'dns-01', 'tls-alpn-01', 'dns-account-01', 'dns-persist-01'];

/** Boulder (va/caa.go `filterCAA`, `parseCAARecord`, `caaAccountURIMatches`, `caaValidationMethodMatches`). */
const BOULDER: CaRules = {
  name: 'boulder',
  criticalMask: 128 | 1,
  knownTags: new Set(BASE_TAGS),
  // Boulder checks each character of a tag against ASCII letters and digits only (an empty tag passes).
  paramTag: /^[A-Za-z0-9]*$/,
  checkIssuerGrammar: false,
  methods: ACME_METHODS,
  accountUriPrefixes: [
    'https://acme-v01.api.letsencrypt.org/acme/reg/',
    'https://acme-v02.api.letsencrypt.org/acme/acct/',
    'https://acme-staging.api.letsencrypt.org/acme/reg/',
    'https://acme-staging-v02.api.letsencrypt.org/acme/acct/',
  ],
};

/** RFC 8659 §4 (flags, grammar), RFC 8657 (parameters), RFC 9495 and the CA/B Forum BR (known tags). */
const RFC: CaRules = {
  name: 'rfc',
  criticalMask: 128,
  knownTags: new Set([...BASE_TAGS, 'contactemail', 'contactphone']),
  paramTag: LABEL,
  checkIssuerGrammar: true,
};

/** The rules `ca` applies: Boulder's for `letsencrypt.org`, the RFCs' for every other CA. */
export function rulesFor(ca: string): CaRules {
  return ca === LETS_ENCRYPT ? BOULDER : RFC;
}

/** One `tag=value` parameter, in record order (a tag may repeat). */
export interface CaaParameter {
  tag: string;
  value: string;
}

/** An `issue`/`issuewild` value parsed per RFC 8659 §4.2. `issuer` is `''` for `;` (nobody). */
export interface IssueValue {
  issuer: string;
  parameters: CaaParameter[];
  /** Set when the value does not follow the grammar the CA applies; such a record authorizes nobody. */
  malformed?: string;
}

/**
 * Parses an issue/issuewild value: `*WSP [issuer-domain-name *WSP] [";" *WSP [parameters *WSP]]` (RFC 8659 §4.2),
 * with the differences of `rules` (Boulder: no issuer grammar, letters and digits only in a tag). Never throws.
 * @param rules default: the RFC's
 */
export function parseIssueValue(value: string, rules: CaRules = RFC): IssueValue {
  const wsp = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '');
  const parts = value.split(';');
  const issuer = wsp(parts[0] ?? '');
  const rest = parts.slice(1);
  const parameters: CaaParameter[] = [];
  const bad = (malformed: string): IssueValue => ({ issuer, parameters, malformed });
  if (rules.checkIssuerGrammar && issuer !== '' && !issuer.split('.').every((l) => LABEL.test(l)))
    return bad(
      `issuer-domain-name "${issuer}" is not of the form label.label (RFC 8659 §4.2)${issuer.endsWith('.') ? ': no trailing dot' : ''}`,
    );
  // "letsencrypt.org;" and "letsencrypt.org; " carry no parameters.
  if (rest.length === 1 && wsp(rest[0] as string) === '') return { issuer, parameters };
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) return bad(`parameter "${wsp(p)}" is not tag=value`);
    const tag = wsp(p.slice(0, eq));
    const val = wsp(p.slice(eq + 1));
    if (!rules.paramTag.test(tag))
      return bad(
        `parameter tag "${tag}" has a character ${rules.name === 'boulder' ? 'other than a letter or digit' : 'outside (ALPHA / DIGIT) *( *("-") (ALPHA / DIGIT))'}`,
      );
    if (!PARAM_VALUE.test(val)) return bad(`parameter value "${val}" has a space, ";" or a non-ASCII character`);
    parameters.push({ tag, value: val });
  }
  return { issuer, parameters };
}

/** What RFC 8657's parameters of one record that names the CA leave possible. */
type ParamOutcome =
  | { kind: 'free' }
  | { kind: 'conditional'; restrictions: string[] }
  | { kind: 'unsatisfiable'; why: string };

/** Judges `accounturi` and `validationmethods` (RFC 8657 §3-4) as `rules` does. Pure. */
export function judgeParameters(parameters: readonly CaaParameter[], rules: CaRules): ParamOutcome {
  const restrictions: string[] = [];
  for (const tag of ['accounturi', 'validationmethods'] as const) {
    // Boulder compares parameter tags exactly (lower case); RFC 8657 names them in lower case.
    const given = parameters.filter((p) => p.tag === tag);
    if (given.length === 0) continue;
    if (given.length > 1) return { kind: 'unsatisfiable', why: `${tag} is given ${given.length} times` };
    const value = (given[0] as CaaParameter).value;
    if (value === '') return { kind: 'unsatisfiable', why: `${tag} is empty` };
    if (tag === 'accounturi') {
      const prefixes = rules.accountUriPrefixes;
      const known = prefixes?.some((p) => value.startsWith(p) && /^\d+$/.test(value.slice(p.length)));
      if (prefixes && !known)
        return { kind: 'unsatisfiable', why: `accounturi=${value} is not an account on its ACME servers` };
      restrictions.push(`accounturi=${value}`);
    } else {
      const items = value.split(',');
      const bad = items.find((m) => !/^[A-Za-z0-9-]+$/.test(m));
      if (bad !== undefined) return { kind: 'unsatisfiable', why: `validationmethods=${value} is malformed` };
      const usable = rules.methods
        ? items.filter((m) => rules.methods?.includes(m))
        : items.filter((m) => ACME_METHODS.includes(m) || m.startsWith('ca-'));
      if (usable.length === 0)
        return { kind: 'unsatisfiable', why: `validationmethods=${value} names no method it offers` };
      restrictions.push(`validationmethods=${usable.join(',')}`);
    }
  }
  return restrictions.length ? { kind: 'conditional', restrictions } : { kind: 'free' };
}

/** Why a CA may or may not issue: a reason code and its facts. */
export interface CaVerdict {
  ca: string;
  /** Whose rules decided: `boulder` (Let's Encrypt) or `rfc`. */
  rules: 'boulder' | 'rfc';
  /** `allowed`, `conditional` (only with an accounturi/validationmethods this tool cannot verify), `forbidden`. */
  verdict: 'allowed' | 'conditional' | 'forbidden';
  code: CaaCode;
  /** The record, tag, value or restriction the code is about. */
  detail?: Record<string, unknown>;
}

/**
 * Decides for one CA whether the Relevant RRset allows issuance (Boulder `validateCAA` for Let's Encrypt).
 * @param records the Relevant RRset (may be empty: no CAA anywhere = allowed)
 * @param ca the CA's issuer-domain-name, e.g. `letsencrypt.org`
 * @param wildcard true for a wildcard name (`*.example.com`)
 */
export function caVerdict(records: readonly Rr[], ca: string, wildcard = false): CaVerdict {
  const rules = rulesFor(ca);
  const base = { ca, rules: rules.name };
  if (records.length === 0) return { ...base, verdict: 'allowed', code: 'caa.no_records' };
  const caa = records
    .filter((r) => r.caa)
    .map((r) => ({
      tag: (r.caa?.tag ?? '').toLowerCase(),
      rawTag: r.caa?.tag ?? '',
      flags: r.caa?.flags ?? 0,
      value: r.caa?.value ?? '',
    }));
  const critical = caa.find((c) => !rules.knownTags.has(c.tag) && (c.flags & rules.criticalMask) !== 0);
  if (critical)
    return {
      ...base,
      verdict: 'forbidden',
      code: 'caa.critical_unknown_tag',
      detail: { tag: critical.rawTag, flags: critical.flags, flag128: (critical.flags & 128) !== 0 },
    };
  const issuewild = caa.filter((c) => c.tag === 'issuewild');
  const useWild = wildcard && issuewild.length > 0;
  const relevant = useWild ? issuewild : caa.filter((c) => c.tag === 'issue');
  const tag = useWild ? 'issuewild' : 'issue';
  if (relevant.length === 0)
    return {
      ...base,
      verdict: 'allowed',
      code: 'caa.not_restricting',
      detail: { tags: [...new Set(caa.map((c) => c.tag))], property: tag },
    };
  const parsed = relevant.map((c) => ({ value: c.value, v: parseIssueValue(c.value, rules) }));
  let conditional: CaVerdict | undefined;
  let unsatisfiable: CaVerdict | undefined;
  for (const { value, v } of parsed) {
    if (v.malformed || v.issuer !== ca) continue;
    const p = judgeParameters(v.parameters, rules);
    if (p.kind === 'free')
      return { ...base, verdict: 'allowed', code: 'caa.allowed', detail: { property: tag, value } };
    if (p.kind === 'conditional')
      conditional ??= {
        ...base,
        verdict: 'conditional',
        code: 'caa.conditional',
        detail: { property: tag, value, restrictions: p.restrictions },
      };
    else
      unsatisfiable ??= {
        ...base,
        verdict: 'forbidden',
        code: 'caa.unsatisfiable_parameters',
        detail: { property: tag, value, why: p.why },
      };
  }
  if (conditional) return conditional;
  if (unsatisfiable) return unsatisfiable;
  const named = [...new Set(parsed.filter(({ v }) => v.issuer !== '' && !v.malformed).map(({ v }) => v.issuer))];
  const malformedForCa = parsed.find(({ v }) => v.malformed && v.issuer === ca);
  if (malformedForCa)
    return {
      ...base,
      verdict: 'forbidden',
      code: 'caa.malformed',
      detail: { property: tag, value: malformedForCa.value, problem: malformedForCa.v.malformed, others: named },
    };
  const near = parsed.find(({ v }) => v.issuer !== ca && v.issuer.replace(/\.$/, '').toLowerCase() === ca);
  if (near)
    return {
      ...base,
      verdict: 'forbidden',
      code: 'caa.issuer_mismatch',
      detail: { property: tag, value: near.value, issuer: near.v.issuer, trailingDot: near.v.issuer.endsWith('.') },
    };
  const malformed = parsed.filter(({ v }) => v.malformed).map(({ value, v }) => ({ value, problem: v.malformed }));
  if (named.length === 0 && malformed.length === 0)
    return { ...base, verdict: 'forbidden', code: 'caa.forbids_all', detail: { property: tag } };
  return { ...base, verdict: 'forbidden', code: 'caa.not_authorized', detail: { property: tag, named, malformed } };
}

/** Options of {@link evaluateCaa}. */
export interface CaaOptions {
  /** Evaluate for a wildcard certificate (`*.domain`): `issuewild` applies. Default false. */
  wildcard?: boolean;
}

/** The record a CA needs at `owner` (a zone-file line, copyable as it is). */
export function caaRecordFor(owner: string, ca: string, wildcard = false): string {
  return `${normName(owner)}. IN CAA 0 ${wildcard ? 'issuewild' : 'issue'} "${ca}"`;
}

/**
 * Evaluates `caa` for every CA.
 * @param domain the name the certificate is for
 * @param climb one lookup per name from `domain` up to (and including) the TLD, in that order
 * @param cas issuer-domain-names, e.g. `['letsencrypt.org']`
 * @returns `pass` all allowed, `warn` some only conditionally, `fail` some forbidden, `error` a lookup failed
 *   before the relevant RRset; `code` is the first forbidden CA's, else the first conditional one's
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
      // REFUSED usually means the --resolver is an authoritative server asked about a zone it does not serve.
      const code: CaaCode = step.rcode === 'REFUSED' ? 'caa.lookup_refused' : 'caa.lookup_failed';
      return renderCaa('error', code, {
        domain,
        name: step.name,
        chain: step.chain,
        error: step.error ?? step.rcode ?? 'no answer',
        server: step.server,
      });
    }
    if (step.outcome === 'records') {
      relevant = step;
      break;
    }
  }
  if (!relevant)
    return renderCaa('pass', 'caa.no_records', { domain, cas, verdicts: cas.map((ca) => caVerdict([], ca)) }, []);
  const owner = relevant.chain.length ? (relevant.chain[relevant.chain.length - 1] as string) : relevant.name;
  const verdicts = cas.map((ca) => caVerdict(relevant.records, ca, opts.wildcard));
  const forbidden = verdicts.filter((v) => v.verdict === 'forbidden');
  const conditional = verdicts.filter((v) => v.verdict === 'conditional');
  const status: CheckStatus = forbidden.length ? 'fail' : conditional.length ? 'warn' : 'pass';
  const decisive = forbidden[0] ?? conditional[0] ?? verdicts[0];
  const code: CaaCode =
    status === 'pass'
      ? verdicts.every((v) => v.code === 'caa.not_restricting')
        ? 'caa.not_restricting'
        : 'caa.allowed'
      : (decisive as CaVerdict).code;
  const wild = Boolean(opts.wildcard);
  const add = (forbidden.length ? forbidden : conditional).map((v) => caaRecordFor(owner, v.ca, wild));
  // The records that must go: the one with the unknown critical tag, or the malformed/unsatisfiable/near-miss
  // record naming the CA (replaced by the plain one in `add`). Not for another operator's records (via CNAME).
  const remove = relevant.chain.length
    ? []
    : [
        ...new Set(
          forbidden.flatMap((v) => {
            const d = v.detail ?? {};
            const hit = relevant.records.filter((r) =>
              v.code === 'caa.critical_unknown_tag'
                ? r.caa?.tag === d.tag && r.caa?.flags === d.flags
                : ['caa.malformed', 'caa.unsatisfiable_parameters', 'caa.issuer_mismatch'].includes(v.code) &&
                  r.caa?.tag.toLowerCase() === d.property &&
                  r.caa?.value === d.value,
            );
            return hit.map((r) => zoneLine(owner, 'CAA', r.value));
          }),
        ),
      ];
  return renderCaa(
    status,
    code,
    {
      domain,
      name: relevant.name,
      owner,
      chain: relevant.chain,
      wildcard: wild,
      verdicts,
      add,
      remove,
    },
    relevant.records.map((r) => view(r)),
  );
}

/**
 * The names a CA climbs for `domain`: the domain, then each parent, up to and including the TLD (not the root).
 * `docs.example.com` → `docs.example.com`, `example.com`, `com`.
 */
export function climbNames(domain: string): string[] {
  const labels = normName(domain).split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}
