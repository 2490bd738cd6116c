// Build time only (Node): the bundling half of bundle.ts, apart so that a process which only bundles
// definition modules made elsewhere (the build's second in-browser mock child,
// site/integrations/mock-worker-bundle.ts) loads esbuild and nothing of the mock.
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { DefinitionModules } from '../request/precompile.ts';

/** What {@link bundleModules} bundles and where. */
export interface BundleModulesOptions {
  /** The host module to bundle (site/mock/hosts/worker.ts, site/mock/hosts/edge.ts). */
  entry: string;
  /** The file to write. */
  outfile: string;
  /** `iife` for a classic service worker script, `esm` for an edge module. */
  format: 'iife' | 'esm';
  minify?: boolean;
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

/**
 * Bundles a host of the mock core with definition modules (bundle.ts `apiModules`): `bundleMock`'s
 * second half, for a caller that lets the descriptions go before the bundler runs.
 * @returns the bundle's size in bytes
 * @throws {Error} when the bundle fails
 */
export async function bundleModules(modules: DefinitionModules, options: BundleModulesOptions): Promise<number> {
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
