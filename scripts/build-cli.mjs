// Precompiles the docs-domains CLI (tools/docs-domains/cli.ts) into one JavaScript bundle with esbuild:
// tools/docs-domains/dist/cli.mjs, plus one chunk per command loaded only when that command runs.
// Running the TypeScript sources costs a resolution, a read and a type-strip of some 80 modules per
// start; the bundle is a handful of files, so `validate` starts in a fraction of the time.
//
// npm runs it on `npm ci`/`npm install` (the `prepare` script) and `npm run build:cli` runs it by hand.
// It writes dist/inputs.json: the repository files the bundle was built from. The launcher
// (tools/bin/docs-domains.mjs) runs the bundle only while none of them is newer than it, and the
// TypeScript sources otherwise, so an edited source is never shadowed by an old bundle. Without
// esbuild (a production install) it does nothing and the launcher runs the sources.
//
// The JSON Schema check (tools/docs-domains/config/schema.ts) is compiled here, ahead of time, with
// ajv's standalone code generation and the same ajv options: the bundle holds the generated
// validator for site/domains.schema.json instead of ajv, so a run neither loads ajv nor compiles.
//
// The bundle sits at the same depth as tools/docs-domains/config/ so that the paths config/load.ts
// derives from import.meta.url (the repository root, site/domains.yaml) stay right.
//
// Usage: node scripts/build-cli.mjs [--prepare]
//   --prepare (npm's `prepare`): print nothing on success, and on a failure only a warning: the install
//   goes on and the launcher runs the sources.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('../tools/docs-domains/dist/', import.meta.url));
const ENTRY = fileURLToPath(new URL('../tools/docs-domains/cli.ts', import.meta.url));
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

/**
 * Bundles the CLI into {@link OUT_DIR}.
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
  rmSync(OUT_DIR, { recursive: true, force: true });
  // Validation results cached by an older bundle (config/load.ts) are never read again.
  rmSync(CACHE_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const schemaModule = await precompiledSchemaModule(esbuild);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { cli: ENTRY },
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    minify: true,
    keepNames: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    // Keys config/load.ts's cache of validation results: a new build never reads an older one's.
    define: { __DOCS_DOMAINS_BUILD__: JSON.stringify(`${Date.now().toString(36)}-${process.pid}`) },
    // CommonJS dependencies (ajv, dns-packet) call require() for Node's built-ins.
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
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((p) => !p.includes('node_modules/'))
    .map((p) => relative(ROOT, fileURLToPath(new URL(p, `file://${ROOT}`))))
    .sort();
  // The lock stands for the bundled dependencies: a changed install makes the bundle stale too.
  inputs.push('package-lock.json', 'scripts/build-cli.mjs', relative(ROOT, SCHEMA));
  writeFileSync(new URL('inputs.json', `file://${OUT_DIR}`), `${JSON.stringify(inputs)}\n`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t0 = performance.now();
  try {
    const built = await buildCli();
    if (!prepare)
      process.stdout.write(
        built
          ? `docs-domains: bundled into ${relative(process.cwd(), OUT_DIR) || '.'} in ${Math.round(performance.now() - t0)} ms\n`
          : 'docs-domains: esbuild is not installed; the CLI runs from its TypeScript sources\n',
      );
  } catch (err) {
    rmSync(OUT_DIR, { recursive: true, force: true });
    process.stderr.write(
      `docs-domains: could not bundle the CLI (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); it runs from its TypeScript sources\n`,
    );
    if (!prepare) process.exitCode = 1;
  }
}
