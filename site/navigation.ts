/**
 * The site's one navigation: home, guides, the API reference (built from the description by
 * reference/model/sidebar.ts), the changelog of its releases and the description downloads.
 * astro.config.mjs gives it to Starlight for the guides; the reference pages pass it with the reference
 * pruned to their tag on large descriptions. A site of several APIs has one reference group holding
 * the catalog and a group per API, each ending with its own changelog and downloads.
 */
import { type Translate, translator } from './i18n/catalogue.ts';
import type { SidebarItem } from './reference/model/sidebar.ts';

/** The reference's part of the navigation: one API's group and links, or the catalog and each API's group. */
export type ReferenceNavigation =
  | { group: SidebarItem; changelog: string; downloads: { yaml: string; json: string } }
  | { label: string; catalog: string; apis: SidebarItem[] };

/**
 * Links to an API's description files, with the file names browsers save them under. They are one for
 * every language: Starlight puts a locale's prefix before every sidebar link of its pages, and the
 * i18n route middleware (site/i18n/route-middleware.ts) takes it off these again.
 */
export function downloadItems(downloads: { yaml: string; json: string }): SidebarItem[] {
  return [
    { label: 'openapi.yaml', link: downloads.yaml, attrs: { download: 'openapi.yaml' } },
    { label: 'openapi.json', link: downloads.json, attrs: { download: 'openapi.json' } },
  ];
}

/** The whole sidebar around the reference's part. */
export function siteSidebar(reference: ReferenceNavigation, t: Translate = translator('en')): SidebarItem[] {
  const guides: SidebarItem[] = [
    { label: t('nav.home'), link: '/' },
    {
      label: t('nav.guides'),
      items: [
        { label: t('nav.gettingStarted'), link: '/guides/getting-started/' },
        { label: t('nav.customDomains'), link: '/guides/custom-domains/' },
        { label: t('nav.apiChanges'), link: '/guides/api-changes/' },
      ],
    },
  ];
  if ('apis' in reference) {
    return [
      ...guides,
      { label: reference.label, items: [{ label: t('nav.allApis'), link: reference.catalog }, ...reference.apis] },
    ];
  }
  return [
    ...guides,
    reference.group,
    { label: t('nav.changelog'), link: reference.changelog },
    { label: t('nav.description'), items: downloadItems(reference.downloads) },
  ];
}

/** A sidebar item with Starlight's `translations` of its label, by BCP-47 tag. */
type Translated = SidebarItem & { translations?: Record<string, string> };

/**
 * The root locale's sidebar with each label's translation in every other language (Starlight's
 * `translations`), taken from the same sidebar built in that language: the guides' pages of a locale
 * then show the navigation in its language. The sidebars must have the same shape (they are built from
 * the same descriptions and guides).
 */
export function withTranslations(root: SidebarItem[], byLang: Record<string, SidebarItem[]>): SidebarItem[] {
  const walk = (item: SidebarItem, others: Array<[string, SidebarItem | undefined]>): Translated => {
    const translations: Record<string, string> = {};
    for (const [lang, other] of others) if (other && other.label !== item.label) translations[lang] = other.label;
    const own: Translated = Object.keys(translations).length > 0 ? { ...item, translations } : { ...item };
    if ('items' in item) {
      return {
        ...own,
        items: item.items.map((child, i) =>
          walk(
            child,
            others.map(([lang, o]) => [lang, o && 'items' in o ? o.items[i] : undefined]),
          ),
        ),
      } as Translated;
    }
    return own;
  };
  return root.map((item, i) =>
    walk(
      item,
      Object.entries(byLang).map(([lang, items]) => [lang, items[i]]),
    ),
  );
}
