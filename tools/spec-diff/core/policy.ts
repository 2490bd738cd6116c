/**
 * The deprecation policy of the Petstore API, applied to the differences between two descriptions. Pure: the
 * documents, the diff library's differences, a locator and the build date in; a {@link Report} out.
 *
 * The rules and where they come from (tools/spec-diff/README.md and the site's guide on API changes state them
 * for people):
 * - An operation may be removed only when it was `deprecated` with an `x-deprecated-sunset` date that has passed
 *   by the build date (the guide "Getting started", "Deprecation policy": "it keeps working until its sunset
 *   date"; RFC 8594 §3: after the Sunset date the resource may become unresponsive). The sunset day itself still
 *   counts as before: the `Sunset` header names its last second (`23:59:59 GMT`).
 * - An operation newly deprecated needs an `x-deprecated-sunset` date at least the notice period after the build
 *   date (RFC 9745 §4 and RFC 8594: a deprecation announces a sunset; the notice period is ours, default 90 days).
 * - Every other change is classified by api-smart-diff's OpenAPI rules; a breaking one fails unless the major
 *   part of `info.version` went up (Semantic Versioning 2.0.0 §8), in which case it is reported as allowed.
 */
import { parseDay } from '../../../descriptions/dates.ts';
import type { JsonObject } from '../../../descriptions/json.ts';
import { listAllOperations, PATH_ITEM_METHODS } from '../../../descriptions/operations.ts';
import { formatPointer, parsePointer, unescapePointerToken } from '../../../descriptions/pointer.ts';
import type { Locator } from './locate.ts';
import {
  type Change,
  type ChangeClass,
  type ChangeCode,
  CLASS_ORDER,
  type OperationRef,
  type RawDiff,
  type Report,
  type RuleSource,
  type Side,
} from './types.ts';

/** The rules, with their sources, as reports cite them. */
export const RULES = {
  sunset: {
    id: 'sunset-passed',
    source:
      'Deprecation policy (guides/getting-started, guides/api-changes): removal only after the sunset date; RFC 8594 §3',
  },
  deprecation: {
    id: 'deprecation-needs-sunset',
    source:
      'Deprecation policy (guides/api-changes): a deprecated operation names its sunset date; RFC 9745 §4, RFC 8594',
  },
  notice: {
    id: 'notice-period',
    source: 'Deprecation policy (guides/api-changes): the sunset date is at least the notice period away; RFC 8594 §3',
  },
  major: {
    id: 'major-version',
    source: 'Semantic Versioning 2.0.0 §8: incompatible changes increment the major version of info.version',
  },
  classification: { id: 'classification', source: 'api-smart-diff OpenAPI rules' },
} as const satisfies Record<string, RuleSource>;

/** What the policy needs besides the documents. */
export interface PolicyOptions {
  /** The date sunsets are judged against (UTC, YYYY-MM-DD). */
  buildDate: string;
  /** Minimum number of days from the build date to the sunset date of a newly deprecated operation. */
  noticeDays: number;
  /** The head description's file as reports show it (a repository path for annotations). */
  headFile: string;
  /** Finds a pointer in the head description's text; without it changes carry no location. */
  locate?: Locator;
}

/**
 * One operation as the deprecation rules see it, in any kind of description (OpenAPI paths, AsyncAPI
 * operations).
 */
export interface PolicyOperation {
  ref: OperationRef;
  deprecated: boolean;
  /** `x-deprecated-sunset` as written (a `YYYY-MM-DD` string, a YAML date, or anything else to refuse). */
  sunset: unknown;
  /** Its JSON pointer in the description (where a change of the whole operation is placed). */
  pointer: string;
}

/** One OpenAPI operation as the policy sees it. */
interface Op extends PolicyOperation {
  path: string;
  /** The path item key (`get`, `query`) or `additionalOperations` name (`COPY`). */
  key: string;
  /** Its JSON pointer tokens under the path item (`['query']`, `['additionalOperations', 'COPY']`). */
  at: string[];
}

/** `/pets/{petId}` and `/pets/{id}` are the same path (as api-smart-diff matches them). */
const pathKey = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

/**
 * Every operation under `paths`, OpenAPI 3.2's `query` and `additionalOperations` included, by `key path` as
 * written (`get /pets`, `query /pets`, `COPY /pets`).
 */
