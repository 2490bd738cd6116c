// The URL layout of the reference's versions (site/reference/model/urls.ts): where each version's pages are.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isVersionSegment, versionBase, versionSegment } from '../../../site/reference/model/urls.ts';

describe('where a version’s pages are', () => {
  test('the current version keeps the reference’s base: no published link changes', () => {
    assert.equal(versionSegment('2.0.0', true), undefined);
    assert.equal(versionBase('/reference', '2.0.0', true), '/reference');
  });

  test('an older version has its own segment below the base', () => {
    assert.equal(versionSegment('1.0.0', false), '1.0.0');
    assert.equal(versionBase('/reference', '1.0.0', false), '/reference/1.0.0');
    assert.equal(versionBase('/docs/api', 'v2', false), '/docs/api/v2');
  });

  test('a version can name a folder only with URL-safe characters and no way out of it', () => {
    for (const v of ['1.0.0', '2024-06-01', 'v2', '1.0.0-rc.1+build.5', '1.0~beta']) assert.ok(isVersionSegment(v), v);
    for (const v of ['', '..', '1..2', '.hidden', 'a/b', '1.0 beta', '%2e%2e', 'é']) {
      assert.equal(isVersionSegment(v), false, v);
    }
  });
});
