/**
 * The key an operation is matched by across versions (the switcher, the absent pages, the release
 * record's sunset dates, the changelog's "Changed in" line): its operationId, else its method and path.
 * Pure.
 */

import type { OperationSummary } from '../views.ts';

/** The key an operation is matched by across versions: operationId, else method and path. */
export function operationKey(op: { operationId?: string; method: string; path: string }): string {
  return op.operationId ? `id:${op.operationId}` : `${op.method.toUpperCase()} ${op.path}`;
}

/** The key of an operation of the reference model ({@link operationKey}: its operationId when it has one). */
export function summaryKey(op: Pick<OperationSummary, 'hasOperationId' | 'operationId' | 'method' | 'path'>): string {
  return operationKey({
    ...(op.hasOperationId ? { operationId: op.operationId } : {}),
    method: op.method,
    path: op.path,
  });
}
