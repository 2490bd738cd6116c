/**
 * Code blocks highlight faster: Shiki's regex scanner remembers the searches it already made.
 *
 * Expressive Code highlights every block once per theme (Starlight has a dark and a light one), and each
 * time Shiki's TextMate tokenizer asks the same scanners the same questions: a scanner's patterns never
 * change, and a search's result depends only on the line, where it starts and its options. Generated code
 * samples also repeat whole lines from one operation to the next (`import requests`, `headers = {`). A
 * scanner that answers a question it was asked before from memory makes the second theme's tokenizing
 * nearly free and the repeated lines cheaper; the tokens, hence the pages, are the same bytes.
 *
 * Expressive Code makes its Shiki highlighter itself and takes no regex engine, so the memory is added to
 * the class of the scanners that Shiki's Oniguruma engine makes (the one copy of `shiki` in node_modules
 * that Expressive Code imports too). When that class no longer has the method this relies on (a Shiki
 * release that renamed it), nothing is changed and the build says so: blocks come out the same, slower.
 */
import type { AstroIntegration } from 'astro';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';

/** What a scanner search answers (Shiki's `IOnigMatch`), or null when nothing matches. */
type Match = { index: number; captureIndices: Array<{ start: number; end: number; length: number }> } | null;
/** The string a scanner searches: a JavaScript string, or Shiki's `OnigString` holding one in `content`. */
type Searched = string | { content: string };
type Search = (this: object, string: Searched, startPosition: number, options?: number) => Match;

/**
 * Searches remembered across every scanner; past this many, all are forgotten and memory starts again.
 * Most of the gain is a block's second theme asking what its first asked, so a small memory keeps it:
 * a much larger one made highlighting no faster and kept far more memory alive through the build.
 */
export const REMEMBERED_SEARCHES = 20_000;

/** The name of a scanner search that remembers ({@link rememberingSearch}): how a wrapped class is known. */
const REMEMBERED = 'petstoreRememberedSearch';

/**
 * Wraps a scanner's search so that each scanner answers a question it was asked before (the same string,
 * start position in UTF-16 code units and options) from memory. Questions are kept by string, then by
 * position and options (one number: Oniguruma's options are bit flags below 16), so asking makes no new
 * string. Results are shared, not copied: the TextMate tokenizer reads them and never changes them.
 * @param search the scanner class's `findNextMatchSync`
 * @param limit searches remembered in all, before everything is forgotten
 */
export function rememberingSearch(search: Search, limit = REMEMBERED_SEARCHES): Search {
  let memory = new WeakMap<object, Map<string, Map<number, Match>>>();
  let size = 0;
  const remembered: Search = function (this: object, string, startPosition, options) {
    const flags = options ?? 0;
    // Options beyond the four flags Oniguruma has would not fit in the number: asked, not remembered.
    if (flags >= 16) return search.call(this, string, startPosition, options);
    const text = typeof string === 'string' ? string : string.content;
    const at = startPosition * 16 + flags;
    let byString = memory.get(this);
    if (!byString) {
      byString = new Map();
      memory.set(this, byString);
    }
    let known = byString.get(text);
    if (!known) {
      known = new Map();
      byString.set(text, known);
    }
    let match = known.get(at);
    if (match === undefined) {
      match = search.call(this, string, startPosition, options);
      if (size >= limit) {
        known = new Map();
        memory = new WeakMap([[this, new Map([[text, known]])]]);
        size = 0;
      }
      known.set(at, match);
      size += 1;
    }
    return match;
  };
  Object.defineProperty(remembered, 'name', { value: REMEMBERED });
  return remembered;
}

/**
 * Makes every scanner of Shiki's Oniguruma engine in this process remember its searches
 * ({@link rememberingSearch}); calling it again changes nothing.
 * @returns whether scanners remember (false when Shiki's scanner class has no `findNextMatchSync`)
 * @throws when Shiki's WebAssembly cannot be loaded (no block could be highlighted either)
 */
export async function rememberScannerSearches(): Promise<boolean> {
  const engine = await createOnigurumaEngine(import('shiki/wasm'));
  const scanner = engine.createScanner(['x']);
  const proto = Object.getPrototypeOf(scanner) as Record<PropertyKey, unknown>;
  (scanner as { dispose?: () => void }).dispose?.();
  const search = proto.findNextMatchSync;
  if (typeof search !== 'function') return false;
  // Already wrapped (a second build in this process, maybe by another module instance of this file):
  // the wrapper is known by its name, so that searches are never remembered twice.
  if (search.name === REMEMBERED) return true;
  proto.findNextMatchSync = rememberingSearch(search as Search);
  return true;
}

/** The integration: scanners remember their searches from the start of the build or dev server. */
export default function highlighting(): AstroIntegration {
  return {
    name: 'petstore-docs:highlighting',
    hooks: {
      'astro:config:setup': async ({ logger }) => {
        if (!(await rememberScannerSearches())) {
          logger.warn(
            "Shiki's scanners have no findNextMatchSync: code blocks are highlighted without remembered searches",
          );
        }
      },
    },
  };
}
