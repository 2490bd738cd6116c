// The mock Petstore API under /api/mock/: a thin Astro adapter over the framework-free core in
// site/mock/ (Fetch Request in, Response out). On-demand (not prerendered); every method goes to
// the core, which strips the /api/mock mount path, routes by spec/openapi.yaml and answers CORS.
import type { APIRoute } from 'astro';
import { parseSpec } from '../../../../spec/load.ts';
import specText from '../../../../spec/openapi.yaml?raw';
import { createMock, type Mock } from '../../../mock/index.ts';
import { MOCK_BASE } from '../../../mock/mount.ts';

export const prerender = false;

let mock: Promise<Mock> | undefined;

/** Handles every method (GET, POST, PUT, DELETE, OPTIONS, …) with one shared, lazily built mock. */
export const ALL: APIRoute = async ({ request }) => {
  mock ??= createMock(parseSpec(specText), { basePath: MOCK_BASE });
  return (await mock).handle(request);
};
