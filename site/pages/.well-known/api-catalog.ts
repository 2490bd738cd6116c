// `/.well-known/api-catalog` (RFC 9727): a linkset (RFC 9264) naming each API's description and docs.
import type { APIRoute } from 'astro';
import { apiCatalogOf, type CatalogApi, LINKSET_TYPE } from '../../agents/discovery.ts';
import { apis } from '../../config.ts';
import { referenceModel, specDocument } from '../../reference/loaded-description.ts';
import { serverUrl } from '../../reference/model/reference.ts';

export const GET: APIRoute = async ({ site }) => {
  const entries: CatalogApi[] = [];
  for (const api of apis) {
    const model = await referenceModel(api);
    const servers = ((await specDocument(api)) as { servers?: unknown[] }).servers ?? [];
    entries.push({
      title: api.title ?? model.title,
      apiUrl: serverUrl(servers[0]),
      referenceBase: model.base,
      downloads: api.downloads,
    });
  }
  return new Response(`${JSON.stringify(apiCatalogOf(site?.href ?? 'http://localhost/', entries), null, 2)}\n`, {
    headers: { 'Content-Type': LINKSET_TYPE },
  });
};
