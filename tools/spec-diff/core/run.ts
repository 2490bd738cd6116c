/**
 * One comparison, start to end, without I/O: two descriptions in, a {@link Report} out.
 */

import type { JsonObject } from '../../../descriptions/json.ts';
import type { Description } from '../load.ts';
import { compareDocuments } from './compare.ts';
import { diffEvents } from './events.ts';
import { type Locator, locator } from './locate.ts';
import { applyPolicy } from './policy.ts';
import type { Report } from './types.ts';

/** Options of a comparison. */
export interface DiffOptions {
  /** The date sunsets are judged against (UTC, YYYY-MM-DD). */
  buildDate: string;
  /** Minimum days from the build date to a new sunset date (default in the CLI: 90). */
  noticeDays: number;
  /** How the base is named in reports (`main:spec/openapi.yaml`) and its commit when read from git. */
  baseLabel: string;
  baseCommit?: string;
  /** The head file as annotations name it (a repository path). */
  headFile: string;
}

/** Whether two descriptions are compared as written (same OpenAPI 3.0 or 3.1 version) rather than upgraded. */
export function comparedAsWritten(base: Description, head: Description): boolean {
  return base.sourceVersion === head.sourceVersion && ['3.0.x', '3.1.x'].includes(head.sourceVersion);
}

/**
 * Compares two descriptions and applies the deprecation policy.
 *
 * Descriptions written in the same OpenAPI 3.0 or 3.1 version are compared as written (no upgrade: faster, and
 * the pointers are those of the text); otherwise both are compared in the loader's OpenAPI 3.2 form, so a
 * description moved from 3.0 to 3.1 is not reported as changed everywhere. Two AsyncAPI descriptions (event
 * APIs) are compared by core/events.ts.
 *
 * @throws {Error} when `buildDate` is not a calendar date
 */
export function diffDescriptions(base: Description, head: Description, options: DiffOptions): Report {
  if (base.event || head.event) return diffEventDescriptions(base, head, options);
  const asWritten = comparedAsWritten(base, head);
  const b = asWritten ? base.source : base.document;
  const h = asWritten ? head.source : head.document;
  const diffs = compareDocuments(b, h);
  let loc: Locator | undefined;
  const locate: Locator = (p) => {
    loc ??= locator(head.text, head.format, head.tree);
    return loc(p);
  };
  const side = (d: Description, doc: JsonObject, label: string, commit?: string) => ({
    label,
    ...(commit ? { commit } : {}),
    version: String((doc.info as JsonObject | undefined)?.version ?? ''),
    openapi: String(d.source.openapi ?? d.source.swagger ?? ''),
  });
  const baseSide = side(base, b, options.baseLabel, options.baseCommit);
  return applyPolicy(
    { doc: b, side: base.absent ? { ...baseSide, version: '', absent: true } : baseSide },
    { doc: h, side: side(head, h, options.headFile) },
    diffs,
    { buildDate: options.buildDate, noticeDays: options.noticeDays, headFile: options.headFile, locate },
  );
}

/**
 * Compares two versions of an event API (AsyncAPI 2.x or 3.x, each in its resolved 3.x form: core/events.ts).
 * @throws {Error} when one side is not AsyncAPI (the commands refuse that first: load.ts `checkSameKind`)
 */
function diffEventDescriptions(base: Description, head: Description, options: DiffOptions): Report {
  const b = base.event;
  const h = head.event;
  if (!b || !h) throw new Error(`${base.path} and ${head.path} are not both AsyncAPI descriptions`);
  const side = (d: Description, label: string, commit?: string) => ({
    label,
    ...(commit ? { commit } : {}),
    version: String((d.event?.upgraded.info as JsonObject | undefined)?.version ?? ''),
    asyncapi: d.event?.sourceVersion ?? '',
  });
  const baseSide = side(base, options.baseLabel, options.baseCommit);
  // A head written in AsyncAPI 3 is compared in its own form: its pointers are its text's. A 2.x head's are
  // its upgrade's, so its changes are named by pointer only.
  let loc: Locator | undefined;
  const locate: Locator | undefined = h.sourceVersion.startsWith('3.')
    ? (p) => {
        loc ??= locator(head.text, head.format, head.tree);
        return loc(p);
      }
    : undefined;
  return diffEvents(
    {
      resolved: b.resolved,
      upgraded: b.upgraded,
      model: b.model,
      side: base.absent ? { ...baseSide, version: '', absent: true } : baseSide,
    },
    { resolved: h.resolved, upgraded: h.upgraded, model: h.model, side: side(head, options.headFile) },
    {
      buildDate: options.buildDate,
      noticeDays: options.noticeDays,
      headFile: options.headFile,
      ...(locate ? { locate } : {}),
    },
  );
}

/**
 * The base of a description that has none (an API new since the base revision): the head without its paths and
 * webhooks, so that a comparison lists every operation as added and applies the deprecation rules to them, and
 * reports nothing about what the API as a whole declares (`info`, `servers`, `security`, `components`: adding a
 * security requirement to an existing API would be breaking, not to a new one).
 * @param label how the base is named (`<ref>:<path>`, where the description does not exist)
 */
export function absentBase(head: Description, label: string): Description {
  if (head.event) {
    // An event API new since the base: no channels, no operations, the same components.
    const e = head.event;
    const none = (doc: JsonObject): JsonObject => ({ ...doc, channels: {}, operations: {} });
    const event = {
      ...e,
      resolved: none(e.resolved),
      upgraded: none(e.upgraded),
      model: { ...e.model, channels: [], operations: [] },
    };
    return { ...head, path: label, source: none(e.source), document: event.resolved, event, absent: true };
  }
  const empty = (doc: JsonObject): JsonObject => ({
    ...doc,
    ...(doc.paths !== undefined ? { paths: {} } : {}),
    ...(doc.webhooks !== undefined ? { webhooks: {} } : {}),
  });
  const source = empty(head.source);
  return {
    path: label,
    text: JSON.stringify(source),
    format: 'json',
    sourceVersion: head.sourceVersion,
    source,
    document: empty(head.document),
    absent: true,
  };
}
