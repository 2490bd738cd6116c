// What the in-browser mocks' service workers share (worker.ts: the REST APIs'; events-worker.ts: an event
// API's): the part of the service worker global scope they use, and their life: active at once, in control
// of the page that registered them (or that asks with CLAIM_MESSAGE), answering only the same-origin
// requests below the mock's mount path (mount.ts `workerAnswers`); every other request goes to the network.
import { CLAIM_MESSAGE, workerAnswers } from './mount.ts';

/** What a worker uses of the service worker global scope (the DOM typings do not describe it). */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: { origin: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Runs this service worker as an in-browser mock.
 * @param answer the mock's answer to a request it answers; undefined lets the request go to the network
 */
export function serveMock(answer: (request: Request) => Promise<Response> | undefined): void {
  const scope = self as unknown as WorkerScope;
  scope.addEventListener('install', () => {
    void scope.skipWaiting();
  });
  scope.addEventListener('activate', (event) => {
    // Control the page that registered the worker at once, so its first try-it request is answered.
    event.waitUntil(scope.clients.claim());
  });
  scope.addEventListener('fetch', (event) => {
    if (!workerAnswers(event.request.url, scope.location.origin, event.request.headers)) return;
    const response = answer(event.request);
    if (response) event.respondWith(response);
  });
  scope.addEventListener('message', (event) => {
    // A page the worker does not control yet (loaded with the cache bypassed, or open before the
    // worker was) asks for it before its first try-it request.
    if (event.data === CLAIM_MESSAGE) event.waitUntil(scope.clients.claim());
  });
}
