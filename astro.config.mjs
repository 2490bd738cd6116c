// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import starlight from '@astrojs/starlight';
import { parse } from 'yaml';
import { buildLocales, starlightLocales } from './site/i18n/locales.ts';
import petstoreTranslations from './site/i18n/plugin.ts';
import browserBundles from './site/integrations/browser-bundles.ts';
import builtFrom from './site/integrations/built-from.ts';
import clearOutput from './site/integrations/clear-output.ts';
import { cnameFile } from './site/integrations/cname.ts';
import devMock from './site/integrations/dev-mock.ts';
import eventTryIt from './site/integrations/event-tryit.ts';
import highlighting from './site/integrations/highlighting.ts';
import incrementalBuild, { cacheDirFor, DEFAULT_OUT_DIR } from './site/integrations/incremental-build.ts';
import mockWorker from './site/integrations/mock-worker.ts';
import noDevPrebundling from './site/integrations/no-dev-prebundling.ts';
import pagefindUI from './site/integrations/pagefind-ui.ts';
import { cacheSearchIndex } from './site/integrations/search-index.ts';
import serving from './site/integrations/serving.ts';
import siteConfig from './site/integrations/site-config.ts';
import { sitemapAlias } from './site/integrations/sitemap-alias.ts';
import ogImages from './site/og/integration.ts';
import reference from './site/reference/integration.ts';

// V8 grows the heap up to fourfold after a collection when garbage is cheap to collect, and a build
// makes garbage fast (page after page of HTML): on a large description the build's memory grows far past
// the heap it uses. Doubling at most keeps the peak much lower for a little more time (site/README.md
// "Build cost"). Read at each collection, so it applies from here on; not a NODE_OPTIONS flag.
setFlagsFromString('--heap-growing-percent=100');

/** The canonical URL comes from `domains.primary` in site/domains.yaml (validated by `docs-domains validate`). */
const domains = parse(readFileSync(new URL('./site/domains.yaml', import.meta.url), 'utf8'))?.domains;
const site = `https://${domains?.primary ?? 'localhost'}`;

// The API reference (site/reference/): options checked at start, the site's APIs made from them and
// the environment (site/apis/config.ts: PETSTORE_SPEC overrides `description`). Exported for `npm run
// mcp`, which serves the same APIs without a build.
export const apiReference = reference({
  description: 'spec/openapi.yaml',
  base: '/reference',
  sidebar: { label: 'API reference', threshold: 150 },
  // codeSamples.targets (left at its default, DEFAULT_SAMPLE_TARGETS of site/reference/model/samples.ts):
  // the languages generated where x-codeSamples has none, as @scalar/snippetz `target/client` ids in tab order.
  tryIt: { targets: ['mock', 'description'] },
});

// The locales beside the root English one (site/i18n/locales.ts): none by default, so the English site's
// pages are all there is; PETSTORE_LOCALES=fr,ar,ja (or `all`) adds locales for one build. Each locale's
// pages are below its key (`/fr/reference/list-pets/`), with the shipped UI strings and the description's
// text from its overlay (`spec/i18n/<locale>.overlay.yaml`, or the reference's `overlays` option).
const locales = buildLocales([]);

// The site's configuration as the pages read it (the `virtual:petstore/config` module), and each build's
// shared state (site/build-context.ts), begun before any other integration reads a description.
const config = siteConfig({
  site: apiReference.site,
  locales,
  // What robots.txt tells crawlers: Content Signals (contentsignals.org), each yes, no or left out.
  agents: { contentSignals: { search: true, 'ai-input': true, 'ai-train': false } },
});

// Scalar's two browser bundles: started early in the build, copied into the output late (browser-bundles.ts).
const scalarBundles = browserBundles();

// The output folder: DIST_DIR builds elsewhere (the tests build other descriptions beside the main
// build), each output folder with its own cache folder (incremental-build.ts `cacheDirFor`). The site's
// files are in its `client/` folder (Astro's outDir: every route is prerendered, so Astro writes no
// server), the build's record beside them (built-from.ts), out of what a host serves.
const outDir = process.env.DIST_DIR || DEFAULT_OUT_DIR;

