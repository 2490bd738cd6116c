// The catalog of a site of several APIs: grouping, counts, stability and links.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CatalogInput, catalog, catalogSlug } from '../../../site/reference/model/catalog.ts';

type Op = CatalogInput['model']['operations'][number];
const op = (extra: Partial<Op> = {}): Op => ({ stability: null, deprecation: null, ...extra }) as Op;

function input(id: string, category: string | undefined, model: Partial<CatalogInput['model']> = {}): CatalogInput {
  return {
    api: {
      id,
      ...(category ? { category } : {}),
      base: `/reference/${id}`,
      downloads: { yaml: `/reference/${id}/openapi.yaml`, json: `/reference/${id}/openapi.json` },
      changes: { page: `/changelog/${id}/` },
    },
    model: { title: `${id} API`, version: '1.0.0', operations: [], webhooks: [], ...model },
  };
}

describe('catalog', () => {
  test('categories in the order they first appear, each keeping its APIs in order; APIs without one last', () => {
    const groups = catalog([input('a', 'Public'), input('b', undefined), input('c', 'Partners'), input('d', 'Public')]);
    assert.deepEqual(
      groups.map((g) => [g.category, g.entries.map((e) => e.id)]),
      [
        ['Public', ['a', 'd']],
        ['Partners', ['c']],
        [undefined, ['b']],
      ],
    );
  });

  test('operations and webhooks counted apart; beta, experimental and deprecated counted', () => {
    const webhook = op();
    const [group] = catalog([
      input('a', undefined, {
        operations: [
          op({ stability: { level: 'beta', label: 'Beta' } }),
          op({ stability: { level: 'experimental', label: 'Experimental' } }),
          op({ deprecation: {} as Op['deprecation'] }),
          op(),
          webhook,
        ],
        webhooks: [webhook],
      }),
    ]);
    const [entry] = group?.entries ?? [];
    assert.equal(entry?.operations, 4);
    assert.equal(entry?.webhooks, 1);
    assert.deepEqual(entry?.stability, { beta: 1, experimental: 1, deprecated: 1 });
    assert.deepEqual(entry?.links, {
      overview: '/reference/a/',
      explorer: '/reference/a/explorer/',
      yaml: '/reference/a/openapi.yaml',
      json: '/reference/a/openapi.json',
      changelog: '/changelog/a/',
    });
  });

  test("the summary: info.summary, else the description's first paragraph; the configured title wins", () => {
    const [g] = catalog([
      input('a', undefined, { summary: 'One line.', description: 'Long.' }),
      {
        ...input('b', undefined, { description: '# Heading\n\nFirst\nparagraph.\n\nSecond.' }),
        api: { ...input('b', undefined).api, title: 'Bee' },
      },
    ]);
    assert.deepEqual(
      g?.entries.map((e) => [e.title, e.summary]),
      [
        ['a API', 'One line.'],
        ['Bee', 'First paragraph.'],
      ],
    );
  });

  test('category heading ids', () => {
    assert.equal(catalogSlug('Partner APIs'), 'category-partner-apis');
    assert.equal(catalogSlug('Événements'), 'category-evenements');
  });
});
