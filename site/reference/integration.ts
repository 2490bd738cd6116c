/**
 * The API reference as an Astro integration: `reference(options)` in astro.config.mjs checks the
 * options at start (options.ts, zod), makes the site's APIs from them and the environment (site/apis/:
 * the configuration edge; the site-config integration hands them to the routes), gives
 * Starlight the reference's sidebar group, injects the reference's routes (routes/) below the `base`
 * path, the way starlight-openapi does, and has the dev server reload when a file of the description
 * changes.
 *
 * A description that cannot be loaded stops the build here, before anything is written, with the
 * loader's message (file, line, column, JSON pointer) and exit code 1; a wrong option stops it with
 * the option's name.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DescriptionError, formatDescriptionError } from '../../descriptions/loader/index.ts';
import { formatOverlayProblem, OverlayError } from '../../descriptions/overlay/index.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { ApiConfigError, siteApis } from '../apis/config.ts';
import { ApiListError } from '../apis/list-file.ts';
import {
  parseReferenceOptions,
  type ReferenceOptions,
  ReferenceOptionsError,
  type ReferenceUserOptions,
} from '../apis/options.ts';
import { currentBuild } from '../build-context.ts';
import { eventData, eventLoadLine } from '../events/data.ts';
import { eventRoutes, isDownload } from '../events/routes.ts';
import { everyLocale, localePrefix, ROOT_LOCALE, type SiteLocale } from '../i18n/locales.ts';
import { overlayFile } from '../i18n/overlays.ts';
import { INCREMENTAL_MANIFEST } from '../integrations/incremental-build.ts';
import { withTranslations } from '../navigation.ts';
import { type Highlighter, type QueuedBlock, startHighlighter } from './highlighter/pool.ts';
import { FRAME_TEXT_KEYS, type FrameTextKey, type HighlighterConfig } from './highlighter/renderer.ts';
import { referenceData, siteNavigation } from './loaded-description.ts';
import type { SidebarItem } from './model/sidebar.ts';
import { blockKey, sampleBlocksLine } from './sample-blocks.ts';

/** The reference's routes: URL pattern (Astro's route syntax) and the file that answers it. */
export interface ReferenceRoute {
  pattern: string;
  entrypoint: string;
}

/**
 * The routes the integration injects below the reference's root: the front page, one page per
 * operation, tag and schema (plus the schema and webhook indexes), the explorer and its document, the
 * try-it documents (of every published version). On a site of several APIs the front page is the
 * catalog, the per-API routes take the API's id as their first segment (`[api]`, or inside the rest
 * parameters, so each file is injected once), and each API's description downloads are below its base.
 * Pure.
 * @param base the reference's root (`/reference`): the one API's base, or the catalog's
 * @param several whether the site documents several APIs
 */
export function referenceRoutes(base: string, several = false): ReferenceRoute[] {
  const api = several ? `${base}/[api]` : base;
  return [
    { pattern: base, entrypoint: route(several ? 'catalog.astro' : 'index.astro') },
    { pattern: `${api}/explorer`, entrypoint: route('explorer/index.astro') },
    { pattern: `${api}/explorer/document.json`, entrypoint: route('explorer/document.json.ts') },
    // Every published version's: `${base}/tryit/…` (the current one: an empty rest parameter) and
    // `${base}/<version>/tryit/…` (with several APIs `<id>` or `<id>/<version>`); more segments than the
    // page route below, so it takes precedence.
    { pattern: `${base}/[...version]/tryit/[slug].json`, entrypoint: route('tryit/[slug].json.ts') },
    { pattern: `${base}/[...slug]`, entrypoint: route('[...slug].astro') },
    ...(several
      ? [
          ...downloadRoutes(`${api}/openapi`),
          { pattern: `${api}/llms-full.txt`, entrypoint: route('llms-full.txt.ts') },
        ]
      : []),
  ];
}

/**
 * The routes of each API's changelog and feed, and of the one API's description downloads (site-wide
 * paths: `/openapi.yaml`, `/changelog/`); with several APIs, the changelog of each (`/changelog/<id>/`,
 * `/changelog/<id>.xml`) and a page listing them (`/changelog/`). Pure.
 */
