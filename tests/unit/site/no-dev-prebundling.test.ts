// A build's temporary dev server (the content sync's) pre-bundles nothing (site/integrations/no-dev-prebundling.ts):
// a Vite dev server set up as Astro sets the sync's (no discovery, a dependency to pre-bundle for the
// browser from a plugin) writes no pre-bundled dependency with the plugin, and does without it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import noDevPrebundlingIntegration, { noDevPrebundling } from '../../../site/integrations/no-dev-prebundling.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'petstore-prebundling-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** What Astro's plugins set for the browser environment: a dependency to pre-bundle for the dev toolbar. */
const astroLike: Plugin = {
  name: 'astro-like',
  config: () => ({ optimizeDeps: { include: ['yaml'] } }),
  configEnvironment: (name) => (name === 'client' ? { optimizeDeps: { include: ['yaml'] } } : undefined),
};

/** Starts and closes a dev server as the content sync does, and says whether it pre-bundled anything. */
async function prebundles(plugins: Plugin[], cacheDir: string): Promise<boolean> {
  const server = await createServer({
    configFile: false,
    root: ROOT,
    cacheDir,
    plugins,
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true },
    appType: 'custom',
    logLevel: 'silent',
  });
  await server.close();
  return existsSync(join(cacheDir, 'deps'));
}

describe("a build's dev server", () => {
  test('pre-bundles no dependency with the plugin', async () => {
    assert.equal(await prebundles([astroLike, noDevPrebundling()], join(scratch, 'with')), false);
  });

  test('pre-bundles the listed one without it (what the plugin saves)', async () => {
    assert.equal(await prebundles([astroLike], join(scratch, 'without')), true);
  });

  test('the integration adds the plugin to a build only, not to `astro dev`', () => {
    const added = (command: 'build' | 'dev'): unknown[] => {
      const updates: { vite?: { plugins?: unknown[] } }[] = [];
      const setup = noDevPrebundlingIntegration().hooks['astro:config:setup'] as (o: unknown) => void;
      setup({ command, updateConfig: (update: { vite?: { plugins?: unknown[] } }) => updates.push(update) });
      return updates.flatMap((update) => update.vite?.plugins ?? []);
    };
    assert.deepEqual(
      added('build').map((plugin) => (plugin as Plugin).name),
      [noDevPrebundling().name],
    );
    assert.deepEqual(added('dev'), []);
  });
});
