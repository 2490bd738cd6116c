// Validation of values against the schemas of one OpenAPI document (ajv), for the custom Spectral
// functions that check values the built-in example rules do not see (the cURL sample bodies).
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { formatPointer } from '../../descriptions/shared/pointer.js';

/**
 * Compiles (and caches, per instance) validators for the schemas of one document, addressed by their
 * path. Build a new one per lint run: ajv keeps a reference to the document.
 */
export class SchemaValidator {
  /** @type {import('ajv').default} */
  #ajv;
  /** @type {Map<string, import('ajv').ValidateFunction>} */
  #cache = new Map();

  /** @param {unknown} doc the raw document (`$ref`s resolve inside it) */
  constructor(doc) {
    // OpenAPI 3.0 schemas are a JSON Schema draft 4/7 dialect: unknown keywords (`example`,
    // `nullable`, `x-*`) are ignored (strict: false).
    this.#ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.#ajv);
    this.#ajv.addSchema(/** @type {object} */ (doc), 'openapi.json');
  }

  /**
   * Validates `value` against the schema at `path`.
   * @param {(string | number)[]} path
   * @param {unknown} value
   * @returns {string | undefined} the errors as text, or undefined when valid
   */
  check(path, value) {
    const at = formatPointer(path, { fragment: true });
    let validate = this.#cache.get(at);
    if (!validate) {
      try {
        validate = this.#ajv.compile({ $ref: `openapi.json${at}` });
      } catch (err) {
        return `cannot compile the schema at ${at}: ${/** @type {Error} */ (err).message}`;
      }
      this.#cache.set(at, validate);
    }
    if (validate(value)) return undefined;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`).join('; ');
  }
}
