// The Petstore's own words for a refusal: its error catalogue (spec/catalogue.ts; spec/README.md,
// "Errors: the catalogue"), every refusal an `Error` object `{code, message, status}` plus the
// refusal's details (`versions` of `version_not_found`). The general mock takes them through the
// Petstore's hand-written behaviour (index.ts `refusal`), and the store and body checks refuse
// with the catalogue's codes through `catalogueError`.
import { ERROR_STATUS, type ErrorCode } from '../../../spec/catalogue.ts';
import { MockError } from '../pipeline/errors.ts';
import type { RefusalBody } from '../pipeline/refusal.ts';

/**
 * A refusal with a code of the Petstore's catalogue; the status follows from it.
 * @param code a catalogue code
 * @param message human-readable text naming the field or parameter at fault
 */
export function catalogueError(code: ErrorCode, message: string, headers: Record<string, string> = {}): MockError {
  return new MockError({ code, status: ERROR_STATUS[code] }, message, headers);
}

/**
 * The Petstore's `Error` body of any refusal, the general mock's ones included (their codes are the
 * catalogue's, and `version_not_found` for a version the site does not publish): `application/json`
 * `{code, message, status, ...details}`.
 */
export function catalogueRefusal(err: MockError): RefusalBody {
  return {
    mediaType: 'application/json',
    body: { code: err.code, message: err.message, status: err.status, ...err.details },
  };
}
