// Every published version side by side: the fixture history (1.0.0, 1.1.0, 2.0.0) built for real, its
// pages read from dist/ and served as `npm start` serves them: each version's reference at its URLs,
// the switcher's links both ways, the page of an operation a version lacks, the banners, canonical
// links, the sitemaps, search by version, "Changed in", and what agents read: each version's Markdown
// twins (files and content negotiation), the alternate link, Open Graph cards and llms.txt.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { htmlText } from '../../support/built-pages.ts';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';
import { buildVersions, VERSIONS_ENV, VERSIONS_FIXTURE } from '../../support/versions.ts';

const DIST = join(ROOT, '.test-dist/versions');
const CLIENT = join(DIST, 'client');
after(() => rmSync(DIST, { recursive: true, force: true }));

/** A built page's HTML, by URL path (`/reference/1.0.0/list-pets/`). */
function page(url: string): string {
  const file = join(CLIENT, url.endsWith('/') ? `${url}index.html` : url);
  assert.ok(existsSync(file), `${url} was built`);
  return readFileSync(file, 'utf8');
}

/** The page's own content (its <main>, scripts left out), as text. */
const mainText = (html: string) =>
  htmlText((/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '').replace(/<script[\s\S]*?<\/script>/g, ' '));

/** Whether an operation page lists a parameter of that name. */
const hasParameter = (html: string, name: string) =>
  html.includes(`<tr class="ref-param-row ref-has-desc"><td><code>${name}</code>`);

/** The version switcher's links: version → href. */
function switcher(html: string): Record<string, string> {
  const nav = /<nav class="ref-versions"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)"[^>]*data-version="([^"]+)"/g)].map((m) => [m[2] as string, m[1] as string]),
  );
}

/** Starlight's banner on the page, as text, or undefined. */
const banner = (html: string) => {
  const m = /<div class="sl-banner[ "][^>]*>([\s\S]*?)<\/div>/.exec(html);
  return m ? htmlText(m[1] as string) : undefined;
};

