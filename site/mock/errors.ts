// The error model of the mock: every failure is an `Error` object `{code, message, status}`
// (spec/README.md, "Errors: the catalogue"), raised as a MockError and turned into a response
// at one place (index.ts).

/**
 * Error codes of the catalogue in spec/README.md ("Errors: the catalogue") and their HTTP status.
 * `rate_limited` (429) is documented but never produced by the mock (see site/mock/README.md).
 */
export const ERROR_STATUS = {
  malformed_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  duplicate: 409,
  resource_in_use: 409,
  invalid_transition: 409,
  insufficient_stock: 409,
  capacity_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  reference_not_found: 422,
  rate_limited: 429,
  internal_error: 500,
} as const;

/** A code of the error catalogue. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The `Error` schema of the spec: `status` always equals the HTTP status. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
}

/**
 * A client-visible failure. Thrown anywhere in the mock's request pipeline and converted to an
 * `Error` response (with `headers`, e.g. `Allow` or `WWW-Authenticate`) by the core.
 */
export class MockError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  /**
   * @param code catalogue code; the HTTP status follows from it
   * @param message human-readable text naming the field or parameter at fault
   * @param headers extra response headers
   */
  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'MockError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }

  /** The `Error` body sent to the client. */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status };
  }
}
