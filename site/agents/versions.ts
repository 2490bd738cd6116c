/**
 * The Markdown twins of an older published version's pages: the note under the title that says which
 * version the page is and links the current one (what the HTML pages' banner says), and the twin of a page
 * saying an operation is not in a version. Pure: the versions' decisions (reference/model/versions.ts) in,
 * Markdown out; links go to the pages' twins, so an agent that follows them stays in Markdown.
 */
import { type AbsentPage, absenceText } from '../reference/model/versions/absent.ts';
import { markdownPath } from './paths.ts';

/** What an older version's note says (see {@link olderVersionNote}). */
export interface VersionNoteInput {
  /** The API's title. */
  title: string;
  /** The version read. */
  reading: string;
  /** The current version. */
  current: string;
  /** This page in the current version (an HTML page path: its twin is linked). */
  samePageUrl: string;
  /** What changed after the version read, when the changelog has a newer release. */
  changesUrl?: string;
}

/** The blockquote an older version's twin has under its title, as the HTML banner. */
export function olderVersionNote(input: VersionNoteInput): string {
  const changes = input.changesUrl ? ` What changed since ${input.reading}: [the changelog](${input.changesUrl}).` : '';
  return (
    `> You are reading version **${input.reading}** of the ${input.title}, an older version; the current version ` +
    `is **${input.current}**: [this page in ${input.current}](${markdownPath(input.samePageUrl)}).${changes}`
  );
}

/** `markdown` with `note` after its H1 (first, without one). */
export function withVersionNote(markdown: string, note: string): string {
  const m = /^# [^\n]*\n/.exec(markdown);
  return m ? `${m[0]}\n${note}\n${markdown.slice(m[0].length)}` : `${note}\n\n${markdown}`;
}

/**
 * The twin of a page saying an operation is not in a version: the same sentences and links as the HTML
 * page (reference/routes/[...slug].astro).
 * @param apiTitle the API's title
 */
export function absentMarkdown(page: AbsentPage, apiTitle: string): string {
  const op = page.operation;
  const id = op.operationId ? ` (operationId \`${op.operationId}\`)` : '';
  const links = [
    `- [${op.summary} in ${page.from}](${markdownPath(op.url)})`,
    ...(page.changelogUrl
      ? [
          `- [The changelog entry of ${page.reason.kind === 'missing' ? 'the release' : page.reason.in}](${page.changelogUrl})`,
        ]
      : []),
    `- Closest page in ${page.version}: [${page.closest.title}](${markdownPath(page.closest.url)})`,
  ];
  return [
    `# ${op.summary}`,
    `\`${op.method} ${op.path}\`${id} is not in version **${page.version}** of the ${apiTitle}. ${absenceText(page.reason)} [HTML page](${page.url})`,
    links.join('\n'),
  ]
    .join('\n\n')
    .concat('\n');
}
