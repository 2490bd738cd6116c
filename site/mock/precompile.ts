// Build time only (Node): compiles the mock's definition (core.ts `MockDefinition`) into plain
// modules and bundles a host of the core with them, for the hosts that must not compile code at
// run time: the service worker (a browser, under a CSP without 'unsafe-eval') and Fetch-API edge
// runtimes. The request validators are the ones openapi-backend builds for the server mock
// (index.ts `openApiBackend`: the same schemas, the same ajv options and formats), written out as
// code by Ajv's standalone code generation, so the bundle carries no schema compiler.
import { fileURLToPath } from 'node:url';
import { _, Ajv, type AnySchemaObject, type Options } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { build, type Plugin } from 'esbuild';
import type { OpenAPIV3 } from 'openapi-types';
import { INT64_FORMAT } from './formats.ts';
import { openApiBackend } from './index.ts';

/** The module a bundled host imports its definition from (resolved by {@link definitionPlugin}). */
export const DEFINITION_MODULE = 'virtual:petstore-mock/definition';

const FORMATS_PATH = fileURLToPath(new URL('./formats.ts', import.meta.url));

/** An Ajv that writes code: openapi-backend's options for this validator kind, the mock's formats. */
function codeAjv(extra: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    ...extra,
    // The generated code looks formats up in formats.ts (bundled with it) instead of carrying
    // their definitions, which standalone code cannot serialise.
    code: { source: true, esm: true, formats: _`require(${FORMATS_PATH}).formats` },
  });
  addFormats(ajv);
  ajv.addFormat('int64', INT64_FORMAT);
  return ajv;
}

/** The generated modules of a definition: their source text by virtual module name. */
export type DefinitionModules = Record<string, string>;

/**
 * Compiles a description into the modules of {@link DEFINITION_MODULE}: the operations as JSON
 * (without their responses, which the mock does not read) and two modules of standalone
 * validators (request bodies; parameters, with `coerceTypes` as openapi-backend compiles them).
 * @param spec the parsed OpenAPI 3.0 document
 * @throws {Error} when the document is invalid
 */
export async function definitionModules(spec: OpenAPIV3.Document): Promise<DefinitionModules> {
  const api = await openApiBackend(spec);
  const bodies = codeAjv({});
  const params = codeAjv({ coerceTypes: true });
  const bodyExports: Record<string, string> = {};
  const paramExports: Record<string, string> = {};
  const table: string[] = [];
  const operations = api.getOperations().map((op, i) => {
    const id = op.operationId as string;
    const validators = api.validator.getRequestValidatorsForOperation(id) ?? [];
    const names: string[] = [];
    validators.forEach((fn, j) => {
      // openapi-backend puts the body validator (when there is one) before the parameters'.
      const isBody = validators.length === 2 && j === 0;
      const name = `v${i}`;
      const ajv = isBody ? bodies : params;
      ajv.addSchema(fn.schema as AnySchemaObject, name);
      (isBody ? bodyExports : paramExports)[name] = name;
      names.push(`${isBody ? 'bodies' : 'params'}.${name}`);
    });
    table.push(`${JSON.stringify(id)}: [${names.join(', ')}]`);
    const { responses: _responses, ...rest } = op;
    return rest;
  });
  return {
    [DEFINITION_MODULE]: [
      `import * as bodies from '${DEFINITION_MODULE}/bodies';`,
      `import * as params from '${DEFINITION_MODULE}/params';`,
      `const validators = {${table.join(', ')}};`,
      'export const definition = {',
      `  security: ${JSON.stringify(spec.security ?? [])},`,
      `  securitySchemes: ${JSON.stringify(spec.components?.securitySchemes ?? {})},`,
      `  operations: ${JSON.stringify(operations)},`,
      '  validators: (id) => validators[id] ?? [],',
      '};',
    ].join('\n'),
    [`${DEFINITION_MODULE}/bodies`]: standaloneCode(bodies, bodyExports),
    [`${DEFINITION_MODULE}/params`]: standaloneCode(params, paramExports),
  };
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
  /** The host module to bundle (site/mock/worker.ts, site/mock/edge.ts). */
  entry: string;
  /** The file to write. */
  outfile: string;
  /** `iife` for a classic service worker script, `esm` for an edge module. */
  format: 'iife' | 'esm';
  minify?: boolean;
}

/**
 * Bundles a host of the mock core with the precompiled definition of `spec` (esbuild, browser
 * platform, ES2022).
 * @returns the bundle's size in bytes
 * @throws {Error} when the document is invalid or the bundle fails
 */
export async function bundleMock(spec: OpenAPIV3.Document, options: BundleOptions): Promise<number> {
  const modules = await definitionModules(spec);
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
