/**
 * Which mock answers a try-it in the reader's browser, for the REST try-it (tryit.ts) and the event
 * try-it (site/events/browser/tryit.ts): the site's own server when it answers the API's mock, else the
 * in-browser mock, a service worker (site/mock/hosts/worker.ts, events-worker.ts) registered at that moment
 * below the API's reference and in control of the page before the first request. Reading pages never
 * registers it.
 */
import { CLAIM_MESSAGE, PROBE_HEADER } from '../../mock/hosts/mount.ts';
import { mockAnswered } from './guard.ts';

/** Where try-it requests to the mock are answered: the site's server, this browser, or nowhere. */
export type MockBackend = 'server' | 'browser' | 'none';

/** An in-browser mock's worker script and scope (site/mock/hosts/mount.ts `mockWorkerPaths`). */
export interface WorkerPaths {
  url: string;
  scope: string;
}

/** Whether the site's own server answers the mock route (the in-browser mock lets a probe through). */
export async function serverHasMock(mockBase: string): Promise<boolean> {
  try {
    const res = await fetch(`${mockBase}/`, { headers: { [PROBE_HEADER]: '1' }, cache: 'no-store' });
    return mockAnswered(res.status, res.headers.get('content-type'));
  } catch {
    return false;
  }
}

/** `promise`, or `fallback` when it has not settled after `ms` milliseconds. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

/** How long the first try-it waits for the in-browser mock to start (ms). */
const WORKER_START_MS = 8_000;

/**
 * Registers the in-browser mock (or finds it registered on an earlier visit) and waits until it
 * controls this page, so that the client's requests reach it.
 * @returns false when this browser has no service workers (an insecure origin, a policy or mode
 *   that forbids them) or the worker did not take control within {@link WORKER_START_MS}
 */
export function startBrowserMock(worker: WorkerPaths): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(false);
  const sw = navigator.serviceWorker;
  const start = async (): Promise<boolean> => {
    if (sw.controller) return true;
    const changed = new Promise<true>((resolve) =>
      sw.addEventListener('controllerchange', () => resolve(true), { once: true }),
    );
    const registration = await sw.register(worker.url, { scope: worker.scope });
    if (sw.controller) return true;
    // A worker already active from an earlier visit does not take this page by itself: ask it.
    registration.active?.postMessage(CLAIM_MESSAGE);
    return changed;
  };
  return within(start(), WORKER_START_MS, false);
}

/**
 * Picks the backend: the server's mock when it answers, else the in-browser one.
 * @param mockBase the API's mock mount (`/api/mock`, `/api/mock/<id>`)
 * @param worker the API's in-browser mock
 */
export async function chooseBackend(mockBase: string, worker: WorkerPaths): Promise<MockBackend> {
  if (await serverHasMock(mockBase)) {
    // A site that moved from a static host to a server drops the worker of earlier visits.
    const old = await navigator.serviceWorker?.getRegistration(worker.scope).catch(() => undefined);
    await old?.unregister();
    return 'server';
  }
  return (await startBrowserMock(worker)) ? 'browser' : 'none';
}
