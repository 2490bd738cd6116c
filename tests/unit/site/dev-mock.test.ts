// The mock's Astro route exists in `astro dev` only: a build has no on-demand route, so Astro builds no
// server beside the pages (npm start mounts the mock itself), and a wrong store URL stops the dev server.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { AstroIntegration } from 'astro';
import devMock, { DEV_MOCK_ROUTE } from '../../../site/integrations/dev-mock.ts';
import { ASTRO_PRERENDER_DIR, listFiles } from '../../../site/serving/build.ts';

type Setup = NonNullable<AstroIntegration['hooks']['astro:config:setup']>;

/** Runs the integration's setup hook for `command`; what it injected and which config it updated. */
async function setup(command: 'dev' | 'build' | 'preview' | 'sync') {
  const routes: unknown[] = [];
  const updates: Record<string, unknown>[] = [];
  const hook = devMock().hooks['astro:config:setup'] as Setup;
  await hook({
    command,
    injectRoute: (route: unknown) => routes.push(route),
    updateConfig: (config: Record<string, unknown>) => updates.push(config),
  } as unknown as Parameters<Setup>[0]);
  return { routes, updates };
}

describe('the mock in astro dev', () => {
  const store = process.env.PETSTORE_MOCK_STORE;
  after(() => {
    if (store === undefined) delete process.env.PETSTORE_MOCK_STORE;
    else process.env.PETSTORE_MOCK_STORE = store;
  });

  test('a build gets no on-demand route and no adapter', async () => {
    for (const command of ['build', 'preview', 'sync'] as const) {
      assert.deepEqual(await setup(command), { routes: [], updates: [] }, command);
    }
  });

  test('astro dev gets the mock route, on demand, below /api/mock, and the Node adapter it needs', async () => {
    delete process.env.PETSTORE_MOCK_STORE;
    const { routes, updates } = await setup('dev');
    assert.deepEqual(routes, [DEV_MOCK_ROUTE]);
    assert.equal(DEV_MOCK_ROUTE.pattern, '/api/mock/[...path]');
    assert.equal(DEV_MOCK_ROUTE.prerender, false);
    assert.equal(updates.length, 1);
    const adapter = updates[0]?.adapter as AstroIntegration | undefined;
    assert.equal(adapter?.name, '@astrojs/node');
    assert.deepEqual(updates[0]?.integrations, [adapter], 'its hooks run too');
  });

  test('a store URL it cannot use stops astro dev with what is wrong', async () => {
    process.env.PETSTORE_MOCK_STORE = 'mysql://localhost/1';
    await assert.rejects(setup('dev'), /^Error: PETSTORE_MOCK_STORE: /);
  });
});

describe("the build's last steps read the site, not Astro's prerendering chunks", () => {
  const dir = mkdtempSync(join(tmpdir(), 'list-files-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test(`${ASTRO_PRERENDER_DIR}/ at the top of the output is left out, a page's own folder of that name is not`, () => {
    mkdirSync(join(dir, ASTRO_PRERENDER_DIR, 'chunks'), { recursive: true });
    mkdirSync(join(dir, 'guides', ASTRO_PRERENDER_DIR), { recursive: true });
    writeFileSync(join(dir, ASTRO_PRERENDER_DIR, 'chunks', 'page.mjs'), 'export {}');
    writeFileSync(join(dir, 'guides', ASTRO_PRERENDER_DIR, 'index.html'), '<p>');
    writeFileSync(join(dir, 'index.html'), '<p>');
    assert.deepEqual(listFiles(dir), ['guides/.prerender/index.html', 'index.html']);
  });
});
