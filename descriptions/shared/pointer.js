// JSON Pointer (RFC 6901): the one implementation of the repository, for `$ref`s, rule findings and
// schema-validation error paths. TypeScript code imports it through descriptions/pointer.ts; the Spectral
// ruleset (spec/lint/) directly. Plain JavaScript with JSDoc types, because Spectral bundles its custom
// functions without a TypeScript step.

/**
 * Escapes one reference token: `~` → `~0`, then `/` → `~1` (RFC 6901 §3).
 * @param {string} token
 * @returns {string}
 */
export function escapePointerToken(token) {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Unescapes one reference token: `~1` → `/`, then `~0` → `~` (RFC 6901 §4; this order keeps `~01` as `~1`).
 * @param {string} token
 * @returns {string}
 */
export function unescapePointerToken(token) {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Splits a pointer into its unescaped reference tokens. Takes the JSON string form (`/paths/~1pets`,
 * `''` for the whole document) and the URI fragment form (`#/paths/~1pets`, percent-decoded as
 * RFC 6901 §6 says).
 * @throws {Error} when the pointer is neither empty nor starts with `/` (after an optional `#`), or
 * its fragment form is not valid percent-encoding
 * @param {string} pointer
 * @returns {string[]}
 */
export function parsePointer(pointer) {
  let text = pointer;
  if (text.startsWith('#')) {
    try {
      text = decodeURIComponent(text.slice(1));
    } catch {
      throw new Error(`invalid JSON pointer ${JSON.stringify(pointer)}: bad percent-encoding`);
    }
  }
  if (text === '') return [];
  if (!text.startsWith('/')) throw new Error(`invalid JSON pointer ${JSON.stringify(pointer)}: must start with "/"`);
  return text.slice(1).split('/').map(unescapePointerToken);
}

/**
 * Joins reference tokens into a pointer, escaping each: `['paths', '/pets']` → `/paths/~1pets`.
 * With `{ fragment: true }` the result starts with `#` (as in a local `$ref`); other characters are
 * left as they are, the way OpenAPI documents write their `$ref`s.
 * @param {ReadonlyArray<string | number>} tokens
 * @param {{ fragment?: boolean }} [options]
 * @returns {string}
 */
export function formatPointer(tokens, options = {}) {
  const body = tokens.map((t) => `/${escapePointerToken(String(t))}`).join('');
  return options.fragment ? `#${body}` : body;
}

/**
 * The value a pointer refers to in `doc`, or undefined when it points nowhere (a missing key, an
 * array index that is not a plain non-negative integer or is out of range, or a step into a scalar).
 * `pointer` is a string (either form of {@link parsePointer}) or tokens already parsed.
 * @throws {Error} from {@link parsePointer} when the pointer string is malformed
 * @param {unknown} doc
 * @param {string | readonly string[]} pointer
 * @returns {unknown}
 */
export function resolvePointer(doc, pointer) {
  const tokens = typeof pointer === 'string' ? parsePointer(pointer) : pointer;
  /** @type {unknown} */
  let node = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (typeof node === 'object' && node !== null) {
      if (!Object.hasOwn(node, token)) return undefined;
      node = /** @type {Record<string, unknown>} */ (node)[token];
    } else {
      return undefined;
    }
  }
  return node;
}
