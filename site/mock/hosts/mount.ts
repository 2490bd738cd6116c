/**
 * Where the site mounts the mock API: `npm start`'s server (scripts/serve.ts), the Astro route for
 * `astro dev` (site/pages/api/mock/), the in-browser mock (site/mock/hosts/worker.ts) and the try-it
 * client's server URL all use this path.
 */
export const MOCK_BASE = '/api/mock';

/**
 * Where the mock of a version is mounted: `base` for the current version, `<base>/@<version>` for an
 * older published release (`/api/mock/@1.0.0/pets`). The `@` keeps a version apart from any path of the
 * API; hosts/versions.ts `versionOf` reads it back.
 * @param release an older release's version; undefined for the current version
 * @param base the current version's mount path (default {@link MOCK_BASE})
 */
export function mockBaseOf(release?: string, base: string = MOCK_BASE): string {
  return release === undefined ? base : `${base}/@${release}`;
}

/**
 * The in-browser mock's service worker script, as the build writes it (dist/client), and its
 * scope: the reference pages, the only pages with try-it. A service worker answers the requests
 * of the pages it controls, so its scope is where the pages are; its fetch handler answers only
 * same-origin requests under {@link MOCK_BASE} and lets every other request go to the network.
 * @param referenceBase the reference's base path, no trailing slash (`/reference`)
 * @returns e.g. `{ url: '/reference/mock-sw.js', scope: '/reference/' }`
 */
export function mockWorkerPaths(referenceBase: string): { url: string; scope: string } {
  return { url: `${referenceBase}/mock-sw.js`, scope: `${referenceBase}/` };
}

/** The message a page posts to the in-browser mock's worker to be controlled by it. */
export const CLAIM_MESSAGE = 'petstore-mock:claim';

/**
 * A request header the in-browser mock never answers: the try-it client sends it when it asks
 * whether the site's own server has the mock, so the answer comes from the network.
 */
export const PROBE_HEADER = 'x-petstore-mock-probe';

/**
 * Whether the in-browser mock answers a request: same origin as the site, a path under
 * {@link MOCK_BASE}, and not a probe ({@link PROBE_HEADER}). Any other request, the production
 * server's included, goes to the network as if there were no worker.
 * @param url the request's absolute URL
 * @param origin the site's origin (the worker's own)
 */
export function workerAnswers(url: string, origin: string, headers: Headers): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return (
    u.origin === origin &&
    (u.pathname === MOCK_BASE || u.pathname.startsWith(`${MOCK_BASE}/`)) &&
    !headers.has(PROBE_HEADER)
  );
}
