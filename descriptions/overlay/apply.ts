/**
 * Applying an Overlay to a description, for translations: the actions' targets are RFC 9535 JSONPath
 * expressions evaluated by `jsonpath-rfc9535` (it passes the JSONPath Compliance Test Suite); each
 * action runs on the result of the ones before it, `update` merges into every selected node (objects
 * recursively, other values replaced: Overlay 1.0.0 §4.4.3) and `remove` removes every selected node.
 *
 * A translation must leave the API as it is in every language, so an action may only set or remove
 * human-readable text ({@link TEXT_FIELDS}: a `summary`, `description`, `title` or tag `x-displayName`
 * whose value is a string): anything else (a path, a schema type, a status, an enum, an array entry, a
 * new key) is refused with the action's place. A target that selects nothing is a warning with its place
 * (the description moved on; the overlay needs updating). Pure: the description is not changed, a copy is.
 */
import { exec } from 'jsonpath-rfc9535';
import { isObject, type JsonObject } from '../json.ts';
import { escapePointerToken } from '../pointer.ts';
import { OverlayError, type OverlayProblem } from './errors.ts';
import type { Overlay, OverlayAction } from './read.ts';

/** Keys whose string values are text for people: what a translation may change. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set(['summary', 'description', 'title', 'x-displayName']);

/**
 * Keys whose value is a map from names (paths, properties, status codes, components) to objects: inside
 * one, a key is a name, never a text field, and no key may be added.
 */
const NAMED_MAPS: ReadonlySet<string> = new Set([
  'paths',
  'webhooks',
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'responses',
  'schemas',
  'parameters',
  'requestBodies',
  'headers',
  'examples',
  'links',
  'callbacks',
  'securitySchemes',
  'pathItems',
  'mediaTypes',
  'content',
  'encoding',
  'variables',
  'mapping',
  'scopes',
  // AsyncAPI's maps of named objects (an event API's Overlay targets them the same way).
  'channels',
  'operations',
  'messages',
  'servers',
  'messageTraits',
  'operationTraits',
]);

/** What applying an overlay gives. */
export interface AppliedOverlay {
  /** the description with the overlay's text in it (a copy) */
  document: JsonObject;
  /** targets that selected nothing (`target-unmatched`), in action order */
  warnings: OverlayProblem[];
  /** how many text values the overlay set */
  changed: number;
}

type Path = (string | number)[];

const pointerOf = (path: Path) => path.map((k) => `/${escapePointerToken(String(k))}`).join('');

function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** Whether the key at the end of `path` names a text field (not a name inside a map of names). */
function isTextField(path: Path): boolean {
  const key = path.at(-1);
  const parent = path.at(-2);
  return typeof key === 'string' && TEXT_FIELDS.has(key) && !(typeof parent === 'string' && NAMED_MAPS.has(parent));
}

/**
 * The text changes one update makes at one node, or the first thing it would change that is not text.
 * @returns the pointers and strings to set, or a refusal naming the pointer
 */
function textChanges(
  node: unknown,
  update: unknown,
  path: Path,
): { set: Array<{ path: Path; value: string }> } | { refused: { pointer: string; detail: string } } {
  const set: Array<{ path: Path; value: string }> = [];
  const walk = (current: unknown, value: unknown, at: Path): { pointer: string; detail: string } | undefined => {
    if (typeof value === 'string' && isTextField(at) && (current === undefined || typeof current === 'string')) {
      set.push({ path: at, value });
      return undefined;
    }
    if (isObject(value) && isObject(current) && !Array.isArray(current)) {
      for (const [key, inner] of Object.entries(value)) {
        const refusal = walk(current[key], inner, [...at, key]);
        if (refusal) return refusal;
      }
      return undefined;
    }
    if (Array.isArray(current)) {
      return { pointer: pointerOf(at), detail: 'would add an entry to a list; a translation may only change text' };
    }
    const what = at.length > 0 ? `"${String(at.at(-1))}"` : 'the root';
    const detail =
      typeof value === 'string' && current !== undefined && typeof current !== 'string'
        ? `would replace ${what}, which is not text, with a string`
        : `would change ${what}, which is not human-readable text (only ${[...TEXT_FIELDS].join(', ')} strings may change)`;
    return { pointer: pointerOf(at), detail };
  };
  const refused = walk(node, update, path);
  return refused ? { refused } : { set };
}

/** The nodes a target selects, by path; a syntax error in the target is a problem with its place. */
function select(document: unknown, action: OverlayAction, file: string): Path[] {
  const found: Path[] = [];
  try {
    exec(document as never, action.target, (_value, path) => {
      found.push([...path]);
    });
  } catch (error) {
    throw new OverlayError([
      {
        code: 'target-invalid',
        file,
        line: action.line,
        column: action.column,
        target: action.target,
        detail: `actions[${action.index}].target is not an RFC 9535 JSONPath expression: ${(error as Error).message}`,
      },
    ]);
  }
  return found;
}

/**
 * Applies an overlay's actions in order to a copy of a description.
 * @param document the description (its own version, external `$ref`s bundled: what the loader's `source` is)
 * @throws {OverlayError} code `target-invalid` for a target that is not JSONPath, `not-text` for an action
 *   that would change anything but text (every such action is reported, with its line); nothing is applied
 */
export function applyOverlay(document: JsonObject, overlay: Overlay): AppliedOverlay {
  const out = structuredClone(document);
  const warnings: OverlayProblem[] = [];
  const refusals: OverlayProblem[] = [];
  let changed = 0;
  for (const action of overlay.actions) {
    const place = { file: overlay.file, line: action.line, column: action.column, target: action.target };
    const paths = select(out, action, overlay.file);
    if (paths.length === 0) {
      warnings.push({
        code: 'target-unmatched',
        ...place,
        detail: `actions[${action.index}].target ${action.target} selects nothing in the description`,
      });
      continue;
    }
    if (action.remove) {
      const notText = paths.find((p) => !isTextField(p) || typeof valueAt(out, p) !== 'string');
      if (notText) {
        refusals.push({
          code: 'not-text',
          ...place,
          pointer: pointerOf(notText),
          detail: `actions[${action.index}] would remove something that is not human-readable text`,
        });
        continue;
      }
      for (const p of paths) delete (valueAt(out, p.slice(0, -1)) as JsonObject)[p.at(-1) as string];
      continue;
    }
    if (action.update === undefined) continue;
    const writes: Array<{ path: Path; value: string }> = [];
    let refusal: OverlayProblem | undefined;
    for (const p of paths) {
      const result = textChanges(valueAt(out, p), action.update, p);
      if ('refused' in result) {
        refusal = {
          code: 'not-text',
          ...place,
          pointer: result.refused.pointer,
          detail: `actions[${action.index}] ${result.refused.detail}`,
        };
        break;
      }
      writes.push(...result.set);
    }
    if (refusal) {
      refusals.push(refusal);
      continue;
    }
    for (const w of writes) {
      const parent = valueAt(out, w.path.slice(0, -1)) as JsonObject;
      if (parent[w.path.at(-1) as string] !== w.value) changed++;
      parent[w.path.at(-1) as string] = w.value;
    }
  }
  if (refusals.length > 0) throw new OverlayError(refusals);
  return { document: out, warnings, changed };
}
