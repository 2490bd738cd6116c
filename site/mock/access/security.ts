// Authentication for operations the mock answers from the description: any non-empty credential
// of a scheme the operation's security requirements name is accepted (the mock checks that one
// is sent, not what it is; for the HTTP family, any `Authorization: <scheme> <credentials>`). Requirements are alternatives; the schemes of one requirement are
// all needed (OpenAPI 3.2 section 4.29 "Security Requirement Object"). Pure.
//
// What a browser page can send stands in for what it cannot: an API key in a cookie is read from
// `Cookie`, else from `X-Scalar-Cookie` (a page's `fetch` never sends the `Cookie` header it sets,
// Fetch standard "forbidden request-header"; Scalar's clients name that header for their proxy), and
// HTTP basic credentials are keyed by their password, so `sandbox:<token>` reaches the token's sandbox.
import { TOKEN } from '../../../descriptions/http.ts';
import { type Description, deref, isObject } from '../../../descriptions/refs.ts';

/** How one security scheme's credential travels. */
export type Credential =
  /** `Authorization: <scheme> <value>`: HTTP schemes (bearer, basic, …); OAuth 2 and OpenID Connect as bearer (RFC 6750). */
  | { name: string; via: 'authorization'; scheme: string }
  /** An API key (`type: apiKey`) in a header, the query or a cookie. */
  | { name: string; via: 'header' | 'query' | 'cookie'; param: string }
  /** A scheme the mock cannot check from the request (mutualTLS): always satisfied. */
  | { name: string; via: 'none' };

/** Alternatives, each the credentials it needs; empty when the operation needs none. */
export type SecurityPlan = Credential[][];

function credentialOf(name: string, raw: unknown, doc: Description): Credential | undefined {
  const s = deref(doc, raw);
  if (!s) return undefined;
  switch (s.type) {
    case 'http':
      return { name, via: 'authorization', scheme: typeof s.scheme === 'string' ? s.scheme : 'bearer' };
    case 'oauth2':
    case 'openIdConnect':
      return { name, via: 'authorization', scheme: 'bearer' };
    case 'apiKey':
      if ((s.in === 'header' || s.in === 'query' || s.in === 'cookie') && typeof s.name === 'string') {
        return { name, via: s.in, param: s.name };
      }
      return undefined;
    case 'mutualTLS':
      return { name, via: 'none' };
    default:
      return undefined;
  }
}

/**
 * The credentials an operation needs.
 * @param requirements the operation's `security`, else the document's (undefined: none)
 * @param doc the description (its `components.securitySchemes`)
 * @returns the plan; empty when nothing is required (no requirement, or an empty `{}` alternative)
 */
export function securityPlan(requirements: unknown, doc: Description): SecurityPlan {
  if (!Array.isArray(requirements) || requirements.length === 0) return [];
  const components = isObject(doc.components) ? doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const plan: SecurityPlan = [];
  for (const req of requirements) {
    if (!isObject(req)) continue;
    // Names of undeclared schemes cannot be satisfied or checked: they are left out.
    const creds = Object.keys(req)
      .map((name) => credentialOf(name, schemes[name], doc))
      .filter((c): c is Credential => c !== undefined);
    if (creds.length === 0) return [];
    plan.push(creds);
  }
  return plan;
}

/** `Authorization: <scheme> <credentials>`: the scheme a token (RFC 9110 section 11.1). */
const CREDENTIALS = new RegExp(`^(${TOKEN}) +(\\S.*?)\\s*$`);

/**
 * The credentials of an `Authorization: <scheme> <credentials>` header (RFC 9110 section 11.6.2),
 * or undefined when the header is missing or has no credentials.
 * @param scheme when given, the scheme must be this one (case-insensitive)
 */
