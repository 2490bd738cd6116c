/**
 * The error catalogue of the Petstore API (spec/README.md, "Errors: the catalogue"; the API
 * description lists it in `info.description`): each `Error.code` and the HTTP status it comes with.
 * One source for the spec rules (.spectral.yaml), the Petstore's mock (site/mock/petstore/errors.ts) and the guides; the
 * data is plain JavaScript (spec/shared/catalogue.js) so that the Spectral ruleset can import it.
 */
import { ERROR_STATUS } from './shared/catalogue.js';

/** A code of the error catalogue. */
export type ErrorCode = keyof typeof ERROR_STATUS;

export { ERROR_STATUS };
