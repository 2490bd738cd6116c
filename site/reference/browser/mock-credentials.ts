/**
 * The credentials try-it fills in for the mock: the reader's sandbox token in whatever form a security
 * scheme asks for, so that a first Send to the mock succeeds whatever the operation needs. Pure: it
 * returns the values as Scalar's auth store holds them (`x-scalar-secret-*`, OAuth 2.0 flows by name)
 * and the one line the page shows; tryit.ts puts them in the client, only while the mock is the server.
 *
 * The mock accepts any non-empty credential of a declared scheme and keys the reader's sandbox by it
 * (site/mock/access/security.ts): a bearer token, an OAuth 2.0 or OpenID Connect access token
 * (`Authorization: Bearer`, RFC 6750), an API key in a header, the query or a cookie, and HTTP basic
 * credentials by their password. Mutual TLS is a property of the connection, which neither the page nor
 * the mock can simulate.
 */
import type { SchemeSecrets } from './remember.ts';

/** The user name of the basic credentials filled in for the mock (the password is the reader's token). */
export const SANDBOX_USER = 'sandbox';

/** A Security Scheme Object as the try-it document carries it (OpenAPI 3.x section "Security Scheme Object"). */
export interface SchemeDefinition {
  type?: string;
  scheme?: string;
  in?: string;
  name?: string;
  flows?: Record<string, unknown>;
}

/** OAuth 2.0 flows Scalar's auth store keeps secrets for (OpenAPI "OAuth Flows Object", plus RFC 8628's). */
const OAUTH_FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode', 'deviceAuthorization'];

/**
 * The secrets that make a scheme send the reader's token to the mock, as Scalar's auth store holds them,
 * or undefined for a scheme the mock cannot be sent a credential for (mutual TLS, an unknown type).
 * @param token the reader's sandbox token
 */
export function mockSecrets(def: SchemeDefinition | undefined, token: string): SchemeSecrets | undefined {
  switch (def?.type) {
    case 'apiKey':
      return ['header', 'query', 'cookie'].includes(String(def.in))
        ? { type: 'apiKey', 'x-scalar-secret-token': token }
        : undefined;
    case 'http':
      // Basic: a user name and the token as password (the mock keys the sandbox by the password);
      // any other HTTP scheme is sent by Scalar as `Authorization: Bearer <token>`.
      return String(def.scheme).toLowerCase() === 'basic'
        ? { type: 'http', 'x-scalar-secret-username': SANDBOX_USER, 'x-scalar-secret-password': token }
        : { type: 'http', 'x-scalar-secret-token': token };
    case 'oauth2': {
      // Every flow the scheme declares holds the token as its access token, so whichever flow the
      // client has selected sends it; a scheme without flows gets the authorization code flow's.
      const declared = OAUTH_FLOWS.filter((f) => def.flows?.[f] !== undefined);
      const flows = declared.length > 0 ? declared : ['authorizationCode'];
      return { type: 'oauth2', ...Object.fromEntries(flows.map((f) => [f, { 'x-scalar-secret-token': token }])) };
    }
    case 'openIdConnect':
      // Scalar holds an OpenID Connect scheme's flows in the auth store only (found by discovery): one
      // flow with the token is enough for it to send `Authorization: Bearer <token>`.
      return {
        type: 'openIdConnect',
        authorizationCode: {
          authorizationUrl: '',
          tokenUrl: '',
          scopes: {},
          'x-scalar-secret-token': token,
        },
      };
    default:
      return undefined;
  }
}

/** Secrets Scalar fills in by itself (an OAuth 2.0 flow's redirect URI: the page's URL), not the reader. */
const SCALAR_OWN = new Set(['x-scalar-secret-redirect-uri']);

/** The secret values of a secrets object, by their path (`authorizationCode.x-scalar-secret-token`). */
function secretValues(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value)) {
    if (SCALAR_OWN.has(k)) continue;
    if (k.startsWith('x-scalar-secret-') && typeof v === 'string' && v !== '') out.set(`${prefix}${k}`, v);
    else if (typeof v === 'object' && v !== null) for (const [p, s] of secretValues(v, `${prefix}${k}.`)) out.set(p, s);
  }
  return out;
}

/**
 * Whether a scheme's secrets in the client are still the ones filled in for the mock (so the reader
 * typed nothing of their own, and they may be taken out when the reader chooses a real server).
 * @param current what the client holds for the scheme (Scalar's auth store)
 * @param filled what {@link mockSecrets} filled in
 */
export function stillMockFilled(current: unknown, filled: SchemeSecrets): boolean {
  const now = secretValues(current);
  const ours = secretValues(filled);
  if (now.size === 0) return false;
  for (const [path, value] of now) if (ours.get(path) !== value) return false;
  return true;
}

/**
 * The one line over the client while the mock is the server, for the schemes it fills in: what the
 * mock takes in place of an authorization flow or basic credentials, and that mutual TLS is not
 * simulated; undefined when the filled token is all there is to say.
 */
export function mockCredentialsNote(defs: readonly (SchemeDefinition | undefined)[]): string | undefined {
  const types = new Set(defs.map((d) => (d?.type === 'http' && /^basic$/i.test(String(d.scheme)) ? 'basic' : d?.type)));
  const parts: string[] = [];
  const flows = [types.has('oauth2') && 'OAuth 2.0', types.has('openIdConnect') && 'OpenID Connect'].filter(Boolean);
  if (flows.length > 0) {
    parts.push(`The mock takes your sandbox token as the access token in place of the ${flows.join(' and ')} flow.`);
  }
  if (types.has('basic'))
    parts.push(`The mock takes the user name "${SANDBOX_USER}" with your sandbox token as password.`);
  if (types.has('mutualTLS')) parts.push('Mutual TLS is not simulated: the mock asks for no client certificate.');
  return parts.length > 0 ? parts.join(' ') : undefined;
}
