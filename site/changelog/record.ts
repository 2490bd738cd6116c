/**
 * Build-time edge of the release record: reads the committed changelog file once per process (no git
 * history involved, so a shallow clone builds the same site). Which file: `PETSTORE_CHANGELOG`, else
 * `changelog.json` beside the description (spec/changelog.json for spec/openapi.yaml), else none
 * (site/reference/loaded-description.ts `changelogPath`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { type Changelog, parseChangelog } from '../../spec/changelog.ts';
import { changelogPath } from '../reference/loaded-description.ts';

let cached: Changelog | undefined;

/**
 * The changelog of the description the site is built from; no releases when there is no record.
 * @throws {Error} when the file exists but is not a valid changelog (names the file and the field)
 */
export function changelog(env: Record<string, string | undefined> = process.env): Changelog {
  if (cached) return cached;
  const file = changelogPath(env);
  if (!file || !existsSync(file)) cached = { releases: [] };
  else {
    try {
      cached = parseChangelog(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`);
    }
  }
  return cached;
}
