// Unit tests of the Open Graph images (site/og/card.ts, images.ts, draw.ts): one image per page at the
// file its `og:image` names, a cache key that changes with anything drawn, and the drawn bytes: a
// 1200×630 JPEG, the bytes astro-og-canvas draws, kept in the cache under its key. Runs from the
// project root (the font files and the cache are relative to it).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { describe, test } from 'node:test';
import { generateOpenGraphImage } from 'astro-og-canvas';
import { agentPages } from '../../../site/agents/pages.ts';
import { ogImagePath } from '../../../site/agents/paths.ts';
import { OG_FONTS, ogCard, ogImageOptions, ogImages, tagCardApis } from '../../../site/og/card.ts';
import { drawCard } from '../../../site/og/draw.ts';
import { drawOgImage, ogCacheFile, ogDrawingKey, ogImage, ogImageKey } from '../../../site/og/images.ts';
import { mapReference } from '../../../site/reference/explorer/map.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { jpegSize } from '../../support/images.ts';
import { SPEC_PATH, writtenSpec } from '../../support/spec.ts';

const BUILD_DATE = '2026-11-23';

function petstorePages() {
  const doc = writtenSpec(SPEC_PATH) as unknown as OpenApiDocument;
  const model = buildReferenceModel(doc, { buildDate: BUILD_DATE });
  const { deprecations, stability } = mapReference(doc, { buildDate: BUILD_DATE });
  const guides = [{ url: '/', source: '---\ntitle: Petstore API\ndescription: Home.\n---\n' }];
  return { model, pages: agentPages({ model, guides, buildDate: BUILD_DATE, deprecations, stability }) };
}

describe('ogImages', () => {
  test('one image per page, at the path its og:image names, with its card', () => {
    const { model, pages } = petstorePages();
    const images = ogImages(pages, model.title);
    assert.equal(images.length, pages.length);
    for (const [i, image] of images.entries()) {
      const page = pages[i];
      assert.ok(page);
      assert.equal(`/og/${image.file}`, ogImagePath(page.url));
      assert.deepEqual(image.options, ogImageOptions(ogCard(page, model.title)));
    }
    const files = images.map((image) => image.file);
    assert.ok(files.includes('index.jpg'));
    assert.ok(files.includes('reference/list-pets.jpg'));
    assert.equal(new Set(files).size, files.length, 'no two pages share a file');
  });

  test("an API with more operations than its operationCards shows each operation page's tag card, drawn once per tag", () => {
    const { model, pages } = petstorePages();
    const apiId = pages.find((p) => p.operation)?.api?.id;
    assert.ok(apiId);
    const operations = model.operations.length;
    const tagCards = tagCardApis([{ id: apiId, operationCards: operations - 1, operations }]);
    assert.deepEqual([...tagCards], [apiId]);
    assert.equal(
      tagCardApis([{ id: apiId, operationCards: operations, operations }]).size,
      0,
      'up to the option: own cards',
    );
    const images = ogImages(pages, model.title, tagCards);
    const byUrl = new Map(pages.map((p) => [p.url, p]));
    const listPets = images[pages.findIndex((p) => p.url === '/reference/list-pets/')];
    const tag = pages.find((p) => p.url === byUrl.get('/reference/list-pets/')?.operation?.tagUrl);
    assert.ok(listPets && tag, 'list-pets and its tag page');
    // Its own file, the tag page's card.
    assert.equal(listPets.file, 'reference/list-pets.jpg');
    assert.deepEqual(listPets.options, ogImageOptions(ogCard(tag, model.title)));
    const drawings = new Set(images.map((image) => JSON.stringify(image.options)));
    const own = new Set(ogImages(pages, model.title).map((image) => JSON.stringify(image.options)));
    assert.ok(drawings.size < own.size - operations / 2, `${drawings.size} drawings against ${own.size}`);
    // Every page that is not an operation's keeps its own card.
    for (const [i, page] of pages.entries()) {
      if (!page.operation) assert.deepEqual(images[i]?.options, ogImageOptions(ogCard(page, model.title)), page.url);
    }
  });
});

describe('ogImageKey', () => {
  const drawing = ogDrawingKey(OG_FONTS);
  const options = ogImageOptions({ title: 'List pets', lines: ['Petstore API', 'GET /pets'], method: 'GET' });
  test('the same options give the same key; another title, colour or drawing key another', () => {
    assert.equal(ogImageKey(drawing, options), ogImageKey(drawing, structuredClone(options)));
    assert.match(ogImageKey(drawing, options), /^[0-9a-f]{64}$/);
    const keys = new Set([
      ogImageKey(drawing, options),
      ogImageKey(drawing, { ...options, title: 'List pets!' }),
      ogImageKey(drawing, ogImageOptions({ title: 'List pets', lines: ['Petstore API', 'GET /pets'], method: 'POST' })),
      ogImageKey(ogDrawingKey([...OG_FONTS].reverse()), options),
    ]);
    assert.equal(keys.size, 4);
  });
});

describe('drawOgImage', () => {
  test('a 1200×630 JPEG, the bytes astro-og-canvas draws, kept in the cache under its key', async () => {
    const options = ogImageOptions({ title: `Unit test card ${process.pid}`, lines: ['Petstore API'] });
    const key = ogImageKey(ogDrawingKey(OG_FONTS), options);
    const file = ogCacheFile(key);
    rmSync(file, { force: true });
    try {
      const image = await drawOgImage(key, options);
      assert.deepEqual(jpegSize(image), { width: 1200, height: 630 });
      const direct = (await generateOpenGraphImage({ ...options, cacheDir: false })) as Buffer;
      assert.ok(image.equals(direct), 'same bytes as astro-og-canvas');
      assert.ok(existsSync(file));
      assert.ok(readFileSync(file).equals(image));
      assert.ok((await ogImage(key, options)).equals(image), 'read back from the cache');
    } finally {
      rmSync(file, { force: true });
    }
  });

  test('cards drawn one after another in one process are each the bytes astro-og-canvas draws', async () => {
    // The drawing reuses one surface and keeps its fonts: a card must not show anything of the one before
    // it (a longer title, another edge colour, right to left), and Arabic text gets its font.
    const cards = [
      {
        title: 'Create a pet, with a title long enough to wrap onto a second line of the card',
        lines: ['Petstore API', 'POST /pets   [Beta]'],
        method: 'POST',
      },
      {
        title: 'قائمة الحيوانات الأليفة',
        lines: ['واجهة متجر الحيوانات', 'GET /pets'],
        method: 'GET',
        dir: 'rtl' as const,
      },
      { title: 'Cats &amp; dogs', lines: ['Petstore API', 'DELETE /pets/{petId}'], method: 'DELETE' },
      { title: 'Guides', lines: ['Petstore API'] },
    ];
    for (const card of cards) {
      const options = ogImageOptions(card);
      const expected = Buffer.from((await generateOpenGraphImage({ ...options, cacheDir: false })) as Uint8Array);
      assert.ok((await drawCard(options)).equals(expected), `${card.title}: the bytes astro-og-canvas draws`);
    }
  });
});