export function siteRoutes(several = false): ReferenceRoute[] {
  const changes = (file: string) => route(`changelog/${file}`);
  if (several) {
    return [
      { pattern: '/changelog', entrypoint: changes('apis.astro') },
      { pattern: '/changelog/[api]', entrypoint: changes('index.astro') },
      { pattern: '/changelog/[api].xml', entrypoint: changes('feed.xml.ts') },
    ];
  }
  return [
    ...downloadRoutes('/openapi'),
    { pattern: '/changelog', entrypoint: changes('index.astro') },
    { pattern: '/changelog.xml', entrypoint: changes('feed.xml.ts') },
  ];
}

/**
 * The routes of a locale beside the root one (`fr`): the reference's and the changelog's below its prefix
 * (`/fr/reference/…`, `/fr/changelog/`); never the description downloads, the feeds or an API's
 * llms-full.txt, which are one for every language (llms.txt lists each locale's twins). The routes read
 * their locale from their URL. Pure.
 */
export function localeRoutes(locale: string, base: string, several = false): ReferenceRoute[] {
  const prefix = localePrefix(locale);
  const localized = (r: ReferenceRoute) => ({ ...r, pattern: `${prefix}${r.pattern}` });
  const oneForAll = (r: ReferenceRoute) => /\/downloads\/|feed\.xml\.ts$|llms-full\.txt\.ts$/.test(r.entrypoint);
  return [
    ...referenceRoutes(`${prefix}${base}`, several).filter((r) => !oneForAll(r)),
    ...siteRoutes(several)
      .filter((r) => !oneForAll(r))
      .map(localized),
  ];
}

/** A file of the reference's routes (routes/). */
function route(file: string): string {
  return fileURLToPath(new URL(`./routes/${file}`, import.meta.url));
}

/** The description's downloads at `<stem>.yaml` and `<stem>.json`. */
function downloadRoutes(stem: string): ReferenceRoute[] {
  return [
    { pattern: `${stem}.yaml`, entrypoint: route('downloads/openapi.yaml.ts') },
    { pattern: `${stem}.json`, entrypoint: route('downloads/openapi.json.ts') },
  ];
}

/** The integration, with what astro.config.mjs needs of it before Starlight is configured. */
export interface ReferenceIntegration extends AstroIntegration {
  /** The checked options, defaults filled in. */
  options: ReferenceOptions;
  /** The site's APIs, made from the options and the environment (site/apis/config.ts). */
  apis: readonly [Api, ...Api[]];
  /** The site's APIs and where its reference starts (the catalog with several). */
  site: SiteApis;
  /** The site's whole sidebar with the reference's groups (the descriptions are loaded here, once per build). */
  sidebar(): Promise<SidebarItem[]>;
  /** The same sidebar in a locale (its labels and the description's text in that language). */
  sidebarIn(locale: string): Promise<SidebarItem[]>;
  /**
   * A Starlight plugin that gives Starlight the site's sidebar (the guides' navigation, in every locale)
   * when the build sets up, not when astro.config.mjs is evaluated: the tools that read the
   * configuration (`npm run mcp`, `spec:diff`) load no description to get the APIs.
   */
  sidebarPlugin(): StarlightPlugin;
}

/** The part of a Starlight plugin this integration uses (Starlight's `StarlightPlugin`). */
export interface StarlightPlugin {
  name: string;
  hooks: {
    'config:setup'(options: {
      updateConfig(config: { sidebar: SidebarItem[] }): void;
      /** Starlight's UI strings in a language (here: the words of Expressive Code's frames). */
      useTranslations(lang: string): ((key: FrameTextKey) => string) & { exists(key: FrameTextKey): boolean };
    }): Promise<void>;
  };
}

/** The locales of the build being set up beside the root one (site/build-context.ts: the site's configuration). */
function buildLocales(): readonly SiteLocale[] {
  return currentBuild().config?.locales ?? [];
}

/** Prints a description's problems and ends the process: a build that cannot load it has nothing to show. */
function exitOnDescriptionError(error: unknown, api?: Api): never {
  if (error instanceof DescriptionError) {
    // On a site of several APIs the message names the API whose description is broken.
    const message = formatDescriptionError(error);
    console.error(
      api ? message.replace('Invalid API description:', `Invalid API description of "${api.id}":`) : message,
    );
    process.exit(1);
  }
  if (error instanceof OverlayError) {
    console.error(
      `Invalid translation overlay:\n${error.problems.map((p) => `  ${formatOverlayProblem(p)}`).join('\n')}`,
    );
    process.exit(1);
  }
  throw error;
}

