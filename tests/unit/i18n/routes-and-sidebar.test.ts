// The locales' routes and navigation: which reference and changelog routes each locale gets below its
// prefix (and which stay one for every language), the guides' sidebar labels in every language
// (Starlight's `translations`), and the sidebar's download links on a locale's pages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { StarlightRouteData } from '@astrojs/starlight/route-data';
import { translator } from '../../../site/i18n/catalogue.ts';
import { downloadsUnprefixed } from '../../../site/i18n/downloads-links.ts';
import { siteSidebar, withTranslations } from '../../../site/navigation.ts';
import { localeRoutes, referenceRoutes, siteRoutes } from '../../../site/reference/integration.ts';
import type { SidebarItem } from '../../../site/reference/model/sidebar.ts';

/** Every pattern of some routes, by the file that answers it. */
const byEntry = (routes: ReadonlyArray<{ pattern: string; entrypoint: string }>) =>
  routes.map((r) => `${r.pattern} ${r.entrypoint.replace(/^.*\/site\//, 'site/')}`).sort();

describe('localeRoutes: the routes of a locale beside the root one', () => {
  test('one API: the reference and the changelog below the prefix, answered by the root routes’ files', () => {
    const fr = localeRoutes('fr', '/reference');
    assert.deepEqual(fr.map((r) => r.pattern).sort(), [
      '/fr/changelog',
      '/fr/reference',
      '/fr/reference/[...slug]',
      '/fr/reference/[...version]/tryit/[slug].json',
      '/fr/reference/explorer',
      '/fr/reference/explorer/document.json',
    ]);
    const root = [...referenceRoutes('/reference'), ...siteRoutes()];
    const files = new Set(root.map((r) => r.entrypoint));
    for (const r of fr) assert.ok(files.has(r.entrypoint), `${r.pattern}: ${r.entrypoint} is a root route's file`);
    // Each localized route is the root route with the same file, the prefix put in front.
    assert.deepEqual(
      byEntry(fr),
      byEntry(
        root
          .filter((r) => fr.some((f) => f.entrypoint === r.entrypoint))
          .map((r) => ({ ...r, pattern: `/fr${r.pattern}` })),
      ),
    );
  });

  test('one API: the downloads and the feed are one for every language, never below a locale', () => {
    const patterns = localeRoutes('pt-br', '/reference').map((r) => r.pattern);
    for (const p of patterns) assert.ok(p.startsWith('/pt-br/'), p);
    for (const oneForAll of ['openapi.yaml', 'openapi.json', 'changelog.xml'])
      assert.ok(!patterns.some((p) => p.includes(oneForAll)), `${oneForAll} under the locale`);
    assert.ok(
      siteRoutes().some((r) => r.pattern === '/changelog.xml'),
      'the root has the feed',
    );
  });

  test('several APIs: the catalog, each API’s pages and changelog; not its downloads, feed or llms-full.txt', () => {
    const patterns = localeRoutes('fr', '/reference', true).map((r) => r.pattern);
    assert.deepEqual(patterns.sort(), [
      '/fr/changelog',
      '/fr/changelog/[api]',
      '/fr/reference',
      '/fr/reference/[...slug]',
      '/fr/reference/[...version]/tryit/[slug].json',
      '/fr/reference/[api]/explorer',
      '/fr/reference/[api]/explorer/document.json',
    ]);
    const root = [...referenceRoutes('/reference', true), ...siteRoutes(true)].map((r) => r.pattern);
    for (const oneForAll of ['/reference/[api]/openapi.yaml', '/reference/[api]/llms-full.txt', '/changelog/[api].xml'])
      assert.ok(root.includes(oneForAll), `the root has ${oneForAll}`);
  });

  test('the catalog route answers the locale’s root of a site of several APIs, the index page that of one API', () => {
    const front = (several: boolean) =>
      localeRoutes('ar', '/docs/api', several).find((r) => r.pattern === '/ar/docs/api')?.entrypoint ?? '';
    assert.match(front(true), /routes\/catalog\.astro$/);
    assert.match(front(false), /routes\/index\.astro$/);
  });
});

