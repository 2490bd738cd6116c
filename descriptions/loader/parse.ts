import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { parsePointer } from '../pointer.ts';
import { DescriptionError } from './errors.ts';
import type { YamlTree } from './types.ts';

/** A parsed file: its value and the syntax it was written in. */
export interface ParsedFile {
  value: unknown;
  format: 'yaml' | 'json';
  /** The YAML syntax tree, when asked for (`keepTree`) and the text is YAML. */
  tree?: YamlTree;
}

/**
 * Whether a text is JSON: by its first non-blank character. JSON is read with `JSON.parse`, because a
 * YAML parser is many times slower on a large description.
 */
function looksLikeJson(text: string): boolean {
  const c = text.trimStart()[0];
  return c === '{' || c === '[';
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Parses the YAML or JSON text of a description file. Pure.
 * @param text the file's content
 * @param file absolute path, named in errors
 * @param keepTree also return the YAML syntax tree (for a caller that locates values in the text: the parse is
 *   the slowest step of a load, not to be done twice)
 * @throws {DescriptionError} code `syntax`, with the line and column of the first syntax error
 */
export function parseFile(text: string, file: string, keepTree = false): ParsedFile {
  if (looksLikeJson(text)) {
    try {
      return { value: JSON.parse(text), format: 'json' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // V8: "Unexpected token } in JSON at position 12" or "... (line 2 column 5)".
      const lc = /line (\d+) column (\d+)/.exec(message);
      const pos = /position (\d+)/.exec(message);
      const where = lc ? { line: Number(lc[1]), column: Number(lc[2]) } : pos ? lineColumn(text, Number(pos[1])) : {};
      const detail = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
      throw new DescriptionError([{ code: 'syntax', file, ...where, detail: `JSON syntax error: ${detail}` }]);
    }
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, merge: true });
  const [first] = doc.errors;
  if (first) {
    const { line, col } = lineCounter.linePos(first.pos[0]);
    const detail = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? first.message;
    throw new DescriptionError([{ code: 'syntax', file, line, column: col, detail: `YAML syntax error: ${detail}` }]);
  }
  const value = doc.toJS({ maxAliasCount: -1 });
  return keepTree ? { value, format: 'yaml', tree: { document: doc, lineCounter } } : { value, format: 'yaml' };
}

/** The last text parsed for positions: a description with many problems is parsed once, not once per problem. */
let lastPositioned: { text: string; doc: ReturnType<typeof parseDocument>; lineCounter: LineCounter } | undefined;

function positioned(text: string): { doc: ReturnType<typeof parseDocument>; lineCounter: LineCounter } {
  if (lastPositioned?.text !== text) {
    const lineCounter = new LineCounter();
    lastPositioned = { text, doc: parseDocument(text, { lineCounter, keepSourceTokens: false }), lineCounter };
  }
  return lastPositioned;
}

/**
 * The 1-based line and column where the value at a JSON pointer starts in a YAML or JSON text (JSON
 * is YAML). Used only to place an error, so it may cost a full YAML parse.
 * @returns undefined when the pointer does not lead to a node
 */
export function positionOf(text: string, pointer: string): { line: number; column: number } | undefined {
  const { doc, lineCounter } = positioned(text);
  let node: unknown = doc.contents;
  let keyNode: Node | undefined;
  for (const token of parsePointer(pointer)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === token);
      if (!pair) return undefined;
      keyNode = isScalar(pair.key) ? pair.key : undefined;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(token)];
      keyNode = undefined;
    } else return undefined;
  }
  const range = (node as Node | null)?.range ?? keyNode?.range;
  if (!range) return undefined;
  const { line, col } = lineCounter.linePos(range[0]);
  return { line, column: col };
}
