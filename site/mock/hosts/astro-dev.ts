// The mock API under /api/mock/ for `astro dev`: a thin Astro route over the framework-free core in
// site/mock/ (Fetch Request in, Response out), which site/integrations/dev-mock.ts injects in `astro dev`
// only. A build has no on-demand route, so Astro builds no server: `npm start` (scripts/serve.ts) mounts
// the same core straight on node:http. Every method goes to the mock of every API and published version
// (load.ts `createSiteMock`: each API below its own mount, `…/@<version>/…` to an older release's),
// which strips the mount path, routes by the API's description (read at the first request) and answers
// CORS. Its sandboxes and rate windows live where PETSTORE_MOCK_STORE says (memory by default, or Redis:
// site/mock/README.md, "Several instances"); dev-mock.ts refuses a wrong value when `astro dev` starts.
import type { APIRoute } from 'astro';
import { site } from '../../config.ts';
import type { EventMock } from '../events/index.ts';
import type { Mock } from '../index.ts';
import { lazyEventMock } from './events-node.ts';
import { createSiteMock, siteMockTable } from './load.ts';

export const prerender = false;

let mock: Promise<Mock> | undefined;
let events: EventMock | undefined;

/** Handles every method (GET, POST, PUT, DELETE, OPTIONS, …) with one shared, lazily built mock. */
export const ALL: APIRoute = async ({ request }) => {
  // The event APIs (AsyncAPI) below their own mounts: Server-Sent Events and POST (WebSockets need npm start's server).
  events ??= lazyEventMock((site.events ?? []).map((api) => ({ mount: api.mockBase, description: api.description })));
  if (events.owns(new URL(request.url).pathname)) return events.handle(request);
  mock ??= siteMockTable(site.apis).then((table) =>
    createSiteMock(table, {
      store: process.env.PETSTORE_MOCK_STORE,
      ...(process.env.PETSTORE_MOCK_STORE_PREFIX ? { storePrefix: process.env.PETSTORE_MOCK_STORE_PREFIX } : {}),
    }),
  );
  return (await mock).handle(request);
};
