// Several APIs in the reader's language, built for real: the three APIs of tests/fixtures/apis/apis.yaml
// (PETSTORE_APIS) with PETSTORE_LOCALES=fr,ar, read back from dist/. The catalog, an API's pages, its
// explorer, try-it documents and in-browser mock, the changelogs and the Markdown twins are below each
// locale's prefix and in its words; the downloads, the feeds and each API's llms-full.txt stay one for
// every language. One build, shared by every test of this file.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildDescription, htmlText } from '../../support/built-pages.ts';
import { ROOT } from '../../support/server.ts';

const OUT = join(ROOT, '.test-dist', 'i18n-apis');
const CLIENT = join(OUT, 'client');
after(() => rmSync(OUT, { recursive: true, force: true }));

const file = (path: string) => readFileSync(join(CLIENT, path), 'utf8');
const page = (path: string) => file(join(path, 'index.html'));
/** The words of an HTML fragment: scripts and styles left out, one space between elements. */
const words = (html: string) =>
  htmlText(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ').replace(/</g, ' <'));
const main = (html: string) => words(html.slice(html.indexOf('<main'), html.indexOf('</main>')));
/** The `href`s of an HTML fragment. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string);
/** The sidebar's HTML (Starlight's `#starlight__sidebar` pane, after the page's content in our frame). */
const sidebar = (html: string) => {
  const at = html.indexOf('id="starlight__sidebar"');
  return html.slice(at, html.indexOf('</sl-sidebar-pane>', at));
};

describe('three APIs in English, French and Arabic', () => {
  before(() => {
    const build = buildDescription(join(ROOT, 'spec/openapi.yaml'), OUT, {
      PETSTORE_SPEC: '',
      PETSTORE_APIS: 'tests/fixtures/apis/apis.yaml',
      PETSTORE_LOCALES: 'fr,ar',
      BUILD_DATE: '2026-11-27',
    });
    assert.equal(build.status, 0, build.output.slice(-3000));
  });

  test('/fr/reference/ is the catalog in French, linking each API’s French pages and its one set of downloads', () => {
    const html = page('fr/reference');
    assert.match(html, /<html lang="fr" dir="ltr"/);
    const text = main(html);
    assert.match(text, /Les API/);
    assert.match(text, /3 API sont documentées ici\./);
    assert.match(text, /Partner Pets API Version 3\.4\.0 · 5 opérations/);
    assert.match(text, /Référence · Explorateur · Journal des modifications · openapi\.yaml · openapi\.json/);
    for (const english of ['documented here', 'Other APIs', 'operations', 'Changelog', 'Explorer ·'])
      assert.ok(!text.includes(english), `"${english}" on the French catalog`);
    const links = hrefs(html.slice(html.indexOf('<main'), html.indexOf('</main>')));
    for (const link of ['/fr/reference/partner/', '/fr/reference/partner/explorer/', '/fr/changelog/partner/'])
      assert.ok(links.includes(link), link);
    assert.ok(links.includes('/reference/partner/openapi.yaml'), 'the downloads are one for every language');
    assert.match(page('ar/reference'), /<html lang="ar" dir="rtl"/);
  });

  test('an API’s operation page in French and Arabic: lang and dir, hreflang both ways, the breadcrumb in French', () => {
    const fr = page('fr/reference/partner/delete-pet');
    assert.match(fr, /<html lang="fr" dir="ltr"/);
    assert.match(page('ar/reference/partner/delete-pet'), /<html lang="ar" dir="rtl"/);
    const en = page('reference/partner/delete-pet');
    assert.match(en, /hreflang="fr" href="https:\/\/[^"]+\/fr\/reference\/partner\/delete-pet\/"/);
    assert.match(en, /hreflang="ar" href="https:\/\/[^"]+\/ar\/reference\/partner\/delete-pet\/"/);
    assert.match(fr, /hreflang="en" href="https:\/\/[^"]+\/reference\/partner\/delete-pet\/"/);
    const at = fr.indexOf('<nav class="ref-breadcrumb');
    const crumbs = fr.slice(at, fr.indexOf('</nav>', at));
    assert.match(crumbs, /aria-label="Fil d’Ariane"/);
    assert.deepEqual(hrefs(crumbs), ['/fr/reference/', '/fr/reference/partner/']);
    assert.equal(words(crumbs), 'API Partner Pets API');
    assert.match(main(fr), /Clé d’API dans l’en-tête X-Partner-Key/);
    assert.match(fr, /Toutes les API/, 'the search dialog’s scope in French');
  });

  test('the sidebar of a French page: French labels, the API’s pages in French, its downloads at their one URL', () => {
    const nav = sidebar(page('fr/reference/partner/delete-pet'));
    assert.match(words(nav), /Toutes les API/);
    assert.ok(!/All APIs|API reference/.test(words(nav)), words(nav));
    const links = hrefs(nav);
    assert.ok(links.includes('/fr/reference/partner/tags/pet/'));
    assert.ok(links.includes('/reference/partner/openapi.yaml'));
    assert.ok(
      !links.some((l) => /^\/fr\/.*openapi\.(yaml|json)$/.test(l)),
      String(links.filter((l) => /openapi/.test(l))),
    );
  });

  test('try-it below the locale: the page’s documents and the API’s in-browser mock, in French', () => {
    const html = page('fr/reference/partner/delete-pet');
    assert.match(html, /data-reference-base="\/fr\/reference\/partner"/);
    assert.match(html, /data-base="\/fr\/reference\/partner"/);
    assert.ok(existsSync(join(CLIENT, 'fr/reference/partner/mock-sw.js')), 'the worker that controls the French pages');
    const doc = JSON.parse(file('fr/reference/partner/tryit/delete-pet.json')) as {
      servers: Array<{ url: string; description: string }>;
      mockBase: string;
    };
    assert.equal(doc.mockBase, '/api/mock/partner', 'the mock is one for every language');
    assert.deepEqual(doc.servers[0], { url: '/api/mock/partner', description: 'API simulée de ce site' });
    assert.match(page('fr/reference/partner/explorer'), /<title>Explorateur · Partner Pets API<\/title>/);
  });

  test('the changelogs in French; their feeds are one per API and say they are English', () => {
    const list = page('fr/changelog');
    assert.match(main(list), /Journaux des modifications/);
    assert.ok(hrefs(list).includes('/fr/changelog/petstore/'));
    const petstore = page('fr/changelog/petstore');
    assert.match(petstore, /<title>Journal des modifications de Petstore API/);
    assert.match(
      petstore,
      /<link rel="alternate" type="application\/rss\+xml" title="Journal des modifications de Petstore API \(flux RSS en anglais\)" href="\/changelog\/petstore\.xml" hreflang="en"/,
    );
    assert.match(main(petstore), /\d+ opérations? (ajoutées?|modifiées?|supprimées?)/);
    assert.doesNotMatch(main(petstore), /\d+ (ajout|added)\b/);
    assert.match(file('changelog/petstore.xml'), /<language>en<\/language>/);
  });

  test('the catalog’s and an API’s Markdown twins in French, listed in llms.txt', () => {
    const catalog = file('fr/reference.md');
    assert.match(catalog, /^# Les API\n/);
    assert.match(catalog, /\[Journal des modifications\]\(https:\/\/[^)]+\/fr\/changelog\/petstore\.md\)/);
    assert.ok(existsSync(join(CLIENT, 'fr/changelog/petstore.md')), 'the changelog’s French twin the catalog links');
    assert.match(file('fr/reference/partner/delete-pet.md'), /## Paramètres/);
    const llms = file('llms.txt');
    assert.match(llms, /## Français \(fr\)\n\n- \[Les API\]\(https:\/\/[^)]+\/fr\/reference\.md\)/);
    assert.match(llms, /## العربية \(ar\)[\s\S]*\/ar\/reference\/partner\/delete-pet\.md/);
  });

  test('one for every language: the downloads, the feeds and each API’s llms-full.txt are never below a locale', () => {
    for (const path of [
      'fr/reference/partner/openapi.yaml',
      'fr/reference/partner/openapi.json',
      'fr/changelog/petstore.xml',
      'fr/reference/partner/llms-full.txt',
    ])
      assert.ok(!existsSync(join(CLIENT, path)), path);
    for (const path of ['reference/partner/openapi.yaml', 'changelog/petstore.xml', 'reference/partner/llms-full.txt'])
      assert.ok(existsSync(join(CLIENT, path)), path);
  });
});
