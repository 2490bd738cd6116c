/**
 * The error catalogue of the Petstore API (spec/README.md, "Errors: the catalogue"; the API
 * description lists it in `info.description`): each `Error.code` and the HTTP status it comes with.
 * One source for the spec rules (spec/rules.ts) and the mock (site/mock/errors.ts).
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
