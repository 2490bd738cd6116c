/**
 * The key an operation is matched by across versions (the switcher, the absent pages, the release
 * record's sunset dates, the changelog's "Changed in" line): its operationId, else its method and path.
 * Pure.
 */

import { operationKey } from '../../../../descriptions/changelog.ts';
import type { OperationSummary } from '../views.ts';

export { operationKey };

/** The key of an operation of the reference model ({@link operationKey}: its operationId when it has one). */
export function summaryKey(op: Pick<OperationSummary, 'hasOperationId' | 'operationId' | 'method' | 'path'>): string {
  return operationKey({
    ...(op.hasOperationId ? { operationId: op.operationId } : {}),
    method: op.method,
    path: op.path,
  });
}
