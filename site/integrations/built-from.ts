// Writes <outDir>/.built-from.json naming the APIs the build showed (site/apis/: their description
// files, release records and published versions; the event APIs' description files, every file their
// `$ref`s reach) and the environment they were made from, so `npm
// start` serves the same APIs without Astro and the test commands (scripts/build-if-stale.mjs) rebuild
// when the environment names others or an input file is newer, whether the output came from `npm run
// build` or from them.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { eventDescriptionFiles } from '../../descriptions/asyncapi/files.ts';
import type { Api, SiteApis } from '../apis/api.ts';
import { API_ENVIRONMENT } from '../apis/config.ts';
import type { ReleasedFile } from '../apis/releases.ts';
import { siteMockTable } from '../mock/hosts/table.ts';
import { loadForBuild } from '../reference/loaded-description.ts';

/** The file build-if-stale reads; keep the two in step. */
export const BUILT_FROM = '.built-from.json';

/** One API of a build, as {@link BUILT_FROM} records it. */
export interface BuiltApi {
  /** The API as the build made it (site/apis/: description file, release record, bases, options). */
  api: Api;
  /** The current version's name (the description's `info.version`). */
  version: string;
  /** The older published versions, newest first, with their description files (absolute). */
  versions: ReleasedFile[];
}

/** One event API of a build, as {@link BUILT_FROM} records it: its id and the files its description is made of. */
export interface BuiltEventApi {
  id: string;
  /** the description's entry and every local file its `$ref`s reach (absolute) */
  files: string[];
}

/** What {@link BUILT_FROM} holds. */
export interface BuiltFrom {
  /**
   * The environment variables the configuration read (site/apis/config.ts `API_ENVIRONMENT`) as the
   * build saw them, unset ones as `''`: a later build under other values shows other APIs.
   */
  env: Record<string, string>;
  /** Where the site's reference starts and whether it has a catalog (site/apis/api.ts `SiteApis`). */
  site: Omit<SiteApis, 'apis'>;
  /** The build's APIs, in the site's order. */
  apis: BuiltApi[];
  /** The build's event APIs (AsyncAPI), in the site's order; absent without any. */
  events?: BuiltEventApi[];
}

/** The site's APIs as a build recorded them. */
export function builtSite(record: BuiltFrom): SiteApis {
  return { ...record.site, apis: record.apis.map((a) => a.api) as [Api, ...Api[]] };
}

/**
 * The record of a build of these APIs: each one's row of the site's mock table (site/mock/hosts/load.ts).
 * @throws as `siteMockTable` does
 * @param env the environment the APIs were made from
 */
export async function builtFromRecord(
  site: SiteApis,
  env: Record<string, string | undefined> = process.env,
): Promise<BuiltFrom> {
  const table = await siteMockTable(site.apis, { load: loadForBuild });
  const built: BuiltApi[] = site.apis.map((api, i) => {
    const row = table[i] as (typeof table)[number];
    return { api, version: row.current.version, versions: [...row.older] };
  });
  return {
    env: Object.fromEntries(API_ENVIRONMENT.map((name) => [name, env[name]?.trim() ?? ''])),
    site: {
      base: site.base,
      catalog: site.catalog,
      label: site.label,
      ...(site.events ? { events: site.events } : {}),
    },
    apis: built,
    ...(site.events?.length
      ? { events: site.events.map((api) => ({ id: api.id, files: eventDescriptionFiles(api.description) })) }
      : {}),
  };
}

/**
 * The Astro integration: after a complete build only (a failed build writes nothing).
 * @param site the site's APIs (the reference integration's `site`)
 * @param output the output folder, relative to the project root: the record goes in it, beside the
 *   site's `client/` folder (Astro's outDir), out of what a host serves
 */
export default function builtFrom(site: SiteApis, output: string): AstroIntegration {
  let outDir = '';
  return {
    name: 'petstore:built-from',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = resolve(fileURLToPath(config.root), output);
      },
      'astro:build:done': async () => {
        writeFileSync(join(outDir, BUILT_FROM), `${JSON.stringify(await builtFromRecord(site))}\n`);
      },
    },
  };
}
