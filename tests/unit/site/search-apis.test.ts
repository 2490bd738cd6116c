// Search by API on a site of several APIs: each page's filter, its meta and the dialog's default.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { siteApis } from '../../../site/apis/config.ts';
import { parseReferenceOptions } from '../../../site/apis/options.ts';
import { apiSearchScope } from '../../../site/reference/model/search-apis.ts';

const site = siteApis(
  parseReferenceOptions({
    apis: [
      { id: 'petstore', description: 'a.yaml' },
      { id: 'partner', description: 'b.yaml' },
    ],
  }),
  { env: {}, root: '/nowhere' },
);
const named = site.apis.map((api) => ({ api, title: api.id === 'partner' ? 'Partner Pets API' : 'Petstore API' }));

describe('apiSearchScope', () => {
  test("a page of an API: its API's name as filter, meta and default, its older versions' pages too", () => {
    for (const path of [
      '/reference/partner/delete-pet/',
      '/reference/partner/1.0.0/delete-pet/',
      '/changelog/partner/',
    ]) {
      assert.deepEqual(apiSearchScope(path, named), {
        reading: 'Partner Pets API',
        filters: ['Partner Pets API'],
        meta: 'Partner Pets API',
      });
    }
  });

  test('guides, the catalog and the changelogs list: every API, no default', () => {
    for (const path of ['/guides/getting-started/', '/reference/', '/changelog/', '/']) {
      assert.deepEqual(apiSearchScope(path, named), { filters: ['Petstore API', 'Partner Pets API'] });
    }
  });

  test('one API: no API filter at all', () => {
    assert.equal(apiSearchScope('/reference/list-pets/', named.slice(0, 1)), undefined);
  });
});
