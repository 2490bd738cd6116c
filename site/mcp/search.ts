/**
 * The docs search of the MCP server: an in-memory inverted index over the pages' Markdown, ranked
 * with BM25 (Robertson and Zaragoza, "The Probabilistic Relevance Framework", 2009; k1 = 1.2,
 * b = 0.75) over three fields weighted as one document: the title ×3, the keywords ×3 (an
 * operation's operationId, method, path and tag) and the text ×1. Words are lower-cased, split at
 * non-letters and at camelCase humps (`getInventoryItem` → get, inventory, item, getinventoryitem),
 * and a plural `s` is dropped. Pure: documents in, ranked hits out; built once at start (a few ms for
 * the Petstore, well under a second for 2,000 pages), queried in microseconds.
 */

/** A document to index. */
export interface SearchDocument {
  /** Stable key, e.g. the page's URL path. */
  id: string;
  title: string;
  /** Extra words that should match strongly (operationId, method, path, tag). */
  keywords?: string;
  /** The body text (Markdown). */
  text: string;
  /** Multiplies the document's score (default 1): operations over the schemas they mention. */
  boost?: number;
}

/** A hit: the document's id, its score and an excerpt around the first matching line. */
export interface SearchHit {
  id: string;
  score: number;
  excerpt: string;
}

export interface SearchIndex {
  /** Documents indexed. */
  size: number;
  /**
   * The best `limit` documents for a query (every word adds; none is required), best first.
   * @returns an empty list when no word of the query occurs anywhere
   */
  search(query: string, limit?: number): SearchHit[];
}

const K1 = 1.2;
const B = 0.75;
const WEIGHTS = { title: 3, keywords: 3, text: 1 } as const;

/** The index terms of a text. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []) {
    const parts = word.replace(/['’]s$/i, '').split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u);
    for (const p of parts.length > 1 ? [...parts, parts.join('')] : parts) {
      const t = normalize(p);
      if (t) out.push(t);
    }
  }
  return out;
}

function normalize(word: string): string {
  const w = word.toLowerCase();
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/**
 * The line of a text that holds the most of the query's words (case-insensitive substring match,
 * fenced code and the title line skipped; the first of equals), trimmed to about `max` characters.
 * Scans the text's first 600 lines on demand, stopping at a line that holds every word: no
 * per-document state, so a 2,600-page corpus costs nothing until a page is a hit.
 */
export function excerpt(text: string, query: string, max = 240): string {
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].map((w) =>
    w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w,
  );
  let best = '';
  let bestCount = 0;
  let inFence = false;
  let first = true;
  // The first 600 lines: a page's description, parameters and first responses, where a match says
  // most; scanning a whole 200 KB operation page for each of 8 hits would dominate a query.
  for (const raw of text.split('\n', 600)) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const line = raw.replace(/^[#>\-*|\s]+/, '').trim();
    if (!line) continue;
    if (first) {
      first = false;
      continue;
    }
    if (!best) best = line;
    const lower = line.toLowerCase();
    let count = 0;
    for (const w of words) if (lower.includes(w)) count++;
    if (count > bestCount) {
      best = line;
      bestCount = count;
      if (count === words.length) break;
    }
  }
  return best.length > max ? `${best.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : best;
}

/** Builds the index. */
export function buildSearchIndex(docs: readonly SearchDocument[]): SearchIndex {
  const postings = new Map<string, Array<[doc: number, tf: number]>>();
  const lengths: number[] = [];
  docs.forEach((d, i) => {
    const tf = new Map<string, number>();
    let length = 0;
    for (const [field, weight] of Object.entries(WEIGHTS) as Array<[keyof typeof WEIGHTS, number]>) {
      for (const t of terms(d[field] ?? '')) {
        tf.set(t, (tf.get(t) ?? 0) + weight);
        length += weight;
      }
    }
    lengths.push(length);
    for (const [t, n] of tf) {
      const list = postings.get(t);
      if (list) list.push([i, n]);
      else postings.set(t, [[i, n]]);
    }
  });
  const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const n = docs.length;
  return {
    size: n,
    search(query: string, limit = 10): SearchHit[] {
      const q = new Set(terms(query));
      const scores = new Map<number, number>();
      for (const t of q) {
        const list = postings.get(t);
        if (!list) continue;
        const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
        for (const [doc, tf] of list) {
          const norm = tf + K1 * (1 - B + (B * (lengths[doc] ?? avg)) / avg);
          scores.set(doc, (scores.get(doc) ?? 0) + ((docs[doc]?.boost ?? 1) * (idf * (tf * (K1 + 1)))) / norm);
        }
      }
      return [...scores]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, Math.max(0, limit))
        .map(([doc, score]) => {
          const d = docs[doc] as SearchDocument;
          return { id: d.id, score: Math.round(score * 1000) / 1000, excerpt: excerpt(d.text, query) };
        });
    },
  };
}
