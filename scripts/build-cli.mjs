// Precompiles the repository's two command-line tools into JavaScript bundles with esbuild, one folder each:
//   - docs-domains (tools/docs-domains/cli.ts) into tools/docs-domains/dist/;
//   - spec-diff (tools/spec-diff/cli.ts, `npm run spec:diff` and `spec:release`) into tools/spec-diff/dist/;
// each an entry `cli.mjs` plus chunks loaded only when a command needs them. Running the TypeScript sources
// costs a resolution, a read and a type-strip of every module per start (some 80 for docs-domains, 60 plus
// their dependencies' for spec-diff); a bundle is a handful of files.
//
// npm runs it on `npm ci`/`npm install` (the `prepare` script) and `npm run build:cli` runs it by hand.
// Each folder gets inputs.json: `{floor, inputs}`, the repository files the bundle was built from and the
// Node.js floor of package.json then. The launchers (tools/bin/docs-domains.mjs, tools/bin/spec-diff.mjs,
// through tools/bin/launch.mjs) run a bundle only while none of its inputs is newer than it, and the
// TypeScript sources otherwise, so an edited source is never shadowed by an old bundle. Without esbuild (a
// production install) it does nothing and the launchers run the sources.
//
// The JSON Schema check of docs-domains (tools/docs-domains/config/schema.ts) is compiled here, ahead of
// time, with ajv's standalone code generation and the same ajv options: the bundle holds the generated
// validator for site/domains.schema.json instead of ajv, so a run neither loads ajv nor compiles.
//
// Node's built-in modules are taken with process.getBuiltinModule, not imported, and node:process is the
// global (see BUILTINS_WITHOUT_FACADE). Commander loads
// node:child_process (with net, dgram and streams) for executable subcommands, which neither CLI has: in
// the bundles that import is replaced by a stub that loads the module on first use.
//
// A bundle sits at the same depth as its sources' folders (tools/docs-domains/config/, descriptions/loader/) so that
// the paths they derive from import.meta.url (the repository root, site/domains.yaml) stay right.
//
// Usage: node scripts/build-cli.mjs [--prepare]
//   --prepare (npm's `prepare`): print nothing on success, and on a failure only a warning: the install
//   goes on and the launchers run the sources.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeFloor } from './node-version.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('../tools/docs-domains/dist/', import.meta.url));
export const SPEC_DIFF_OUT_DIR = fileURLToPath(new URL('../tools/spec-diff/dist/', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/docs-domains/', import.meta.url));
const SCHEMA_MODULE = fileURLToPath(new URL('../tools/docs-domains/config/schema.ts', import.meta.url));
const SCHEMA = fileURLToPath(new URL('../site/domains.schema.json', import.meta.url));
const prepare = process.argv.includes('--prepare');

/**
 * The source of the module that stands for config/schema.ts in the bundle: the validator of
 * site/domains.schema.json as ajv's standalone code (ES module), and a `compileSchema` that returns it
 * for that schema (what config/load.ts passes) and refuses any other.
 * @param {typeof import('esbuild')} esbuild
 */
async function precompiledSchemaModule(esbuild) {
  // The ajv options come from schema.ts itself (type-stripped here: this script runs on any Node).
  const ts = await esbuild.transform(readFileSync(SCHEMA_MODULE, 'utf8'), { loader: 'ts', format: 'esm' });
  const tmp = new URL('schema-options.mjs', pathToFileURL(OUT_DIR));
  writeFileSync(tmp, ts.code);
  const { AJV_OPTIONS } = await import(tmp.href);
  rmSync(tmp);
  const require = createRequire(SCHEMA_MODULE);
  const { Ajv } = require('ajv');
  const standaloneCode = require('ajv/dist/standalone').default;
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  const code = standaloneCode(ajv, ajv.compile(schema));
  return `${code}
export const AJV_OPTIONS = ${JSON.stringify(AJV_OPTIONS)};
const SHIPPED = ${JSON.stringify(JSON.stringify(schema))};
export function compileSchema(schema) {
  if (JSON.stringify(schema) !== SHIPPED)
    throw new Error('the docs-domains bundle holds the validator of site/domains.schema.json only; run the sources (DOCS_DOMAINS_SOURCE=1) for another schema');
  return validate;
}
`;
}

/** Stands for node:child_process inside commander: the module is loaded on the first `spawn`. */
const LAZY_CHILD_PROCESS = `export default { spawn: (...args) => process.getBuiltinModule('node:child_process').spawn(...args) };`;

/**
 * Node's built-in modules, taken with `process.getBuiltinModule` when a chunk that uses them runs, instead of
 * ES imports that the module graph links before anything runs; and node:process as the `process` global: loading
 * it as a module reads every property of it, so `import process from 'node:process'` (commander) loaded the
 * diagnostic report, the worker threads and more, tens of modules a command never uses.
 * @type {import('esbuild').Plugin}
 */
const BUILTINS_WITHOUT_FACADE = {
  name: 'builtins-without-facade',
  setup(b) {
    b.onResolve(
      { filter: /^node:|^(buffer|process|events|path|fs|url|util|os|crypto|net|tls|dgram|stream)$/ },
      (args) => ({
        path: args.path.replace(/^node:/, ''),
        namespace: 'builtin',
      }),
    );
    // node:process is the `process` global; loading it as a module would read every property of it, the lazy
    // ones (the diagnostic report, the worker machinery) included.
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => {
      if (args.path === 'process') return { contents: 'module.exports = process;', loader: 'js' };
      // Each export a getter that loads the module on first use: a chunk that imports node:util for a help
      // text, or node:net for an address check, loads it only when that code runs.
      const keys = Object.keys(createRequire(import.meta.url)(`node:${args.path}`));
      const name = JSON.stringify(`node:${args.path}`);
      return {
        contents: `let m;for(const k of ${JSON.stringify(keys)})Object.defineProperty(module.exports,k,{enumerable:true,get:()=>(m??=process.getBuiltinModule(${name}))[k]});`,
        loader: 'js',
      };
    });
  },
};

/**
 * One esbuild bundle with splitting into `outDir`, and its inputs.json.
 * @param {typeof import('esbuild')} esbuild
 * @param {{ entry: string, outDir: string, plugins?: import('esbuild').Plugin[], define?: Record<string, string>, extraInputs?: string[], external?: string[] }} cli
 */
async function bundle(esbuild, cli) {
  rmSync(cli.outDir, { recursive: true, force: true });
  mkdirSync(cli.outDir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { cli: cli.entry },
    outdir: cli.outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    // A package's ES build before its CommonJS one (only tldts and tldts-core ship both here): the CommonJS
    // build becomes a function that V8 compiles lazily, on every run, when the chunk first calls it (a noticeable
    // part of a one-domain `check`), where an ES build is top-level code, compiled with the chunk and kept in
    // Node's compile cache.
    mainFields: ['module', 'main'],
    target: 'node22',
    minify: true,
    keepNames: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    define: cli.define ?? {},
    external: cli.external ?? [],
    plugins: [
      {
        name: 'lazy-child-process',
        setup(b) {
          b.onResolve({ filter: /^node:child_process$/ }, (args) =>
            /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
              ? { path: 'lazy-child-process', namespace: 'lazy-child-process' }
              : undefined,
          );
          b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
            contents: LAZY_CHILD_PROCESS,
            loader: 'js',
          }));
        },
      },
      ...(cli.plugins ?? []),
      BUILTINS_WITHOUT_FACADE,
    ],
    // CommonJS dependencies (ajv, dns-packet, api-smart-diff's) call require() for Node's built-ins.
    banner: { js: "const require=process.getBuiltinModule('node:module').createRequire(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((p) => !p.includes('node_modules/') && !p.includes(':'))
    .map((p) => relative(ROOT, fileURLToPath(new URL(p, `file://${ROOT}`))))
    .sort();
  // The lock stands for the bundled dependencies: a changed install makes the bundle stale too; package.json
  // for the Node floor recorded beside the inputs.
  inputs.push('package-lock.json', 'package.json', 'scripts/build-cli.mjs', ...(cli.extraInputs ?? []));
  const floor = nodeFloor(ROOT);
  writeFileSync(new URL('inputs.json', `file://${cli.outDir}`), `${JSON.stringify({ floor, inputs })}\n`);
}

