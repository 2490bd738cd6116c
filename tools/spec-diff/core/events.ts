/**
 * Changes between two versions of an event API (AsyncAPI), under the same deprecation policy as an OpenAPI
 * description's. Pure: the two loaded documents in, a {@link Report} out.
 *
 * - Both documents are compared in their resolved AsyncAPI 3 form (a 2.x document upgraded first, as the loader
 *   does), so a 2.x base and a 3.x head are compared field for field, and every difference is classified by
 *   `@asyncapi/diff` with its standard: breaking, non-breaking, or unclassified where the standard has no rule
 *   (it has none for message payload and header schemas, so a payload field made required is unclassified).
 *   One correction: an edit of `info.version` is non-breaking ({@link CORRECTIONS}).
 * - Operations (AsyncAPI 3 `operations`, keyed by their id) are added, removed, deprecated and undeprecated
 *   under the rules of the OpenAPI policy (policy.ts `decideOperations`): `x-deprecated` (or `deprecated`)
 *   with `x-deprecated-sunset`, removal only after a passed sunset date.
 * - The resolved documents repeat a channel or a message wherever an operation uses it: one edit shows up at
 *   several pointers. They are grouped by where the edit is written in the unresolved 3.x document (its
 *   `$ref`s followed), classified by the most serious of their classes, and list every operation they touch.
 */
import { diff as asyncApiDiff } from '@asyncapi/diff';
import type { EventModel } from '../../../descriptions/asyncapi/index.ts';
import { isObject, type JsonObject } from '../../../descriptions/json.ts';
import { escapePointerToken, formatPointer, parsePointer } from '../../../descriptions/pointer.ts';
import type { Locator } from './locate.ts';
import {
  addDays,
  breakingUnder,
  decideOperations,
  describe,
  finishReport,
  isMajorBump,
  type PolicyOperation,
  worst,
} from './policy.ts';
import type { Change, ChangeClass, ChangeCode, OperationRef, RawDiff, Report, RuleSource, Side } from './types.ts';

/** One side of an event API comparison: what the AsyncAPI loader gives (descriptions/asyncapi/load.ts). */
export interface EventSide {
  /** The resolved 3.x document, plain acyclic JSON (`LoadedEventDescription.resolved`). */
  resolved: JsonObject;
  /** The 3.x document before resolution (`upgraded`): where each edit is written. */
  upgraded: JsonObject;
  model: EventModel;
  /** How the report names this side, and its AsyncAPI version as written. */
  side: Side;
}

/** What the comparison needs besides the documents. */
export interface EventDiffOptions {
  /** The date sunsets are judged against (UTC, YYYY-MM-DD). */
  buildDate: string;
  /** Minimum days from the build date to a new sunset date. */
  noticeDays: number;
  /** The head file as annotations name it. */
  headFile: string;
  /**
   * Finds a pointer in the head's text; only for a head written in AsyncAPI 3 (a 2.x head's pointers are those
   * of its upgrade, not of its text). Without it changes carry their pointer and no line.
   */
  locate?: Locator;
}

/** Where the classification of an event API's changes comes from. */
export const EVENT_CLASSIFICATION: RuleSource = {
  id: 'classification',
  source: '@asyncapi/diff standard classification of AsyncAPI 3 fields',
};

/**
 * The reader's side of an operation, as the site's MCP tools name it: `SEND` (you send, the API receives:
 * AsyncAPI 3 `receive`) or `RECEIVE` (the API sends, you receive: `send`).
 */
export function eventMethod(action: string): 'SEND' | 'RECEIVE' {
  return action === 'receive' ? 'SEND' : 'RECEIVE';
}

/** An event operation as the changelog and the reports name it: its side, its channel's address and its id. */
export function eventOperationRef(model: EventModel, id: string): OperationRef | undefined {
  const op = model.operations.find((o) => o.id === id);
  if (!op) return undefined;
  const channel = model.channels.find((c) => c.id === op.channel);
  return { method: eventMethod(op.action), path: channel?.address ?? op.channel, operationId: op.id };
}

