/**
 * Which API a URL path belongs to, read from the APIs' URL paths (api.ts): the one whose reference
 * base, mock mount or changelog the path is at or below. Pure.
 */
import type { Api } from './api.ts';

/** Whether `path` is `prefix` itself, `prefix/` or below it. */
function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`);
}

/**
 * The API whose pages, twins, documents or changelog a path is (`/reference/partner/list-pets/` →
 * partner); the longest base wins, so one API's base may sit below another's.
 * @param path a URL path, percent-encoded as received
 * @returns undefined for a path outside every API (guides, the catalog, the site's own files)
 */
export function apiAt(apis: readonly Api[], path: string): Api | undefined {
  let found: Api | undefined;
  for (const api of apis) {
    const changes = api.changes.page.replace(/\/$/, '');
    const hit = under(path, api.base) || path === api.changes.feed || under(path, changes);
    if (hit && (!found || api.base.length > found.base.length)) found = api;
  }
  return found;
}
