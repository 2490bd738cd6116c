// The mock's URLs as the site uses them: the mount path and each version's (route/mount.ts, where
// the mount step reads them), and the in-browser mock's worker: its script, its scope, and which
// requests it answers.
import { MOCK_BASE } from '../route/mount.ts';

export { MOCK_BASE, mockBaseOf } from '../route/mount.ts';

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
