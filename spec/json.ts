// JSON as every part reads a parsed description: the object guard and the types of plain JSON data.

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** A description as plain data (any OpenAPI version, or the loader's internal form), read-only. */
export type Description = Readonly<Record<string, unknown>>;

/** Whether a value is a plain object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
