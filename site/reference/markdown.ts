/**
 * CommonMark + GFM (tables, strikethrough, autolinks) to HTML for the descriptions of the API
 * description, at build time. Raw HTML in a description is dropped, not passed through: the pages
 * stay valid whatever a description contains. Pure.
 */
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify).freeze();

/** Renders Markdown to an HTML fragment. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
