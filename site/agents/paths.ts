/**
 * Where the agent-readable twins of a page live. Pure: URL paths in, URL paths out.
 *
 * - Markdown beside the page: `/reference/list-pets/` → `/reference/list-pets.md`, `/` → `/index.md`
 *   (a file name a static host serves as it is, with the `.md` type).
 * - Open Graph image: `/reference/list-pets/` → `/og/reference/list-pets.jpg`, `/` → `/og/index.jpg`.
 */

/** The Open Graph images' file extension (their encoding: site/og/card.ts `OG_ENCODING`). */
export const OG_IMAGE_EXTENSION = 'jpg';

/** The page path without its trailing slash and leading slash (`''` for the home page). */
function stem(pagePath: string): string {
  return pagePath
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\/index(?:\.html)?$/, '');
}

/**
 * The Markdown URL path of a page.
 * @param pagePath the page's URL path, e.g. `/guides/getting-started/` (with or without the slash)
 * @returns e.g. `/guides/getting-started.md`; `/index.md` for `/`
 */
export function markdownPath(pagePath: string): string {
  const s = stem(pagePath);
  return `/${s === '' || s === 'index.html' ? 'index' : s}.md`;
}

/**
 * The page URL path of a Markdown URL path (inverse of {@link markdownPath}).
 * @returns e.g. `/guides/getting-started/`; `/` for `/index.md`; null when the path does not end in `.md`
 */
export function pagePathOfMarkdown(mdPath: string): string | null {
  const m = /^\/(.+)\.md$/.exec(mdPath);
  if (!m?.[1]) return null;
  return m[1] === 'index' ? '/' : `/${m[1]}/`;
}

/**
 * The Open Graph image URL path of a page (1200×630 JPEG, drawn by site/og/integration.ts).
 * @returns e.g. `/og/reference/list-pets.jpg`; `/og/index.jpg` for `/`
 */
export function ogImagePath(pagePath: string): string {
  const s = stem(pagePath);
  return `/og/${s === '' ? 'index' : s}.${OG_IMAGE_EXTENSION}`;
}

/** The path of a page URL in canonical form: leading and trailing slash (`/reference`, `/reference/index.html` → `/reference/`). */
export function canonicalPagePath(path: string): string {
  const s = stem(path);
  return s === '' || s === 'index.html' ? '/' : `/${s}/`;
}