/**
 * @param userOptions see options.ts: `description`, `base`, `sidebar: { label, threshold }`, `tryIt: { targets }`
 * Ends the process with exit code 1 and the options' problems when an option is wrong (the message
 * names each one).
 */
export default function reference(userOptions?: ReferenceUserOptions): ReferenceIntegration {
  let options: ReferenceOptions;
  let site: SiteApis;
  try {
    options = parseReferenceOptions(userOptions);
    site = siteApis(options);
  } catch (error) {
    // The message names every wrong option, variable or list entry; a stack trace into zod would only hide it.
    if (!(error instanceof ReferenceOptionsError || error instanceof ApiConfigError || error instanceof ApiListError)) {
      throw error;
    }
    console.error(error.message);
    process.exit(1);
  }
  const { apis } = site;
  const [api] = apis;
  /** The words of Expressive Code's frames in each language, from Starlight (its plugin's `config:setup`). */
  let frameTexts: HighlighterConfig['texts'] = {};
  let root = process.cwd();
  let highlighter: Highlighter | undefined;
  /** Astro's incremental build manifest for this output: there, the previous build's pages are copied. */
  let manifest = '';
  /** Every API's description loaded once, before anything else reads it: a broken one stops the build naming its API. */
  const loadAll = async (): Promise<void> => {
    for (const a of apis)
      await referenceData(a).catch((error: unknown) => exitOnDescriptionError(error, site.catalog ? a : undefined));
    for (const a of site.events ?? []) await eventData(a).catch((error: unknown) => exitOnDescriptionError(error, a));
  };
  return {
    name: 'petstore:reference',
    options,
    apis,
    site,
    sidebar: () =>
      loadAll()
        .then(() => siteNavigation(site))
        .catch((error: unknown) => exitOnDescriptionError(error)),
    sidebarIn: (locale) =>
      siteNavigation(site, undefined, locale).catch((error: unknown) => exitOnDescriptionError(error)),
    sidebarPlugin() {
      const integration = this;
      return {
        name: 'petstore:reference-sidebar',
        hooks: {
          // The guides' sidebar in every language: the same navigation built in each, as Starlight's `translations`.
          async 'config:setup'({ updateConfig, useTranslations }) {
            frameTexts = Object.fromEntries(
              everyLocale(buildLocales()).map(({ lang }) => {
                const t = useTranslations(lang);
                const texts = Object.entries(FRAME_TEXT_KEYS).filter(([, key]) => t.exists(key));
                return [lang, Object.fromEntries(texts.map(([id, key]) => [id, t(key)]))];
              }),
            );
            const root = await integration.sidebar();
            const byLang: Record<string, SidebarItem[]> = {};
            for (const { key, lang } of buildLocales()) if (key) byLang[lang] = await integration.sidebarIn(key);
            updateConfig({ sidebar: withTranslations(root, byLang) });
          },
        },
      };
    },
    hooks: {
      'astro:config:setup': async ({ addWatchFile, injectRoute, logger, updateConfig }) => {
        await loadAll();
        const events = site.events ?? [];
        if (events.length > 0) logger.info(eventLoadLine(await Promise.all(events.map((a) => eventData(a)))));
        for (const a of apis) for (const file of (await referenceData(a)).loaded.files) addWatchFile(file);
        for (const r of [...referenceRoutes(site.base, site.catalog), ...siteRoutes(site.catalog)]) injectRoute(r);
        if (site.events?.length) {
          for (const a of site.events) addWatchFile(a.description);
          for (const r of eventRoutes(site.base)) injectRoute(r);
        }
        // Every locale's reference and changelog below its prefix (`/fr/reference/…`): the same routes,
        // which read the locale from their URL; each API's overlay for the locale is checked here, before
        // anything is written (a refused one stops the build with its file and line).
        for (const { key } of buildLocales()) {
          for (const a of apis) {
            const data = await referenceData(a, undefined, key).catch((error: unknown) =>
              exitOnDescriptionError(error, site.catalog ? a : undefined),
            );
            const overlay = (data.loaded as { overlay?: string }).overlay;
            if (overlay) addWatchFile(overlay);
          }
          for (const r of localeRoutes(key as string, site.base, site.catalog)) injectRoute(r);
          // The event APIs' pages in the locale, each with its Overlay for the locale when it has one.
          if (site.events?.length) {
            for (const a of site.events) {
              await eventData(a, key).catch((error: unknown) => exitOnDescriptionError(error, a));
              const overlay = overlayFile(a.description, key as string, a.options.overlays);
              if (overlay) addWatchFile(overlay);
            }
            // Its pages only: the description's download is one for every language, never below a locale.
            for (const r of eventRoutes(`${localePrefix(key)}${site.base}`).filter((r) => !isDownload(r)))
              injectRoute(r);
          }
        }
        updateConfig({
          vite: {
            // The try-it button's script (components/reference/TryIt.astro) tells the try-it client
            // (browser/tryit.ts, bundled apart) the base path its documents and the mock's worker are below.
            define: { __PETSTORE_REFERENCE_BASE__: JSON.stringify(api.base) },
          },
        });
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        manifest = join(fileURLToPath(config.cacheDir), INCREMENTAL_MANIFEST);
      },
      'astro:build:start': ({ logger }) => {
        // Every code sample of the current version's pages, in each language, highlighted on another
        // thread while the build renders pages (highlighter/pool.ts); fed between the build's other work.
        // Only when every page renders: with the previous build's pages to copy (Astro's incremental
        // build), most pages are copied and highlighting all their samples would be work for nothing.
        if (existsSync(manifest) && !process.argv.includes('--force')) {
          logger.info(
            "no highlighting thread: the previous build's pages are copied, and the pages that render highlight their samples",
          );
          return;
        }
        void feedHighlighter(
          () =>
            (highlighter = startHighlighter({
              root,
              defaultLang: ROOT_LOCALE.lang,
              locales: Object.fromEntries(everyLocale(buildLocales()).map((l) => [l.key ?? 'root', l.lang])),
              texts: frameTexts,
            })),
          apis,
        );
      },
      'astro:build:generated': () => {
        highlighter?.end();
      },
      'astro:build:done': ({ logger }) => {
        const samples = sampleBlocksLine(highlighter?.stats);
        if (samples) logger.info(samples);
      },
    },
  };
}