/**
 * Bundles both CLIs into {@link OUT_DIR} (docs-domains) and {@link SPEC_DIFF_OUT_DIR} (spec-diff).
 * @returns false when esbuild is not installed (nothing written)
 * @throws {Error} from esbuild when the sources do not compile
 */
export async function buildCli() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  // Validation results cached by an older bundle (config/load.ts) are never read again.
  rmSync(CACHE_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const schemaModule = await precompiledSchemaModule(esbuild);
  await bundle(esbuild, {
    entry: fileURLToPath(new URL('../tools/docs-domains/cli.ts', import.meta.url)),
    outDir: OUT_DIR,
    // Keys config/load.ts's cache of validation results: a new build never reads an older one's.
    define: { __DOCS_DOMAINS_BUILD__: JSON.stringify(`${Date.now().toString(36)}-${process.pid}`) },
    plugins: [
      {
        name: 'precompiled-schema',
        setup(b) {
          b.onLoad({ filter: /[\\/]config[\\/]schema\.ts$/ }, (args) =>
            args.path === SCHEMA_MODULE ? { contents: schemaModule, loader: 'js', resolveDir: ROOT } : undefined,
          );
        },
      },
    ],
    extraInputs: [relative(ROOT, SCHEMA)],
  });
  await bundle(esbuild, {
    entry: fileURLToPath(new URL('../tools/spec-diff/cli.ts', import.meta.url)),
    outDir: SPEC_DIFF_OUT_DIR,
    // The AsyncAPI parser and converter (event APIs) load from node_modules when a run reads an AsyncAPI
    // document: bundled, the converter fails at run time, and a run on OpenAPI descriptions never needs them.
    external: ['@asyncapi/*'],
  });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t0 = performance.now();
  try {
    const built = await buildCli();
    if (!prepare)
      process.stdout.write(
        built
          ? `docs-domains, spec-diff: bundled into ${relative(process.cwd(), OUT_DIR)}, ${relative(process.cwd(), SPEC_DIFF_OUT_DIR)} in ${Math.round(performance.now() - t0)} ms\n`
          : 'docs-domains, spec-diff: esbuild is not installed; the CLIs run from their TypeScript sources\n',
      );
  } catch (err) {
    rmSync(OUT_DIR, { recursive: true, force: true });
    rmSync(SPEC_DIFF_OUT_DIR, { recursive: true, force: true });
    process.stderr.write(
      `docs-domains, spec-diff: could not bundle the CLIs (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); they run from their TypeScript sources\n`,
    );
    if (!prepare) process.exitCode = 1;
  }
}
