/**
 * HTML the site writes as strings (Starlight's banner, descriptions without Markdown, the changelog
 * feed's content), escaped the one way.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text made safe to put inside an element or a double-quoted attribute value: `&`, `<`, `>` and `"`
 * become character references (HTML's rules for text and double-quoted attribute values; every
 * attribute this site writes as a string is double-quoted, so an apostrophe stays as it is, as the
 * pages have always written it). Not for single-quoted attributes, URLs (percent-encoding), scripts or
 * styles. Pure.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);
}