function operations(doc: JsonObject): Map<string, Op> {
  const out = new Map<string, Op>();
  for (const { key, method, at, path, operationId, operation: op } of listAllOperations(doc)) {
    const ref: OperationRef = { method, path };
    if (operationId !== undefined) ref.operationId = operationId;
    out.set(`${key} ${path}`, {
      ref,
      deprecated: op.deprecated === true,
      sunset: op['x-deprecated-sunset'],
      pointer: formatPointer(['paths', path, ...at]),
      path,
      key,
      at,
    });
  }
  return out;
}

/**
 * The operation a JSON pointer's tokens lie in: its key and how many tokens name it (`/paths/{p}/get/…`: 3,
 * `/paths/{p}/additionalOperations/COPY/…`: 4); undefined outside every operation.
 */
function operationTokens(tokens: string[]): { key: string; depth: number } | undefined {
  if (tokens[0] !== 'paths' || tokens.length < 3) return undefined;
  const field = tokens[2] as string;
  if (field === 'additionalOperations')
    return tokens.length >= 4 ? { key: `${tokens[3]} ${tokens[1]}`, depth: 4 } : undefined;
  return (PATH_ITEM_METHODS as readonly string[]).includes(field)
    ? { key: `${field} ${tokens[1]}`, depth: 3 }
    : undefined;
}

/**
 * Pairs base operations with head operations: the same method and path, or else the same method on a path that
 * differs only in the names of its parameters (`/pets/{id}` → `/pets/{petId}`), when exactly one such pair is
 * left on each side. Returns head key → base key.
 */
function pairOperations(base: Map<string, Op>, head: Map<string, Op>): Map<string, string> {
  const pairs = new Map<string, string>();
  const loneBase = new Map<string, string[]>();
  for (const k of base.keys()) {
    if (head.has(k)) pairs.set(k, k);
    else {
      const op = base.get(k) as Op;
      const n = `${op.key} ${pathKey(op.path)}`;
      loneBase.set(n, [...(loneBase.get(n) ?? []), k]);
    }
  }
  const loneHead = new Map<string, string[]>();
  for (const [k, op] of head) {
    if (base.has(k)) continue;
    const n = `${op.key} ${pathKey(op.path)}`;
    loneHead.set(n, [...(loneHead.get(n) ?? []), k]);
  }
  for (const [n, hk] of loneHead) {
    const bk = loneBase.get(n);
    if (hk.length === 1 && bk?.length === 1) pairs.set(hk[0] as string, bk[0] as string);
  }
  return pairs;
}

