// The error catalogue of the Petstore API (spec/README.md, "Errors: the catalogue"; the API
// description lists it in `info.description`). TypeScript code imports it through spec/catalogue.ts;
// the Spectral ruleset (spec/lint/) directly. Plain JavaScript, because Spectral bundles its custom
// functions without a TypeScript step.

/** Each `Error.code` and the HTTP status it comes with. */
export const ERROR_STATUS = Object.freeze(
  /** @type {const} */ ({
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
    not_implemented: 501,
  }),
);
