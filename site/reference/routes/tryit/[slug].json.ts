// GET /reference/tryit/<slug>.json: the one-operation document the try-it client opens, with the
// servers it may send to and the operations it must refuse. Fetched on the first click only.
import type { APIRoute, GetStaticPaths } from 'astro';
import type { TryItData } from '../../../reference/browser/tryit.ts';
import { tryItDocument } from '../../../reference/model/tryit-document.ts';
import { MOCK_BASE, mappedReference, referenceModel, specDocument } from '../../loaded-description.ts';
import { referencePageKey } from '../../page-cache-key.ts';

export const prerender = true;

export const getStaticPaths = (async () => {
  // Unchanged documents are copied from the previous build (Astro's incremental build): site/reference/page-cache-key.ts.
  const cacheKey = await referencePageKey();
  return (await referenceModel()).operations
    .filter((op) => op.tryIt)
    .map((op) => ({
      params: { slug: op.slug },
      props: { method: op.method, path: op.path },
      cacheKey,
    }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { configuration, hiddenTryIt } = await mappedReference();
  const data: TryItData = {
    document: tryItDocument(await specDocument(), props.method, props.path, configuration.servers),
    servers: configuration.servers,
    hidden: hiddenTryIt.map((h) => ({ method: h.method, path: h.path })),
    mockBase: MOCK_BASE,
    securityScheme: configuration.authentication.preferredSecurityScheme,
  };
  return new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
