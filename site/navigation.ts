/**
 * The site's one navigation: home, guides, the API reference (built from the description by
 * reference/model/sidebar.ts), the changelog of its releases and the description downloads.
 * astro.config.mjs gives it to Starlight for the guides; the reference pages pass it with the reference
 * pruned to their tag on large descriptions. A site of several APIs has one reference group holding
 * the catalog and a group per API, each ending with its own changelog and downloads.
 */
import type { SidebarItem } from './reference/model/sidebar.ts';

/** The reference's part of the navigation: one API's group and links, or the catalog and each API's group. */
export type ReferenceNavigation =
  | { group: SidebarItem; changelog: string; downloads: { yaml: string; json: string } }
  | { label: string; catalog: string; apis: SidebarItem[] };

/** Links to an API's description files, with the file names browsers save them under. */
export function downloadItems(downloads: { yaml: string; json: string }): SidebarItem[] {
  return [
    { label: 'openapi.yaml', link: downloads.yaml, attrs: { download: 'openapi.yaml' } },
    { label: 'openapi.json', link: downloads.json, attrs: { download: 'openapi.json' } },
  ];
}

/** The whole sidebar around the reference's part. */
export function siteSidebar(reference: ReferenceNavigation): SidebarItem[] {
  const guides: SidebarItem[] = [
    { label: 'Home', link: '/' },
    {
      label: 'Guides',
      items: [
        { label: 'Getting started', link: '/guides/getting-started/' },
        { label: 'Custom domains', link: '/guides/custom-domains/' },
        { label: 'API changes', link: '/guides/api-changes/' },
      ],
    },
  ];
  if ('apis' in reference) {
    return [
      ...guides,
      { label: reference.label, items: [{ label: 'All APIs', link: reference.catalog }, ...reference.apis] },
    ];
  }
  return [
    ...guides,
    reference.group,
    { label: 'Changelog', link: reference.changelog },
    { label: 'OpenAPI description', items: downloadItems(reference.downloads) },
  ];
}
