// The configuration edge: the site's APIs from the reference's options and the environment.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ApiConfigError, publishPolicyOf, siteApis } from '../../../site/apis/config.ts';
import { ApiListError } from '../../../site/apis/list-file.ts';
import { parseReferenceOptions, ReferenceOptionsError } from '../../../site/apis/options.ts';
import { SPEC_PATH } from '../../../spec/path.ts';

const root = mkdtempSync(join(tmpdir(), 'site-apis-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'other'), { recursive: true });
writeFileSync(join(root, 'other/openapi.yaml'), '');
writeFileSync(join(root, 'other/changelog.json'), '{"releases":[]}');
writeFileSync(join(root, 'alone.yaml'), '');

describe('siteApis', () => {
  test('no option and no environment: the Petstore at /reference with its release record and /api/mock', () => {
    const [api, ...rest] = siteApis(parseReferenceOptions({}), { env: {}, cwd: root, root }).apis;
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
    }).apis;
    assert.equal(api?.description, join(root, 'other/openapi.yaml'));
    assert.equal(api?.changelog, join(root, 'other/changelog.json'));
    assert.equal(api?.base, '/docs/api');
  });

  test('PETSTORE_SPEC (relative to the working directory) overrides the option; no record beside it, none', () => {
    const [api] = siteApis(parseReferenceOptions({ description: 'other/openapi.yaml' }), {
      env: { PETSTORE_SPEC: 'alone.yaml' },
      cwd: root,
      root: '/elsewhere',
    }).apis;
    assert.equal(api?.description, join(root, 'alone.yaml'));
    assert.equal(api?.changelog, undefined);
  });

  test('PETSTORE_CHANGELOG and PETSTORE_VERSIONS override the record and the publish policy', () => {
    const [api] = siteApis(parseReferenceOptions({}), {
      env: { PETSTORE_CHANGELOG: 'other/changelog.json', PETSTORE_VERSIONS: 'last:2' },
      cwd: root,
    }).apis;
    assert.equal(api?.changelog, join(root, 'other/changelog.json'));
    assert.deepEqual(api?.publish, { last: 2 });
  });

  test('a wrong PETSTORE_VERSIONS names the variable and the accepted values', () => {
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_VERSIONS: 'newest' } }),
      (e: unknown) =>
        e instanceof ApiConfigError &&
        /PETSTORE_VERSIONS=newest: expected all, before-sunset or last:<n>/.test(e.message),
    );
    assert.deepEqual(publishPolicyOf({ last: 3 }, { PETSTORE_VERSIONS: ' ' }), { last: 3 }, 'blank: the option');
    assert.equal(publishPolicyOf('all', { PETSTORE_VERSIONS: 'before-sunset' }), 'before-sunset');
  });
});

