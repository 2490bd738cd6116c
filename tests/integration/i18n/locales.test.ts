// The reference in the reader's language, built for real: the Petstore with PETSTORE_LOCALES=fr,ar and its
// French overlay (spec/i18n/fr.overlay.yaml), read back from dist/. Also: an overlay target that selects
// nothing is a warning with its file and line; an overlay changing a schema stops the build.
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cacheDirFor } from '../../../site/integrations/incremental-build.ts';
import { buildDescription, htmlText } from '../../support/built-pages.ts';
import { ROOT } from '../../support/server.ts';

const OUT = join(ROOT, '.test-dist', 'i18n');
const DIST = join(OUT, 'petstore');
const CLIENT = join(DIST, 'client');
after(() => rmSync(OUT, { recursive: true, force: true }));

const page = (path: string) => readFileSync(join(CLIENT, path, 'index.html'), 'utf8');
const main = (html: string) => htmlText(html.slice(html.indexOf('<main'), html.indexOf('</main>')));
/** The page's own words: its `<main>` without code (samples, paths and examples are the same in every language). */
const words = (html: string) =>
  main(
    html.replace(
      /<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>|<figure[\s\S]*?<\/figure>/g,
      ' ',
    ),
  );
/** The English words of the reference's UI that a French page must not show. */
const ENGLISH_LABELS = [
  'Parameters',
  'Responses',
  'Request body',
  'Try it',
  'Changed in',
  'Authentication',
  'Code samples',
  'Open in the explorer',
  'Copy page',
  'View as Markdown',
  'Content type',
  'Deprecated since',
  'sunset date',
];

