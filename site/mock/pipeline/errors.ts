// The refusals of the mock as data: every failure a client can cause is a MockError (a stable code,
// an HTTP status, a message naming the field or parameter at fault, the failing fields, extra
// headers), raised anywhere in the pipeline and turned into that stage's response by `compose`
// (context.ts). What the response looks like is not decided here: refusal.ts gives a refusal the
// words of the API that refuses (its own, the shape its description documents, or RFC 9457 problem
// details).

/**
 * The general mock's refusals: each code and the HTTP status it comes with. A hand-written
 * behaviour may refuse with codes of its own (see {@link MockError}'s constructor).
 */
export const REFUSAL_STATUS = Object.freeze({
  malformed_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  not_found: 404,
  route_not_found: 404,
  /** A version of the description the site does not publish (route/mount.ts). */
  version_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** The store of sandboxes and rate windows cannot be reached (access/store.ts), answered with `Retry-After`. */
  store_unavailable: 503,
} as const);

/** A code of the general mock's refusals. */
export type RefusalCode = keyof typeof REFUSAL_STATUS;

/**
 * One field or parameter a request got wrong: `name` in the mock's dotted notation (`body.name`,
 * `query.limit`, `path.petId`, `header.X-Id`), `pointer` (RFC 6901, as a URI fragment) into the
 * request body for a body field, and the reason (`is required`, `must be <= 100`).
 */
export interface FieldProblem {
  name: string;
  pointer?: string;
  reason: string;
}

/**
 * A client-visible failure. Thrown anywhere in the mock's request pipeline and answered by
 * `compose` in the words of the API (refusal.ts), with `headers` (`Allow`, `WWW-Authenticate`,
 * `Retry-After`) on the response.
 */
export class MockError extends Error {
  /** The stable code (`validation_failed`), what clients and tests branch on. */
  readonly code: string;
  /** The HTTP status. */
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Members the body carries beside the reason (`versions` of `version_not_found`), as data. */
  readonly details: Readonly<Record<string, unknown>>;
  /** The fields at fault, as data (the message is rendered from them, never parsed back). */
  readonly fields: readonly FieldProblem[];

  /**
   * @param code one of {@link REFUSAL_STATUS} (the HTTP status follows from it), or a code of a
   *   hand-written behaviour's own catalogue with its status (the Petstore's `duplicate`, 409)
   * @param message human-readable text naming the field or parameter at fault
   * @param headers extra response headers
   * @param details extra members of the body, as data (never parsed back from the message)
   * @param fields the fields at fault
   */
  constructor(
    code: RefusalCode | { code: string; status: number },
    message: string,
    headers: Record<string, string> = {},
    details: Readonly<Record<string, unknown>> = {},
    fields: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'MockError';
    this.code = typeof code === 'string' ? code : code.code;
    this.status = typeof code === 'string' ? REFUSAL_STATUS[code] : code.status;
    this.headers = headers;
    this.details = details;
    this.fields = fields;
  }
}