// A plain object typed for the checker, not `defineConfig({...})` from `astro/config`, which returns its
// argument: that entry point also loads Astro's SVG optimizer (svgo and csso, about 280 modules this site
// never uses), on the build's thread, before anything else, in every build.
/** @type {import('astro').AstroUserConfig} */
const astroConfig = {
  site,
  srcDir: './site',
  outDir: join(outDir, 'client'),
  cacheDir: cacheDirFor(outDir),
  // A page generated from the description is copied from the previous build when the description,
  // the options, the build date and the code it imports are all unchanged (site/reference/
  // page-cache-key.ts; incremental-build.ts guards a build stopped halfway). `astro build --force` renders all.
  experimental: { incrementalBuild: true },
  output: 'static',
  // Four pages rendered at once: a page's render waits on file writes (its output and the incremental
  // build's copy), and another page renders meanwhile; the output is the same (site/README.md "Build cost").
  build: { concurrency: 4 },
  server: { port: 4321, host: 'localhost' },
  // The only on-demand route is `astro dev`'s mock API, which plain API clients call (`curl -X DELETE`
  // sends no Origin and no JSON content type); the mock answers CORS itself.
  security: { checkOrigin: false },
  vite: {
    build: {
      rolldownOptions: {
        // Rolldown warns that Astro's own `"use astro:head-inject"` marker in every .mdx page "may not be
        // preserved when bundling" (withastro/astro#18087, open upstream): the pages come out right (the
        // integration tests read them), so the warning is noise, a dozen lines per page in every build log.
        // Other logs pass.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('use astro:head-inject')) return;
          handler(level, log);
        },
      },
    },
  },
  integrations: [
    config,
    // Scalar's try-it client and the explorer's script are bundled once and reused while their inputs are
    // unchanged (node_modules/.cache), then copied into dist/client/_astro/. Early in the list: a build
    // whose cache lost them starts bundling them in a child process as soon as it sets up.
    scalarBundles.start,
    // `astro dev` serves the mock API under /api/mock (its one on-demand route); a build has none, so Astro
    // builds no server beside the pages (site/integrations/dev-mock.ts).
    devMock(),
    // A build syncs its content through a dev server that would pre-bundle the dev toolbar's
    // dependencies, on the build's critical path, for nothing it outputs (no-dev-prebundling.ts).
    noDevPrebundling(),
    // The previous output (the whole output folder's) is moved aside when the build starts and deleted while it runs.
    clearOutput(outDir),
    incrementalBuild(),
    // Code blocks highlight faster: Shiki's scanners remember their searches (the same tokens).
    highlighting(),
    apiReference,
    cnameFile(domains?.primary), // dist/client/CNAME with the primary domain, for GitHub Pages
    // Home, guides and the API reference in one Starlight site: one navigation, Pagefind search and
    // dark mode, all served from this origin. The reference pages (routes the reference integration
    // injects below its `base`) are built from the description (PETSTORE_SPEC or spec/openapi.yaml).
    // Starlight's search index (Pagefind) is kept between builds and reused while every page is the
    // same (node_modules/.cache): GitHub's description spends a minute of each build on it.
    cacheSearchIndex(
      starlight({
        title: 'Petstore API',
        titleDelimiter: '·',
        // Code blocks: options in ec.config.mjs (wrapping, highlighting that depends on the code only).
        description: 'Reference and guides for the Petstore API: pets, categories, orders and inventory.',
        customCss: ['./site/styles/reference.css'],
        ...(locales.length > 0 ? { locales: starlightLocales(locales) } : {}),
        // The reference's UI strings in the built locales' languages (site/i18n/messages/), read with Astro.locals.t.
        // The guides' sidebar (every API's group, in every locale) is set by the reference's plugin when
        // the build sets up, so evaluating this file (npm run mcp, spec:diff) loads no description.
        plugins: [petstoreTranslations(locales), apiReference.sidebarPlugin()],
        lastUpdated: false,
        pagination: true,
        // The 404 page is site/pages/404.astro (Starlight's own, without its lookup of a `docs/404` entry).
        disable404Route: true,
        // Agents and link previews (site/agents/): the Markdown alternate link and Open Graph image tags
        // in every page's head, "Copy page" and "View as Markdown" under the title. On a locale's pages,
        // the sidebar's description downloads keep their one URL (site/i18n/route-middleware.ts).
        routeMiddleware: ['./site/agents/route-middleware.ts', './site/i18n/route-middleware.ts'],
        // Overrides, each named for its slot (site/components/overrides/): the agents' directive, title
        // actions and content-first frame; search by version (more than one version published: the page's
        // version is the default, "All versions" searches every one, each reference result says its version).
        components: {
          PageTitle: './site/components/overrides/PageTitle.astro',
          SkipLink: './site/components/overrides/SkipLink.astro',
          PageFrame: './site/components/overrides/PageFrame.astro',
          Search: './site/components/overrides/Search.astro',
          Banner: './site/components/overrides/Banner.astro',
        },
      }),
      fileURLToPath(new URL('.', import.meta.url)),
    ),
    // Starlight's search script gets Pagefind UI with the version scope (site/reference/browser/search-scope.ts).
    pagefindUI(),
    // /sitemap.xml beside Starlight's /sitemap-index.xml: found on any origin, not only the primary domain.
    sitemapAlias(),
    // The event try-it's panel client, bundled apart (esbuild) and imported on the first press.
    eventTryIt(apiReference.site.events),
    // The in-browser mock for static hosts: a service worker bundled with validators compiled at
    // build time (site/mock/hosts/bundle.ts), registered by try-it only when the server has no mock;
    // each event API's too (Server-Sent Events and POST; a WebSocket needs the server).
    mockWorker(apiReference.apis, apiReference.site.events),
    // The Open Graph images (/og/<page>.jpg): drawn in child processes from the start of the build,
    // kept in node_modules/.cache, copied into dist/client/og/ at the end (before `serving` lists
    // the output); `astro dev` draws them on request.
    ogImages({ site: apiReference.site }),
    // Scalar's bundles copied into the output once built: the steps above need not wait for them.
    scalarBundles.copy,
    // Serving rules for static hosts and `npm start` (site/serving/): precompressed .br/.gz files and
    // dist/client/_headers. Last, so it sees every file the other integrations write.
    serving(apiReference.apis),
    // <output>/.built-from.json: which description this output shows (npm start rebuilds for another).
    builtFrom(apiReference.site, outDir),
  ],
};

export default astroConfig;
