/**
 * HTML the site writes as strings (Starlight's banner, descriptions without Markdown, the changelog
 * feed's content), escaped the one way.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put inside an element or an attribute value, quoted with `"` or `'`: `&`, `<`, `>`,
 * `"` and `'` become character references (OWASP's XSS prevention rules for HTML contexts; the same five
 * Astro escapes in a template's expressions, so text reads the same whether a template or a string wrote
 * it). Not for URLs (percent-encoding), scripts or styles. Pure.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
