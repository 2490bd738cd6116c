// The changelog: the record's rules (descriptions/changelog.ts), a release made from a report, and the page, feed and
// "Changed in" views the site renders from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { addRelease, type Changelog, type ChangelogRelease, parseChangelog } from '../../../descriptions/changelog.ts';
import {
  changedIn,
  changelogMarkdown,
  changelogView,
  feedItems,
  releaseAnchor,
} from '../../../site/changelog/model.ts';
import { initialRelease, releaseFromReport } from '../../../tools/spec-diff/changelog/release.ts';
import { BASE, diff, edited } from './fixtures.ts';

/** The published pages: every operation but getItem, which 1.1.0 removed and no older published version shows. */
const pageOf = (op: { operationId?: string }) =>
  op.operationId && op.operationId !== 'getItem' ? `/reference/${op.operationId.toLowerCase()}/` : undefined;

async function twoReleases(): Promise<Changelog> {
  const first = initialRelease(parse(BASE), '1.0.0', '2026-11-25');
  const head = edited((d) => {
    d.deleteIn(['paths', '/items/{id}', 'get']);
    d.setIn(['paths', '/items', 'post', 'deprecated'], true);
    d.setIn(['paths', '/items', 'post', 'x-deprecated-sunset'], '2028-01-01');
    d.setIn(['paths', '/items', 'get', 'summary'], 'List every item');
    d.setIn(['info', 'version'], '1.1.0');
  });
  const report = await diff(head, { buildDate: '2027-07-01' });
  assert.equal(report.ok, true);
  const second = releaseFromReport(report, parse(head), parse(BASE), '1.1.0', '2027-07-01');
  return addRelease(addRelease({ releases: [] }, first), second);
}

describe('the changelog record', () => {
  test('the first release lists every operation as added, with the sunset of a deprecated one', async () => {
    const r = initialRelease(parse(BASE), '1.0.0', '2026-11-25');
    assert.deepEqual(
      r.operations.map((o) => `${o.change} ${o.operationId}`),
      ['added listItems', 'added createItem', 'added getItem', 'added deleteItem', 'added listColors'],
    );
    assert.equal(r.operations.find((o) => o.operationId === 'getItem')?.sunset, '2027-06-30');
  });

  test('a release from a report: removed, deprecated and changed operations, removal marked breaking', async () => {
    const [latest] = (await twoReleases()).releases;
    assert.equal(latest?.version, '1.1.0');
    assert.equal(latest?.breaking, true);
    const by = Object.fromEntries((latest?.operations ?? []).map((o) => [o.operationId, o]));
    assert.equal(by.getItem?.change, 'removed');
    assert.equal(by.getItem?.breaking, true);
    assert.equal(by.getItem?.summary, 'Get an item');
    assert.equal(by.getItem?.sunset, '2027-06-30', 'removed after its sunset: the date it kept working until');
    assert.equal(by.createItem?.change, 'deprecated');
    assert.equal(by.createItem?.sunset, '2028-01-01');
    assert.equal(by.listItems?.change, 'changed');
    assert.equal(by.listItems?.notes[0]?.class, 'documentation');
    // info.version is not about an operation.
    assert.equal(latest?.other.length, 1);
  });

  test('versions must be new and newer, and the file is checked field by field', async () => {
    const log = await twoReleases();
    assert.throws(
      () => addRelease(log, { ...(log.releases[0] as ChangelogRelease), version: '1.1.0' }),
      /already in the changelog/,
    );
    assert.throws(() => addRelease(log, { ...(log.releases[0] as ChangelogRelease), version: '1.0.5' }), /not newer/);
    assert.deepEqual(parseChangelog(JSON.stringify(log)), log);
    assert.throws(() => parseChangelog('{"releases": [{"version": "1", "date": "soon"}]}'), /releases\[0\]\.date/);
    assert.throws(() => parseChangelog('[]'), /expected an object/);
  });

  test('the committed changelog is valid and starts with the Petstore 1.0.0', async () => {
    const log = parseChangelog(readFileSync(new URL('../../../spec/changelog.json', import.meta.url), 'utf8'));
    assert.equal(log.releases.at(-1)?.version, '1.0.0');
    assert.equal(log.releases.at(-1)?.operations.length, 18);
  });
});

describe('the site views', () => {
  test('the page lists releases newest first, links operations that still exist, marks breaking ones', async () => {
    const [newest, oldest] = changelogView(await twoReleases(), pageOf);
    assert.equal(newest?.version, '1.1.0');
    assert.equal(newest?.anchor, 'v1-1-0');
    assert.equal(oldest?.version, '1.0.0');
    assert.deepEqual(
      newest?.sections.map((s) => s.kind),
      ['removed', 'changed', 'deprecated'],
    );
    const removed = newest?.sections[0]?.items[0];
    assert.equal(removed?.url, undefined, 'a removed operation no published version shows has no page to link');
    assert.equal(removed?.breaking, true);
    assert.equal(removed?.anchor, 'v1-1-0-get-item');
    // Where an older published version still shows it, the entry links that page.
    const [withOlder] = changelogView(await twoReleases(), (op) =>
      op.operationId === 'getItem' ? '/reference/1.0.0/getitem/' : pageOf(op),
    );
    assert.equal(withOlder?.sections[0]?.items[0]?.url, '/reference/1.0.0/getitem/');
    assert.equal(newest?.sections[2]?.items[0]?.url, '/reference/createitem/');
    assert.equal(newest?.sections[2]?.items[0]?.sunsetText, '1 January 2028');
    assert.equal(oldest?.counts, '5 added');
  });

  test('changedIn: the versions that touched an operation, newest first', async () => {
    const log = await twoReleases();
    assert.deepEqual(
      changedIn(log, { operationId: 'createItem', method: 'POST', path: '/items' }).map(
        (v) => `${v.version} ${v.kind}`,
      ),
      ['1.1.0 deprecated', '1.0.0 added'],
    );
    assert.deepEqual(changedIn(log, { operationId: 'listColors', method: 'GET', path: '/colors' }).length, 1);
    assert.equal(changedIn(log, { operationId: 'nope', method: 'GET', path: '/nope' }).length, 0);
  });

  test('feed items: one per release, linking to its entry, operations as escaped HTML', async () => {
    const items = feedItems(await twoReleases(), pageOf, 'Shop', 'https://docs.example.com');
    assert.equal(items.length, 2);
    assert.equal(items[0]?.title, 'Shop 1.1.0 (breaking)');
    assert.equal(items[0]?.link, `https://docs.example.com/changelog/#${releaseAnchor('1.1.0')}`);
    assert.match(items[0]?.content ?? '', /<a href="https:\/\/docs\.example\.com\/reference\/createitem\/">/);
    assert.equal(items[0]?.pubDate.toISOString(), '2027-07-01T00:00:00.000Z');
    assert.match(items[0]?.content ?? '', /<strong>Breaking:<\/strong> <code>GET \/items\/\{id\}<\/code>/);
  });

  test('the Markdown twin for agents: releases newest first, links to the operations Markdown twins', async () => {
    const md = changelogMarkdown(
      changelogView(await twoReleases(), pageOf),
      'Shop',
      (u) => `${u.replace(/\/$/, '')}.md`,
    );
    assert.match(md, /^# Changelog\n/);
    assert.ok(md.indexOf('## 1.1.0') < md.indexOf('## 1.0.0'));
    assert.match(md, /- \*\*Breaking:\*\* `GET \/items\/\{id\}` Get an item/);
    assert.match(md, /- \[`POST \/items`\]\(\/reference\/createitem\.md\) Create an item \(sunset 1 January 2028\)/);
  });
});
