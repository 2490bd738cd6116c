/**
 * CommonMark + GFM (tables, strikethrough, autolinks) to HTML for the descriptions of the API
 * description, at build time. Raw HTML in a description is dropped, not passed through: the pages
 * stay valid whatever a description contains.
 *
 * Large descriptions repeat the same texts on many pages (GitHub's property descriptions appear on
 * hundreds of operations), so results are memoised per text, and a text with no Markdown syntax at all
 * skips the parser: it is a paragraph of escaped text either way.
 */
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { escapeHtml } from '../../html.ts';

/** A HAST node, as far as {@link focusablePre} reads it. */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/**
 * Makes every `<pre>` focusable (`tabindex="0"`): a code block wider than the column scrolls, and a
 * scrollable region must be reachable by keyboard (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
function focusablePre() {
  const visit = (node: HastNode): void => {
    if (node.type === 'element' && node.tagName === 'pre') node.properties = { ...node.properties, tabIndex: 0 };
    for (const child of node.children ?? []) visit(child);
  };
  return (tree: HastNode) => visit(tree);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(focusablePre)
  .use(rehypeStringify)
  .freeze();
const rendered = new Map<string, string>();

/** Characters that can start Markdown syntax, an entity, an autolink or a line structure. */
const SYNTAX = /[\\`*_[\]<>#|~&\n]|^\s*(?:[-+>]|\d+[.)])\s|https?:\/\/|www\./;

/** Renders Markdown to an HTML fragment (memoised: the same text gives the same string). */
export function renderMarkdown(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    const text = markdown.trim();
    html = SYNTAX.test(text) ? String(processor.processSync(markdown)) : `<p>${escapeHtml(text)}</p>`;
    rendered.set(markdown, html);
  }
  return html;
}

/**
 * Renders a one-line Markdown text (an example's `summary`) to inline HTML: its paragraph without the
 * `<p>`, so it fits in a caption or a label. Text of several paragraphs keeps only the inline content of
 * each, joined by a space.
 */
export function renderInlineMarkdown(markdown: string): string {
  return renderMarkdown(markdown.replace(/\s*\n\s*/g, ' '))
    .trim()
    .replace(/^<p>|<\/p>$/g, '')
    .replace(/<\/p>\s*<p>/g, ' ');
}
