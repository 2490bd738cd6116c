/**
 * The site's one navigation: home, guides, the API reference (built from the description by
 * reference/model/sidebar.ts), the changelog of its releases and the description downloads.
 * astro.config.mjs gives it to Starlight for the guides; the reference pages pass it with the reference
 * pruned to their tag on large descriptions.
 */
import type { SidebarItem } from './reference/model/sidebar.ts';

/** The whole sidebar around the reference's group. */
export function siteSidebar(reference: SidebarItem): SidebarItem[] {
  return [
    { label: 'Home', link: '/' },
    {
      label: 'Guides',
      items: [
        { label: 'Getting started', link: '/guides/getting-started/' },
        { label: 'Custom domains', link: '/guides/custom-domains/' },
        { label: 'API changes', link: '/guides/api-changes/' },
      ],
    },
    reference,
    { label: 'Changelog', link: '/changelog/' },
    {
      label: 'OpenAPI description',
      items: [
        { label: 'openapi.yaml', link: '/openapi.yaml', attrs: { download: 'openapi.yaml' } },
        { label: 'openapi.json', link: '/openapi.json', attrs: { download: 'openapi.json' } },
      ],
    },
  ];
}
