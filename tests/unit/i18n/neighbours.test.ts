// The reference's neighbours in the reader's language: the Markdown twins, the changelog's counts and twin,
// the catalog's line of each API, the guides' tables, the Open Graph card's badge and MCP get_page with a
// locale, built from the Petstore with its French overlay (spec/i18n/fr.overlay.yaml). And the English
// wording of the same places, which the catalogues must keep as it was.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { parseChangelog } from '../../../descriptions/changelog.ts';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { type AgentPage, agentPages, catalogPage, guideTableText } from '../../../site/agents/pages.ts';
import { changelogMarkdown, changelogView } from '../../../site/changelog/model.ts';
import { translator } from '../../../site/i18n/catalogue.ts';
import { localizedDescription } from '../../../site/i18n/overlays.ts';
import { buildCorpus } from '../../../site/mcp/corpus.ts';
import { chooseLocale, createDocsServer } from '../../../site/mcp/server.ts';
import { createMock } from '../../../site/mock/index.ts';
import { ogCard, ogImages } from '../../../site/og/card.ts';
import { mapReference } from '../../../site/reference/explorer/map.ts';
import { type CatalogEntry, catalogMeta } from '../../../site/reference/model/catalog.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { SPEC_PATH } from '../../../spec/path.ts';

const BUILD_DATE = '2026-11-27';
const loaded = await loadDescription(SPEC_PATH);
const french = await localizedDescription(loaded, 'fr', {}, () => {});

/** The Petstore's pages with their twins, in English at the root or in French below `/fr`. */
function pagesIn(lang: 'en' | 'fr') {
  const doc = (lang === 'fr' ? french : loaded).document as OpenApiDocument;
  const t = translator(lang);
  const base = lang === 'fr' ? '/fr/reference' : '/reference';
  const model = buildReferenceModel(doc, { buildDate: BUILD_DATE, base, lang, t });
  const mapped = mapReference(doc, { buildDate: BUILD_DATE, lang, t });
  const pages = agentPages({
    model,
    guides: [],
    buildDate: BUILD_DATE,
    deprecations: mapped.deprecations,
    stability: mapped.stability,
    ...(lang === 'fr' ? { lang, t } : {}),
  }).map((p) => (lang === 'fr' ? { ...p, locale: 'fr' } : p));
  return { model, mapped, pages };
}
const en = pagesIn('en');
const fr = pagesIn('fr');
const twin = (pages: AgentPage[], url: string) => {
  const page = pages.find((p) => p.url === url);
  assert.ok(page, url);
  return page.markdown();
};

/** The twins' English words that a French twin must not show (the description's own text aside). */
const ENGLISH_IN_TWINS = [
  'Try it on the HTML page',
  '| Name | In | Type | Required | Description |',
  '| Header | Type | Description |',
  'tag group',
  '(generated)',
  'Required.',
  'Content type',
  'Schema:',
  'HTML page',
  'See the',
  'Sunset date:',
  'Use instead:',
  'Fields: see',
  'Example:',
  '| yes |',
  'shown on',
  'Every schema of',
  ' reference\n',
  'The shape is settled',
  'Try-it is disabled',
  'operations. Download',
];

