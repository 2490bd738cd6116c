// Building regular expressions from literal text. Plain JavaScript with JSDoc types so that both the
// TypeScript code and the Spectral ruleset (spec/lint/) can import it.

/**
 * `text` with every character that has a meaning in a regular expression escaped (also `/`, so the
 * result can sit in a regex literal), e.g. to match a path template's literal parts.
 * @param {string} text
 * @returns {string}
 */
export function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
