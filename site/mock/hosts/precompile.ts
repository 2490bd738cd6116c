// Build time only (Node): compiles the mock's definition (core.ts `MockDefinition`) into plain
// modules and bundles a host of the core with them, for the hosts that must not compile code at
// run time: the service worker (a browser, under a CSP without 'unsafe-eval') and Fetch-API edge
// runtimes. The request validators are the schemas the server compiles (request/compile.ts: the same
// schemas, Ajv's 2020-12 dialect, the same options and formats), written out as code by Ajv's
// standalone code generation, so the bundle carries no schema compiler.
import { fileURLToPath } from 'node:url';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { build, type Plugin } from 'esbuild';
import { type Description, isObject, type JsonObject } from '../../../spec/refs.ts';
import { internalForm } from '../description.ts';
import { isPetstoreOperation, petstoreApplies } from '../petstore/behaviour.ts';
import { queryCredentialNames, requestSchemas, requestView, validatorAjv } from '../request/compile.ts';
import { mockOperations } from '../route/operations.ts';

/** The module a bundled host imports its definition from (resolved by {@link definitionPlugin}). */
export const DEFINITION_MODULE = 'virtual:petstore-mock/definition';

/**
 * The module a bundled host imports the older released versions' definitions from:
 * `export const versions = [[version, definition], …]`, newest first (empty when none is published).
 */
export const VERSIONS_MODULE = 'virtual:petstore-mock/versions';

/** The module of an older version's definition. */
function versionModule(version: string): string {
  return `virtual:petstore-mock/version/${encodeURIComponent(version)}`;
}

const FORMATS_PATH = fileURLToPath(new URL('../request/formats.ts', import.meta.url));

/** The generated modules of a definition: their source text by virtual module name. */
export type DefinitionModules = Record<string, string>;

/**
 * What of the description the bundled mock reads: everything but the prose and the parts the
 * mock never answers from (tags, webhooks, code samples). For the Petstore, whose operations all
 * have hand-written behaviour, the responses are left out too.
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
    for (const [key, op] of Object.entries(item)) {
      if (!isObject(op) || key === 'parameters' || key === 'additionalOperations' || key === '$ref') {
        copy[key] = op;
        continue;
      }
      const { 'x-codeSamples': _samples, callbacks: _callbacks, ...kept } = op;
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
 * Compiles a description into the modules of {@link DEFINITION_MODULE}: the description as JSON
 * and two modules of standalone validators (request bodies; parameters, with `coerceTypes`). A
 * schema Ajv cannot compile leaves that part of that operation's request unchecked (a warning
 * through `onWarn`), never the build failed.
 * @param description the internal form, or an older version (upgraded as description.ts does)
 * @param onWarn told about each schema left unchecked
 * @param options `module`: the name of the definition's module (default {@link DEFINITION_MODULE});
 *   `describedOnly`: every operation answered from the description, as index.ts `createMock` does
 *   for an older released version
 */
export async function definitionModules(
  description: object,
  onWarn: (message: string) => void = () => {},
  options: { module?: string; describedOnly?: boolean } = {},
): Promise<DefinitionModules> {
  const module = options.module ?? DEFINITION_MODULE;
  const doc = internalForm(description);
  const operations = mockOperations(doc);
  const view = requestView(doc);
  const code = { source: true, esm: true, formats: _`require(${FORMATS_PATH}).formats` };
  const bodies = validatorAjv(view, { code });
  const params = validatorAjv(view, { coerceTypes: true, code });
  const bodyExports: Record<string, string> = {};
  const paramExports: Record<string, string> = {};
  const table: string[] = [];
  const credentials = queryCredentialNames(doc);
  const petstore = !options.describedOnly && petstoreApplies(operations);
  // The operations as the view has them: their inline schemas are the view's.
  mockOperations(view).forEach((op, i) => {
    const schemas = requestSchemas(op, view, credentials, petstore && isPetstoreOperation(op.operationId));
    const names: string[] = [];
    for (const [ajv, schema, exportsOf, module] of [
      [bodies, schemas.body, bodyExports, 'bodies'],
      [params, schemas.params, paramExports, 'params'],
    ] as const) {
      if (!schema) continue;
      const name = `v${i}`;
      try {
        ajv.addSchema(schema, name);
        ajv.getSchema(name);
        exportsOf[name] = name;
        names.push(`${module}.${name}`);
      } catch (err) {
        ajv.removeSchema(name);
        onWarn(
          `${op.operationId}: ${module === 'bodies' ? 'body' : 'parameters'} not checked: ${(err as Error).message}`,
        );
      }
    }
    table.push(`${JSON.stringify(op.operationId)}: [${names.join(', ')}]`);
  });
  return {
    [module]: [
      `import * as bodies from '${module}/bodies';`,
      `import * as params from '${module}/params';`,
      `const validators = {${table.join(', ')}};`,
      'export const definition = {',
      `  document: ${JSON.stringify(shipped(doc, petstore && operations.every((op) => isPetstoreOperation(op.operationId))))},`,
      '  validators: (id) => validators[id] ?? [],',
      `  petstore: ${petstore},`,
      '};',
    ].join('\n'),
    [`${module}/bodies`]: standaloneCode(bodies, bodyExports),
    [`${module}/params`]: standaloneCode(params, paramExports),
  };
}

