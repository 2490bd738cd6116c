// Which API a URL path belongs to on a site of several APIs, and on a site of one.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { siteApis } from '../../../site/apis/config.ts';
import { parseReferenceOptions } from '../../../site/apis/options.ts';
import { apiAt } from '../../../site/apis/paths.ts';

const several = siteApis(
  parseReferenceOptions({
    apis: [
      { id: 'petstore', description: 'a.yaml' },
      { id: 'partner', description: 'b.yaml' },
    ],
  }),
  { env: {}, root: '/nowhere' },
).apis;
const one = siteApis(parseReferenceOptions({}), { env: {} }).apis;

describe('apiAt', () => {
  test('a page, twin, try-it document, download or changelog below an API is that API', () => {
    for (const path of [
      '/reference/partner/',
      '/reference/partner/list-pets/',
      '/reference/partner/list-pets.md',
      '/reference/partner.md',
      '/reference/partner/1.0.0/tryit/list-pets.json',
      '/reference/partner/openapi.yaml',
      '/changelog/partner/',
      '/changelog/partner.xml',
    ]) {
      assert.equal(apiAt(several, path)?.id, 'partner', path);
    }
  });

  test('the catalog, the changelogs index, the guides and a lookalike id are no API', () => {
    for (const path of [
      '/reference/',
      '/reference.md',
      '/changelog/',
      '/guides/getting-started/',
      '/reference/partners/',
    ]) {
      assert.equal(apiAt(several, path), undefined, path);
    }
  });

  test('on a site of one API, every reference page and /changelog/ are its own', () => {
    assert.equal(apiAt(one, '/reference/list-pets/')?.id, 'api');
    assert.equal(apiAt(one, '/reference/')?.id, 'api');
    assert.equal(apiAt(one, '/changelog.xml')?.id, 'api');
    assert.equal(apiAt(one, '/changelog/')?.id, 'api');
    assert.equal(apiAt(one, '/guides/getting-started/'), undefined);
  });
});
