// The mock API under /api/mock/ for `astro dev`: a thin Astro adapter over the framework-free core
// in site/mock/ (Fetch Request in, Response out). On-demand (not prerendered); every method goes to
// the mock of every published version (site/mock/hosts/load.ts: `/api/mock/@<version>/…` to an
// older release's), which strips the mount path, routes by the description the reference is built
// from (read at the first request) and answers CORS.
import type { APIRoute } from 'astro';
import { createVersionedMockFromFiles } from '../../../mock/hosts/load.ts';
import type { Mock } from '../../../mock/index.ts';
import { releasedFile } from '../../../reference/loaded-description.ts';
import { versionSet } from '../../../reference/versions.ts';

export const prerender = false;

let mock: Promise<Mock> | undefined;

/** The mock of this build's published versions (the versions of site/reference/versions.ts). */
async function versionedMock(): Promise<Mock> {
  const set = await versionSet();
  const older = set.versions.flatMap((v) => (v.release ? [{ version: v.release, file: releasedFile(v.release) }] : []));
  return createVersionedMockFromFiles({ version: set.current.version, description: set.current.data.loaded }, older);
}

/** Handles every method (GET, POST, PUT, DELETE, OPTIONS, …) with one shared, lazily built mock. */
export const ALL: APIRoute = async ({ request }) => {
  mock ??= versionedMock();
  return (await mock).handle(request);
};
