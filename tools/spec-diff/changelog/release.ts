/**
 * A changelog entry made from a spec-diff report: what `npm run spec:release -- <version>` records. Pure.
 */

import type { EventModel } from '../../../descriptions/asyncapi/index.ts';
import type { ChangelogNote, ChangelogOperation, ChangelogRelease } from '../../../descriptions/changelog.ts';
import { isObject, type JsonObject } from '../../../descriptions/json.ts';
import { listAllOperations } from '../../../descriptions/operations.ts';
import { eventOperationRef } from '../core/events.ts';
import type { Change, OperationRef, Report } from '../core/types.ts';
import { message } from '../report/messages.ts';

/**
 * A released description as the changelog reads it: an OpenAPI document, or an event API's model (its
 * operations named by their id).
 */
export type Released = JsonObject | { event: EventModel };

const isEvent = (doc: Released): doc is { event: EventModel } => 'event' in doc && isObject(doc.event);

/**
 * The summary of an operation in a document (OpenAPI 3.2's `query` and `additionalOperations` too; an event
 * operation's summary, else its title), when it has one.
 */
function summaryOf(doc: Released, ref: OperationRef): string | undefined {
  if (isEvent(doc)) {
    const op = doc.event.operations.find((o) => o.id === ref.operationId);
    return op?.summary ?? op?.title;
  }
  const item = isObject(doc.paths) ? doc.paths[ref.path] : undefined;
  if (!isObject(item)) return undefined;
  const op = listAllOperations({ paths: { [ref.path]: item } }).find((o) => o.method === ref.method)?.operation;
  return isObject(op) && typeof op.summary === 'string' ? op.summary : undefined;
}

function entry(ref: OperationRef, change: ChangelogOperation['change'], doc: Released): ChangelogOperation {
  const summary = summaryOf(doc, ref);
  return {
    change,
    method: ref.method,
    path: ref.path,
    ...(ref.operationId ? { operationId: ref.operationId } : {}),
    ...(summary ? { summary } : {}),
    breaking: false,
    notes: [],
  };
}

/** The first release: every operation of the description, added. */
export function initialRelease(doc: Released, version: string, date: string): ChangelogRelease {
  const operations: ChangelogOperation[] = [];
  if (isEvent(doc)) {
    for (const op of doc.event.operations) {
      const e = entry(eventOperationRef(doc.event, op.id) as OperationRef, 'added', doc);
      if (op.lifecycle.deprecated && op.lifecycle.sunset) e.sunset = op.lifecycle.sunset;
      operations.push(e);
    }
    return { version, date, breaking: false, operations, other: [] };
  }
  for (const { method, path, operationId, operation: op } of listAllOperations(doc)) {
    const ref: OperationRef = { method, path };
    if (operationId !== undefined) ref.operationId = operationId;
    const e = entry(ref, 'added', doc);
    if (op.deprecated === true && typeof op['x-deprecated-sunset'] === 'string') e.sunset = op['x-deprecated-sunset'];
    operations.push(e);
  }
  return { version, date, breaking: false, operations, other: [] };
}

const KIND_OF: Partial<Record<Change['code'], ChangelogOperation['change']>> = {
  'operation-added': 'added',
  'operation-removed': 'removed',
  'operation-removed-before-sunset': 'removed',
  'operation-removed-without-sunset': 'removed',
  'operation-removed-after-sunset': 'removed',
  'operation-deprecated': 'deprecated',
  'sunset-changed': 'deprecated',
};

/**
 * The release a report describes: each operation once, with the most telling kind (removed, added, deprecated,
 * changed) and a note per change that touches it; changes that touch no operation go to `other`.
 * @param head the released description (for the operations' summaries)
 * @param base the previous release (for the summaries of removed operations)
 */
export function releaseFromReport(
  report: Report,
  head: Released,
  base: Released,
  version: string,
  date: string,
): ChangelogRelease {
  const ops = new Map<string, ChangelogOperation>();
  const other: ChangelogNote[] = [];
  const rank = { removed: 0, added: 1, deprecated: 2, changed: 3 } as const;
  for (const c of report.changes) {
    const kind = KIND_OF[c.code];
    const note: ChangelogNote = {
      class: c.class,
      text: message(c, { ...report, base: report.base, head: report.head }),
    };
    if (c.operations.length === 0) {
      other.push(note);
      continue;
    }
    for (const ref of c.operations) {
      const key = `${ref.method} ${ref.path}`;
      const k = kind ?? 'changed';
      let e = ops.get(key);
      if (!e) {
        e = entry(ref, k, k === 'removed' ? base : head);
        ops.set(key, e);
      } else if (rank[k] < rank[e.change]) e.change = k;
      if (c.class === 'breaking') e.breaking = true;
      // The sunset date of a deprecation, and of a removal that waited for it (the date it kept working until).
      if (typeof c.params.sunset === 'string' && (k === 'deprecated' || c.code === 'operation-removed-after-sunset'))
        e.sunset = c.params.sunset;
      // The kind says added/removed/deprecated; other changes are the notes.
      if (!kind && !e.notes.some((n) => n.text === note.text)) e.notes.push(note);
    }
  }
  const operations = [...ops.values()].sort(
    (a, b) => rank[a.change] - rank[b.change] || a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  return {
    version,
    date,
    breaking: report.changes.some((c) => c.class === 'breaking'),
    operations,
    other,
  };
}
