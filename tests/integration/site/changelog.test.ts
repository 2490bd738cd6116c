// The changelog as the built site serves it, from the committed spec/changelog.json: the /changelog/ page
// (releases newest first, operations linked, its feed announced), the RSS feed, and the "Changed in" line of an
// operation page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parseChangelog } from '../../../descriptions/changelog.ts';
import { type RunningSite, startSite } from '../../support/server.ts';

let site: RunningSite;
const log = parseChangelog(readFileSync(new URL('../../../spec/changelog.json', import.meta.url), 'utf8'));

before(async () => {
  site = await startSite();
});
after(async () => {
  await site?.stop();
});

describe('/changelog/', () => {
  test('every release newest first, each operation linked to its page, the feed announced', async () => {
    const html = await (await fetch(`${site.url}/changelog/`)).text();
    assert.match(html, /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/changelog\.xml"\/?>/);
    const versions = [...html.matchAll(/<section class="changelog-release"[^>]*data-version="([^"]+)"/g)].map(
      (m) => m[1],
    );
    assert.deepEqual(
      versions,
      log.releases.map((r) => r.version),
    );
    // The first release lists getPet, linked to its page, which exists.
    const link = /<li id="v1-0-0-get-pet" data-operation-id="getPet">\s*<a href="([^"]+)">/.exec(html)?.[1];
    assert.ok(link, 'getPet is linked');
    assert.equal((await fetch(`${site.url}${link}`)).status, 200);
  });

  test('the feed: RSS with one item per release, linking to its entry', async () => {
    const res = await fetch(`${site.url}/changelog.xml`);
    assert.equal(res.status, 200);
    const xml = await res.text();
    assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?><rss version="2\.0"/);
    const links = [...xml.matchAll(/<item><title>[^<]+<\/title><link>([^<]+)<\/link>/g)].map((m) => m[1]);
    assert.equal(links.length, log.releases.length);
    assert.match(links.at(-1) ?? '', /\/changelog\/#v1-0-0$/);
  });

  test('an operation page says which versions changed it, each linking to the operation’s entry there', async () => {
    const html = await (await fetch(`${site.url}/reference/get-pet/`)).text();
    assert.match(
      html,
      /<p class="ref-changed-in">Changed in: .*<a href="\/changelog\/#v1-0-0-get-pet">1\.0\.0<\/a> \(added\)/,
    );
  });
});
