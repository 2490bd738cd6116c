/**
 * Reading an OpenAPI Overlay document (Overlay Specification 1.0.0 and 1.1.0): the YAML or JSON text
 * parsed with each action's place in the file kept, so that a problem found while applying it can name
 * `file:line:col`. Pure: text in, a checked overlay out.
 */
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { isObject } from '../json.ts';
import { OverlayError, type OverlayProblem } from './errors.ts';

/** One Action Object (Overlay §4.4.3) with where it is written. */
export interface OverlayAction {
  /** 0-based position in `actions` */
  index: number;
  /** JSONPath expression (RFC 9535) selecting the nodes the action changes */
  target: string;
  /** the value merged into each selected node (objects merged recursively, other values replace) */
  update?: unknown;
  /** `remove: true`: each selected node is removed from its parent */
  remove: boolean;
  /** 1-based line and column of the action's `target` in the overlay file */
  line: number;
  column: number;
}

/** An Overlay document, checked. */
export interface Overlay {
  /** absolute path of the overlay file (named in every problem) */
  file: string;
  /** `overlay` as written: `1.0.0`, `1.1.0` */
  version: string;
  /** `info.title` */
  title: string;
  /** `extends`, when given: the description the overlay was written for */
  extends?: string;
  actions: OverlayAction[];
}

/** Overlay versions this reader knows: 1.0.x and 1.1.x (1.1 adds `copy`, refused below as not text). */
const VERSION = /^1\.[01]\.\d+$/;

/** 1-based position of a node in the text, or of the document start. */
function positionOf(node: Node | null | undefined, lines: LineCounter): { line: number; column: number } {
  const offset = node?.range?.[0] ?? 0;
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

/**
 * Parses and checks an overlay file's text.
 * @param text the file's content (YAML; JSON is YAML)
 * @param file absolute path, named in errors
 * @throws {OverlayError} code `syntax` (with line and column) or `structure` (a missing `overlay`, `info`
 *   or `actions`, an action without a string `target`, an action with `copy`), every problem at once
 */
export function parseOverlay(text: string, file: string): Overlay {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const [first] = doc.errors;
  if (first) {
    const { line, col } = lines.linePos(first.pos[0]);
    throw new OverlayError([
      { code: 'syntax', file, line, column: col, detail: `YAML syntax error: ${first.message}` },
    ]);
  }
  const value = doc.toJS() as unknown;
  const root = doc.contents;
  const problems: OverlayProblem[] = [];
  const at = (node: Node | null | undefined) => ({ file, ...positionOf(node, lines) });
  if (!isObject(value) || !isMap(root)) {
    throw new OverlayError([{ code: 'structure', ...at(root), detail: 'not an Overlay document: expected a mapping' }]);
  }
  const version = value.overlay;
  if (typeof version !== 'string' || !VERSION.test(version)) {
    problems.push({
      code: 'structure',
      ...at(root.get('overlay', true) as Node | undefined),
      detail: `overlay: expected "1.0.0" or "1.1.0" (the Overlay Specification version), got ${JSON.stringify(version ?? null)}`,
    });
  }
  const info = value.info;
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    problems.push({
      code: 'structure',
      ...at(root.get('info', true) as Node | undefined),
      detail: 'info: expected an object with a string `title` and `version`',
    });
  }
  const actionsNode = root.get('actions', true) as Node | undefined;
  const actions: OverlayAction[] = [];
  if (!Array.isArray(value.actions) || !isSeq(actionsNode)) {
    problems.push({ code: 'structure', ...at(actionsNode ?? root), detail: 'actions: expected a list of actions' });
  } else {
    value.actions.forEach((raw, index) => {
      const node = actionsNode.items[index] as Node | undefined;
      const targetNode = isMap(node) ? (node.get('target', true) as Node | undefined) : undefined;
      const place = positionOf(targetNode ?? node, lines);
      if (!isObject(raw) || typeof raw.target !== 'string' || raw.target === '') {
        problems.push({ code: 'structure', file, ...place, detail: `actions[${index}]: expected a string \`target\`` });
        return;
      }
      if (raw.copy !== undefined) {
        problems.push({
          code: 'not-text',
          file,
          ...place,
          target: raw.target,
          detail: `actions[${index}]: \`copy\` moves parts of the description; a translation may only change text`,
        });
        return;
      }
      if (raw.remove !== undefined && typeof raw.remove !== 'boolean') {
        problems.push({
          code: 'structure',
          file,
          ...place,
          detail: `actions[${index}].remove: expected true or false`,
        });
        return;
      }
      actions.push({
        index,
        target: raw.target,
        ...(raw.update !== undefined ? { update: raw.update } : {}),
        remove: raw.remove === true,
        ...place,
      });
    });
  }
  if (problems.length > 0) throw new OverlayError(problems);
  const title = isObject(info) ? String(info.title) : '';
  return {
    file,
    version: String(version),
    title,
    ...(typeof value.extends === 'string' ? { extends: value.extends } : {}),
    actions,
  };
}
