// The published versions' decisions (site/reference/model/versions.ts): which releases publish, where an
// operation's page is in another version, what a page says where an operation is not in a version.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Changelog, ChangelogOperation } from '../../../descriptions/changelog.ts';
import { releaseCandidates, selectPublished } from '../../../site/apis/publish.ts';
import { changedIn, operationAnchor } from '../../../site/changelog/model.ts';
import { versionBase } from '../../../site/reference/model/urls.ts';
import { absenceText, absentPages } from '../../../site/reference/model/versions/absent.ts';
import { changesSinceUrl, olderVersionBanner } from '../../../site/reference/model/versions/banner.ts';
import type { VersionedOperation, VersionPages } from '../../../site/reference/model/versions/pages.ts';
import { searchScope } from '../../../site/reference/model/versions/search.ts';
import { switchTargets } from '../../../site/reference/model/versions/switcher.ts';

const op = (operationId: string, method: string, path: string, extra: Partial<VersionedOperation> = {}) =>
  ({ operationId, method, path, key: `id:${operationId}`, summary: operationId, tag: 'Animals', ...extra }) as Omit<
    VersionedOperation,
    'slug' | 'url'
  >;

function version(v: string, current: boolean, ops: ReturnType<typeof op>[], tags = ['Animals']): VersionPages {
  const base = versionBase('/reference', v, current);
  return {
    version: v,
    current,
    base,
    operations: ops.map((o) => {
      const slug = o.operationId?.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase() ?? 'x';
      return { ...o, slug, url: `${base}/${slug}/` };
    }),
    tags: new Map(tags.map((t) => [t, `${base}/tags/${t.toLowerCase()}/`])),
    schemas: new Map([['Pet', `${base}/schemas/pet/`]]),
  };
}

const entry = (
  change: ChangelogOperation['change'],
  operationId: string,
  method: string,
  path: string,
  sunset?: string,
) =>
  ({
    change,
    operationId,
    method,
    path,
    breaking: change === 'removed',
    notes: [],
    ...(sunset ? { sunset } : {}),
  }) as ChangelogOperation;

/** The fixture history's shape: 1.0.0; 1.1.0 adds findPets; 2.0.0 removes getPet after its sunset. */
const changelog: Changelog = {
  releases: [
    {
      version: '2.0.0',
      date: '2026-07-06',
      breaking: true,
      operations: [entry('removed', 'getPet', 'GET', '/pets/{petId}', '2026-06-30')],
      other: [],
    },
    {
      version: '1.1.0',
      date: '2026-03-02',
      breaking: false,
      operations: [entry('added', 'findPets', 'GET', '/pets/search')],
      other: [],
    },
    {
      version: '1.0.0',
      date: '2026-01-12',
      breaking: false,
      operations: [
        entry('added', 'listPets', 'GET', '/pets'),
        entry('added', 'getPet', 'GET', '/pets/{petId}', '2026-06-30'),
      ],
      other: [],
    },
  ],
};

const listPets = op('listPets', 'GET', '/pets');
const getPet = op('getPet', 'GET', '/pets/{petId}', { sunset: '2026-06-30', successor: 'listPets' });
const findPets = op('findPets', 'GET', '/pets/search');
const v100 = version('1.0.0', false, [listPets, getPet]);
const v110 = version('1.1.0', false, [listPets, getPet, findPets]);
const v200 = version('2.0.0', true, [listPets, findPets]);
const all = [v200, v110, v100];