describe('a history of three releases, every one published', () => {
  before(() => {
    const build = buildVersions(DIST);
    assert.equal(build.status, 0, build.output.slice(-4000));
  });

  test('the current version keeps today’s URLs; each older one has the whole reference below /reference/<version>/', () => {
    assert.match(mainText(page('/reference/list-pets/')), /GET \/pets/);
    for (const v of ['1.0.0', '1.1.0']) {
      assert.match(mainText(page(`/reference/${v}/`)), /List pets/, `${v} front page`);
      assert.match(mainText(page(`/reference/${v}/get-pet/`)), /GET \/pets\/\{petId\}/);
      assert.match(mainText(page(`/reference/${v}/tags/animals/`)), /List pets/);
      assert.match(mainText(page(`/reference/${v}/schemas/pet/`)), /Pet/);
      page(`/reference/${v}/schemas/`);
    }
    // Each version's own description: 1.1.0 added the optional `sort` parameter to listPets.
    assert.equal(hasParameter(page('/reference/1.1.0/list-pets/'), 'sort'), true);
    assert.equal(hasParameter(page('/reference/1.0.0/list-pets/'), 'sort'), false);
    assert.equal(hasParameter(page('/reference/list-pets/'), 'sort'), true);
    assert.equal(hasParameter(page('/reference/1.0.0/list-pets/'), 'status'), true);
    // An older version's links stay in that version, and lead to pages that exist (no explorer of its own).
    const older = page('/reference/1.0.0/list-pets/');
    assert.match(older, /href="\/reference\/1\.0\.0\/tags\/animals\/"/);
    const links = [...older.matchAll(/href="(\/reference\/1\.0\.0\/[^"#]*)"/g)].map((m) => m[1] as string);
    assert.ok(links.length > 20);
    for (const link of new Set(links)) {
      const file = join(CLIENT, link.endsWith('/') ? `${link}index.html` : link);
      assert.ok(existsSync(file), `${link} is linked from /reference/1.0.0/list-pets/ and exists`);
    }
  });

  test('the switcher goes to the same operation in each version, both ways', () => {
    assert.deepEqual(switcher(page('/reference/list-pets/')), {
      '2.0.0': '/reference/list-pets/',
      '1.1.0': '/reference/1.1.0/list-pets/',
      '1.0.0': '/reference/1.0.0/list-pets/',
    });
    assert.deepEqual(switcher(page('/reference/1.0.0/list-pets/')), switcher(page('/reference/list-pets/')));
    assert.deepEqual(switcher(page('/reference/1.0.0/get-pet/')), {
      '2.0.0': '/reference/get-pet/',
      '1.1.0': '/reference/1.1.0/get-pet/',
      '1.0.0': '/reference/1.0.0/get-pet/',
    });
    assert.equal(switcher(page('/reference/1.1.0/tags/animals/'))['2.0.0'], '/reference/tags/animals/');
    assert.equal(switcher(page('/reference/1.0.0/'))['2.0.0'], '/reference/');
    // The version read is marked, without JavaScript: the switcher is a <details> of links.
    assert.match(
      page('/reference/1.0.0/list-pets/'),
      /<a href="\/reference\/1\.0\.0\/list-pets\/" aria-current="page"/,
    );
    assert.match(
      page('/reference/1.0.0/list-pets/'),
      /<details>\s*<summary>Version <strong>1\.0\.0<\/strong><\/summary>/,
    );
  });

  test('the removed operation’s URL in 2.0.0 says when and why, with the changelog and the closest page', () => {
    const html = page('/reference/get-pet/');
    const text = mainText(html);
    assert.match(text, /GET \/pets\/\{petId\} \(operationId getPet\) is not in version 2\.0\.0/);
    assert.match(text, /It was removed in 2\.0\.0, after its sunset date 30 June 2026\./);
    assert.match(html, /href="\/changelog\/#v2-0-0"/);
    assert.match(html, /href="\/reference\/1\.1\.0\/get-pet\/"/, 'the operation in the last version that has it');
    assert.ok(existsSync(join(CLIENT, 'changelog/index.html')));
    assert.match(page('/changelog/'), /id="v2-0-0"/);
  });

  test('an older version says so: a banner naming both versions, linking the same page and what changed', () => {
    const text = banner(page('/reference/1.0.0/list-pets/'));
    assert.ok(text, 'a banner');
    assert.match(
      text,
      /You are reading version 1\.0\.0 of the Petstore API, an older version; the current version is 2\.0\.0/,
    );
    const html = page('/reference/1.0.0/list-pets/');
    assert.match(html, /<a href="\/reference\/list-pets\/">This page in 2\.0\.0<\/a>/);
    assert.match(html, /<a href="\/changelog\/#v1-1-0">What changed since 1\.0\.0<\/a>/);
    assert.equal(banner(page('/reference/list-pets/')), undefined, 'no banner on the current version');
  });

  test('each page’s canonical link is itself; the sitemap lists every published version', () => {
    for (const url of ['/reference/1.0.0/list-pets/', '/reference/1.1.0/', '/reference/list-pets/']) {
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page(url))?.[1];
      assert.equal(new URL(canonical ?? 'x:').pathname, url);
    }
    const sitemap = readFileSync(join(CLIENT, 'sitemap-0.xml'), 'utf8');
    for (const url of [
      '/reference/list-pets/',
      '/reference/1.1.0/list-pets/',
      '/reference/1.0.0/get-pet/',
      '/reference/get-pet/',
    ]) {
      assert.match(sitemap, new RegExp(`<loc>[^<]*${url.replace(/[.]/g, '\\.')}</loc>`), url);
    }
  });

  test('/sitemap.xml is Starlight’s sitemap index, which lists the sitemap holding every version’s pages', () => {
    const index = readFileSync(join(CLIENT, 'sitemap.xml'), 'utf8');
    assert.equal(index, readFileSync(join(CLIENT, 'sitemap-index.xml'), 'utf8'));
    assert.match(index, /<loc>[^<]*\/sitemap-0\.xml<\/loc>/);
    const sitemap = readFileSync(join(CLIENT, 'sitemap-0.xml'), 'utf8');
    const below = (v: string) => [
      ...sitemap.matchAll(new RegExp(`<loc>[^<]*/reference/${v.replace(/\./g, '\\.')}/`, 'g')),
    ];
    // Each older version: its front page, 18 operations, 6 tags, the schema index and its schemas.
    for (const v of ['1.0.0', '1.1.0']) assert.ok(below(v).length > 30, `${v}: ${below(v).length} URLs`);
  });

  test('search knows each page’s version: reference pages one (filter and shown meta), the guides every one', () => {
    const tags = (html: string) => ({
      filters: [...html.matchAll(/data-pagefind-filter="version:([^"]+)"/g)].map((m) => m[1]),
      meta: [...html.matchAll(/data-pagefind-meta="version:([^"]+)"/g)].map((m) => m[1]),
    });
    assert.deepEqual(tags(page('/reference/1.0.0/list-pets/')), { filters: ['1.0.0'], meta: ['1.0.0'] });
    assert.deepEqual(tags(page('/reference/list-pets/')), { filters: ['2.0.0'], meta: ['2.0.0'] });
    assert.deepEqual(tags(page('/reference/get-pet/')), { filters: ['2.0.0'], meta: ['2.0.0'] });
    assert.deepEqual(tags(page('/guides/getting-started/')), { filters: ['2.0.0', '1.1.0', '1.0.0'], meta: [] });
    assert.deepEqual(tags(page('/')).filters, ['2.0.0', '1.1.0', '1.0.0']);
    // The search dialog starts in the page's version and offers every version.
    assert.match(page('/reference/1.1.0/list-pets/'), /<site-search[^>]*data-search-version="1\.1\.0"/);
    assert.match(page('/guides/getting-started/'), /<site-search[^>]*data-search-version="2\.0\.0"/);
    assert.match(page('/reference/1.0.0/list-pets/'), /<input type="checkbox" data-all-versions/);
  });

  test('an older version’s pages have Markdown twins that say which version they are and link the current one', () => {
    const md = page('/reference/1.0.0/list-pets.md');
    assert.match(md, /^# List pets\n/);
    assert.match(
      md,
      /> You are reading version \*\*1\.0\.0\*\* of the Petstore API, an older version; the current version is \*\*2\.0\.0\*\*: \[this page in 2\.0\.0\]\(https:\/\/[^/]+\/reference\/list-pets\.md\)/,
    );
    assert.match(md, /`GET` `\/pets`/);
    assert.doesNotMatch(md, /explorer/, 'older versions have no explorer');
    // 1.1.0 has the sort parameter, 1.0.0 not: each twin is its own version's.
    assert.match(page('/reference/1.1.0/list-pets.md'), /\| `sort` \|/);
    assert.doesNotMatch(md, /\| `sort` \|/);
    for (const url of ['/reference/1.0.0.md', '/reference/1.0.0/tags/animals.md', '/reference/1.0.0/schemas/pet.md']) {
      assert.match(page(url), /You are reading version \*\*1\.0\.0\*\*/, url);
    }
    // The current version's twin has no such note.
    assert.doesNotMatch(page('/reference/list-pets.md'), /You are reading version/);
  });

  test('the page saying an operation is not in a version has a twin saying the same', () => {
    const md = page('/reference/get-pet.md');
    assert.match(md, /^# Get a pet/);
    assert.match(
      md,
      /`GET \/pets\/\{petId\}` \(operationId `getPet`\) is not in version \*\*2\.0\.0\*\* of the Petstore API\./,
    );
    assert.match(md, /It was removed in 2\.0\.0, after its sunset date 30 June 2026\./);
    assert.match(md, /\(https:\/\/[^/]+\/reference\/1\.1\.0\/get-pet\.md\)/);
  });

  test('each version’s page points at its own twin and card: alternate link, View as Markdown, Copy page, og:image', () => {
    for (const url of ['/reference/1.0.0/list-pets/', '/reference/get-pet/', '/reference/1.1.0/']) {
      const html = page(url);
      const md = url === '/reference/1.1.0/' ? '/reference/1.1.0.md' : `${url.slice(0, -1)}.md`;
      assert.ok(html.includes(`<link rel="alternate" type="text/markdown" href="${md}"`), `${url}: alternate`);
      assert.ok(html.includes(`data-markdown="${md}"`), `${url}: Copy page`);
      assert.match(
        html,
        new RegExp(`<a class="agent-view[^"]*" href="${md.replace(/\./g, '\\.')}"`),
        `${url}: View as Markdown`,
      );
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      assert.ok(image, `${url}: og:image`);
      assert.ok(existsSync(join(CLIENT, new URL(image).pathname)), `${url}: ${image} was written`);
    }
  });

  test('llms.txt lists every published version’s reference, the current one marked; llms-full.txt says it is the current one', () => {
    const llms = page('/llms.txt');
    const versions = /## Versions\n\n([\s\S]*?)(?:\n\n##|$)/.exec(llms)?.[1] ?? '';
    const items = [...versions.matchAll(/^- \[Petstore API ([^\]]+)\]\(https:\/\/[^/]+(\/[^)]+)\)/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    assert.deepEqual(items, [
      ['2.0.0 (current)', '/reference.md'],
      ['1.1.0', '/reference/1.1.0.md'],
      ['1.0.0', '/reference/1.0.0.md'],
    ]);
    assert.match(versions, /\[HTML page\]\(https:\/\/[^/]+\/reference\/1\.0\.0\/\)/);
    // The other sections stay the current version's.
    assert.doesNotMatch(llms.replace(versions, ''), /\/reference\/1\.[01]\.0\//);
    assert.match(
      page('/llms-full.txt'),
      /The reference here is version 2\.0\.0, the current one\. The older versions \(1\.1\.0, 1\.0\.0\)/,
    );
  });

  test('"Changed in" links each version to that operation’s entry in the changelog, which holds its changes', () => {
    const html = page('/reference/1.1.0/list-pets/');
    assert.match(html, /<a href="\/changelog\/#v1-1-0-list-pets">1\.1\.0<\/a>/);
    const entry = /<li id="v1-1-0-list-pets"[\s\S]*?<\/li>/.exec(page('/changelog/'))?.[0];
    assert.ok(entry, 'the changelog has the entry');
    assert.match(htmlText(entry), /sort/);
  });

  describe('served as npm start serves it', () => {
    let site: RunningSite;
    before(async () => {
      site = await startSite({ ...VERSIONS_ENV, DIST_DIR: '.test-dist/versions' });
    });
    after(() => site?.stop());

    test('every version’s pages answer', async () => {
      for (const url of ['/reference/1.0.0/get-pet/', '/reference/get-pet/', '/reference/1.1.0/']) {
        const res = await fetch(`${site.url}${url}`);
        assert.equal(res.status, 200, url);
      }
    });

    test('an older version’s page asked for as Markdown answers its twin', async () => {
      for (const [url, title] of [
        ['/reference/1.0.0/list-pets/', '# List pets'],
        ['/reference/get-pet/', '# Get a pet'],
      ] as const) {
        const res = await fetch(`${site.url}${url}`, { headers: { Accept: 'text/markdown' } });
        assert.equal(res.status, 200, url);
        assert.match(res.headers.get('content-type') ?? '', /^text\/markdown/, url);
        assert.ok((await res.text()).startsWith(title), url);
        const html = await fetch(`${site.url}${url}`, { headers: { Accept: 'text/html' } });
        assert.match(html.headers.get('content-type') ?? '', /^text\/html/, url);
      }
    });
  });
});

describe('versions.publish', () => {
  test('last:1 publishes the current version only: no switcher, no older pages', () => {
    const dist = join(ROOT, '.test-dist/versions-last1');
    try {
      // The record named by PETSTORE_CHANGELOG rather than found beside the description: the same.
      const changelog = join(VERSIONS_FIXTURE, 'changelog.json');
      const build = buildVersions(dist, { PETSTORE_VERSIONS: 'last:1', PETSTORE_CHANGELOG: changelog });
      assert.equal(build.status, 0, build.output.slice(-4000));
      assert.equal(existsSync(join(dist, 'client/reference/1.0.0')), false);
      const html = readFileSync(join(dist, 'client/reference/list-pets/index.html'), 'utf8');
      assert.doesNotMatch(html, /ref-versions/);
      assert.match(readFileSync(join(dist, 'client/changelog/index.html'), 'utf8'), /id="v2-0-0"/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  test('a wrong PETSTORE_VERSIONS stops the build naming the accepted values', () => {
    const dist = join(ROOT, '.test-dist/versions-bad');
    try {
      const build = buildVersions(dist, { PETSTORE_VERSIONS: 'newest' });
      assert.notEqual(build.status, 0);
      assert.match(build.output, /PETSTORE_VERSIONS=newest: expected all, before-sunset or last:<n>/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
