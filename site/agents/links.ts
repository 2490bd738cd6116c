/**
 * Absolute links in Markdown: an agent pipeline often keeps a page's text but drops the URL it was
 * fetched from (a summary, a RAG chunk, a paste), and a root-relative link (`/reference/list-pets.md`)
 * then points nowhere. The Agent-Friendly Documentation Spec (agentdocsspec.com, "markdown link
 * portability") asks for absolute URLs; the site's origin is known at build time. Pure: text in, text out.
 */

/** A fence opening or closing a code block (CommonMark §4.5): three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Rewrites the root-relative destinations of inline links and images (`[text](/path)`, `![alt](/img)`)
 * and of link reference definitions (`[label]: /path`) to absolute URLs on `site`. Code blocks and
 * code spans are left as they are; protocol-relative (`//host`), absolute and fragment links too.
 *
 * @param markdown CommonMark/GFM text
 * @param site the site's origin with a trailing slash, e.g. `https://docs.example.com/`
 * @returns the same text with those destinations absolute
 */
export function absoluteLinks(markdown: string, site: string): string {
  const origin = site.replace(/\/+$/, '');
  const lines = markdown.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const f = FENCE.exec(line);
    if (fence) {
      if (f?.[1] && f[1][0] === fence[0] && f[1].length >= fence.length && line.trim() === f[1]) fence = null;
      continue;
    }
    if (f?.[1]) {
      fence = f[1];
      continue;
    }
    lines[i] = rewriteLine(line, origin);
  }
  return lines.join('\n');
}

function rewriteLine(line: string, origin: string): string {
  const def = /^( {0,3}\[[^\]]+\]:\s*<?)\/(?!\/)/.exec(line);
  if (def) return `${def[1]}${origin}/${line.slice(def[0].length)}`;
  // Outside code spans only: split on backtick runs and rewrite the text between matched pairs.
  let out = '';
  let pos = 0;
  while (pos < line.length) {
    const tick = line.indexOf('`', pos);
    if (tick < 0) {
      out += rewriteText(line.slice(pos), origin);
      break;
    }
    out += rewriteText(line.slice(pos, tick), origin);
    const run = /^`+/.exec(line.slice(tick))?.[0] ?? '`';
    const close = line.indexOf(run, tick + run.length);
    if (close < 0) {
      out += run;
      pos = tick + run.length;
      continue;
    }
    out += line.slice(tick, close + run.length);
    pos = close + run.length;
  }
  return out;
}

function rewriteText(text: string, origin: string): string {
  return text.replace(/\]\(\s*(<?)\/(?!\/)/g, (_m, angle: string) => `](${angle}${origin}/`);
}