export function authorizationValue(header: string | null, scheme?: string): string | undefined {
  if (!header) return undefined;
  const m = CREDENTIALS.exec(header);
  if (!m) return undefined;
  return scheme === undefined || (m[1] as string).toLowerCase() === scheme.toLowerCase() ? m[2] : undefined;
}

/** The header a browser page sends its cookies in instead of `Cookie` (see the file's comment). */
export const PAGE_COOKIE_HEADER = 'x-scalar-cookie';

/**
 * The password of `Authorization: Basic <base64(user:password)>` (RFC 7617 section 2), or undefined
 * when the header is not Basic, not Base64 or has no password.
 */
export function basicPassword(header: string | null): string | undefined {
  const credentials = authorizationValue(header, 'basic');
  if (credentials === undefined || !/^[A-Za-z0-9+/]+=*$/.test(credentials)) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(credentials), (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  return colon >= 0 && colon < decoded.length - 1 ? decoded.slice(colon + 1) : undefined;
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** The outcome of {@link checkCredentials}. */
export type CredentialCheck = { ok: true; token: string } | { ok: false; message: string; challenge: string };

function describe(c: Credential): string {
  if (c.via === 'authorization')
    return `header Authorization: ${c.scheme[0]?.toUpperCase()}${c.scheme.slice(1)} <credentials>`;
  if (c.via === 'none') return c.name;
  return `${c.via} ${c.param}`;
}

/**
 * Whether a request carries a non-empty credential for every scheme of one alternative.
 * @param plan from {@link securityPlan}
 * @param request the request's headers and query
 * @returns the first credential's value (the request's sandbox and rate-limit key), or what is missing
 */
export function checkCredentials(
  plan: SecurityPlan,
  request: { headers: Headers; query: URLSearchParams },
): CredentialCheck {
  if (plan.length === 0) return { ok: true, token: '' };
  const credentialValue = (c: Credential): string | undefined => {
    switch (c.via) {
      case 'authorization':
        // Any `<scheme> <credentials>`: a client holding a bearer token for an API that declares
        // basic (or the reverse) is not what a mock is for; the scheme named is checked for shape only.
        // Basic credentials key the sandbox by their password (the reader's token), when they have one.
        return c.scheme.toLowerCase() === 'basic'
          ? (basicPassword(request.headers.get('authorization')) ??
              authorizationValue(request.headers.get('authorization')))
          : authorizationValue(request.headers.get('authorization'));
      case 'header':
        return request.headers.get(c.param)?.trim() || undefined;
      case 'query':
        return request.query.get(c.param) || undefined;
      case 'cookie':
        return (
          cookieValue(request.headers.get('cookie'), c.param) ||
          cookieValue(request.headers.get(PAGE_COOKIE_HEADER), c.param) ||
          undefined
        );
      default:
        return 'tls';
    }
  };
  for (const alternative of plan) {
    // An apiKey scheme on the `Authorization` header beside an `http` scheme in the same requirement
    // (Azure's descriptions do this): one header carries both, in whatever form the client sends.
    const sharedAuthorization = alternative.some(
      (c) => c.via === 'header' && c.param.toLowerCase() === 'authorization',
    );
    const values = alternative.map((c) =>
      c.via === 'authorization' && sharedAuthorization
        ? request.headers.get('authorization')?.trim() || undefined
        : credentialValue(c),
    );
    if (values.every((v) => v !== undefined)) {
      return { ok: true, token: values.find((v, i) => v !== undefined && alternative[i]?.via !== 'none') ?? '' };
    }
  }
  const schemes = [
    ...new Set(
      plan
        .flat()
        .flatMap((c) => (c.via === 'authorization' ? [`${c.scheme[0]?.toUpperCase()}${c.scheme.slice(1)}`] : [])),
    ),
  ];
  return {
    ok: false,
    message: `credentials missing; expected ${plan.map((alt) => alt.map(describe).join(' and ')).join(', or ')}`,
    challenge: schemes.length > 0 ? schemes.join(', ') : 'ApiKey',
  };
}
