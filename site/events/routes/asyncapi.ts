// An event API's AsyncAPI description as written, at `<base>/asyncapi.yaml` (or `.json`): the byte-for-byte
// entry file, for tools and readers that want the source.
import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../config.ts';
import { eventApis, eventData, eventDownload } from '../data.ts';

export const getStaticPaths = (() =>
  eventApis(site).map((api) => ({
    params: { api: api.id, ext: eventDownload(api).endsWith('.json') ? 'json' : 'yaml' },
    props: { id: api.id },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const api = eventApis(site).find((a) => a.id === (props as { id: string }).id);
  if (!api) return new Response('Not found', { status: 404 });
  const { loaded } = await eventData(api);
  return new Response(loaded.text, {
    headers: { 'Content-Type': loaded.format === 'json' ? 'application/json' : 'application/yaml; charset=utf-8' },
  });
};
