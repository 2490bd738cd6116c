/**
 * Build-time edge of the release record: reads an API's committed changelog file once per process (no
 * git history involved, so a shallow clone builds the same site). Which file: the API's `changelog`
 * (config.ts: `PETSTORE_CHANGELOG`, else `changelog.json` beside the description, else none).
 */
import { existsSync, readFileSync } from 'node:fs';
import { type Changelog, parseChangelog } from '../../descriptions/changelog.ts';
import type { Api } from './api.ts';

const cached = new Map<string, Changelog>();

/**
 * The changelog of an API; no releases when it has no record.
 * @throws {Error} when the file exists but is not a valid changelog (names the file and the field)
 */
export function changelog(api: Api): Changelog {
  const file = api.changelog;
  if (!file || !existsSync(file)) return { releases: [] };
  let record = cached.get(file);
  if (!record) {
    try {
      record = parseChangelog(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`);
    }
    cached.set(file, record);
  }
  return record;
}
