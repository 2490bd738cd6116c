/**
 * Build-time edge of the changelog: reads the committed record once per build (no git history involved, so a
 * shallow clone builds the same site). `PETSTORE_CHANGELOG` names another file; a site built from another
 * description (`PETSTORE_SPEC`) without one shows no releases, since spec/changelog.json is the Petstore's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Changelog, parseChangelog } from '../../spec/changelog.ts';
import { operationPage, referenceModel } from '../reference/data.ts';
import type { PageOf } from './model.ts';

let cached: Changelog | undefined;

/**
 * The changelog of the description the site is built from.
 * @throws {Error} when the file exists but is not a valid changelog (names the file and the field)
 */
export function changelog(env: Record<string, string | undefined> = process.env): Changelog {
  if (cached) return cached;
  const file = env.PETSTORE_CHANGELOG
    ? resolve(env.PETSTORE_CHANGELOG)
    : env.PETSTORE_SPEC
      ? undefined
      : resolve('spec/changelog.json');
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

/** The page of an operation in this build's reference (by operationId, else by method and path). */
export const pageOf: PageOf = (op) => {
  if (op.operationId) {
    const url = operationPage(op.operationId);
    if (url !== '/reference/') return url;
  }
  return referenceModel().operations.find((o) => o.method === op.method.toUpperCase() && o.path === op.path)?.url;
};