describe('the Petstore in English, French and Arabic', () => {
  let output = '';
  before(() => {
    // Every page rendered, as on a fresh checkout: with the pages a previous run left in Astro's cache,
    // most are copied and the build starts no highlighting thread.
    rmSync(join(ROOT, cacheDirFor(relative(ROOT, DIST))), { recursive: true, force: true });
    const build = buildDescription(join(ROOT, 'spec/openapi.yaml'), DIST, {
      PETSTORE_LOCALES: 'fr,ar',
      BUILD_DATE: '2026-11-27',
      // The code samples highlighted on the build's worker thread, as a large description's are.
      PETSTORE_HIGHLIGHTER_MIN_BLOCKS: '0',
    });
    output = build.output;
    assert.equal(build.status, 0, output.slice(-3000));
  });

  test("the samples highlighted on the build's worker thread are the bytes each page writes, in every language", () => {
    // The build checks the worker's first block of each page language and block language against the
    // page's own (site/reference/sample-blocks.ts) and stops the worker at the first that differs.
    const line = /code samples: .*$/m.exec(output)?.[0] ?? '';
    const taken = Number(/; ([\d,]+) from the highlighting thread/.exec(line)?.[1]?.replace(/,/g, '') ?? 0);
    assert.ok(taken > 200, `blocks taken from the worker: ${line}`);
    assert.doesNotMatch(line, /it stopped/);
    // In each language, the copy button speaks the page's language.
    assert.match(page('fr/reference/list-pets'), /<button title="Copier dans le presse-papiers" data-copied="Copié !"/);
    assert.match(page('ar/reference/list-pets'), /<button title="نسخ إلى الحافظة"/);
  });

  test('the French operation page: no English UI label, the overlay summary, English description with the notice', () => {
    const html = page('fr/reference/list-pets');
    assert.match(html, /<html lang="fr" dir="ltr"/);
    const text = main(html);
    const own = words(html);
    for (const label of ENGLISH_LABELS)
      assert.ok(!new RegExp(`\\b${label}\\b`).test(own), `"${label}" on the French page`);
    assert.match(text, /Lister les animaux/);
    assert.match(text, /Paramètres/);
    assert.match(text, /Lists pets, filtered and paged\./, 'the English description where the overlay has none');
    assert.match(text, /pas encore disponible dans votre langue/, "Starlight's fallback notice");
    const translated = main(page('fr/reference/delete-pet'));
    assert.match(translated, /Supprimer un animal/);
    assert.ok(!/pas encore disponible/.test(translated), 'a fully translated page has no notice');
  });

  test('dates in the page language through Intl', () => {
    const text = main(page('fr/reference/get-pet'));
    assert.match(text, /30 juin 2027/);
    assert.match(main(page('reference/get-pet')), /30 June 2027/);
  });

  test('the Arabic page is right-to-left; code and paths are isolated left to right', () => {
    const html = page('ar/reference/list-pets');
    assert.match(html, /<html lang="ar" dir="rtl"/);
    assert.match(main(html), /المعاملات/);
    const css = readFileSync(join(ROOT, 'site/styles/reference.css'), 'utf8');
    assert.match(css, /\[dir=["']rtl["']\] :is\(code[^{]*\{\s*direction: ltr;\s*unicode-bidi: isolate;/);
  });

  test('hreflang both ways, in the head and in the sitemap', () => {
    const en = page('reference/list-pets');
    const fr = page('fr/reference/list-pets');
    assert.match(en, /hreflang="fr" href="https:\/\/[^"]+\/fr\/reference\/list-pets\/"/);
    assert.match(en, /hreflang="ar" href="https:\/\/[^"]+\/ar\/reference\/list-pets\/"/);
    assert.match(fr, /hreflang="en" href="https:\/\/[^"]+\/reference\/list-pets\/"/);
    const sitemap = readFileSync(join(CLIENT, 'sitemap-0.xml'), 'utf8');
    assert.match(sitemap, /hreflang="fr" href="https:\/\/[^"]+\/fr\/reference\/list-pets\/"/);
  });

  test('search per language: Pagefind indexes each <html lang> apart', () => {
    const entry = JSON.parse(readFileSync(join(CLIENT, 'pagefind/pagefind-entry.json'), 'utf8'));
    assert.deepEqual(Object.keys(entry.languages).sort(), ['ar', 'en', 'fr']);
  });

  test('the Markdown twin in French, with its own llms.txt section', () => {
    const md = readFileSync(join(CLIENT, 'fr/reference/create-pet.md'), 'utf8');
    assert.match(md, /^# Créer un animal/);
    assert.match(md, /## Corps de la requête/);
    const llms = readFileSync(join(CLIENT, 'llms.txt'), 'utf8');
    assert.match(llms, /## Français \(fr\)[\s\S]*\/fr\/reference\/create-pet\.md/);
  });

  /** The words of an HTML fragment, one space between elements, scripts and styles left out. */
  const spaced = (html: string) =>
    htmlText(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ').replace(/</g, ' <'));

  test('the guides’ generated tables in French, linking the French pages', () => {
    const html = page('fr/guides/getting-started');
    const table = html.slice(
      html.indexOf('<table class="deprecations"'),
      html.indexOf('</table>', html.indexOf('<table class="deprecations"')),
    );
    assert.match(
      spaced(table),
      /Opération Obsolète depuis Date de fin de service Au 27 novembre 2026 À utiliser à la place/,
    );
    assert.match(table, /href="\/fr\/reference\/get-pet\/"/);
    assert.match(spaced(table), /encore à venir \(215 jours\)/);
    const stability = html.slice(
      html.indexOf('<table class="stability"'),
      html.indexOf('</table>', html.indexOf('<table class="stability"')),
    );
    assert.match(spaced(stability), /Opération Niveau/);
    assert.match(spaced(stability), /Bêta/);
    assert.match(
      spaced(page('guides/getting-started')),
      /Operation Deprecated since Sunset date As of 27 November 2026 Use instead/,
    );
  });

  test('the French changelog counts with plural forms, and names its feed as the English one', () => {
    const html = page('fr/changelog');
    assert.match(spaced(html), /Publiée le 25 novembre 2026\s: 18 opérations ajoutées\./);
    assert.doesNotMatch(spaced(html), /18 ajout\b/);
    assert.match(html, /href="\/changelog\.xml" hreflang="en"/);
    assert.match(spaced(page('changelog')), /Released 25 November 2026 ?: 18 added\./);
  });

  test('a French page’s sidebar links the description downloads at their one URL; its card is its own', () => {
    const html = page('fr/reference/list-pets');
    const nav = html.slice(html.indexOf('id="starlight__sidebar"'));
    assert.match(nav, /href="\/openapi\.yaml"/);
    assert.doesNotMatch(nav, /href="\/fr\/openapi\.(yaml|json)"/);
    assert.match(
      html,
      /<meta property="og:image" content="https:\/\/[^"]+\/og\/fr\/reference\/get-pet\.jpg"|og\/fr\/reference\/list-pets\.jpg/,
    );
    const card = (path: string) => readFileSync(join(CLIENT, 'og', path));
    assert.ok(
      !card('fr/reference/get-pet.jpg').equals(card('reference/get-pet.jpg')),
      'the French card has the French title and badge',
    );
  });

  test('the mock, the downloads and the English URLs stay as they are', () => {
    assert.ok(existsSync(join(CLIENT, 'reference/list-pets/index.html')));
    assert.ok(!existsSync(join(CLIENT, 'fr/openapi.yaml')));
    assert.doesNotMatch(readFileSync(join(CLIENT, 'openapi.json'), 'utf8'), /Lister les animaux/);
  });
});

describe('overlays that do not fit the description', () => {
  test('a target that selects nothing is a warning with the overlay file and line; the build goes on', () => {
    const dir = join(OUT, 'unmatched');
    cpSync(join(ROOT, 'tests/fixtures/i18n/refused'), dir, { recursive: true });
    writeFileSync(
      join(dir, 'i18n/fr.overlay.yaml'),
      "overlay: 1.0.0\ninfo: { title: t, version: 1.0.0 }\nactions:\n  - target: $.paths['/gone'].get\n    update: { summary: Parti }\n",
    );
    const build = buildDescription(join(dir, 'openapi.yaml'), join(OUT, 'unmatched-dist'), { PETSTORE_LOCALES: 'fr' });
    assert.equal(build.status, 0, build.output.slice(-3000));
    assert.match(
      build.output,
      /fr\.overlay\.yaml:4:13: actions\[0\]\.target \$\.paths\['\/gone'\]\.get selects nothing/,
    );
  });

  test('an overlay changing a schema is refused: the build stops naming the file and line', () => {
    const build = buildDescription(join(ROOT, 'tests/fixtures/i18n/refused/openapi.yaml'), join(OUT, 'refused-dist'), {
      PETSTORE_LOCALES: 'fr',
    });
    assert.notEqual(build.status, 0);
    assert.match(build.output, /refused\/i18n\/fr\.overlay\.yaml:10:13: actions\[1\] would change "type"/);
    assert.ok(!existsSync(join(OUT, 'refused-dist', 'client', 'index.html')), 'nothing written');
  });
});
