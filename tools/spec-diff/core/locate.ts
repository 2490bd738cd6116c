/**
 * Where a JSON pointer is written in the text of a description: line and column, following local `$ref`s the way
 * a reader would (a change inside `#/components/schemas/Pet` reached through an operation is written in `Pet`).
 * Pure: text in, positions out.
 *
 * YAML text is read with the `yaml` package (`parseDocument` with a `LineCounter`: node ranges are offsets into
 * the text), reusing the tree the loader parsed for the description's value when it is given. JSON text, which is also YAML, is scanned by a small JSON reader instead: the YAML composer takes
 * far longer and far more memory on a large JSON description (GitHub's) than the scanner, which visits
 * only the objects on the way to each pointer and remembers their keys.
 */
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { YamlTree } from '../../../descriptions/loader/index.ts';
import { formatPointer, parsePointer } from '../../../descriptions/pointer.ts';

/** Where a pointer was found. */
export interface Found {
  /** 1-based line and column of the deepest part of the pointer that exists (the key, or the array item). */
  line: number;
  column: number;
  /** The pointer of that position after following `$ref`s (where it is written). */
  pointer: string;
  /** Whether the whole pointer exists (false: the position is its deepest existing ancestor). */
  exact: boolean;
  /** The tokens of the pointer that do not exist (empty when exact). */
  rest: string[];
}

/** Finds pointers in one text; build it once per text (it caches what it parsed). */
export type Locator = (pointer: string) => Found;

/** A `$ref` this locator can follow: local (`#/…`). */
function localRef(v: unknown): string[] | undefined {
  if (typeof v !== 'string' || !v.startsWith('#')) return undefined;
  try {
    return parsePointer(v);
  } catch {
    return undefined;
  }
}

/** Position from a zero-based offset, with line starts computed once. */
function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
  };
}

/**
 * The shared walk: `step(container, token)` returns the child (and the offset where it is written) or undefined;
 * `ref(container)` its local `$ref` tokens. Up to 64 `$ref` hops, so a circular chain ends.
 */
function walk<N>(
  root: N,
  tokens: string[],
  step: (node: N, token: string) => { node: N; offset: number } | undefined,
  ref: (node: N) => string[] | undefined,
  rootOffset: number,
): { offset: number; at: string[]; exact: boolean; rest: string[] } {
  let node = root;
  let at: string[] = [];
  let offset = rootOffset;
  let hops = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    let next = step(node, token);
    while (!next && hops < 64) {
      const target = ref(node);
      if (!target) break;
      hops++;
      // Walk from the root to the target, then take the step there.
      let n = root;
      let found = true;
      for (const t of target) {
        const s = step(n, t);
        if (!s) {
          found = false;
          break;
        }
        n = s.node;
      }
      if (!found) break;
      node = n;
      at = target;
      next = step(node, token);
    }
    if (!next) return { offset, at, exact: false, rest: tokens.slice(i) };
    node = next.node;
    offset = next.offset;
    at = [...at, token];
  }
  return { offset, at, exact: true, rest: [] };
}

/**
 * A locator for YAML text (the `yaml` package's node ranges).
 * @param tree the text's syntax tree when the loader kept it (its load parsed the text already); else parsed here
 */
export function yamlLocator(text: string, tree?: YamlTree): Locator {
  let counter: LineCounter;
  let doc: Document;
  if (tree) ({ document: doc, lineCounter: counter } = tree);
  else {
    counter = new LineCounter();
    doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
  }
  const root = doc.contents as Node | null;
  const step = (node: Node | null, token: string): { node: Node | null; offset: number } | undefined => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key === token)
          return { node: pair.value as Node | null, offset: (pair.key as Node).range?.[0] ?? node.range?.[0] ?? 0 };
      }
      return undefined;
    }
    if (isSeq(node) && /^(0|[1-9]\d*)$/.test(token)) {
      const item = node.items[Number(token)] as Node | undefined;
      return item ? { node: item, offset: item.range?.[0] ?? 0 } : undefined;
    }
    return undefined;
  };
  const ref = (node: Node | null): string[] | undefined => {
    if (!isMap(node)) return undefined;
    const v = node.get('$ref');
    return localRef(v);
  };
  return (pointer) => {
    const r = walk(root, parsePointer(pointer), step, ref, root?.range?.[0] ?? 0);
    const pos = counter.linePos(r.offset);
    return { line: pos.line, column: pos.col, pointer: formatPointer(r.at), exact: r.exact, rest: r.rest };
  };
}

