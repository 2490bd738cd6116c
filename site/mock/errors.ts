// The error model of the mock: every failure is an `Error` object `{code, message, status}`
// (spec/README.md, "Errors: the catalogue"), raised as a MockError and turned into its response
// where the pipeline runs the stage that threw (pipeline.ts `compose`, `errorResponse`).

// The catalogue (codes and statuses) is the API's, in spec/catalogue.ts.
import { ERROR_STATUS, type ErrorCode } from '../../spec/catalogue.ts';

export { ERROR_STATUS, type ErrorCode };

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
