/**
 * The JSON Schema check of the config (site/domains.schema.json, JSON Schema draft-07) with ajv: all errors, not
 * strict. The published CLI bundle (scripts/build-cli.mjs) replaces this module with the same validator compiled
 * ahead of time by ajv's standalone code generation, so a run neither loads ajv nor compiles the schema.
 */
import { Ajv, type ErrorObject } from 'ajv';

/** A compiled schema: true when `data` is valid; otherwise `errors` lists every violation (ajv's shape). */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The ajv options of the check; the ahead-of-time compilation uses the same. */
export const AJV_OPTIONS = { allErrors: true, strict: false } as const;

/**
 * Compiles a JSON Schema.
 * @throws {Error} from ajv when the schema itself is invalid
 */
export function compileSchema(schema: object): SchemaValidator {
  return new Ajv(AJV_OPTIONS).compile(schema);
}