/** A JSON value in the text: its start offset; containers remember their members once scanned. */
interface JsonNode {
  start: number;
  members?: Map<string, { key: number; value: JsonNode }>;
  ref?: string[];
}

/** A locator for JSON text: a scanner that reads only the containers on the way. @throws {SyntaxError} on bad JSON */
export function jsonLocator(text: string): Locator {
  const ws = (i: number): number => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    return i;
  };
  const endOfString = (i: number): number => {
    // i at the opening quote; returns the index after the closing quote.
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 92) j++;
      else if (c === 34) return j + 1;
    }
    throw new SyntaxError(`unterminated string at offset ${i}`);
  };
  const endOfValue = (i: number): number => {
    const c = text[i];
    if (c === '"') return endOfString(i);
    if (c === '{' || c === '[') {
      let depth = 0;
      for (let j = i; j < text.length; j++) {
        const d = text.charCodeAt(j);
        if (d === 34) j = endOfString(j) - 1;
        else if (d === 123 || d === 91) depth++;
        else if (d === 125 || d === 93) {
          depth--;
          if (depth === 0) return j + 1;
        }
      }
      throw new SyntaxError(`unterminated container at offset ${i}`);
    }
    let j = i;
    while (j < text.length && !',}] \n\r\t'.includes(text[j] as string)) j++;
    return j;
  };
  const scan = (node: JsonNode): void => {
    if (node.members) return;
    node.members = new Map();
    const open = text[node.start];
    if (open !== '{' && open !== '[') return;
    let i = ws(node.start + 1);
    let index = 0;
    while (i < text.length && text[i] !== '}' && text[i] !== ']') {
      let key: string;
      let keyAt = i;
      if (open === '{') {
        const end = endOfString(i);
        key = JSON.parse(text.slice(i, end)) as string;
        i = ws(end);
        if (text[i] !== ':') throw new SyntaxError(`expected ":" at offset ${i}`);
        i = ws(i + 1);
      } else {
        key = String(index++);
        keyAt = i;
      }
      const value: JsonNode = { start: i };
      node.members.set(key, { key: keyAt, value });
      if (key === '$ref' && text[i] === '"') node.ref = localRef(JSON.parse(text.slice(i, endOfString(i))));
      i = ws(endOfValue(i));
      if (text[i] === ',') i = ws(i + 1);
    }
  };
  const lines = lineIndex(text);
  const root: JsonNode = { start: ws(0) };
  const step = (node: JsonNode, token: string): { node: JsonNode; offset: number } | undefined => {
    scan(node);
    const m = node.members?.get(token);
    return m ? { node: m.value, offset: m.key } : undefined;
  };
  const ref = (node: JsonNode): string[] | undefined => {
    scan(node);
    return node.ref;
  };
  return (pointer) => {
    const r = walk(root, parsePointer(pointer), step, ref, root.start);
    const pos = lines(r.offset);
    return { line: pos.line, column: pos.column, pointer: formatPointer(r.at), exact: r.exact, rest: r.rest };
  };
}

/** The locator for a description's text in its format (`tree`: its YAML syntax tree, when already parsed). */
export function locator(text: string, format: 'yaml' | 'json', tree?: YamlTree): Locator {
  return format === 'json' ? jsonLocator(text) : yamlLocator(text, tree);
}
