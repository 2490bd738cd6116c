/**
 * The event mock's message validators compiled at run time (the Node hosts: `npm start`, `astro dev`, MCP,
 * the tests): Ajv with ajv-formats, one validator per message compiled on its first use. The reader's
 * browser runs the same schemas compiled at build time instead (precompile.ts): a service worker under
 * the site's CSP may not compile code.
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { schemaContext } from '../../../descriptions/asyncapi/channels.ts';
import type { EventMessage, EventModel } from '../../../descriptions/asyncapi/types.ts';
import {
  type CompiledValidator,
  type FieldProblem,
  fieldProblem,
  type MessageChecker,
  payloadSchema,
  SCHEMA_CONTEXT_ID,
} from './validate.ts';

/**
 * The Ajv instance of one model's messages, as both compilations configure it: draft-07 (AsyncAPI's
 * default schema format), every error, unknown keywords ignored, ajv-formats' full set, and the model's
 * schema context under {@link SCHEMA_CONTEXT_ID} for the `$ref`s a recursive schema keeps.
 * @param extra more options (precompile.ts: `code` for standalone code)
 */
export function eventAjv(model: EventModel, extra: Options = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false, validateSchema: false, ...extra });
  addFormats(ajv);
  ajv.addSchema(schemaContext(model), SCHEMA_CONTEXT_ID);
  return ajv;
}

/** The validators of one model's messages, compiled on first use. */
export class MessageValidators implements MessageChecker {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, CompiledValidator | null>();

  constructor(model: EventModel) {
    this.ajv = eventAjv(model);
  }

  check(message: EventMessage, payload: unknown): FieldProblem[] {
    const validate = this.validator(message);
    if (!validate || validate(payload)) return [];
    return (validate.errors ?? []).map(fieldProblem);
  }

  private validator(message: EventMessage): CompiledValidator | null {
    if (this.compiled.has(message.id)) return this.compiled.get(message.id) ?? null;
    let fn: CompiledValidator | null = null;
    const schema = payloadSchema(message);
    if (schema) {
      try {
        fn = this.ajv.compile(schema);
      } catch {
        fn = null;
      }
    }
    this.compiled.set(message.id, fn);
    return fn;
  }
}