/** An older released version to bundle beside the current description. */
export interface OlderVersion {
  /** Its version name, as the URL `/api/mock/@<version>/` carries it. */
  version: string;
  /** Its description (the internal form, or an older OpenAPI version). */
  description: object;
}

/**
 * The modules of the current description ({@link DEFINITION_MODULE}) and of the older released
 * versions ({@link VERSIONS_MODULE}, each answered from its description only).
 */
export async function versionedModules(
  description: object,
  older: readonly OlderVersion[],
  onWarn: (message: string) => void = () => {},
): Promise<DefinitionModules> {
  const modules = await definitionModules(description, onWarn);
  const entries: string[] = [];
  const imports: string[] = [];
  for (const [i, v] of older.entries()) {
    const name = versionModule(v.version);
    Object.assign(
      modules,
      await definitionModules(v.description, (m) => onWarn(`${v.version}: ${m}`), {
        module: name,
        describedOnly: true,
      }),
    );
    imports.push(`import { definition as d${i} } from '${name}';`);
    entries.push(`[${JSON.stringify(v.version)}, d${i}]`);
  }
  modules[VERSIONS_MODULE] = [...imports, `export const versions = [${entries.join(', ')}];`].join('\n');
  return modules;
}

/** An esbuild plugin that serves {@link DEFINITION_MODULE} and its validators from memory. */
export function definitionPlugin(modules: DefinitionModules): Plugin {
  const resolveDir = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'petstore-mock-definition',
    setup(b) {
      b.onResolve({ filter: /^virtual:petstore-mock\// }, (args) => ({ path: args.path, namespace: 'petstore-mock' }));
      b.onLoad({ filter: /.*/, namespace: 'petstore-mock' }, (args) => {
        const contents = modules[args.path];
        if (contents === undefined) return { errors: [{ text: `no generated module ${args.path}` }] };
        return { contents, loader: 'js', resolveDir };
      });
    },
  };
}

/** What {@link bundleMock} writes. */
export interface BundleOptions {
  /** The host module to bundle (site/mock/hosts/worker.ts, site/mock/hosts/edge.ts). */
  entry: string;
  /** The file to write. */
  outfile: string;
  /** `iife` for a classic service worker script, `esm` for an edge module. */
  format: 'iife' | 'esm';
  minify?: boolean;
  /** Told about request schemas left unchecked (see {@link definitionModules}). */
  onWarn?: (message: string) => void;
  /** The older released versions the bundle answers under `/api/mock/@<version>/` (default none). */
  older?: readonly OlderVersion[];
}

/**
 * Bundles a host of the mock core with the precompiled definition of a description (esbuild,
 * browser platform, ES2022).
 * @param description the internal form (or an older version, upgraded in memory)
 * @returns the bundle's size in bytes
 * @throws {Error} when the bundle fails
 */
export async function bundleMock(description: object, options: BundleOptions): Promise<number> {
  const modules = await versionedModules(description, options.older ?? [], options.onWarn);
  const result = await build({
    entryPoints: [options.entry],
    outfile: options.outfile,
    bundle: true,
    format: options.format,
    platform: 'browser',
    target: 'es2022',
    minify: options.minify ?? true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
    plugins: [definitionPlugin(modules)],
  });
  return Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
}