describe('several APIs', () => {
  const list = (text: string): string => {
    const file = join(root, `list-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, text);
    return file;
  };
  mkdirSync(join(root, 'a'), { recursive: true });
  mkdirSync(join(root, 'b'), { recursive: true });
  writeFileSync(join(root, 'a/openapi.yaml'), '');
  writeFileSync(join(root, 'a/changelog.json'), '{"releases":[]}');
  writeFileSync(join(root, 'b/openapi.json'), '');

  test('the apis option: each API below <base>/<id>/, its mock, downloads and changelog its own, a catalog', () => {
    const site = siteApis(
      parseReferenceOptions({
        sidebar: { threshold: 10 },
        apis: [
          { id: 'a', description: 'a/openapi.yaml', category: 'Public' },
          {
            id: 'b',
            title: 'B API',
            description: 'b/openapi.json',
            sidebar: { threshold: 3 },
            versions: { publish: 'before-sunset' },
          },
        ],
      }),
      { env: {}, root },
    );
    assert.equal(site.catalog, true);
    assert.equal(site.base, '/reference');
    const [a, b] = site.apis;
    assert.deepEqual(
      [a.id, a.base, a.mockBase, a.downloads.yaml, a.changes.page, a.changes.feed, a.category, a.changelog],
      [
        'a',
        '/reference/a',
        '/api/mock/a',
        '/reference/a/openapi.yaml',
        '/changelog/a/',
        '/changelog/a.xml',
        'Public',
        join(root, 'a/changelog.json'),
      ],
    );
    assert.equal(b?.title, 'B API');
    assert.equal(b?.changelog, undefined);
    assert.deepEqual(
      b?.options.sidebar,
      { label: 'B API', threshold: 3 },
      'the entry over the site, its title as label',
    );
    assert.deepEqual(
      a.options.sidebar,
      { label: '', threshold: 10 },
      "the site's threshold; the label left to the description's title",
    );
    assert.equal(b?.publish, 'before-sunset');
    assert.equal(b?.options.base, '/reference/b');
  });

  test('PETSTORE_APIS: a YAML list, paths relative to the file; PETSTORE_VERSIONS still applies to every API', () => {
    const file = list('- id: a\n  description: a/openapi.yaml\n- id: b\n  description: b/openapi.json\n');
    const site = siteApis(parseReferenceOptions({}), {
      env: { PETSTORE_APIS: file, PETSTORE_VERSIONS: 'last:1' },
      cwd: '/',
    });
    assert.deepEqual(
      site.apis.map((a) => [a.id, a.description, a.publish]),
      [
        ['a', join(root, 'a/openapi.yaml'), { last: 1 }],
        ['b', join(root, 'b/openapi.json'), { last: 1 }],
      ],
    );
  });

  test('a wrong entry in the list file is named with its file:line:col and field', () => {
    const file = list(
      '- id: a\n  description: a/openapi.yaml\n- id: Bad Id\n  description: b/openapi.json\n  tryIt:\n    targets: [nowhere]\n',
    );
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_APIS: file } }),
      (e: unknown) =>
        e instanceof ApiListError &&
        e.problems.some((p) => p.startsWith(`${file}:3:7: 1.id: expected lower-case letters`)) &&
        e.problems.some((p) => p.startsWith(`${file}:6:15: 1.tryIt.targets.0:`)),
    );
    const twice = list('- id: a\n  description: a/openapi.yaml\n- id: a\n  description: b/openapi.json\n');
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_APIS: twice } }),
      (e: unknown) =>
        e instanceof ApiListError && e.message.includes(`${twice}:3:7: 1.id: "a" is also the id of entry 0`),
    );
    const broken = list('- id: a\n  description: [\n');
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_APIS: broken } }),
      (e: unknown) => e instanceof ApiListError && e.message.includes(`${broken}:3:1`),
    );
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_APIS: join(root, 'missing.yaml') } }),
      (e: unknown) => e instanceof ApiListError && e.message.includes('missing.yaml: no such file'),
    );
  });

  test('two APIs with one id, or one release record folder, are refused at start', () => {
    assert.throws(
      () =>
        parseReferenceOptions({
          apis: [
            { id: 'a', description: 'x' },
            { id: 'a', description: 'y' },
          ],
        }),
      (e: unknown) =>
        e instanceof ReferenceOptionsError && /apis\.1\.id: "a" is also the id of apis\.0/.test(e.message),
    );
    assert.throws(
      () =>
        siteApis(
          parseReferenceOptions({
            apis: [
              { id: 'a', description: 'a/openapi.yaml' },
              { id: 'c', description: 'b/openapi.json', changelog: 'a/other.json' },
            ],
          }),
          { env: {}, root },
        ),
      (e: unknown) =>
        e instanceof ApiConfigError && /APIs "a" and "c" keep their release records in one folder/.test(e.message),
    );
  });

  test('the one-description options beside apis, PETSTORE_SPEC with PETSTORE_APIS, PETSTORE_CHANGELOG with a list: refused', () => {
    assert.throws(
      () => parseReferenceOptions({ description: 'x.yaml', apis: [{ id: 'a', description: 'a.yaml' }] }),
      (e: unknown) =>
        e instanceof ReferenceOptionsError && /description: names one API's description; with `apis`/.test(e.message),
    );
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_SPEC: 'x.yaml', PETSTORE_APIS: 'l.yaml' } }),
      (e: unknown) => e instanceof ApiConfigError && /both set/.test(e.message),
    );
    const file = list('- id: a\n  description: a/openapi.yaml\n');
    assert.throws(
      () => siteApis(parseReferenceOptions({}), { env: { PETSTORE_APIS: file, PETSTORE_CHANGELOG: 'c.json' } }),
      (e: unknown) =>
        e instanceof ApiConfigError && /PETSTORE_CHANGELOG names the release record of one description/.test(e.message),
    );
  });

  test('PETSTORE_SPEC turns a list into a one-description site at the reference root', () => {
    const site = siteApis(parseReferenceOptions({ apis: [{ id: 'a', description: 'a/openapi.yaml' }] }), {
      env: { PETSTORE_SPEC: 'alone.yaml' },
      cwd: root,
      root,
    });
    assert.equal(site.catalog, false);
    assert.deepEqual([site.apis[0].base, site.apis[0].mockBase, site.apis[0].id], ['/reference', '/api/mock', 'api']);
  });
});
