/**
 * The URL layout of the reference's pages. A page's URL path is, segment after segment:
 * [the API's reference base] + [the version segment] + [the page's path], e.g. `/reference` + `/1.0.0` +
 * `/list-pets/`; on a site of several APIs the API's base is the reference's root and the API's id
 * (`/reference/partner`). This module joins the segments before the page's path, so a segment added in front of
 * the version (a locale prefix, an API's own base) joins here, once; the pages' paths below a base are
 * the reference model's (reference.ts). Pure.
 */

/** Characters a version may have to be a URL segment of its own (SemVer's, RFC 3986 unreserved). */
const VERSION_SEGMENT = /^[0-9A-Za-z][0-9A-Za-z._~+-]*$/;

/**
 * Whether a version string can name a folder of pages (`1.0.0`, `2024-06-01`, `v2`); not `..`, no slash.
 */
export function isVersionSegment(version: string): boolean {
  return VERSION_SEGMENT.test(version) && !version.includes('..');
}

/**
 * The version segment of a version's pages below the reference's base: none for the current version
 * (today's URLs never change), the version's name for any other (`1.0.0`). The routes name their pages
 * with it, below the base, and {@link versionBase} joins it to the base. Pure.
 * @param version the version's name (not read for the current version)
 */
export function versionSegment(version: string, current: boolean): string | undefined {
  return current ? undefined : version;
}

/**
 * The base path of a version's pages: the reference's `base` for the current version, `<base>/<version>`
 * for any other. Pure.
 * @param base the reference's base, no trailing slash (`/reference`)
 * @param version the version's name (not read for the current version)
 */
export function versionBase(base: string, version: string, current: boolean): string {
  const segment = versionSegment(version, current);
  return segment === undefined ? base : `${base}/${segment}`;
}

/**
 * Where a version's pages are below the reference's root, as the routes name them: the API's segment on
 * a site of several APIs (its id), then the version's segment ({@link versionSegment}); undefined for
 * the one API's current version, whose pages are at the root. Pure.
 * @param api the API's segment, undefined on a site of one API
 */
export function routePrefix(api: string | undefined, version: string, current: boolean): string | undefined {
  const parts = [api, versionSegment(version, current)].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join('/') : undefined;
}