/** `YYYY-MM-DD` plus `days` days. */
export function addDays(day: string, days: number): string {
  return new Date(parseDay(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The major part of a version (`2.1.0` → 2, `v3` → 3), undefined when it has none. */
export function majorOf(version: string): number | undefined {
  const m = /^v?(\d+)(?:\.|$)/.exec(version.trim());
  return m ? Number(m[1]) : undefined;
}

/** Whether `head` has a greater major version than `base` (both must have one). */
export function isMajorBump(base: string, head: string): boolean {
  const b = majorOf(base);
  const h = majorOf(head);
  return b !== undefined && h !== undefined && h > b;
}

/**
 * The deprecation verdict on an operation that is deprecated in the head: undefined when its sunset date is fine.
 * @returns the failing code and its params
 */
function sunsetProblem(
  sunset: unknown,
  earliest: string,
): { code: ChangeCode; rule: RuleSource; params: Record<string, string> } | undefined {
  if (sunset === undefined || sunset === null || sunset === '')
    return { code: 'deprecation-without-sunset', rule: RULES.deprecation, params: { earliest } };
  const text = sunset instanceof Date ? sunset.toISOString().slice(0, 10) : String(sunset);
  try {
    parseDay(text);
  } catch {
    return { code: 'sunset-invalid', rule: RULES.deprecation, params: { sunset: text, earliest } };
  }
  if (text < earliest) return { code: 'sunset-too-soon', rule: RULES.notice, params: { sunset: text, earliest } };
  return undefined;
}

const dayText = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? ''));

/** The most serious of some classes, in {@link CLASS_ORDER}. */
export function worst(classes: ChangeClass[]): ChangeClass {
  for (const c of CLASS_ORDER) if (classes.includes(c)) return c;
  return 'unclassified';
}

/** The operation a pointer lies in (`/paths/{path}/{method}/…`), from the head or else the base. */
function operationAt(tokens: string[], head: Map<string, Op>, base: Map<string, Op>): OperationRef | undefined {
  const at = operationTokens(tokens);
  return at && (head.get(at.key) ?? base.get(at.key))?.ref;
}

const sameOp = (a: OperationRef, b: OperationRef): boolean => a.method === b.method && a.path === b.path;

/** A breaking change's decision: allowed with a new major version of `info.version`, else refused. */
export function breakingUnder(majorBump: boolean): (c: Omit<Change, 'decision'>) => Change {
  return (c) => (majorBump ? { ...c, decision: 'allowed', allowedBy: 'major-version' } : { ...c, decision: 'fail' });
}

/** What the operation-level rules need besides the operations. */
export interface OperationRules {
  /** The date sunsets are judged against (UTC, YYYY-MM-DD). */
  buildDate: string;
  /** The earliest sunset date a new deprecation may name (the build date plus the notice period). */
  earliest: string;
  /** Whether the major part of `info.version` went up. */
  majorBump: boolean;
  /** Where a pointer is written in the head description. */
  place: (pointer: string) => Pick<Change, 'location' | 'pointer'>;
}

/**
 * The operation-level decisions of the deprecation policy, for any kind of description: an operation removed
 * (allowed only after a passed sunset date), added (a deprecated one needs a proper sunset date), newly
 * deprecated (a sunset date at least the notice period away), undeprecated, its sunset date moved.
 * @param baseOps the base's operations by key
 * @param headOps the head's operations by key
 * @param pairs head key → base key of the operations that are the same operation
 * @returns the changes, and the change of each operation by its key (head and base keys)
 */
export function decideOperations(
  baseOps: ReadonlyMap<string, PolicyOperation>,
  headOps: ReadonlyMap<string, PolicyOperation>,
  pairs: ReadonlyMap<string, string>,
  rules: OperationRules,
): { changes: Change[]; byOp: Map<string, Change> } {
  const { buildDate, earliest, place } = rules;
  const breaking = breakingUnder(rules.majorBump);
  const changes: Change[] = [];
  const byOp = new Map<string, Change>();
  const pairedBase = new Set(pairs.values());
  for (const [key, op] of baseOps) {
    if (pairedBase.has(key)) continue;
    const where = place(op.pointer);
    const sunset = dayText(op.sunset);
    const base0 = { class: 'breaking' as const, operations: [op.ref], ...where, diffs: [] };
    let change: Change;
    if (op.deprecated && sunset && isDay(sunset) && sunset < buildDate)
      change = {
        ...base0,
        code: 'operation-removed-after-sunset',
        decision: 'allowed',
        allowedBy: 'sunset-passed',
        rule: RULES.sunset,
        params: { sunset, buildDate },
      };
    else if (op.deprecated && sunset && isDay(sunset))
      change = breaking({
        ...base0,
        code: 'operation-removed-before-sunset',
        rule: RULES.sunset,
        params: { sunset, buildDate },
      });
    else if (op.deprecated)
      change = breaking({ ...base0, code: 'operation-removed-without-sunset', rule: RULES.sunset, params: {} });
    else change = breaking({ ...base0, code: 'operation-removed', rule: RULES.sunset, params: {} });
    changes.push(change);
    byOp.set(key, change);
  }
  for (const [key, op] of headOps) {
    const baseKey = pairs.get(key);
    const before = baseKey ? baseOps.get(baseKey) : undefined;
    const where = place(op.pointer);
    const common = { operations: [op.ref], ...where, diffs: [] };
    /** A deprecation whose sunset date the notice period refuses, as a failing change. */
    const refused = (problem: NonNullable<ReturnType<typeof sunsetProblem>>): Change => ({
      ...common,
      class: 'deprecation',
      decision: 'fail',
      code: problem.code,
      rule: problem.rule,
      params: problem.params,
    });
    if (!before) {
      const problem = op.deprecated ? sunsetProblem(op.sunset, earliest) : undefined;
      const change: Change = problem
        ? refused(problem)
        : { ...common, class: 'non-breaking', decision: 'pass', code: 'operation-added', params: {} };
      changes.push(change);
      byOp.set(key, change);
      continue;
    }
    if (op.deprecated && !before.deprecated) {
      const problem = sunsetProblem(op.sunset, earliest);
      const change: Change = problem
        ? refused(problem)
        : {
            ...common,
            class: 'deprecation',
            decision: 'pass',
            code: 'operation-deprecated',
            rule: RULES.notice,
            params: { sunset: dayText(op.sunset) },
          };
      changes.push(change);
      byOp.set(key, change);
    } else if (!op.deprecated && before.deprecated) {
      const change: Change = {
        ...common,
        class: 'deprecation',
        decision: 'pass',
        code: 'operation-undeprecated',
        params: {},
      };
      changes.push(change);
      byOp.set(key, change);
    } else if (op.deprecated && dayText(op.sunset) !== dayText(before.sunset)) {
      const now = dayText(op.sunset);
      const was = dayText(before.sunset);
      // Moving a sunset later only gives more time; moving it earlier must still leave the notice period.
      const problem = sunsetProblem(op.sunset, isDay(was) && isDay(now) && now > was ? '0000-01-01' : earliest);
      const change: Change = problem
        ? {
            ...common,
            class: 'deprecation',
            decision: 'fail',
            code: problem.code,
            rule: problem.rule,
            params: { ...problem.params, ...(was ? { was } : {}) },
          }
        : {
            ...common,
            class: 'deprecation',
            decision: 'pass',
            code: 'sunset-changed',
            rule: RULES.notice,
            params: { sunset: now, ...(was ? { was } : {}) },
          };
      changes.push(change);
      byOp.set(key, change);
    }
  }

  return { changes, byOp };
}

/**
 * The report from its changes: sorted (refused first, then by class and line) and counted.
 */
export function finishReport(
  changes: Change[],
  sides: { base: Side; head: Side },
  options: { buildDate: string; noticeDays: number; majorBump: boolean },
): Report {
  const rank = { fail: 0, allowed: 1, pass: 2 } as const;
  changes.sort(
    (a, b) =>
      rank[a.decision] - rank[b.decision] ||
      CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class) ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0),
  );
  const summary = {
    breaking: 0,
    'non-breaking': 0,
    deprecation: 0,
    documentation: 0,
    unclassified: 0,
    fail: 0,
    allowed: 0,
  };
  for (const c of changes) {
    summary[c.class]++;
    if (c.decision === 'fail') summary.fail++;
    if (c.decision === 'allowed') summary.allowed++;
  }
  return {
    ok: summary.fail === 0,
    base: sides.base,
    head: sides.head,
    buildDate: options.buildDate,
    noticeDays: options.noticeDays,
    majorBump: options.majorBump,
    summary,
    changes,
  };
}