describe('withTranslations: the guides’ sidebar in every language', () => {
  const reference = {
    group: {
      label: 'API reference',
      items: [
        { label: 'Overview', link: '/reference/' },
        { label: 'Pets', items: [{ label: 'List pets', link: '/reference/list-pets/' }] },
      ],
    },
    changelog: '/changelog/',
    downloads: { yaml: '/openapi.yaml', json: '/openapi.json' },
  };
  const inFrench = {
    ...reference,
    group: {
      label: 'Référence de l’API',
      items: [
        { label: 'Vue d’ensemble', link: '/reference/' },
        { label: 'Pets', items: [{ label: 'Lister les animaux', link: '/reference/list-pets/' }] },
      ],
    },
  };
  const root = siteSidebar(reference, translator('en'));
  const sidebar = withTranslations(root, {
    fr: siteSidebar(inFrench, translator('fr')),
    ar: siteSidebar(reference, translator('ar')),
  });
  type Translated = SidebarItem & { translations?: Record<string, string> };
  const find = (items: SidebarItem[], label: string): Translated | undefined => {
    for (const item of items) {
      if (item.label === label) return item;
      const inner = 'items' in item ? find(item.items, label) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };

  test('each label carries its translation in every language whose label differs, nested ones too', () => {
    assert.deepEqual(find(sidebar, 'Home')?.translations, { fr: 'Accueil', ar: 'الرئيسية' });
    assert.deepEqual(find(sidebar, 'Getting started')?.translations?.fr, 'Premiers pas');
    assert.deepEqual(find(sidebar, 'List pets')?.translations, { fr: 'Lister les animaux' });
    assert.deepEqual(find(sidebar, 'Changelog')?.translations?.fr, 'Journal des modifications');
  });

  test('a label the same in a language gets no translation for it; links and attributes stay', () => {
    assert.equal(find(sidebar, 'Pets')?.translations, undefined, 'the tag group keeps its name');
    const yaml = find(sidebar, 'openapi.yaml');
    assert.equal(yaml?.translations, undefined);
    assert.deepEqual(yaml && 'link' in yaml ? [yaml.link, yaml.attrs] : [], [
      '/openapi.yaml',
      { download: 'openapi.yaml' },
    ]);
    assert.equal(JSON.stringify(root), JSON.stringify(sidebar).replace(/,"translations":\{[^}]*\}/g, ''));
  });

  test('a language whose sidebar lacks an item leaves that item untranslated in it', () => {
    const shorter = withTranslations(root, { fr: root.slice(0, 1).map((i) => ({ ...i, label: 'Accueil' })) });
    assert.deepEqual(find(shorter, 'Home')?.translations, { fr: 'Accueil' });
    assert.equal(find(shorter, 'Guides')?.translations, undefined);
  });
});

describe('the sidebar of a locale’s page', () => {
  type Entry = StarlightRouteData['sidebar'][number];
  const link = (href: string, attrs: Record<string, string> = {}): Entry => ({
    type: 'link',
    label: href,
    href,
    isCurrent: false,
    badge: undefined,
    attrs,
  });
  test('the description downloads lose the prefix Starlight gave them; every other link keeps it', () => {
    const sidebar: Entry[] = [
      link('/fr/'),
      {
        type: 'group',
        label: 'Petstore',
        collapsed: false,
        badge: undefined,
        entries: [
          link('/fr/reference/petstore/'),
          link('/fr/reference/petstore/openapi.yaml', { download: 'openapi.yaml' }),
        ],
      },
      link('/fr/openapi.json', { download: 'openapi.json' }),
    ];
    const out = downloadsUnprefixed(sidebar, ['fr', 'ar']);
    const hrefs = (entries: Entry[]): string[] =>
      entries.flatMap((e) => (e.type === 'group' ? hrefs(e.entries) : [e.href]));
    assert.deepEqual(hrefs(out), [
      '/fr/',
      '/fr/reference/petstore/',
      '/reference/petstore/openapi.yaml',
      '/openapi.json',
    ]);
  });
});
