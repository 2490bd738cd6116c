// HTTP details every step of the mock shares: CORS (Fetch standard) and JSON responses.

/** Response headers a cross-origin page may read (Fetch standard, CORS-exposed headers). */
export const EXPOSED_HEADERS = [
  'X-Total-Count',
  'Link',
  'Location',
  'Deprecation',
  'Sunset',
  'Retry-After',
  'WWW-Authenticate',
  'Allow',
  'RateLimit',
  'RateLimit-Policy',
];

/** CORS headers sent on every response, errors included. No credentials: bearer tokens travel in a header. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '),
};

/**
 * Headers answering a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`).
 * @param methods methods of the path (the spec's) or all methods the mock knows when the path is unknown
 * @param requestedHeaders the `Access-Control-Request-Headers` value, echoed back when present
 */
export function preflightHeaders(methods: readonly string[], requestedHeaders: string | null): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': requestedHeaders?.trim() ? requestedHeaders : 'Authorization, Content-Type',
    'Access-Control-Max-Age': '600',
  };
}

/**
 * A JSON response with CORS headers.
 * @param status HTTP status; 204 sends no body
 * @param body value to serialise (ignored for 204)
 * @param headers extra headers
 */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204 || body === undefined) {
    return new Response(null, { status, headers: { ...CORS_HEADERS, ...headers } });
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...CORS_HEADERS, ...headers },
  });
}
