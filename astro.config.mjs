// @ts-check
import { readFileSync } from 'node:fs';
import node from '@astrojs/node';
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { parse } from 'yaml';

/** The canonical URL comes from `domains.primary` in site/domains.yaml (validated by `docs-domains validate`). */
const domains = parse(readFileSync(new URL('./site/domains.yaml', import.meta.url), 'utf8'))?.domains;
const site = `https://${domains?.primary ?? 'localhost'}`;

export default defineConfig({
  site,
  srcDir: './site',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  server: { port: 4321, host: 'localhost' },
  // The only on-demand route is the mock API, which plain API clients call (`curl -X DELETE`
  // sends no Origin and no JSON content type); the mock answers CORS itself.
  security: { checkOrigin: false },
  integrations: [
    (await import('./site/integrations/cname.ts')).cnameFile(domains?.primary), // dist/client/CNAME for GitHub Pages
    // Home and guides (site/content/docs/): navigation, Pagefind search and dark mode, all served from
    // this origin. The API reference (/reference) is a page of its own: site/pages/reference.astro.
    starlight({
      title: 'Petstore API',
      description: 'Reference and guides for the Petstore API: pets, categories, orders and inventory.',
      sidebar: [
        { label: 'Home', link: '/' },
        { label: 'API reference', link: '/reference/' },
        {
          label: 'Guides',
          items: [
            { label: 'Getting started', slug: 'guides/getting-started' },
            { label: 'Custom domains', slug: 'guides/custom-domains' },
          ],
        },
        {
          label: 'OpenAPI description',
          items: [
            { label: 'openapi.yaml', link: '/openapi.yaml', attrs: { download: 'openapi.yaml' } },
            { label: 'openapi.json', link: '/openapi.json', attrs: { download: 'openapi.json' } },
          ],
        },
      ],
      lastUpdated: false,
      pagination: true,
    }),
  ],
});