/**
 * Applies the policy: operation-level decisions (added, removed, deprecated, sunset dates) first, then every
 * other difference grouped by where it is written in the head description (one edit of a shared schema is one
 * change, listing every operation it touches).
 *
 * @param base the earlier description (the form that was compared)
 * @param head the later description
 * @param diffs api-smart-diff's differences between them ({@link compareDocuments})
 * @throws {Error} when `options.buildDate` is not a calendar date
 */
export function applyPolicy(
  base: { doc: JsonObject; side: Side },
  head: { doc: JsonObject; side: Side },
  diffs: RawDiff[],
  options: PolicyOptions,
): Report {
  const { buildDate, noticeDays, headFile, locate } = options;
  const earliest = addDays(buildDate, noticeDays);
  const majorBump = isMajorBump(base.side.version, head.side.version);
  const baseOps = operations(base.doc);
  const headOps = operations(head.doc);
  const place = (pointer: string): Pick<Change, 'location' | 'pointer'> => {
    if (!locate) return { pointer };
    const f = locate(pointer);
    return { pointer: f.pointer, location: { file: headFile, line: f.line, column: f.column } };
  };
  const breaking = breakingUnder(majorBump);

  // Operation-level decisions.
  const pairs = pairOperations(baseOps, headOps);
  const { changes, byOp } = decideOperations(baseOps, headOps, pairs, { buildDate, earliest, majorBump, place });

  for (const [hk, bk] of pairs) {
    const c = byOp.get(hk);
    if (hk !== bk && c) byOp.set(bk, c);
  }

  // The library's differences: folded into an operation-level change when they are that change, else grouped by
  // where they are written.
  const groups = new Map<string, { change: Change; fromPaths: ChangeClass[]; all: ChangeClass[] }>();
  for (const d of diffs) {
    const tokens = parsePointer(d.pointer);
    const at = operationTokens(tokens);
    if (at) {
      const owner = byOp.get(at.key);
      const last = tokens[at.depth];
      if (
        owner &&
        (tokens.length === at.depth ||
          owner.code.startsWith('operation-removed') ||
          (tokens.length === at.depth + 1 && (last === 'deprecated' || last === 'x-deprecated-sunset')))
      ) {
        owner.diffs.push(d);
        continue;
      }
    }
    if (
      tokens[0] === 'paths' &&
      (tokens.length === 2 || (tokens.length === 3 && tokens[2] === 'additionalOperations')) &&
      d.action !== 'rename'
    ) {
      // A whole path item (or its whole `additionalOperations`) added or removed: its operations say it.
      const owner = [...byOp.values()].find((c) => c?.operations.some((o) => o.path === tokens[1]));
      if (owner) {
        owner.diffs.push(d);
        continue;
      }
    }
    // A removed item is written nowhere in the head: place it at its parent.
    const target = d.action === 'remove' && tokens.length > 0 ? tokens.slice(0, -1) : tokens;
    const found = locate?.(formatPointer(target));
    const rest = d.action === 'remove' ? [...(found?.rest ?? []), tokens.at(-1) as string] : (found?.rest ?? []);
    const where = found ? found.pointer : formatPointer(target);
    const groupKey = `${where}|${rest.join('/')}|${d.action}`;
    const op = operationAt(tokens, headOps, baseOps);
    const schemaMatch =
      /^\/components\/schemas\/([^/]+)/.exec(where) ?? /^\/components\/schemas\/([^/]+)/.exec(d.pointer);
    let g = groups.get(groupKey);
    if (!g) {
      const change: Change = {
        code: 'unclassified-change',
        class: 'unclassified',
        decision: 'pass',
        operations: [],
        pointer: `${where}${formatPointer(rest)}`,
        params: { action: d.action, ...(d.description ? { detail: d.description } : {}) },
        diffs: [],
      };
      if (found) change.location = { file: headFile, line: found.line, column: found.column };
      if (schemaMatch) change.schema = unescapePointerToken(schemaMatch[1] as string);
      g = { change, fromPaths: [], all: [] };
      groups.set(groupKey, g);
    }
    g.change.diffs.push(d);
    if (!g.change.params.detail && d.description) g.change.params.detail = d.description;
    g.all.push(d.class);
    if (op) {
      g.fromPaths.push(d.class);
      if (!g.change.operations.some((o) => sameOp(o, op))) g.change.operations.push(op);
    }
  }
  for (const { change, fromPaths, all } of groups.values()) {
    const onlyOne = change.operations.length === 1 && !change.schema && change.diffs.length === 1;
    if (!onlyOne || !change.params.detail) change.params.summary = describe(change);
    // Where operations use the edit, their classes say what it means for clients (a schema narrowed only in
    // responses is not breaking, though the component alone would say so).
    const cls = worst(fromPaths.length ? fromPaths : all);
    change.class = cls;
    change.code = `${cls}-change` as ChangeCode;
    change.rule = RULES.classification;
    if (cls === 'breaking') Object.assign(change, breaking(change));
    changes.push(change);
  }

  return finishReport(changes, { base: base.side, head: head.side }, { buildDate, noticeDays, majorBump });
}

