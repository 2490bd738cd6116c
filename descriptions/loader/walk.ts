import { formatPointer } from '../pointer.ts';

/** A `$ref` found in a document: its value and the tokens of the object that holds it. */
export interface RefSite {
  ref: string;
  /** tokens of the object holding `$ref` (its JSON pointer is `formatPointer(at)`) */
  at: string[];
}

/**
 * Keys whose values are data, not OpenAPI or JSON Schema objects: a `$ref` inside them is literal
 * data (an example of a payload that happens to have a `$ref` key), never a reference.
 */
const DATA_KEYS = new Set(['example', 'default', 'const', 'enum']);

/**
 * Every `$ref` string of a document, in document order, without following any. Skips literal data
 * (`example`, `default`, `const`, `enum`, schema `examples` arrays, `value` of an Example Object is
 * under `examples` maps and skipped too) and specification extensions (`x-…`). Iterative, so a deep
 * document cannot overflow the stack.
 */
export function findRefs(root: unknown): RefSite[] {
  const out: RefSite[] = [];
  const stack: Array<{ node: unknown; at: string[] }> = [{ node: root, at: [] }];
  while (stack.length > 0) {
    const { node, at } = stack.pop() as { node: unknown; at: string[] };
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], at: [...at, String(i)] });
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string') out.push({ ref: obj.$ref, at });
    const keys = Object.keys(obj);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      if (key === '$ref' || key.startsWith('x-') || DATA_KEYS.has(key)) continue;
      if (key === 'examples' && Array.isArray(obj[key])) continue; // JSON Schema examples: data
      if (key === 'value' && at[at.length - 2] === 'examples') continue; // Example Object value: data
      stack.push({ node: obj[key], at: [...at, key] });
    }
  }
  // The stack visits children in reverse push order, which is document order; keep it.
  return out;
}

/** The JSON pointer of a {@link RefSite}'s `$ref` key. */
export function refPointer(site: RefSite): string {
  return formatPointer([...site.at, '$ref']);
}
