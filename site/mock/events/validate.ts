/**
 * Messages checked against their payload schemas: AsyncAPI's default schema format is a JSON Schema
 * draft-07 superset (AsyncAPI 3.0.0 "Schema Object"), compiled by Ajv at run time once per message, with
 * ajv-formats; each failure named by its field (`payload.reqid: must be integer`).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { schemaContext } from '../../../descriptions/asyncapi/channels.ts';
import type { EventMessage, EventModel } from '../../../descriptions/asyncapi/types.ts';

/** A failing field: where (`payload.user.id`, `payload` for the whole) and what. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** The validators of one model's messages, compiled on first use. */
export class MessageValidators {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor(model: EventModel) {
    this.ajv = new Ajv({ allErrors: true, strict: false, logger: false, validateSchema: false });
    addFormats(this.ajv);
    // `$ref`s a recursive schema keeps point into components.schemas (descriptions/asyncapi/model.ts).
    this.ajv.addSchema(schemaContext(model), 'asyncapi:doc');
  }

  /**
   * The problems of a payload against a message's schema; none when it fits, or when the message has a
   * schema in another format (Avro, RAML) the mock does not check.
   */
  check(message: EventMessage, payload: unknown): FieldProblem[] {
    const validate = this.validator(message);
    if (!validate || validate(payload)) return [];
    return (validate.errors ?? []).map(fieldProblem);
  }

  private validator(message: EventMessage): ValidateFunction | null {
    if (this.compiled.has(message.id)) return this.compiled.get(message.id) ?? null;
    let fn: ValidateFunction | null = null;
    if (message.payload !== undefined && !message.schemaFormat) {
      try {
        const schema = JSON.parse(
          JSON.stringify(message.payload).replaceAll('"#/components/schemas/', '"asyncapi:doc#/components/schemas/'),
        );
        fn = this.ajv.compile(typeof schema === 'object' && schema !== null ? schema : {});
      } catch {
        fn = null;
      }
    }
    this.compiled.set(message.id, fn);
    return fn;
  }
}

/** Ajv's error as a field and a message: `/user/id` → `payload.user.id`; a missing property names itself. */
export function fieldProblem(e: ErrorObject): FieldProblem {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') path.push(e.params.missingProperty);
  if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') {
    path.push(e.params.additionalProperty);
  }
  const field = ['payload', ...path].join('.');
  const message =
    e.keyword === 'required'
      ? 'is required'
      : e.keyword === 'additionalProperties'
        ? 'is not allowed'
        : e.keyword === 'enum' && Array.isArray(e.params.allowedValues)
          ? `must be one of ${e.params.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`
          : (e.message ?? 'is invalid');
  return { field, message };
}