function isDay(s: string): boolean {
  try {
    parseDay(s);
    return true;
  } catch {
    return false;
  }
}

const VERB = { add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed' } as const;

/** A short JSON rendering of a value for a sentence. */
function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? '' : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * Our own sentence for a grouped change (the library words each use of a shared schema separately):
 * `Removed "sold" from enum` or `Changed type from "string" to "integer"`, with where it is inside a schema.
 */
export function describe(c: Change): string {
  const d = c.diffs[0] as RawDiff;
  const tokens = parsePointer(c.pointer);
  const last = tokens.at(-1) ?? '';
  const parent = tokens.at(-2) ?? '';
  const verb = VERB[d.action];
  let s: string;
  if (d.action === 'rename') s = `${verb} ${show(d.before)} to ${show(d.after)}`;
  else if (/^\d+$/.test(last) && parent)
    s = `${verb} ${d.action === 'remove' ? show(d.before) : show(d.after)} ${d.action === 'add' ? 'to' : d.action === 'remove' ? 'from' : 'in'} ${parent}`;
  else if (d.action === 'replace' && d.before !== undefined && d.after !== undefined)
    s = `${verb} ${last} from ${show(d.before)} to ${show(d.after)}`;
  else if (d.action === 'add' && d.after !== undefined) s = `${verb} ${last}: ${show(d.after)}`;
  else if (d.action === 'remove' && d.before !== undefined) s = `${verb} ${last} (was ${show(d.before)})`;
  else s = `${verb} ${last || 'the document'}`;
  const m = /^\/components\/schemas\/[^/]+((?:\/[^/]+)*)$/.exec(c.pointer);
  const inner = m?.[1] ? parsePointer(m[1]).slice(0, /^\d+$/.test(last) ? -2 : -1) : [];
  if (inner.length) s += ` at ${inner.join('.')}`;
  else if (!m && c.pointer && !c.schema) s += ` at ${c.pointer}`;
  return s;
}
