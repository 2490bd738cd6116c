// `/.well-known/api-catalog` (RFC 9727): a linkset (RFC 9264) naming the API's description and docs.
import type { APIRoute } from 'astro';
import { apiCatalog, LINKSET_TYPE } from '../../agents/discovery.ts';
import { apiById } from '../../apis/site.ts';
import { referenceModel, specDocument } from '../../reference/loaded-description.ts';
import { serverUrl } from '../../reference/model/reference.ts';

export const GET: APIRoute = async ({ site }) => {
  const api = apiById();
  const model = await referenceModel(api);
  const servers = ((await specDocument(api)) as { servers?: unknown[] }).servers ?? [];
  return new Response(
    `${JSON.stringify(apiCatalog({ site: site?.href ?? 'http://localhost/', title: model.title, apiUrl: serverUrl(servers[0]), referenceBase: model.base }), null, 2)}\n`,
    { headers: { 'Content-Type': LINKSET_TYPE } },
  );
};
