// GET /reference/tryit/<slug>.json (the current version) and /reference/<version>/tryit/<slug>.json
// (an older published version), below each API's base on a site of several
// (/reference/<id>/tryit/<slug>.json): the one-operation document the try-it client opens, with the
// servers it may send to (that version's mock, `/api/mock` or `/api/mock/@<version>`, first) and the
// operations it must refuse. Fetched on the first click only.
import type { APIRoute, GetStaticPaths } from 'astro';
import type { Api } from '../../../apis/api.ts';
import { apis, localeKeys, site } from '../../../config.ts';
import { splitLocale } from '../../../i18n/locales.ts';
import { mockBaseOf } from '../../../mock/hosts/mount.ts';
import type { TryItData } from '../../../reference/browser/tryit.ts';
import { operationSchemes, sandboxScheme, tryItDocument } from '../../../reference/model/tryit-document.ts';
import { mappedReference, referenceData } from '../../loaded-description.ts';
import type { OpenApiDocument } from '../../model/document.ts';
import { routePrefix } from '../../model/urls.ts';
import { bodyKey } from '../../page-cache-key.ts';
import { versionSet } from '../../versions.ts';

export const prerender = true;

/**
 * A document's body, by API, version, locale and slug: computed in `getStaticPaths` for its key and kept
 * until its route is rendered (then dropped), so a document is computed once per build.
 */
const bodies = new Map<string, string>();
const bodyId = (api: Api, release: string | undefined, locale: string | undefined, slug: string) =>
  `${api.id}/${release ?? ''}/${locale ?? ''}/${slug}`;

export const getStaticPaths = (async ({ routePattern }) => {
  // One route per locale (`/fr/reference/…`, reference/integration.ts): its pattern names the locale.
  const { key: locale } = splitLocale(routePattern, localeKeys);
  const paths = [];
  for (const api of apis) {
    for (const { release, version, current, data } of (await versionSet(api, locale)).versions) {
      for (const op of data.model.operations) {
        if (!op.tryIt) continue;
        const body = await documentBody(api, op.method, op.path, release, locale);
        bodies.set(bodyId(api, release, locale, op.slug), body);
        paths.push({
          // The rest parameter: the API's id on a site of several, then the older version's segment.
          params: {
            version: routePrefix(site.catalog ? api.id : undefined, version, current),
            slug: op.slug,
          },
          props: { api, method: op.method, path: op.path, release, locale, slug: op.slug },
          // A document is copied from the previous build while its body is the same (Astro's incremental
          // build): site/reference/page-cache-key.ts.
          cacheKey: await bodyKey(api, body, release, locale),
        });
      }
    }
  }
  return paths;
}) satisfies GetStaticPaths;

/** The JSON of one operation's try-it document in an API's version and locale. */
async function documentBody(
  api: Api,
  method: string,
  path: string,
  release: string | undefined,
  locale: string | undefined,
): Promise<string> {
  const { configuration, hiddenTryIt } = await mappedReference(api, release, locale);
  const { loaded, options } = await referenceData(api, release, locale);
  const { document } = loaded;
  const data: TryItData = {
    document: tryItDocument(document as OpenApiDocument, method, path, configuration.servers),
    servers: configuration.servers,
    hidden: hiddenTryIt.map((h) => ({ method: h.method, path: h.path })),
    mockBase: mockBaseOf(release, api.mockBase),
    securityScheme: operationSchemes(
      document as OpenApiDocument,
      method,
      path,
      configuration.authentication.preferredSecurityScheme ?? sandboxScheme(document as OpenApiDocument),
    ),
    api: api.id,
    persistAuth: options.tryIt.persistAuth,
  };
  return JSON.stringify(data);
}

export const GET: APIRoute = async ({ props }) => {
  const api = props.api as Api;
  const release = props.release as string | undefined;
  const locale = props.locale as string | undefined;
  const id = bodyId(api, release, locale, props.slug as string);
  const body = bodies.get(id) ?? (await documentBody(api, props.method, props.path, release, locale));
  bodies.delete(id);
  return new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
