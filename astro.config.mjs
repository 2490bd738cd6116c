// @ts-check
import { readFileSync } from 'node:fs';
import node from '@astrojs/node';
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
});
