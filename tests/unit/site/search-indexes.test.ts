// How a large site's search is split into several Pagefind indexes (site/reference/model/search-indexes.ts),
// and how the served headers treat the merged indexes' files (site/serving/rules.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  MAX_SEARCH_INDEXES,
  mergedIndexPaths,
  PAGES_PER_SEARCH_INDEX,
  searchIndexCount,
  searchIndexFolder,
  searchIndexOf,
} from '../../../site/reference/model/search-indexes.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, cacheControl } from '../../../site/serving/rules.ts';

describe('search indexes', () => {
  test('a site has one index until it has twice the pages of one, then one more per share, up to the most', () => {
    assert.equal(searchIndexCount(0), 1);
    assert.equal(searchIndexCount(40), 1, 'the Petstore');
    assert.equal(searchIndexCount(2 * PAGES_PER_SEARCH_INDEX - 1), 1);
    assert.equal(searchIndexCount(2 * PAGES_PER_SEARCH_INDEX), 2);
    assert.equal(searchIndexCount(5 * PAGES_PER_SEARCH_INDEX + 1), 5);
    assert.equal(searchIndexCount(1_000_000), MAX_SEARCH_INDEXES);
    assert.throws(() => searchIndexCount(-1), /page count -1/);
  });

  test("a page's translations and versions share its index; pages spread over every index", () => {
    for (const slug of ['list-pets', 'issues/list-for-repo', 'a']) {
      const n = searchIndexOf(`reference/${slug}/index.html`, 5);
      assert.equal(searchIndexOf(`fr/reference/${slug}/index.html`, 5), n);
      assert.equal(searchIndexOf(`reference/v1/${slug}/index.html`, 5), n);
      assert.equal(searchIndexOf(`/ja/reference/v1/${slug}/`, 5), n, 'a URL path as its file');
    }
    const used = new Set(Array.from({ length: 200 }, (_, i) => searchIndexOf(`reference/op-${i}/index.html`, 5)));
    assert.deepEqual([...used].sort(), [0, 1, 2, 3, 4]);
    assert.equal(searchIndexOf('reference/list-pets/index.html', 1), 0);
  });

  test('the first index is Pagefind’s own bundle; the reader’s search merges the others, below the site’s base', () => {
    assert.equal(searchIndexFolder(0), '');
    assert.equal(searchIndexFolder(3), 'indexes/3/');
    assert.deepEqual(mergedIndexPaths('/pagefind/', 1), []);
    assert.deepEqual(mergedIndexPaths('/docs/pagefind/', 3), [
      '/docs/pagefind/indexes/1/',
      '/docs/pagefind/indexes/2/',
    ]);
  });

  test("merged indexes' hashed chunks are cached for good, their entry files are revalidated", () => {
    assert.equal(cacheControl('/pagefind/indexes/3/fragment/en_1a.pf_fragment'), CACHE_IMMUTABLE);
    assert.equal(cacheControl(`/pagefind/indexes/${MAX_SEARCH_INDEXES - 1}/index/en_2b.pf_index`), CACHE_IMMUTABLE);
    assert.equal(cacheControl('/pagefind/indexes/3/pagefind-entry.json'), CACHE_REVALIDATE);
    assert.equal(cacheControl('/pagefind/fragment/en_1.pf_fragment'), CACHE_IMMUTABLE);
  });
});
