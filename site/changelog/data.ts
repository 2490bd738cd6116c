/**
 * Build-time edge of the changelog: reads the committed record once per build (no git history involved, so a
 * shallow clone builds the same site). `PETSTORE_CHANGELOG` names another file; a site built from another
 * description than spec/openapi.yaml (`PETSTORE_SPEC`, the `description` option) shows no releases without one,
 * since spec/changelog.json is the Petstore's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type Changelog, parseChangelog } from '../../spec/changelog.ts';
import { changelogPath } from '../reference/loaded-description.ts';
import { operationKey } from '../reference/model/versions.ts';
import { versionSet } from '../reference/versions.ts';
import type { PageOf } from './model.ts';

let cached: Changelog | undefined;

/**
 * The changelog of the description the site is built from.
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

/**
 * Finds operation pages in this build's published versions (by operationId, else by method and path): the
 * current version's page, else the newest older version's that has the operation.
 */
export async function pageLookup(): Promise<PageOf> {
  const { versions } = await versionSet();
  return (op) => {
    const key = operationKey(op);
    for (const v of versions) {
      const hit = v.operations.find((o) => o.key === key);
      if (hit) return hit.url;
    }
    return undefined;
  };
}
