/**
 * Build time only (Node): an event API's message validators as plain code, for the mock in the reader's
 * browser (site/mock/hosts/events-worker.ts), which runs under a CSP without 'unsafe-eval' and so compiles
 * nothing. The schemas and the Ajv options are the run-time compiler's (compile.ts `eventAjv`,
 * validate.ts `payloadSchema`), written out by Ajv's standalone code generation; the module's
 * `byMessage` gives them to validate.ts `checkerOf`.
 */
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { EventModel } from '../../../descriptions/asyncapi/types.ts';
import { eventAjv } from './compile.ts';
import { payloadSchema } from './validate.ts';

/**
 * The source of an ES module exporting `byMessage`: each checked message's validator by its id in the
 * model. A schema Ajv cannot compile leaves that message unchecked, as at run time (told to `onWarn`).
 * @param onWarn told about each message left unchecked
 */
export function eventValidatorsModule(model: EventModel, onWarn: (message: string) => void = () => {}): string {
  const code = { source: true, esm: true, formats: _`require("ajv-formats/dist/formats.js").fullFormats` };
  const ajv = eventAjv(model, { code });
  const exported: Record<string, string> = {};
  const table: string[] = [];
  model.messages.forEach((message, i) => {
    const schema = payloadSchema(message);
    if (!schema) return;
    const name = `m${i}`;
    try {
      ajv.addSchema(schema, name);
      ajv.getSchema(name);
      exported[name] = name;
      table.push(`${JSON.stringify(message.id)}: ${name}`);
    } catch (error) {
      ajv.removeSchema(name);
      onWarn(`message ${message.name}: payload not checked: ${(error as Error).message}`);
    }
  });
  const validators = Object.keys(exported).length > 0 ? standaloneCode(ajv, exported) : '';
  return `${validators}\nexport const byMessage = {${table.join(', ')}};\n`;
}
