// Spectral function of rule petstore-composed-schema-examples (.spectral.yaml): the `example` of a
// schema built with allOf/oneOf/anyOf is valid against it. Spectral's oas3-valid-schema-example looks
// only at schemas with a type, properties, items, enum, format or $ref of their own, so it skips
// `Pet: {allOf: [NewPet, {id}], example}`.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { SchemaValidator } from './schemas.js';

/** One validator per document: compiling the document's schemas once serves every example. */
const validators = new WeakMap();

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} schema
   * @param {null} _options
   * @param {{ path: (string | number)[], document: { data: unknown } }} context
   */
  function composedSchemaExample(schema, _options, context) {
    const doc = /** @type {object} */ (context.document.data);
    let validator = validators.get(doc);
    if (!validator) {
      validator = new SchemaValidator(doc);
      validators.set(doc, validator);
    }
    const error = validator.check(context.path, schema.example);
    return error
      ? [{ message: `example does not match its schema: ${error}`, path: [...context.path, 'example'] }]
      : [];
  },
);
