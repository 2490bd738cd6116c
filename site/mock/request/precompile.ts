// Build time only (Node): compiles a description's definition (pipeline/definition.ts
// `MockDefinition`) into plain modules, for the hosts that must not compile code at run time: the
// service worker (a browser, under a CSP without 'unsafe-eval') and Fetch-API edge runtimes
// (site/mock/hosts/bundle.ts bundles them). The request validators are the schemas the server
// compiles (compile.ts: the same schemas, Ajv's 2020-12 dialect, the same options and formats),
// written out as code by Ajv's standalone code generation, so the bundle carries no schema compiler.
import { fileURLToPath } from 'node:url';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { type Description, isObject, type JsonObject } from '../../../descriptions/refs.ts';
import { type HandWritten, handWrittenFor } from '../pipeline/definition.ts';
import { mockOperations } from '../pipeline/operations.ts';
import { queryCredentialNames, requestSchemas, requestView, validatorAjv } from './compile.ts';
import { parametersWithoutProse, withoutProse } from './prose.ts';

const FORMATS_PATH = fileURLToPath(new URL('./formats.ts', import.meta.url));

/** The generated modules of a definition: their source text by virtual module name. */
export type DefinitionModules = Record<string, string>;

/**
 * What of the description the bundled mock reads: everything but the prose and the parts the
 * mock never answers from (tags, webhooks, code samples). The prose left out is the description's
 * `info`, and the summary and description of each path and operation and of each parameter written in
 * one (the mock core reads none of them; an operation's `externalDocs.url` stays: deprecation headers
 * name it), so that a change to the documentation alone makes the same definitions, which the build
 * then bundles no more (integrations/mock-worker.ts). When a hand-written behaviour answers every
 * operation (the Petstore's), the responses are left out too.
 */
function shipped(doc: Description, handled: boolean): JsonObject {
  const { info: _info, tags: _tags, webhooks: _webhooks, externalDocs: _docs, ...rest } = doc as JsonObject;
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(isObject(rest.paths) ? rest.paths : {})) {
    if (!isObject(item)) {
      paths[path] = item;
      continue;
    }
    const copy: JsonObject = {};
    for (const [key, op] of Object.entries(withoutProse(item))) {
      if (key === 'parameters') {
        copy[key] = parametersWithoutProse(op);
        continue;
      }
      if (!isObject(op) || key === 'additionalOperations' || key === '$ref') {
        copy[key] = op;
        continue;
      }
      const { 'x-codeSamples': _samples, callbacks: _callbacks, ...kept } = withoutProse(op);
      if (kept.parameters !== undefined) kept.parameters = parametersWithoutProse(kept.parameters);
      if (handled) kept.responses = {};
      copy[key] = kept;
    }
    paths[path] = copy;
  }
  if (handled && isObject(rest.components)) {
    // Nothing is generated: examples, responses and their headers are never read.
    const { examples: _examples, responses: _responses, headers: _headers, ...components } = rest.components;
    return { ...rest, components, paths };
  }
  return { ...rest, paths };
}

/**
 * Compiles a description into the modules of a definition: `module` exports `definition` (the
 * description as JSON, the validators by operationId, the name of the hand-written behaviour that
 * applies), `<module>/bodies` and `<module>/params` the standalone validators (request bodies;
 * parameters, with `coerceTypes`). A schema Ajv cannot compile leaves that part of that operation's
 * request unchecked (a warning through `onWarn`), never the build failed.
 * @param document the description in the loader's internal form
 * @param options `module`: the name of the definition's module; `handWritten`: the hand-written
 *   behaviours that may apply (none: every operation answers from the description, as an older
 *   released version does); `onWarn`: told about each schema left unchecked
 * @returns the modules' source text by module name
 */
export function definitionModules(
  document: Description,
  options: { module: string; handWritten: readonly HandWritten[]; onWarn?: (message: string) => void },
): DefinitionModules {
  const { module, onWarn = () => {} } = options;
  const operations = mockOperations(document);
  const own = handWrittenFor(operations, options.handWritten);
  const view = requestView(document);
  const code = { source: true, esm: true, formats: _`require(${FORMATS_PATH}).formats` };
  const bodies = validatorAjv(view, { code });
  const params = validatorAjv(view, { coerceTypes: true, code });
  const bodyExports: Record<string, string> = {};
  const paramExports: Record<string, string> = {};
  const table: string[] = [];
  const credentials = queryCredentialNames(document);
  operations.forEach((op, i) => {
    const schemas = requestSchemas(op, document, credentials, own?.owns(op.operationId) ?? false);
    const names: string[] = [];
    for (const [ajv, schema, exportsOf, part] of [
      [bodies, schemas.body, bodyExports, 'bodies'],
      [params, schemas.params, paramExports, 'params'],
    ] as const) {
      if (!schema) continue;
      const name = `v${i}`;
      try {
        ajv.addSchema(schema, name);
        ajv.getSchema(name);
        exportsOf[name] = name;
        names.push(`${part}.${name}`);
      } catch (err) {
        ajv.removeSchema(name);
        onWarn(
          `${op.operationId}: ${part === 'bodies' ? 'body' : 'parameters'} not checked: ${(err as Error).message}`,
        );
      }
    }
    table.push(`${JSON.stringify(op.operationId)}: [${names.join(', ')}]`);
  });
  const handled = own !== undefined && operations.every((op) => own.owns(op.operationId));
  return {
    [module]: [
      `import * as bodies from '${module}/bodies';`,
      `import * as params from '${module}/params';`,
      `const validators = {${table.join(', ')}};`,
      'export const definition = {',
      `  document: ${JSON.stringify(shipped(document, handled))},`,
      '  validators: (id) => validators[id] ?? [],',
      ...(own ? [`  behaviour: ${JSON.stringify(own.name)},`] : []),
      '};',
    ].join('\n'),
    [`${module}/bodies`]: standaloneCode(bodies, bodyExports),
    [`${module}/params`]: standaloneCode(params, paramExports),
  };
}
