/**
 * What a message check is, whoever compiled it: the failing fields of a payload (`payload.reqid: must be
 * integer`), by message. AsyncAPI's default schema format is a JSON Schema draft-07 superset (AsyncAPI 3.0.0
 * "Schema Object"); the validators are Ajv's, compiled at run time by the Node hosts (compile.ts) or at
 * build time into plain code for the reader's browser (precompile.ts), from the same schemas
 * ({@link payloadSchema}) with the same options, so both hosts decide alike. This file imports no compiler.
 */
import type { ErrorObject } from 'ajv';
import type { EventMessage } from '../../../descriptions/asyncapi/types.ts';

/** A failing field: where (`payload.user.id`, `payload` for the whole) and what. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** The check of the messages of one event API (an Ajv validator per message, however compiled). */
export interface MessageChecker {
  /**
   * The problems of a payload against a message's schema; none when it fits, or when the message has a
   * schema in another format (Avro, RAML) or one Ajv could not compile: the mock does not check those.
   */
  check(message: EventMessage, payload: unknown): FieldProblem[];
}

/** A compiled validator as Ajv makes it, at run time or as standalone code: a function with its last errors. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The `$id` under which the model's schema context (`components.schemas`) is registered with Ajv. */
export const SCHEMA_CONTEXT_ID = 'asyncapi:doc';

/**
 * The schema a message's payload is checked against: its payload schema with the `$ref`s a recursive
 * schema keeps (`#/components/schemas/…`, descriptions/asyncapi/model.ts) pointed at the model's schema
 * context; undefined when the mock does not check the message (no payload, or a schema format other than
 * JSON Schema).
 */
export function payloadSchema(message: EventMessage): object | undefined {
  if (message.payload === undefined || message.schemaFormat) return undefined;
  const schema = JSON.parse(
    JSON.stringify(message.payload).replaceAll('"#/components/schemas/', `"${SCHEMA_CONTEXT_ID}#/components/schemas/`),
  ) as unknown;
  return typeof schema === 'object' && schema !== null ? schema : {};
}

/**
 * A checker over validators compiled already, by message id (a message without one is not checked).
 * @param validators each message's validator, by its id in the model
 */
export function checkerOf(validators: Readonly<Record<string, CompiledValidator | undefined>>): MessageChecker {
  return {
    check(message, payload) {
      const validate = Object.hasOwn(validators, message.id) ? validators[message.id] : undefined;
      if (!validate || validate(payload)) return [];
      return (validate.errors ?? []).map(fieldProblem);
    },
  };
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
