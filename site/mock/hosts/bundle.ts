// Build time only (Node): bundles a host of the core (worker.ts for the reader's browser, edge.ts
// for edge runtimes) with the table of APIs it serves (`virtual:petstore-mock/apis`, the module
// definition.d.ts declares), every version's definition compiled into plain modules by
// request/precompile.ts, so the bundle compiles no code at run time.
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { HAND_WRITTEN } from '../behaviours.ts';
import { internalForm, type MockDescription, type OlderVersion } from '../index.ts';
import { type DefinitionModules, definitionModules } from '../request/precompile.ts';
import { MOCK_BASE } from '../route/mount.ts';

export type { OlderVersion };

/** The module a bundled host imports its table of APIs from (resolved by {@link definitionPlugin}). */
export const APIS_MODULE = 'virtual:petstore-mock/apis';

/** The prefix of every generated module. */
const PREFIX = 'virtual:petstore-mock/';

/**
 * The modules of {@link APIS_MODULE} for one API mounted at {@link MOCK_BASE}: the current
 * description's definition (its hand-written behaviour when one applies) and each older released
 * version's (answered from its description only).
 * @param onWarn told about each request schema left unchecked, named by version for the older ones
 * @throws {DescriptionError} when the loader refuses a description given as a parsed document
 */
export async function apiModules(
  description: MockDescription,
  older: readonly OlderVersion[],
  onWarn: (message: string) => void = () => {},
): Promise<DefinitionModules> {
  // The current version is named `current`, as `version_not_found` lists it.
  const versions = [{ version: 'current', description }, ...older];
  const modules: DefinitionModules = {};
  const imports: string[] = [];
  const entries: string[] = [];
  for (const [i, v] of versions.entries()) {
    const module = `${PREFIX}definition/${i}`;
    Object.assign(
      modules,
      definitionModules(await internalForm(v.description), {
        module,
        handWritten: i === 0 ? HAND_WRITTEN : [],
        onWarn: i === 0 ? onWarn : (m) => onWarn(`${v.version}: ${m}`),
      }),
    );
    imports.push(`import { definition as d${i} } from '${module}';`);
    entries.push(`[${JSON.stringify(v.version)}, d${i}]`);
  }
  modules[APIS_MODULE] = [
    ...imports,
    `export const apis = [{ base: ${JSON.stringify(MOCK_BASE)}, versions: [${entries.join(', ')}] }];`,
  ].join('\n');
  return modules;
}

/** An esbuild plugin that serves the generated modules ({@link apiModules}) from memory. */
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
  /** Told about request schemas left unchecked (see request/precompile.ts `definitionModules`). */
  onWarn?: (message: string) => void;
  /** The older released versions the bundle answers under `/api/mock/@<version>/` (default none). */
  older?: readonly OlderVersion[];
}

/**
 * Bundles a host of the mock core with the precompiled definitions of a description and its older
 * versions (esbuild, browser platform, ES2022).
 * @param description the current version's description (as the loader loaded it, or a parsed document)
 * @returns the bundle's size in bytes
 * @throws {DescriptionError} when the loader refuses a description given as a parsed document
 * @throws {Error} when the bundle fails
 */
export async function bundleMock(description: MockDescription, options: BundleOptions): Promise<number> {
  const modules = await apiModules(description, options.older ?? [], options.onWarn);
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
