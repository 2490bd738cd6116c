// A build bundles only the catalogues of the languages it makes pages in (site/i18n/plugin.ts), loaded
// through Vite as Astro's build loads the pages' modules.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { CATALOGUE_FILES } from '../../../site/i18n/catalogue.ts';
import { buildLocales } from '../../../site/i18n/locales.ts';
import { builtCatalogues, catalogueSelection } from '../../../site/i18n/plugin.ts';

const INDEX = fileURLToPath(new URL('../../../site/i18n/messages/index.ts', import.meta.url));

describe('the catalogues a build bundles', () => {
  test('English, then each built locale that ships a catalogue', () => {
    assert.deepEqual(builtCatalogues([]), ['en']);
    assert.deepEqual(builtCatalogues(buildLocales([], { PETSTORE_LOCALES: 'fr,pt-br,it' })), ['en', 'fr', 'pt-BR']);
    assert.deepEqual(
      builtCatalogues(buildLocales([], { PETSTORE_LOCALES: 'all' })).sort(),
      Object.keys(CATALOGUE_FILES).sort(),
    );
  });

  let vite: ViteDevServer;
  before(async () => {
    vite = await createServer({
      configFile: false,
      root: fileURLToPath(new URL('../../..', import.meta.url)),
      plugins: [catalogueSelection(['en', 'ar'])],
      server: { middlewareMode: true, ws: false },
      appType: 'custom',
      logLevel: 'silent',
      optimizeDeps: { noDiscovery: true, include: [] },
    });
  });
  after(() => vite?.close());

  test("Vite serves the catalogue index with the selected languages' files, the same as the shipped ones", async () => {
    const loaded = (await vite.ssrLoadModule(INDEX)).default as Record<string, unknown>;
    assert.deepEqual(Object.keys(loaded), ['en', 'ar']);
    assert.deepEqual(loaded.en, CATALOGUE_FILES.en);
    assert.deepEqual(loaded.ar, CATALOGUE_FILES.ar);
  });

  test('another module of the same name is left alone', async () => {
    const plugin = catalogueSelection(['en']);
    const load = plugin.load as { handler: (id: string) => unknown };
    assert.equal(load.handler('/elsewhere/messages/index.ts'), null);
  });
});