/** Every operation of the model, by id. */
function operations(model: EventModel): Map<string, PolicyOperation> {
  const out = new Map<string, PolicyOperation>();
  for (const op of model.operations) {
    out.set(op.id, {
      ref: eventOperationRef(model, op.id) as OperationRef,
      deprecated: op.lifecycle.deprecated,
      sunset: op.lifecycle.sunset,
      pointer: `/operations/${escapePointerToken(op.id)}`,
    });
  }
  return out;
}

/**
 * Pairs operations: the same id, or else the same side on the same channel address when exactly one such
 * operation is left on each side (an operation renamed). Returns head id → base id.
 */
function pairOperations(base: Map<string, PolicyOperation>, head: Map<string, PolicyOperation>): Map<string, string> {
  const pairs = new Map<string, string>();
  const key = (o: PolicyOperation) => `${o.ref.method} ${o.ref.path}`;
  const lone = (ops: Map<string, PolicyOperation>, other: Map<string, PolicyOperation>) => {
    const out = new Map<string, string[]>();
    for (const [id, op] of ops) if (!other.has(id)) out.set(key(op), [...(out.get(key(op)) ?? []), id]);
    return out;
  };
  for (const id of head.keys()) if (base.has(id)) pairs.set(id, id);
  const loneBase = lone(base, head);
  for (const [k, ids] of lone(head, base)) {
    const b = loneBase.get(k);
    if (ids.length === 1 && b?.length === 1) pairs.set(ids[0] as string, b[0] as string);
  }
  return pairs;
}

/**
 * Where a pointer of the resolved document is written in the unresolved one: local `$ref`s followed on the
 * way. Returns the pointer's tokens there and the tokens that do not exist there (a trait's field, applied by
 * the parser).
 */
