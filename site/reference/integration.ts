/**
 * The API reference as an Astro integration: `reference(options)` in astro.config.mjs checks the
 * options at start (options.ts, zod), makes them the options of every consumer of the build
 * (loaded-description.ts), gives Starlight the reference's sidebar group, injects the reference's routes
 * (routes/) below the `base` path, the way starlight-openapi does, and has the dev server reload when
 * a file of the description changes.
 *
 * A description that cannot be loaded stops the build here, before anything is written, with the
 * loader's message (file, line, column, JSON pointer) and exit code 1; a wrong option stops it with
 * the option's name.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DescriptionError, formatDescriptionError } from '../../spec/loader/index.ts';
import { formatOverlayProblem, OverlayError } from '../../spec/overlay/index.ts';
import { localePrefix, siteLocales } from '../i18n/locales.ts';
import { referenceData, setReferenceOptions, sidebarGroup } from './loaded-description.ts';
import type { SidebarItem } from './model/sidebar.ts';
import {
  parseReferenceOptions,
  type ReferenceOptions,
  ReferenceOptionsError,
  type ReferenceUserOptions,
} from './options.ts';

/** The reference's routes: URL pattern (Astro's route syntax) and the file that answers it. */
export interface ReferenceRoute {
  pattern: string;
  entrypoint: string;
}

/**
 * The routes the integration injects for a base path: the index, one page per operation, tag and
 * schema (plus the schema and webhook indexes), the explorer and its document, the try-it documents
 * (of every published version).
 * Pure.
 * @param base the `base` option (`/reference`)
 */
export function referenceRoutes(base: string): ReferenceRoute[] {
  const at = (file: string) => fileURLToPath(new URL(`./routes/${file}`, import.meta.url));
  return [
    { pattern: base, entrypoint: at('index.astro') },
    { pattern: `${base}/explorer`, entrypoint: at('explorer/index.astro') },
    { pattern: `${base}/explorer/document.json`, entrypoint: at('explorer/document.json.ts') },
    // Every published version's: `${base}/tryit/…` (the current one: an empty rest parameter) and
    // `${base}/<version>/tryit/…`; more segments than the page route below, so it takes precedence.
    { pattern: `${base}/[...version]/tryit/[slug].json`, entrypoint: at('tryit/[slug].json.ts') },
    { pattern: `${base}/[...slug]`, entrypoint: at('[...slug].astro') },
  ];
}

/** The integration, with what astro.config.mjs needs of it before Starlight is configured. */
export interface ReferenceIntegration extends AstroIntegration {
  /** The checked options, defaults filled in. */
  options: ReferenceOptions;
  /** The reference's sidebar group (the description is loaded here, once per build). */
  sidebar(): Promise<SidebarItem>;
  /** The reference's sidebar group in a locale (its labels and the description's text in that language). */
  sidebarIn(locale?: string): Promise<SidebarItem>;
}

/** Prints a description's problems and ends the process: a build that cannot load it has nothing to show. */
function exitOnDescriptionError(error: unknown): never {
  if (error instanceof DescriptionError) {
    console.error(formatDescriptionError(error));
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
  try {
    options = parseReferenceOptions(userOptions);
  } catch (error) {
    // The message names every wrong option; a stack trace into zod would only hide it.
    if (!(error instanceof ReferenceOptionsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  setReferenceOptions(options);
  return {
    name: 'petstore:reference',
    options,
    sidebar: () => sidebarGroup().catch(exitOnDescriptionError),
    sidebarIn: (locale) => sidebarGroup(undefined, undefined, locale).catch(exitOnDescriptionError),
    hooks: {
      'astro:config:setup': async ({ addWatchFile, injectRoute, updateConfig }) => {
        const { loaded } = await referenceData().catch(exitOnDescriptionError);
        for (const file of loaded.files) addWatchFile(file);
        for (const route of referenceRoutes(options.base)) injectRoute(route);
        // Every locale's reference below its prefix (`/fr/reference/…`): the same routes, which read the
        // locale from their URL; each locale's overlay is checked here, before anything is written.
        for (const { key } of siteLocales()) {
          const data = await referenceData(undefined, key).catch(exitOnDescriptionError);
          if ('overlay' in data.loaded && typeof data.loaded.overlay === 'string') addWatchFile(data.loaded.overlay);
          for (const route of referenceRoutes(`${localePrefix(key)}${options.base}`)) injectRoute(route);
        }
        // The try-it button's script (components/reference/TryIt.astro) tells the try-it client
        // (browser/tryit.ts, bundled apart) the base path its documents and the mock's worker are below.
        updateConfig({ vite: { define: { __PETSTORE_REFERENCE_BASE__: JSON.stringify(options.base) } } });
      },
    },
  };
}
