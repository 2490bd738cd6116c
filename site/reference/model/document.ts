/**
 * The OpenAPI document as plain data and its operations as the reference lists them: id (or
 * `METHOD path` without one), summary, first tag and the anchor Scalar gives it. Pure; shared by the
 * static pages' model, the explorer's mapping and the try-it documents.
 */

import { listOperations as listDocumentOperations } from '../../../spec/operations.ts';

/** An OpenAPI document as plain data (parsed YAML or JSON). */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, unknown>;
};

/** Where an operation lives in the document and in Scalar's navigation. */
export interface OperationRef {
  operationId: string;
  /** Upper-case HTTP method, e.g. `GET`. */
  method: string;
  /** Path template as written in the document, e.g. `/pets/{petId}`. */
  path: string;
  summary: string;
  /** First tag of the operation (the one Scalar files it under). */
  tag: string;
  /**
   * Scalar's navigation id without the document prefix, e.g. `tag/orders/GET/store/orders`: the end
   * of the sidebar item's `data-sidebar-id` and of the operation section's `id`.
   */
  anchor: string;
}

/** Scalar's tag slug (`@scalar/helpers` slugify for plain names): lower case, runs of other characters → `-`. */
export function slugifyTag(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Every operation of the document, in document order (spec/operations.ts), with what the reference
 * shows of it: its id (or `METHOD path` without one), summary, first tag and Scalar anchor.
 */
export function listOperations(doc: OpenApiDocument): Array<OperationRef & { operation: Record<string, unknown> }> {
  return listDocumentOperations(doc).map(({ method, path, operation }) => {
    const tags = Array.isArray(operation.tags) ? operation.tags.filter((t) => typeof t === 'string') : [];
    const tag = tags[0] ?? '';
    const upper = method.toUpperCase();
    return {
      operationId: typeof operation.operationId === 'string' ? operation.operationId : `${upper} ${path}`,
      method: upper,
      path,
      summary: typeof operation.summary === 'string' ? operation.summary : `${upper} ${path}`,
      tag,
      anchor: tag ? `tag/${slugifyTag(tag)}/${upper}${path}` : `${upper}${path}`,
      operation,
    };
  });
}
