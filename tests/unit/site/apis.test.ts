// The configuration edge: the site's APIs from the reference's options and the environment.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ApiEnvironmentError, publishPolicyOf, siteApis } from '../../../site/apis/config.ts';
import { parseReferenceOptions } from '../../../site/reference/options.ts';
import { SPEC_PATH } from '../../../spec/path.ts';

const root = mkdtempSync(join(tmpdir(), 'site-apis-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'other'), { recursive: true });
writeFileSync(join(root, 'other/openapi.yaml'), '');
writeFileSync(join(root, 'other/changelog.json'), '{"releases":[]}');
writeFileSync(join(root, 'alone.yaml'), '');

describe('siteApis', () => {
  test('no option and no environment: the Petstore at /reference with its release record and /api/mock', () => {
    const [api, ...rest] = siteApis(parseReferenceOptions({}), { env: {}, cwd: root, root });
    assert.equal(rest.length, 0);
    assert.equal(api?.description, SPEC_PATH);
    assert.equal(api?.changelog, join(SPEC_PATH, '..', 'changelog.json'));
    assert.equal(api?.base, '/reference');
    assert.equal(api?.mockBase, '/api/mock');
    assert.deepEqual(api?.downloads, { yaml: '/openapi.yaml', json: '/openapi.json' });
    assert.equal(api?.publish, 'all');
  });

  test('the description option is relative to the root; a release record beside it is found', () => {
    const [api] = siteApis(parseReferenceOptions({ description: 'other/openapi.yaml', base: '/docs/api' }), {
      env: {},
      cwd: '/',
      root,
    });
    assert.equal(api?.description, join(root, 'other/openapi.yaml'));
    assert.equal(api?.changelog, join(root, 'other/changelog.json'));
    assert.equal(api?.base, '/docs/api');
  });

  test('PETSTORE_SPEC (relative to the working directory) overrides the option; no record beside it, none', () => {
    const [api] = siteApis(parseReferenceOptions({ description: 'other/openapi.yaml' }), {
      env: { PETSTORE_SPEC: 'alone.yaml' },
      cwd: root,
      root: '/elsewhere',
    });
    assert.equal(api?.description, join(root, 'alone.yaml'));
    assert.equal(api?.changelog, undefined);
  });

  test('PETSTORE_CHANGELOG and PETSTORE_VERSIONS override the record and the publish policy', () => {
    const [api] = siteApis(parseReferenceOptions({}), {
      env: { PETSTORE_CHANGELOG: 'other/changelog.json', PETSTORE_VERSIONS: 'last:2' },
      cwd: root,
    });
    assert.equal(api?.changelog, join(root, 'other/changelog.json'));
    assert.deepEqual(api?.publish, { last: 2 });
  });

  test('a wrong PETSTORE_VERSIONS names the variable and the accepted values', () => {
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_VERSIONS: 'newest' } }),
      (e: unknown) =>
        e instanceof ApiEnvironmentError &&
        /PETSTORE_VERSIONS=newest: expected all, before-sunset or last:<n>/.test(e.message),
    );
    assert.deepEqual(publishPolicyOf({ last: 3 }, { PETSTORE_VERSIONS: ' ' }), { last: 3 }, 'blank: the option');
    assert.equal(publishPolicyOf('all', { PETSTORE_VERSIONS: 'before-sunset' }), 'before-sunset');
  });
});
