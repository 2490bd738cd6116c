/**
 * The OpenAPI document as plain data and its operations as the reference lists them: id (or
 * `METHOD path` without one), summary, first tag and the anchor Scalar gives it. Pure; shared by the
 * static pages' model, the explorer's mapping and the try-it documents. The operations themselves are
 * listed by descriptions/operations.ts, the one lister of every part.
 */
import { isObject } from '../../../descriptions/json.ts';
import { listAllOperations } from '../../../descriptions/operations.ts';

/** An OpenAPI document as plain data (parsed YAML or JSON). */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, unknown>;
};

/** Whether an entry is a path's operation or a webhook (OpenAPI 3.1 §4.8.1 `webhooks`). */
export type OperationKind = 'operation' | 'webhook';

/** Where an operation lives in the document and in Scalar's navigation. */
export interface OperationRef {
  /** `operationId`, or `METHOD path` (`METHOD name` for a webhook) when the operation has none. */
  operationId: string;
  /**
   * The HTTP method: upper case for the fixed fields (`GET`, `QUERY`), as written for a method of
   * `additionalOperations` (OpenAPI 3.2 §4.8.9: the key is the method name as sent, e.g. `COPY`).
   */
  method: string;
  /** Path template as written in the document (`/pets/{petId}`); a webhook's name for webhooks. */
  path: string;
  summary: string;
  /** The operation's first navigation tag (the one Scalar files it under); empty when it has none. */
  tag: string;
  /**
   * Scalar's navigation id without the document prefix, e.g. `tag/orders/GET/store/orders`: the end
   * of the sidebar item's `data-sidebar-id` and of the operation section's `id`.
   */
  anchor: string;
  kind: OperationKind;
}

/**
 * The tags of the document by name (`tags`), for `kind` and `parent` (OpenAPI 3.2 §4.8.22).
 * @returns name → Tag Object
 */
export function tagObjects(doc: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  if (!Array.isArray(doc.tags)) return out;
  for (const t of doc.tags) if (isObject(t) && typeof t.name === 'string' && !out.has(t.name)) out.set(t.name, t);
  return out;
}

/**
 * Whether a tag files operations in the navigation: no `kind`, or `kind: nav` (OpenAPI 3.2 §4.8.22
 * and its registry: `badge` and `audience` tags describe an operation, they do not place it).
 */
export function isNavigationTag(tag: Record<string, unknown> | undefined): boolean {
  const kind = tag?.kind;
  return kind === undefined || kind === 'nav' || typeof kind !== 'string';
}

/** Scalar's tag slug (`@scalar/helpers` slugify for plain names): lower case, runs of other characters → `-`. */
export function slugifyTag(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What {@link listOperations} returns for each operation. */
export type ListedOperation = OperationRef & {
  operation: Record<string, unknown>;
  pathItem: Record<string, unknown>;
  /** The key of the operation in its path item (`get`, `query`, or an `additionalOperations` name). */
  key: string;
};

/**
 * Every operation of the document, in document order, with what the reference shows of it: its id
 * (or `METHOD path` without one), summary, first navigation tag and Scalar anchor. Paths first (fixed
 * methods, then `additionalOperations`), then `webhooks` (OpenAPI 3.1 §4.8.1), whose entries are keyed
 * by the webhook's name. Path items that are not objects are skipped (the loader resolves path-item
 * `$ref`s in place).
 */
export function listOperations(doc: Record<string, unknown>): ListedOperation[] {
  const tagsByName = tagObjects(doc);
  return listAllOperations(doc, { webhooks: true }).map(({ kind, path, key, method, operation, pathItem }) => {
    const tags = Array.isArray(operation.tags)
      ? operation.tags.filter((t): t is string => typeof t === 'string' && t !== '')
      : [];
    const tag = tags.find((t) => isNavigationTag(tagsByName.get(t))) ?? '';
    const prefix = kind === 'webhook' ? 'webhook/' : '';
    return {
      operationId:
        typeof operation.operationId === 'string' && operation.operationId.trim()
          ? operation.operationId
          : `${method} ${path}`,
      method,
      path,
      summary:
        typeof operation.summary === 'string' && operation.summary.trim()
          ? operation.summary
          : kind === 'webhook'
            ? path
            : `${method} ${path}`,
      tag,
      anchor: tag
        ? `tag/${slugifyTag(tag)}/${prefix}${method}${kind === 'webhook' ? '/' : ''}${path}`
        : `${prefix}${method}${kind === 'webhook' ? '/' : ''}${path}`,
      kind,
      operation,
      pathItem,
      key,
    };
  });
}
