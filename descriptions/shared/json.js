// The object guard of parsed JSON, for every part of the repository: the TypeScript code imports it
// through descriptions/json.ts (with the JSON types), the Spectral ruleset's helpers directly. Plain
// JavaScript with JSDoc types, because Spectral bundles its custom functions without a TypeScript step.

/**
 * Whether a value is a plain object (not null, not an array).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
