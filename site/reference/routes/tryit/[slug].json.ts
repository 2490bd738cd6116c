// GET /reference/tryit/<slug>.json (the current version) and /reference/<version>/tryit/<slug>.json
// (an older published version): the one-operation document the try-it client opens, with the servers
// it may send to (that version's mock, `/api/mock` or `/api/mock/@<version>`, first) and the
// operations it must refuse. Fetched on the first click only.
import type { APIRoute, GetStaticPaths } from 'astro';
import type { TryItData } from '../../../reference/browser/tryit.ts';
import { tryItDocument } from '../../../reference/model/tryit-document.ts';
import { mappedReference, mockBaseOf, referenceData } from '../../loaded-description.ts';
import type { OpenApiDocument } from '../../model/document.ts';
import { bodyKey } from '../../page-cache-key.ts';
import { versionSet } from '../../versions.ts';

export const prerender = true;

/**
 * A document's body, by version and slug: computed in `getStaticPaths` for its key and kept until its
 * route is rendered (then dropped), so a document is computed once per build.
 */
const bodies = new Map<string, string>();
const bodyId = (release: string | undefined, slug: string) => `${release ?? ''}/${slug}`;

export const getStaticPaths = (async () => {
  const paths = [];
  for (const { release, data } of (await versionSet()).versions) {
    for (const op of data.model.operations) {
      if (!op.tryIt) continue;
      const body = await documentBody(op.method, op.path, release);
      bodies.set(bodyId(release, op.slug), body);
      paths.push({
        params: { version: release, slug: op.slug },
        props: { method: op.method, path: op.path, release },
        // A document is copied from the previous build while its body is the same (Astro's incremental
        // build): site/reference/page-cache-key.ts.
        cacheKey: await bodyKey(body, release),
      });
    }
  }
  return paths;
}) satisfies GetStaticPaths;

/** The JSON of one operation's try-it document in a version. */
async function documentBody(method: string, path: string, release: string | undefined): Promise<string> {
  const { configuration, hiddenTryIt } = await mappedReference(release);
  const { document } = (await referenceData(release)).loaded;
  const data: TryItData = {
    document: tryItDocument(document as OpenApiDocument, method, path, configuration.servers),
    servers: configuration.servers,
    hidden: hiddenTryIt.map((h) => ({ method: h.method, path: h.path })),
    mockBase: mockBaseOf(release),
    securityScheme: configuration.authentication.preferredSecurityScheme,
  };
  return JSON.stringify(data);
}

export const GET: APIRoute = async ({ params, props }) => {
  const release = props.release as string | undefined;
  const id = bodyId(release, String(params.slug));
  const body = bodies.get(id) ?? (await documentBody(props.method, props.path, release));
  bodies.delete(id);
  return new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
