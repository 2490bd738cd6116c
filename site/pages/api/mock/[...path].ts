// The mock API under /api/mock/ for `astro dev`: a thin Astro adapter over the framework-free core
// in site/mock/ (Fetch Request in, Response out). On-demand (not prerendered); every method goes to
// the core, which strips the /api/mock mount path, routes by the description the site is built
// from (`PETSTORE_SPEC` or spec/openapi.yaml, read at the first request) and answers CORS.
import type { APIRoute } from 'astro';
import { loadMockDescription } from '../../../mock/hosts/load.ts';
import { MOCK_BASE } from '../../../mock/hosts/mount.ts';
import { createMock, type Mock } from '../../../mock/index.ts';

export const prerender = false;

let mock: Promise<Mock> | undefined;

/** Handles every method (GET, POST, PUT, DELETE, OPTIONS, …) with one shared, lazily built mock. */
export const ALL: APIRoute = async ({ request }) => {
  mock ??= loadMockDescription().then((description) => createMock(description, { basePath: MOCK_BASE }));
  return (await mock).handle(request);
};
