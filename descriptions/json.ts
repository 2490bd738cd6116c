// JSON as every part reads a parsed description: the object guard (descriptions/shared/json.js, shared with
// the Spectral ruleset) and the types of plain JSON data.
export { isObject } from './shared/json.js';

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** A description as plain data (any OpenAPI version, or the loader's internal form), read-only. */
export type Description = Readonly<Record<string, unknown>>;
