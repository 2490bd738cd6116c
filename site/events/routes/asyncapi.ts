// An event API's AsyncAPI description as written, at `<base>/asyncapi.yaml` (or `.json`): the byte-for-byte
// entry file, for tools and readers that want the source.
import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../config.ts';
import { eventApis, eventData, eventDownload } from '../data.ts';
import { eventPageKey } from '../page-cache-key.ts';

export const getStaticPaths = (async () => {
  const paths = [];
  for (const api of eventApis(site)) {
    paths.push({
      params: { api: api.id, ext: eventDownload(api).endsWith('.json') ? 'json' : 'yaml' },
      props: { id: api.id },
      // Copied from the previous build while the API's inputs are unchanged (site/events/page-cache-key.ts).
      cacheKey: await eventPageKey(site, api),
    });
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const api = eventApis(site).find((a) => a.id === (props as { id: string }).id);
  if (!api) return new Response('Not found', { status: 404 });
  const { loaded } = await eventData(api);
  return new Response(loaded.text, {
    headers: { 'Content-Type': loaded.format === 'json' ? 'application/json' : 'application/yaml; charset=utf-8' },
  });
};
