// The reference pages a description must give, read from the description itself and not from the
// site's model: one page per operation (paths, the eight fixed methods and 3.2's `query`, then 3.2's
// `additionalOperations` with their method as written) and per webhook (3.1 `webhooks`, keyed by the
// webhook's name), each with the title, method and path its page shows and the URL it lives at.
// The unit tests compare the model with it; the integration tests compare the built pages with it.
import { RESERVED_SLUGS, uniqueSlugs } from '../../site/reference/model/slug.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Path item keys that name an operation (OpenAPI 3.2 §4.8.9: the fixed fields, `query` included). */
const FIXED = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

export interface ExpectedPage {
  kind: 'operation' | 'webhook';
  /** as the page shows it: fixed methods in capitals, `additionalOperations` keys as written */
  method: string;
  /** the path template, or the webhook's name */
  path: string;
  /** the page's title (its `<h1>`): the summary, else the webhook's name, else `METHOD path` */
  title: string;
  /** `/reference/<slug>/`: the slug of the operationId, else of `METHOD path` (`webhook name` for a webhook) */
  url: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * The pages of a loaded description (its path-item `$ref`s resolved, as the loader gives it), in
 * document order: paths first, then webhooks.
 * @param base the reference's base path
 */
export function expectedPages(doc: Obj, base = '/reference'): ExpectedPage[] {
  const found: Array<Omit<ExpectedPage, 'url'> & { id: string }> = [];
  for (const kind of ['operation', 'webhook'] as const) {
    const container = kind === 'operation' ? doc.paths : doc.webhooks;
    if (!isObj(container)) continue;
    for (const [path, item] of Object.entries(container)) {
      if (!isObj(item)) continue;
      const entries: Array<[string, unknown]> = FIXED.map((m) => [m.toUpperCase(), item[m]]);
      // A name that is a fixed field in any case is not another operation (3.2 §4.8.9.1).
      if (isObj(item.additionalOperations))
        entries.push(...Object.entries(item.additionalOperations).filter(([m]) => !FIXED.includes(m.toLowerCase())));
      for (const [method, op] of entries) {
        if (!isObj(op)) continue;
        const named = text(op.operationId);
        found.push({
          kind,
          method,
          path,
          title: text(op.summary) ?? (kind === 'webhook' ? path : `${method} ${path}`),
          id: named ?? (kind === 'webhook' ? `webhook ${path}` : `${method} ${path}`),
        });
      }
    }
  }
  const slugs = uniqueSlugs(
    found.map((f) => f.id),
    RESERVED_SLUGS,
  );
  return found.map(({ id: _id, ...page }, i) => ({ ...page, url: `${base}/${slugs[i]}/` }));
}
