/**
 * A build pre-bundles no dependencies for a dev server it never serves.
 *
 * Before it builds, `astro build` syncs the content collections through a temporary Vite dev server
 * (astro/dist/core/sync `createTempViteServer`). That server's browser environment still gets Astro's list
 * of dependencies to pre-bundle for the dev toolbar (`optimizeDeps.include`: `aria-query`,
 * `axobject-query`, the toolbar's entry), so Vite's dependency optimizer bundles them with source maps
 * into `node_modules/.vite/deps/`, and closing the server waits for it: work on the build's critical path,
 * beside the early bundling of Scalar's, for files no page loads. A production build itself never
 * pre-bundles (Vite removed that in 5.1), so the build's output is the same without it.
 *
 * `astro dev` keeps the optimizer: the plugin is added for `astro build` only.
 */
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** The name of the Vite plugin that turns the dependency optimizer off. */
const NO_PREBUNDLING_PLUGIN = 'petstore:no-dev-prebundling';

/**
 * A Vite plugin that turns the dependency optimizer off in every environment: no dependency to pre-bundle
 * (`optimizeDeps.include` emptied) and none to discover (`noDiscovery`), which is how Vite reads "disabled"
 * (Vite `isDepOptimizationDisabled`). Last in order (`enforce: 'post'`) and by mutation, since Vite's
 * config merging appends arrays: it empties the lists the plugins before it (Astro's) have set.
 */
export function noDevPrebundling(): Plugin {
  const off = (options: { optimizeDeps?: { include?: string[]; noDiscovery?: boolean } }): void => {
    options.optimizeDeps = { ...options.optimizeDeps, include: [], noDiscovery: true };
  };
  return {
    name: NO_PREBUNDLING_PLUGIN,
    enforce: 'post',
    config: off,
    configEnvironment: (_name, options) => off(options),
  };
}

/** The Astro integration: adds {@link noDevPrebundling} to a build's Vite configuration (not to `astro dev`'s). */
export default function noDevPrebundlingIntegration(): AstroIntegration {
  return {
    name: NO_PREBUNDLING_PLUGIN,
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'build') updateConfig({ vite: { plugins: [noDevPrebundling()] } });
      },
    },
  };
}
