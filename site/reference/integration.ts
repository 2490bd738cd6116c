/**
 * The API reference as an Astro integration: `reference(options)` in astro.config.mjs checks the
 * options at start (options.ts, zod), makes the site's APIs from them and the environment (site/apis/:
 * the configuration edge), hands those values to the routes (the `virtual:petstore/apis` module), gives
 * Starlight the reference's sidebar group, injects the reference's routes (routes/) below the `base`
 * path, the way starlight-openapi does, and has the dev server reload when a file of the description
 * changes.
 *
 * A description that cannot be loaded stops the build here, before anything is written, with the
 * loader's message (file, line, column, JSON pointer) and exit code 1; a wrong option stops it with
 * the option's name.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DescriptionError, formatDescriptionError } from '../../spec/loader/index.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { ApiConfigError, siteApis } from '../apis/config.ts';
import { ApiListError } from '../apis/list-file.ts';
import { apisModule } from '../apis/virtual.ts';
import { referenceData, sidebarGroup } from './loaded-description.ts';
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
  /** The site's APIs, made from the options and the environment (site/apis/config.ts). */
  apis: readonly [Api, ...Api[]];
  /** The site's APIs and where its reference starts (the catalog with several). */
  site: SiteApis;
  /** The reference's sidebar group (the description is loaded here, once per build). */
  sidebar(): Promise<SidebarItem>;
}

/** Prints a description's problems and ends the process: a build that cannot load it has nothing to show. */
function exitOnDescriptionError(error: unknown): never {
  if (error instanceof DescriptionError) {
    console.error(formatDescriptionError(error));
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
  return {
    name: 'petstore:reference',
    options,
    apis,
    site,
    sidebar: () => sidebarGroup(api).catch(exitOnDescriptionError),
    hooks: {
      'astro:config:setup': async ({ addWatchFile, injectRoute, updateConfig }) => {
        const { loaded } = await referenceData(api).catch(exitOnDescriptionError);
        for (const file of loaded.files) addWatchFile(file);
        for (const route of referenceRoutes(api.base)) injectRoute(route);
        updateConfig({
          vite: {
            plugins: [apisModule(site)],
            // The try-it button's script (components/reference/TryIt.astro) tells the try-it client
            // (browser/tryit.ts, bundled apart) the base path its documents and the mock's worker are below.
            define: { __PETSTORE_REFERENCE_BASE__: JSON.stringify(api.base) },
          },
        });
      },
    },
  };
}
