/**
 * The directive that points agents at the agent-readable docs (Agent-Friendly Documentation Spec,
 * agentdocsspec.com, "llms.txt directive"): near the top of every HTML page (visually hidden; the
 * `SkipLink` override and the explorer) and as a blockquote under the title of every Markdown twin.
 * It names `/llms.txt` and the page's own Markdown. Pure: paths and the origin in, text out.
 */
import { absoluteLinks } from './links.ts';

/** The index every directive names. */
export const LLMS_TXT_PATH = '/llms.txt';

/** The directive as plain sentences with the two paths, for the HTML pages (see SkipLink.astro). */
export interface DirectiveText {
  before: string;
  between: string;
  after: string;
}

/** The HTML directive's words around its two links (`/llms.txt`, then the page's `.md`). */
export const DIRECTIVE_HTML: DirectiveText = {
  before: 'For AI agents: the index of these docs is ',
  between: '. Every page is also Markdown at its address with .md instead of the trailing slash (this page: ',
  after: '), or with the header Accept: text/markdown.',
};

/**
 * A page's Markdown twin as served: the page's Markdown with the directive blockquote after its H1
 * (or first, without one) and every root-relative link absolute on `site`.
 * @param markdown the page's Markdown (AgentPage.markdown())
 * @param mdUrl the twin's own path, e.g. `/reference/list-pets.md`
 * @param site the primary origin with a trailing slash, e.g. `https://docs.example.com/`
 */
export function markdownTwin(markdown: string, mdUrl: string, site: string): string {
  const directive = `> For AI agents: the index of these docs is [llms.txt](${LLMS_TXT_PATH}). Every page is also Markdown at its address with \`.md\` instead of the trailing slash (this page: [${mdUrl}](${mdUrl})).`;
  const m = /^# [^\n]*\n/.exec(markdown);
  const text = m ? `${m[0]}\n${directive}\n${markdown.slice(m[0].length)}` : `${directive}\n\n${markdown}`;
  return absoluteLinks(text, site);
}