describe('the Markdown twins in French', () => {
  test('an operation’s twin: no English words of ours, the overlay’s summary, French dates', () => {
    for (const url of ['/fr/reference/list-pets/', '/fr/reference/get-pet/', '/fr/reference/replace-order/']) {
      const md = twin(fr.pages, url);
      for (const words of ENGLISH_IN_TWINS) assert.ok(!md.includes(words), `${url}: "${words}"`);
    }
    const list = twin(fr.pages, '/fr/reference/list-pets/');
    assert.match(list, /^# Lister les animaux/);
    assert.match(list, /Petstore API, groupe de tags Pets · \[Page HTML\]\(\/fr\/reference\/list-pets\/\)/);
    assert.match(list, /\| Nom \| Emplacement \| Type \| Obligatoire \| Description \|/);
    assert.match(list, /\| `limit` \| query \| integer, [^|]+ \| non \|/);
    assert.match(list, /Essai depuis la page HTML\u00a0: Envoie GET \/pets à l’API simulée de ce site/);
    assert.match(list, /Type de contenu `application\/json`\. Schéma\u00a0: tableau de \[Pet\]/);
    const deprecated = twin(fr.pages, '/fr/reference/get-pet/');
    assert.match(deprecated, /\*\*Obsolète depuis le 1 septembre 2026\.\*\*/);
    assert.match(deprecated, /Voir la \[politique d’obsolescence\]\(/);
  });

  test('the index, tag, schema and schema index twins are French too', () => {
    const index = twin(fr.pages, '/fr/reference/');
    assert.match(index, /^# Référence de Petstore API/);
    assert.match(index, /Petstore API 1\.0\.0\u00a0: 18 opérations\. Téléchargez la description au format/);
    const tag = twin(fr.pages, '/fr/reference/tags/animals/');
    assert.match(tag, /Petstore API · groupe de tags Pets · \[Page HTML\]/);
    assert.match(tag, /## Opérations/);
    const schemas = twin(fr.pages, '/fr/reference/schemas/');
    assert.match(schemas, /^# Schémas\n\nTous les schémas de Petstore API\./);
    for (const md of [index, tag, schemas, twin(fr.pages, '/fr/reference/schemas/pet/')])
      for (const words of ENGLISH_IN_TWINS) assert.ok(!md.includes(words), `"${words}"`);
  });

  test('the pages’ titles and descriptions (llms.txt, MCP, the cards) are the locale’s', () => {
    const byUrl = new Map(fr.pages.map((p) => [p.url, p]));
    assert.equal(byUrl.get('/fr/reference/')?.title, 'Référence de Petstore API');
    assert.equal(byUrl.get('/fr/reference/schemas/')?.title, 'Schémas');
    assert.match(byUrl.get('/fr/reference/schemas/pet/')?.description ?? '', /^Le schéma Pet de Petstore API/);
    assert.match(byUrl.get('/fr/reference/list-pets/')?.description ?? '', /^GET \/pets\s: Lists pets/);
  });
});

describe('the English twins keep their words', () => {
  test('"tag group" in lower case mid-sentence, the policy linked inside its sentence', () => {
    assert.match(
      twin(en.pages, '/reference/list-pets/'),
      /· Petstore API, tag group Pets · \[HTML page\]\(\/reference\/list-pets\/\)/,
    );
    assert.match(twin(en.pages, '/reference/tags/animals/'), /\nPetstore API · tag group Pets · \[HTML page\]/);
    assert.match(
      twin(en.pages, '/reference/get-pet/'),
      /See the \[deprecation policy\]\(\/guides\/getting-started\/#deprecation-policy\)\./,
    );
    assert.match(twin(en.pages, '/reference/'), /^# Petstore API reference\n/);
    assert.match(twin(en.pages, '/reference/list-pets/'), /\| `limit` \| query \| [^|]+ \| no \|/);
  });
});

describe('counts in the reader’s language, with the plural forms of Intl.PluralRules', () => {
  const releases = changelogView(
    parseChangelog(readFileSync(new URL('../../../spec/changelog.json', import.meta.url), 'utf8')),
    () => undefined,
  );

  test('the changelog: "18 added" in English, each language’s own form of the count elsewhere', () => {
    assert.equal(translator('en')('changelog.count.added', { count: 18 }), '18 added');
    assert.equal(translator('fr')('changelog.count.added', { count: 18 }), '18 opérations ajoutées');
    assert.equal(translator('fr')('changelog.count.added', { count: 1 }), '1 opération ajoutée');
    assert.equal(translator('ar')('changelog.count.added', { count: 2 }), 'عمليتان مضافتان');
    assert.equal(translator('ar')('changelog.count.added', { count: 3 }), '3 عمليات مضافة');
    const md = changelogMarkdown(releases, 'Petstore API', (u) => u, '/changelog.xml', translator('fr'), 'fr');
    assert.match(md, /^# Journal des modifications\n/);
    assert.match(md, /Publiée le 25 novembre 2026\u00a0: 18 opérations ajoutées\./);
    assert.match(md, /### Opérations ajoutées/);
    assert.match(md, /\(RSS, en anglais\)/, 'the feed is the root locale’s, and the French twin says so');
    const english = changelogMarkdown(releases, 'Petstore API');
    assert.match(english, /Released 25 November 2026: 18 added\./);
    assert.match(english, /### Added\n/);
  });

  test('the catalog’s line of an API', () => {
    const entry = {
      version: '2.0.0',
      operations: 17,
      webhooks: 2,
      stability: { beta: 3, experimental: 1, deprecated: 0 },
    } as CatalogEntry;
    assert.equal(catalogMeta(entry), 'Version 2.0.0 · 17 operations, 2 webhooks · 3 beta, 1 experimental');
    assert.equal(
      catalogMeta(entry, translator('fr')),
      'Version 2.0.0 · 17 opérations, 2 webhooks · 3 en bêta, 1 expérimentale',
    );
    assert.equal(
      catalogMeta(entry, translator('ja')),
      'バージョン 2.0.0 · オペレーション 17 件、Webhook 2 件 · ベータ 3 件、試験運用 1 件',
    );
    const page = catalogPage(
      [
        {
          entries: [
            {
              ...entry,
              id: 'petstore',
              title: 'Petstore API',
              links: {
                overview: '/fr/reference/petstore/',
                explorer: '',
                yaml: '/a.yaml',
                json: '/a.json',
                changelog: '/fr/changelog/petstore/',
              },
            },
          ],
        },
      ],
      '/fr/reference',
      translator('fr'),
    );
    assert.equal(page.title, 'Les API');
    assert.match(page.markdown(), /^# Les API\n\nUne API est documentée ici\./);
    assert.match(
      page.markdown(),
      /\[Journal des modifications\]\(\/fr\/changelog\/petstore\.md\) · description\u00a0: `\/a\.yaml`/,
    );
  });

  test('the guides’ tables: a sunset still ahead, in days', () => {
    assert.equal(
      guideTableText(translator('en'), 'en').state({ sunsetState: 'ahead', daysToSunset: 215 }),
      'still ahead (215 days)',
    );
    assert.equal(
      guideTableText(translator('en'), 'en').state({ sunsetState: 'ahead', daysToSunset: 1 }),
      'still ahead (1 day)',
    );
    const words = guideTableText(translator('fr'), 'fr');
    assert.equal(words.state({ sunsetState: 'ahead', daysToSunset: 215 }), 'encore à venir (215 jours)');
    assert.equal(words.asOf(BUILD_DATE), 'Au 27 novembre 2026');
  });
});

describe('Open Graph cards and the explorer’s document in a locale', () => {
  test('a French operation card: the overlay’s title, the locale’s badges', () => {
    const page = fr.pages.find((p) => p.operation?.operationId === 'getPet');
    assert.ok(page);
    const card = ogCard(page, 'Petstore API', translator('fr'));
    assert.equal(card.title, page.title);
    assert.match(card.lines[1] ?? '', /\[Obsolète\]$/);
    const english = en.pages.find((p) => p.operation?.operationId === 'getPet');
    assert.ok(english);
    assert.match(ogCard(english, 'Petstore API').lines[1] ?? '', /\[Deprecated\]$/);
  });

  test('cards a locale’s fonts draw: Arabic right to left with its font; Japanese falls back to English', () => {
    const ar = (p: AgentPage): AgentPage => ({
      ...p,
      url: p.url.replace('/fr/', '/ar/'),
      locale: 'ar',
      title: 'المخططات',
    });
    const ja = (p: AgentPage): AgentPage => ({
      ...p,
      url: p.url.replace('/fr/', '/ja/'),
      locale: 'ja',
      title: 'スキーマ',
    });
    const schemas = fr.pages.find((p) => p.kind === 'schemas');
    assert.ok(schemas);
    const images = new Map(
      ogImages([...en.pages, ar(schemas), ja(schemas)], 'Petstore API').map((i) => [i.file, i.options]),
    );
    const arabic = images.get('ar/reference/schemas.jpg');
    assert.equal(arabic?.title, 'المخططات');
    assert.equal(arabic?.dir, 'rtl');
    assert.deepEqual(arabic?.font?.title?.families, ['Inter', 'Noto Sans Arabic']);
    assert.ok(arabic?.fonts?.some((f) => f.includes('NotoSansArabic')));
    assert.deepEqual(
      images.get('ja/reference/schemas.jpg'),
      images.get('reference/schemas.jpg'),
      'no font for Japanese here',
    );
    const english = images.get('reference/list-pets.jpg');
    assert.deepEqual(english?.font?.title?.families, ['Inter']);
    assert.equal(english?.dir, undefined);
    assert.ok(
      english?.fonts?.every((f) => f.includes('/inter/')),
      'an English card’s options (its cache key) as before',
    );
  });

  test('the badges, servers and notices the mapping adds are the locale’s', () => {
    const { document, configuration } = fr.mapped;
    assert.equal(configuration.servers[0]?.description, 'API simulée de ce site');
    type Get = { get: { 'x-badges': Array<{ name: string }>; description: string } };
    const item = document.paths?.['/pets/{petId}'] as Get | undefined;
    assert.ok(item);
    const { get } = item;
    assert.deepEqual(
      get['x-badges'].map((b) => b.name),
      ['Fin de service le 30 juin 2027'],
    );
    assert.match(get.description, /^\*\*Obsolète depuis le 1 septembre 2026\.\*\*/);
    assert.equal(en.mapped.configuration.servers[0]?.description, 'Mock API on this site');
  });
});

describe('MCP get_page with a locale', () => {
  test('chooseLocale: the argument, else the URL’s prefix; unknown locales and older versions refused', () => {
    assert.deepEqual(chooseLocale(undefined, '/reference/list-pets/', ['fr']), {
      ok: true,
      url: '/reference/list-pets/',
    });
    assert.deepEqual(chooseLocale('fr', '/reference/list-pets/', ['fr']), {
      ok: true,
      locale: 'fr',
      url: '/fr/reference/list-pets/',
    });
    assert.deepEqual(chooseLocale(undefined, 'https://docs.example.com/fr/reference/list-pets.md', ['fr']), {
      ok: true,
      locale: 'fr',
      url: '/fr/reference/list-pets.md',
    });
    assert.deepEqual(chooseLocale('FR', undefined, ['fr']), { ok: true, locale: 'fr' });
    assert.deepEqual(chooseLocale('en', '/reference/', ['fr']), { ok: true, url: '/reference/' });
    const refused = (r: ReturnType<typeof chooseLocale>) => (r.ok ? '' : r.message);
    assert.match(refused(chooseLocale('de', undefined, ['fr', 'ar'])), /^locale: no locale "de" .*locales: fr, ar/);
    assert.match(refused(chooseLocale('fr', undefined, [])), /^locale: these docs are in English only/);
    assert.match(refused(chooseLocale('fr', undefined, ['fr'], '1.0.0')), /^locale: only the current version/);
    assert.match(
      refused(chooseLocale('ar', '/fr/reference/', ['fr', 'ar'])),
      /differs from the URL’s locale|differs from the URL's locale/,
    );
  });

  test('through an MCP client: the French twin by URL, .md URL or operationId; English without a locale', async () => {
    const mock = await createMock(loaded.source, { basePath: '/api/mock' });
    const corpus = buildCorpus(en.pages, en.model);
    const frCorpus = buildCorpus(fr.pages, fr.model);
    const server = createDocsServer({
      corpus,
      mock,
      mockBase: '/api/mock',
      sandboxToken: () => 'unit-token',
      locales: new Map([['fr', async () => frCorpus]]),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'unit', version: '1' });
    await client.connect(b);
    const markdown = async (args: Record<string, string>) => {
      const r = await client.callTool({ name: 'get_page', arguments: args });
      return r.isError
        ? `error: ${(r.content as Array<{ text: string }>)[0]?.text}`
        : (r.structuredContent as { markdown: string }).markdown;
    };
    const calls: Array<Record<string, string>> = [
      { url: '/reference/list-pets/', locale: 'fr' },
      { url: '/fr/reference/list-pets.md' },
      { operationId: 'listPets', locale: 'fr' },
    ];
    for (const args of calls) assert.match(await markdown(args), /^# Lister les animaux/, JSON.stringify(args));
    assert.match(await markdown({ operationId: 'listPets' }), /^# List pets/);
    assert.match(await markdown({ operationId: 'listPets', locale: 'ja' }), /^error: locale: no locale "ja"/);
    await client.close();
  });
});
