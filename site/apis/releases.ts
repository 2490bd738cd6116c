/**
 * Which versions of an API a build publishes, and the description file of each: decided from the API's
 * release record (record.ts), the working description's `info.version` and the build date, with the
 * API's `publish` policy (publish.ts). No reference model is needed: the reference pages, the mock's
 * hosts, the MCP server and the edge bundle all ask here.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Api } from './api.ts';
import { releaseCandidates, selectPublished } from './publish.ts';
import { changelog } from './record.ts';

/** An older released version and the description file it was released from. */
export interface ReleasedFile {
  version: string;
  /** `released/<version>.yaml` beside the release record ({@link releasedFile}). */
  file: string;
}

/** The versions of an API a build publishes. */
export interface ApiReleases {
  /** The current version's name: the working description's `info.version`, or `current` when it has none. */
  current: string;
  /** The older published versions, newest first, each with its description file. */
  older: ReleasedFile[];
}

/**
 * The name the current version goes by: the description's `info.version` (a YAML number such as `1.0`
 * as the text it reads as), or `current` when it is empty or missing. Pure.
 * @param document a description (any version: `info.version` is in every one, OpenAPI 3.2 section 4.8.2)
 */
export function currentVersionOf(document: { info?: unknown }): string {
  const version = (document.info as { version?: unknown } | undefined)?.version;
  const name = typeof version === 'string' || typeof version === 'number' ? String(version) : '';
  return name || 'current';
}

/**
 * The versions of an API a build publishes: the current one, then the older releases its `publish`
 * policy keeps on the build date, each with its released file.
 * @param current the current version's name ({@link currentVersionOf})
 * @param buildDate YYYY-MM-DD (descriptions/dates.ts `buildDate`)
 * @throws {Error} when the release record is invalid (names the file and the field), or a published
 *   release's file is missing ({@link releasedFile})
 */
export function publishedReleases(api: Api, current: string, buildDate: string): ApiReleases {
  const older = selectPublished(current, releaseCandidates(changelog(api)), api.publish, buildDate);
  return { current, older: older.map((version) => ({ version, file: releasedFile(api, version) })) };
}

/**
 * The description a release was made from: `released/<version>.yaml` (or `.yml`, `.json`) beside the
 * API's release record, as `npm run spec:release` keeps it.
 * @throws {Error} when the API has no release record or the file is missing (names the file and the command)
 */
export function releasedFile(api: Api, version: string): string {
  const record = api.changelog;
  if (!record) throw new Error(`No release record (PETSTORE_CHANGELOG) to read version ${version} from`);
  const folder = join(dirname(record), 'released');
  for (const ext of ['.yaml', '.yml', '.json']) {
    const file = join(folder, `${version}${ext}`);
    if (existsSync(file)) return file;
  }
  throw new Error(
    `${record} lists version ${version}, but ${join(folder, `${version}.yaml`)} is missing: ` +
      'npm run spec:release keeps each release there (restore the file, or publish fewer versions with the versions.publish option)',
  );
}