export function writtenAt(doc: JsonObject, tokens: readonly string[]): { at: string[]; rest: string[] } {
  let at: string[] = [];
  let node: unknown = doc;
  const follow = (): void => {
    for (let hops = 0; hops < 32 && isObject(node) && typeof node.$ref === 'string'; hops++) {
      const ref = node.$ref as string;
      if (!ref.startsWith('#')) return;
      let target: unknown = doc;
      const path = parsePointer(ref.slice(1));
      for (const t of path) target = isObject(target) || Array.isArray(target) ? (target as JsonObject)[t] : undefined;
      if (target === undefined) return;
      at = path;
      node = target;
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    follow();
    const t = tokens[i] as string;
    if (!(isObject(node) || Array.isArray(node)) || !(t in (node as object))) return { at, rest: tokens.slice(i) };
    node = (node as JsonObject)[t];
    at = [...at, t];
  }
  return { at, rest: [] };
}

/**
 * The one correction to the library's standard: it classifies an edit of `info.version` as breaking, so every
 * release would be refused. The version is the release's own number (the major-version rule reads it), so its
 * edit is non-breaking here, as it is documentation in an OpenAPI comparison.
 */
const CORRECTIONS = {
  '/info/version': { add: 'non-breaking', remove: 'breaking', edit: 'non-breaking' },
} as const;

/** The library's action as spec-diff names it. */
const ACTION = { add: 'add', remove: 'remove', edit: 'replace' } as const;

/** The library's output, one entry per JSON Patch operation between the two resolved documents. */
interface LibraryChange {
  action: 'add' | 'remove' | 'edit';
  path: string;
  type: 'breaking' | 'non-breaking' | 'unclassified';
  before?: unknown;
  after?: unknown;
}

/**
 * `@asyncapi/diff`'s differences between two resolved AsyncAPI 3 documents, with its standard classification.
 * @throws {TypeError} from the library when the documents' major versions differ (never, after the upgrade)
 */
export function libraryDiffs(base: JsonObject, head: JsonObject): RawDiff[] {
  const out = asyncApiDiff(base, head, { override: CORRECTIONS }).getOutput() as { changes: LibraryChange[] };
  return out.changes.map((c) => ({
    action: ACTION[c.action],
    pointer: c.path,
    class: c.type as ChangeClass,
    ...(c.before !== undefined ? { before: c.before } : {}),
    ...(c.after !== undefined ? { after: c.after } : {}),
  }));
}

/** Fields of an operation whose change is its deprecation, which the operation-level change already says. */
const LIFECYCLE = new Set(['deprecated', 'x-deprecated', 'x-deprecated-sunset', 'x-deprecated-since']);

/**
 * Compares two versions of an event API and applies the deprecation policy.
 * @throws {Error} when `options.buildDate` is not a calendar date
 */
export function diffEvents(base: EventSide, head: EventSide, options: EventDiffOptions): Report {
  const { buildDate, noticeDays, headFile, locate } = options;
  const earliest = addDays(buildDate, noticeDays);
  const majorBump = isMajorBump(base.side.version, head.side.version);
  const breaking = breakingUnder(majorBump);
  const place = (pointer: string): Pick<Change, 'location' | 'pointer'> => {
    if (!locate) return { pointer };
    const f = locate(pointer);
    return { pointer: f.pointer, location: { file: headFile, line: f.line, column: f.column } };
  };
  const baseOps = operations(base.model);
  const headOps = operations(head.model);
  const pairs = pairOperations(baseOps, headOps);
  const { changes, byOp } = decideOperations(baseOps, headOps, pairs, { buildDate, earliest, majorBump, place });
  for (const [hk, bk] of pairs) {
    const c = byOp.get(hk);
    if (hk !== bk && c) byOp.set(bk, c);
  }

  const refOf = (id: string): OperationRef | undefined => headOps.get(id)?.ref ?? baseOps.get(id)?.ref;
  const onChannel = (model: EventModel, channel: string): OperationRef[] =>
    model.operations.filter((o) => o.channel === channel).flatMap((o) => eventOperationRef(model, o.id) ?? []);

  const groups = new Map<string, { change: Change; classes: ChangeClass[] }>();
  for (const d of libraryDiffs(base.resolved, head.resolved)) {
    const tokens = parsePointer(d.pointer);
    if (tokens[0] === 'operations' && tokens[1] !== undefined) {
      const owner = byOp.get(tokens[1]);
      if (
        owner &&
        (tokens.length === 2 ||
          owner.code.startsWith('operation-removed') ||
          (tokens.length === 3 && LIFECYCLE.has(tokens[2] as string)))
      ) {
        owner.diffs.push(d);
        continue;
      }
    }
    // Where the edit is written: in the base for a removal (placed at its parent in the head), else in the head.
    const written = writtenAt(d.action === 'remove' ? base.upgraded : head.upgraded, tokens);
    const pointer = formatPointer([...written.at, ...written.rest]);
    const key = `${pointer}|${d.action}`;
    let g = groups.get(key);
    if (!g) {
      const target = d.action === 'remove' ? parsePointer(pointer).slice(0, -1) : parsePointer(pointer);
      const where = place(formatPointer(target));
      const change: Change = {
        code: 'unclassified-change',
        class: 'unclassified',
        decision: 'pass',
        operations: [],
        pointer,
        ...(where.location ? { location: where.location } : {}),
        params: { action: d.action },
        diffs: [],
      };
      const schema = /^\/components\/schemas\/([^/]+)/.exec(pointer);
      if (schema) change.schema = parsePointer(`/${schema[1]}`)[0] as string;
      g = { change, classes: [] };
      groups.set(key, g);
    }
    g.change.diffs.push(d);
    g.classes.push(d.class);
    const touched: OperationRef[] = [];
    if (tokens[0] === 'operations' && tokens[1] !== undefined)
      touched.push(...[refOf(tokens[1])].flatMap((r) => r ?? []));
    const at = parsePointer(pointer);
    if (at[0] === 'channels' && at[1] !== undefined)
      touched.push(...onChannel(d.action === 'remove' ? base.model : head.model, at[1]));
    for (const op of touched)
      if (!g.change.operations.some((o) => o.operationId === op.operationId)) g.change.operations.push(op);
  }
  for (const { change, classes } of groups.values()) {
    change.params.summary = describe(change);
    const cls = worst(classes);
    change.class = cls;
    change.code = `${cls}-change` as ChangeCode;
    change.rule = EVENT_CLASSIFICATION;
    changes.push(cls === 'breaking' ? breaking(change) : change);
  }
  return finishReport(changes, { base: base.side, head: head.side }, { buildDate, noticeDays, majorBump });
}
