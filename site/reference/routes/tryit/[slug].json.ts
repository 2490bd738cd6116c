// GET /reference/tryit/<slug>.json (the current version) and /reference/<version>/tryit/<slug>.json
// (an older published version), below each API's base on a site of several
// (/reference/<id>/tryit/<slug>.json): the one-operation document the try-it client opens, with the
// servers it may send to (that version's mock, `/api/mock` or `/api/mock/@<version>`, first) and the
// operations it must refuse. Fetched on the first click only.
import type { APIRoute, GetStaticPaths } from 'astro';
import type { Api } from '../../../apis/api.ts';
import { apis, site } from '../../../apis/site.ts';
import { siteLocales, splitLocale } from '../../../i18n/locales.ts';
import { mockBaseOf } from '../../../mock/hosts/mount.ts';
import type { TryItData } from '../../../reference/browser/tryit.ts';
import { sandboxScheme, tryItDocument } from '../../../reference/model/tryit-document.ts';
import { mappedReference, referenceData } from '../../loaded-description.ts';
import type { OpenApiDocument } from '../../model/document.ts';
import { routePrefix } from '../../model/urls.ts';
import { localeCacheKey, referencePageKey } from '../../page-cache-key.ts';
import { versionSet } from '../../versions.ts';

export const prerender = true;

export const getStaticPaths = (async ({ routePattern }) => {
  // One route per locale (`/fr/reference/…`, reference/integration.ts): its pattern names the locale.
  const { key: locale } = splitLocale(
    routePattern,
    siteLocales().map((l) => l.key as string),
  );
  const paths = [];
  for (const api of apis) {
    for (const { release, version, current, data } of (await versionSet(api, locale)).versions) {
      // Unchanged documents are copied from the previous build (Astro's incremental build): site/reference/page-cache-key.ts.
      const cacheKey = `${await referencePageKey(api, release)}${await localeCacheKey(api, locale)}`;
      for (const op of data.model.operations) {
        if (!op.tryIt) continue;
        paths.push({
          // The rest parameter: the API's id on a site of several, then the older version's segment.
          params: {
            version: routePrefix(site.catalog ? api.id : undefined, version, current),
            slug: op.slug,
          },
          props: { api, method: op.method, path: op.path, release, locale },
          cacheKey,
        });
      }
    }
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const api = props.api as Api;
  const release = props.release as string | undefined;
  const locale = props.locale as string | undefined;
  const { configuration, hiddenTryIt } = await mappedReference(api, release, locale);
  const { loaded, options } = await referenceData(api, release, locale);
  const { document } = loaded;
  const data: TryItData = {
    document: tryItDocument(document as OpenApiDocument, props.method, props.path, configuration.servers),
    servers: configuration.servers,
    hidden: hiddenTryIt.map((h) => ({ method: h.method, path: h.path })),
    mockBase: mockBaseOf(release, api.mockBase),
    securityScheme: configuration.authentication.preferredSecurityScheme ?? sandboxScheme(document as OpenApiDocument),
    api: api.id,
    persistAuth: options.tryIt.persistAuth,
  };
  return new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
