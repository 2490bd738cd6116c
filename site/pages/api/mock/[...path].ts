// The mock API under /api/mock/ for `astro dev`: a thin Astro adapter over the framework-free core
// in site/mock/ (Fetch Request in, Response out). On-demand (not prerendered); every method goes to
// the mock of every published version (site/mock/hosts/load.ts: `/api/mock/@<version>/…` to an
// older release's), which strips the mount path, routes by the site's API (its description, read at
// the first request) and answers CORS.
import type { APIRoute } from 'astro';
import { loadDescription } from '../../../../spec/loader/index.ts';
import { apiById } from '../../../apis/site.ts';
import { createVersionedMockFromFiles } from '../../../mock/hosts/load.ts';
import type { Mock } from '../../../mock/index.ts';
import { olderReleases, versionSet } from '../../../reference/versions.ts';

export const prerender = false;

let mock: Promise<Mock> | undefined;

/** The mock of this build's published versions (the versions of site/reference/versions.ts). */
async function versionedMock(): Promise<Mock> {
  const api = apiById();
  const set = await versionSet(api);
  return createVersionedMockFromFiles(
    { version: set.current.version, description: await loadDescription(api.description) },
    await olderReleases(api),
  );
}

/** Handles every method (GET, POST, PUT, DELETE, OPTIONS, …) with one shared, lazily built mock. */
export const ALL: APIRoute = async ({ request }) => {
  mock ??= versionedMock();
  return (await mock).handle(request);
};