describe('which versions are published', () => {
  const candidates = releaseCandidates(changelog);

  test('the release record gives each release the sunset dates its operations carry then', () => {
    assert.deepEqual(candidates, [
      { version: '1.0.0', sunsets: ['2026-06-30'] },
      { version: '1.1.0', sunsets: ['2026-06-30'] },
      { version: '2.0.0', sunsets: [] },
    ]);
  });

  test('all: every release but the current one, newest first', () => {
    assert.deepEqual(selectPublished('2.0.0', candidates, 'all', '2026-11-27'), ['1.1.0', '1.0.0']);
  });

  test('before-sunset: a release is kept through its sunset day and dropped the day after', () => {
    assert.deepEqual(selectPublished('2.0.0', candidates, 'before-sunset', '2026-06-30'), ['1.1.0', '1.0.0']);
    assert.deepEqual(selectPublished('2.0.0', candidates, 'before-sunset', '2026-07-01'), []);
  });

  test('last n: the n newest versions, the current one counted', () => {
    assert.deepEqual(selectPublished('2.0.0', candidates, { last: 2 }, '2026-11-27'), ['1.1.0']);
    assert.deepEqual(selectPublished('2.0.0', candidates, { last: 1 }, '2026-11-27'), []);
  });

  test('an unreleased working version keeps every release as an older version', () => {
    assert.deepEqual(selectPublished('2.1.0-dev', candidates, 'all', '2026-11-27'), ['2.0.0', '1.1.0', '1.0.0']);
  });
});

describe('pages of an operation that a version does not have', () => {
  const absent = absentPages(all, changelog);

  test('the current version says getPet was removed after its sunset, where its page was', () => {
    const page = absent.find((a) => a.version === '2.0.0' && a.operation.key === 'id:getPet');
    assert.ok(page);
    assert.equal(page.url, '/reference/get-pet/');
    assert.deepEqual(page.reason, { kind: 'removed', in: '2.0.0', sunset: '2026-06-30', date: '2026-07-06' });
    assert.equal(absenceText(page.reason), 'It was removed in 2.0.0, after its sunset date 30 June 2026.');
    assert.equal(page.changelogUrl, '/changelog/#v2-0-0');
    // getPet names listPets as its successor: the closest page.
    assert.deepEqual(page.closest, { url: '/reference/list-pets/', title: 'listPets' });
  });

  test('1.0.0 says findPets was added in 1.1.0', () => {
    const page = absent.find((a) => a.version === '1.0.0' && a.operation.key === 'id:findPets');
    assert.ok(page);
    assert.equal(page.url, '/reference/1.0.0/find-pets/');
    assert.equal(absenceText(page.reason), 'It was added in 1.1.0.');
    assert.equal(page.changelogUrl, '/changelog/#v1-1-0');
    assert.deepEqual(page.closest, { url: '/reference/1.0.0/tags/animals/', title: 'Animals' });
  });

  test('a version that has every operation gets no absent page', () => {
    assert.deepEqual(
      absent.filter((a) => a.version === '1.1.0'),
      [],
    );
  });

  test('a removal on or before the sunset day is not called "after"', () => {
    const text = absenceText({ kind: 'removed', in: '2.0.0', sunset: '2026-06-30', date: '2026-06-30' });
    assert.equal(text, 'It was removed in 2.0.0, before its sunset date 30 June 2026.');
  });
});

describe('the version switcher', () => {
  const absent = absentPages(all, changelog);

  test('from an operation: the same operation in each version, else the page saying it is not there', () => {
    const targets = switchTargets({ kind: 'operation', key: 'id:getPet', slug: 'get-pet' }, '1.0.0', all, absent);
    assert.deepEqual(targets, [
      { version: '2.0.0', current: true, reading: false, href: '/reference/get-pet/' },
      { version: '1.1.0', current: false, reading: false, href: '/reference/1.1.0/get-pet/' },
      { version: '1.0.0', current: false, reading: true, href: '/reference/1.0.0/get-pet/' },
    ]);
  });

  test('an operation matches by operationId whatever its path, else by method and path', () => {
    const renamed = version('3.0.0', true, [op('listPets', 'GET', '/animals')]);
    const [target] = switchTargets(
      { kind: 'operation', key: 'id:listPets', slug: 'list-pets' },
      '1.0.0',
      [renamed, v100],
      [],
    );
    assert.equal(target?.href, '/reference/list-pets/');
    const noIds = (v: string, current: boolean) => {
      const pages = version(v, current, [op('x', 'GET', '/pets')]);
      return {
        ...pages,
        operations: pages.operations.map((o) => ({
          ...o,
          key: 'GET /pets',
          operationId: undefined,
          slug: `get-pets-${v}`,
          url: `${pages.base}/get-pets-${v}/`,
        })),
      };
    };
    const targets = switchTargets(
      { kind: 'operation', key: 'GET /pets', slug: 'x' },
      '1.0.0',
      [noIds('2.0.0', true), noIds('1.0.0', false)],
      [],
    );
    assert.equal(targets[0]?.href, '/reference/get-pets-2.0.0/');
  });

  test('tags and schemas go to the same page, else to the version index', () => {
    const v3 = version('3.0.0', true, [listPets], ['Pets']);
    assert.deepEqual(
      switchTargets({ kind: 'tag', name: 'Animals' }, '1.0.0', [v3, v100], []).map((t) => t.href),
      ['/reference/', '/reference/1.0.0/tags/animals/'],
    );
    assert.deepEqual(
      switchTargets({ kind: 'schema', name: 'Pet' }, '1.0.0', [v3, v100], []).map((t) => t.href),
      ['/reference/schemas/pet/', '/reference/1.0.0/schemas/pet/'],
    );
  });
});

