// The error model of the mock: every failure is an `Error` object `{code, message, status}`
// (spec/README.md, "Errors: the catalogue"), raised as a MockError anywhere in the pipeline and
// turned into that stage's response by `compose` (context.ts).

// The API's catalogue (codes and statuses) is in spec/catalogue.ts; the mock adds its own codes.
import { ERROR_STATUS } from '../../../spec/catalogue.ts';

/**
 * The mock's error catalogue: the API's codes, and the codes of what the mock serves beside the API
 * (`version_not_found`: a version of the description the site does not publish, route/mount.ts;
 * `store_unavailable`: the store of sandboxes and rate windows cannot be reached, access/store.ts,
 * answered with `Retry-After`).
 */
export const MOCK_ERROR_STATUS = Object.freeze({
  ...ERROR_STATUS,
  version_not_found: 404,
  store_unavailable: 503,
} as const);

/** A code of the mock's error catalogue. */
export type ErrorCode = keyof typeof MOCK_ERROR_STATUS;

/** The `Error` schema of the spec: `status` always equals the HTTP status. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
}

/**
 * A client-visible failure. Thrown anywhere in the mock's request pipeline and converted to an
 * `Error` response (with `headers`, e.g. `Allow` or `WWW-Authenticate`) by `compose`.
 */
export class MockError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Members the body carries after `code`, `message` and `status` (`versions` of `version_not_found`). */
  readonly details: Readonly<Record<string, unknown>>;

  /**
   * @param code catalogue code; the HTTP status follows from it
   * @param message human-readable text naming the field or parameter at fault
   * @param headers extra response headers
   * @param details extra members of the body, as data (never parsed back from the message)
   */
  constructor(
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'MockError';
    this.code = code;
    this.status = MOCK_ERROR_STATUS[code];
    this.headers = headers;
    this.details = details;
  }

  /** The `Error` body sent to the client. */
  toBody(): ErrorBody & Record<string, unknown> {
    return { code: this.code, message: this.message, status: this.status, ...this.details };
  }
}