/**
 * Below this many code sample blocks, the build highlights them on its own thread: a worker thread
 * costs its start (its own Shiki and Expressive Code: CPU time and memory of its own) and the pages of
 * a small description render faster than that. `PETSTORE_HIGHLIGHTER_MIN_BLOCKS` sets
 * another number (0: always a worker thread), for the tests and for measuring.
 */
export const HIGHLIGHTER_MIN_BLOCKS = 1000;

/** {@link HIGHLIGHTER_MIN_BLOCKS}, or the whole number `PETSTORE_HIGHLIGHTER_MIN_BLOCKS` gives. */
function highlighterMinBlocks(env: Record<string, string | undefined> = process.env): number {
  const value = env.PETSTORE_HIGHLIGHTER_MIN_BLOCKS;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : HIGHLIGHTER_MIN_BLOCKS;
}

/**
 * Sends the highlighter every code sample block of each API's current version, in each of the site's
 * languages, in the order of the pages; a few operations at a time, so the build's own work goes on
 * between. The highlighter is started once there are {@link HIGHLIGHTER_MIN_BLOCKS} blocks, never for fewer.
 * Problems loading a description are left to the build, which reports them.
 * @param start starts the highlighter
 */
async function feedHighlighter(start: () => Highlighter, apis: readonly Api[]): Promise<void> {
  let highlighter: Highlighter | undefined;
  let batch: QueuedBlock[] = [];
  const minBlocks = highlighterMinBlocks();
  try {
    for (const { key, lang: pageLang } of everyLocale(buildLocales())) {
      for (const a of apis) {
        const { model } = await referenceData(a, undefined, key);
        for (const op of model.operations) {
          const { samples, sampleSets } = model.operationSamples(op);
          for (const set of sampleSets ?? [{ samples }]) {
            for (const s of set.samples) {
              // An operation page's first block carries the page's stylesheet and script: the page highlights it.
              if (s === samples[0]) continue;
              batch.push({ key: blockKey(pageLang, s.lang, s.source), code: s.source, lang: s.lang, locale: pageLang });
            }
          }
          if (!highlighter && batch.length >= minBlocks) highlighter = start();
          if (highlighter && batch.length >= 64) {
            highlighter.add(batch);
            batch = [];
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      }
    }
    if (!highlighter && batch.length > 0 && batch.length >= minBlocks) highlighter = start();
    highlighter?.add(batch);
  } catch {
    // The build loads the same descriptions and says what is wrong with them.
  }
}
