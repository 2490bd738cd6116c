/**
 * Where each domain of the config is written (the `primary` value, each redirect's `from`), as file:line:col, so
 * annotations can point at it. Pure over the file's text (yaml `LineCounter`).
 */
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { checkHost } from './hostname.ts';

/**
 * @param text the YAML source
 * @returns normalized host name (A-labels, lower case) → 1-based line and column of its value
 */
export function domainPositions(text: string): Map<string, { line: number; col: number }> {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc });
  const out = new Map<string, { line: number; col: number }>();
  const add = (node: unknown) => {
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return;
    const h = checkHost(node.value);
    if ('host' in h && !out.has(h.host)) out.set(h.host, lc.linePos(node.range[0]));
  };
  const domains = doc.get('domains', true);
  if (!isMap(domains)) return out;
  add(domains.get('primary', true));
  const redirects = domains.get('redirects', true);
  if (redirects && typeof redirects === 'object' && 'items' in redirects)
    for (const r of (redirects as { items: unknown[] }).items) if (isMap(r)) add(r.get('from', true));
  return out;
}