describe('an older version says so', () => {
  test('the banner names both versions, links this page in the current one and what changed since', () => {
    const html = olderVersionBanner({
      title: 'Petstore <API>',
      reading: '1.0.0',
      current: '2.0.0',
      samePageUrl: '/reference/list-pets/',
      changesUrl: changesSinceUrl(changelog, '1.0.0'),
    });
    assert.match(html, /version <strong>1\.0\.0<\/strong> of the Petstore &lt;API&gt;/);
    assert.match(html, /the current version is <strong>2\.0\.0<\/strong>/);
    assert.match(html, /<a href="\/reference\/list-pets\/">This page in 2\.0\.0<\/a>/);
    assert.match(html, /<a href="\/changelog\/#v1-1-0">What changed since 1\.0\.0<\/a>/);
  });

  test('nothing changed after the newest release', () => {
    assert.equal(changesSinceUrl(changelog, '2.0.0'), undefined);
  });
});

describe('"Changed in" links each version to the operation’s entry in the changelog', () => {
  test('the entry holds the changes of that operation between the release and the one before', () => {
    assert.equal(operationAnchor('1.1.0', { operationId: 'findPets', method: 'GET', path: '/x' }), 'v1-1-0-find-pets');
    assert.equal(operationAnchor('1.1.0', { method: 'GET', path: '/pets/{petId}' }), 'v1-1-0-get-pets-pet-id');
    // Never the id of a section heading of the release (`v1-1-0-added`).
    assert.equal(
      operationAnchor('1.1.0', { operationId: 'added', method: 'GET', path: '/x' }),
      'v1-1-0-added-operation',
    );
    assert.deepEqual(
      changedIn(changelog, { operationId: 'getPet', method: 'GET', path: '/pets/{petId}' }).map((c) => c.url),
      ['/changelog/#v2-0-0-get-pet', '/changelog/#v1-0-0-get-pet'],
    );
  });
});

describe('search keeps to the version being read', () => {
  const three = [
    { version: '2.0.0', base: '/reference', current: true },
    { version: '1.1.0', base: '/reference/1.1.0', current: false },
    { version: '1.0.0', base: '/reference/1.0.0', current: false },
  ];

  test('an older version’s page is in that version only, and its results say so', () => {
    assert.deepEqual(searchScope('/reference/1.0.0/list-pets/', three), {
      reading: '1.0.0',
      filters: ['1.0.0'],
      meta: '1.0.0',
    });
    assert.deepEqual(searchScope('/reference/1.1.0/', three)?.filters, ['1.1.0']);
  });

  test('a current reference page is in the current version', () => {
    assert.deepEqual(searchScope('/reference/list-pets/', three), {
      reading: '2.0.0',
      filters: ['2.0.0'],
      meta: '2.0.0',
    });
  });

  test('guides and other pages are in every version, so searching one version still finds them', () => {
    assert.deepEqual(searchScope('/guides/getting-started/', three), {
      reading: '2.0.0',
      filters: ['2.0.0', '1.1.0', '1.0.0'],
    });
    // A path that only starts like the reference's base is not below it.
    assert.deepEqual(searchScope('/reference-notes/', three)?.filters, ['2.0.0', '1.1.0', '1.0.0']);
  });

  test('with one published version search has no version', () => {
    assert.equal(searchScope('/reference/list-pets/', [three[0] as (typeof three)[number]]), undefined);
  });
});
