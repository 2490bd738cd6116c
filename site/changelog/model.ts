/**
 * The changelog as the site shows it: the `/changelog/` page (releases newest first, their operations by kind,
 * linking to the operations' pages, breaking changes marked), the feed's items, and the versions that touched one
 * operation (the "Changed in" line of its page). Pure: the changelog record (descriptions/changelog.ts) and a way to find
 * an operation's page in; views out.
 */
import type {
  Changelog,
  ChangelogNote,
  ChangelogOperation,
  ChangelogRelease,
  OperationChangeKind,
} from '../../descriptions/changelog.ts';
import { compareVersions } from '../../descriptions/changelog.ts';
import { formatDay } from '../../descriptions/dates.ts';
import { escapeHtml } from '../html.ts';
import { type Translate, translator } from '../i18n/catalogue.ts';
import { formatDate } from '../i18n/format.ts';

/**
 * Finds the page of an operation: in the current reference, else in the newest published older version that
 * has it (a removed operation's last page); undefined when no published version has it.
 */
export type PageOf = (op: { operationId?: string; method: string; path: string }) => string | undefined;

/** One operation line of a release. */
export interface ChangelogItemView {
  /** The item's id on the page (`v1-1-0-list-pets`): where an operation's "Changed in" links. */
  anchor: string;
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  /** Its page, when the operation still exists. */
  url?: string;
  breaking: boolean;
  /** Sunset date as people read it (`30 June 2027`). */
  sunsetText?: string;
  sunset?: string;
  notes: ChangelogNote[];
}

/** The operations of one kind in a release. */
export interface ChangelogSectionView {
  kind: OperationChangeKind;
  title: string;
  items: ChangelogItemView[];
}

/** One release as the page shows it. */
export interface ReleaseView {
  version: string;
  /** The release's heading id on the page, `v1-1-0`. */
  anchor: string;
  url: string;
  date: string;
  dateText: string;
  breaking: boolean;
  /** `18 added`, `1 removed, 2 changed`. */
  counts: string;
  sections: ChangelogSectionView[];
  other: ChangelogNote[];
}

const TITLES: Record<OperationChangeKind, string> = {
  added: 'Added',
  changed: 'Changed',
  deprecated: 'Deprecated',
  removed: 'Removed',
};
const KINDS: OperationChangeKind[] = ['removed', 'changed', 'deprecated', 'added'];

/** The page's path on a site of one API (an API's own is its `changes.page`, site/apis/api.ts). */
export const CHANGELOG_URL = '/changelog/';

/** Where an API's changelog page and its feed are. */
export interface ChangelogUrls {
  page: string;
  feed: string;
}

/** The one API's changelog page and feed. */
export const CHANGELOG_URLS: ChangelogUrls = { page: CHANGELOG_URL, feed: '/changelog.xml' };

/** Heading id of a version on the page: `1.1.0` → `v1-1-0`. */
export function releaseAnchor(version: string): string {
  return `v${version.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** A release's entry on the page: `1.1.0` → `/changelog/#v1-1-0`. */
export function releaseUrl(version: string, page: string = CHANGELOG_URL): string {
  return `${page}#${releaseAnchor(version)}`;
}

/**
 * Id of an operation's entry in a release on the page: the release's anchor, then the operationId (else the
 * method and path) in kebab case: `1.1.0`, `listPets` → `v1-1-0-list-pets`. The "Changed in" line of an
 * operation's page links each version to this entry, which holds spec-diff's classified changes of the
 * operation between that release and the one before.
 */
export function operationAnchor(version: string, op: { operationId?: string; method: string; path: string }): string {
  const name = op.operationId ?? `${op.method} ${op.path}`;
  const slug = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // The release's section headings are `<release>-added`, `-changed`, `-deprecated`, `-removed`, `-other`.
  const taken = SECTION_IDS.has(slug) ? `${slug}-operation` : slug;
  return `${releaseAnchor(version)}-${taken || 'x'}`;
}

const SECTION_IDS: ReadonlySet<string> = new Set([...KINDS, 'other']);

const sortNewestFirst = (releases: readonly ChangelogRelease[]): ChangelogRelease[] =>
  [...releases].sort((a, b) => compareVersions(b.version, a.version) || b.date.localeCompare(a.date));

function item(o: ChangelogOperation, pageOf: PageOf, version: string): ChangelogItemView {
  const url = pageOf(o);
  const out: ChangelogItemView = {
    anchor: operationAnchor(version, o),
    method: o.method,
    path: o.path,
    breaking: o.breaking,
    notes: o.notes,
  };
  if (o.operationId) out.operationId = o.operationId;
  if (o.summary) out.summary = o.summary;
  if (url) out.url = url;
  if (o.sunset) {
    out.sunset = o.sunset;
    try {
      out.sunsetText = formatDay(o.sunset);
    } catch {
      out.sunsetText = o.sunset;
    }
  }
  return out;
}

/**
 * One release's view.
 * @param page the changelog page's path (the release's `url` is its anchor there)
 */
export function releaseView(r: ChangelogRelease, pageOf: PageOf, page: string = CHANGELOG_URL): ReleaseView {
  const sections = KINDS.map((kind) => ({
    kind,
    title: TITLES[kind],
    items: r.operations.filter((o) => o.change === kind).map((o) => item(o, pageOf, r.version)),
  })).filter((s) => s.items.length > 0);
  const anchor = releaseAnchor(r.version);
  let dateText = r.date;
  try {
    dateText = formatDay(r.date);
  } catch {
    // A malformed date is shown as written.
  }
  return {
    version: r.version,
    anchor,
    url: releaseUrl(r.version, page),
    date: r.date,
    dateText,
    breaking: r.breaking,
    counts: sections.map((s) => `${s.items.length} ${s.kind}`).join(', ') || 'no operation changed',
    sections,
    other: r.other,
  };
}

/**
 * Every release, newest first.
 * @param page the changelog page's path (default the one API's, {@link CHANGELOG_URL})
 */
export function changelogView(changelog: Changelog, pageOf: PageOf, page: string = CHANGELOG_URL): ReleaseView[] {
  return sortNewestFirst(changelog.releases).map((r) => releaseView(r, pageOf, page));
}

/** A version that touched an operation, for its "Changed in" line. */
export interface ChangedIn {
  version: string;
  kind: OperationChangeKind;
  breaking: boolean;
  url: string;
}

/**
 * The versions that touched an operation, newest first: matched by operationId when the changelog has one, else
 * by method and path.
 * @param page the changelog page's path (default the one API's, {@link CHANGELOG_URL})
 */
export function changedIn(
  changelog: Changelog,
  op: { operationId?: string; method: string; path: string },
  page: string = CHANGELOG_URL,
): ChangedIn[] {
  const out: ChangedIn[] = [];
  for (const r of sortNewestFirst(changelog.releases)) {
    const hit = r.operations.find((o) =>
      o.operationId && op.operationId
        ? o.operationId === op.operationId
        : o.method.toUpperCase() === op.method.toUpperCase() && o.path === op.path,
    );
    if (hit)
      out.push({
        version: r.version,
        kind: hit.change,
        breaking: hit.breaking,
        url: `${page}#${operationAnchor(r.version, hit)}`,
      });
  }
  return out;
}

/** One feed item (the shape @astrojs/rss takes). */
export interface FeedItem {
  title: string;
  link: string;
  pubDate: Date;
  description: string;
  content: string;
}

/**
 * The feed's items: one per release, newest first, with the release's operations as HTML. Links are absolute on
 * `site` (feed readers show the content away from the site; @astrojs/rss would also add a slash after `#anchor`).
 */
export function feedItems(
  changelog: Changelog,
  pageOf: PageOf,
  title: string,
  site: string | URL,
  page: string = CHANGELOG_URL,
): FeedItem[] {
  const abs = (url: string) => new URL(url, site).href;
  return changelogView(changelog, pageOf, page).map((r) => {
    let content = '';
    for (const s of r.sections) {
      content += `<h3>${s.title}</h3><ul>`;
      for (const i of s.items) {
        const name = `<code>${escapeHtml(`${i.method} ${i.path}`)}</code>`;
        content += `<li>${i.breaking ? '<strong>Breaking:</strong> ' : ''}${i.url ? `<a href="${escapeHtml(abs(i.url))}">${name}</a>` : name}${i.summary ? ` ${escapeHtml(i.summary)}` : ''}${i.sunsetText ? ` (sunset ${escapeHtml(i.sunsetText)})` : ''}`;
        if (i.notes.length) content += `<ul>${i.notes.map((n) => `<li>${escapeHtml(n.text)}</li>`).join('')}</ul>`;
        content += '</li>';
      }
      content += '</ul>';
    }
    if (r.other.length)
      content += `<h3>Other</h3><ul>${r.other.map((n) => `<li>${escapeHtml(n.text)}</li>`).join('')}</ul>`;
    return {
      title: `${title} ${r.version}${r.breaking ? ' (breaking)' : ''}`,
      link: abs(r.url),
      pubDate: new Date(`${r.date}T00:00:00Z`),
      description: `${title} ${r.version}, ${r.dateText}: ${r.counts}.`,
      content,
    };
  });
}

/**
 * The changelog page as Markdown (its twin for agents: `/changelog.md`, llms.txt; a locale's twin
 * `/fr/changelog.md`). `linkOf` turns a page's URL into the link to use (the Markdown twin's, for agents).
 * @param t the messages of the page's language (default English); the release record's summaries and
 *   notes are as recorded
 * @param lang the page's language, for dates
 */
export function changelogMarkdown(
  releases: readonly ReleaseView[],
  title: string,
  linkOf: (url: string) => string = (u) => u,
  feed: string = CHANGELOG_URLS.feed,
  t: Translate = translator('en'),
  lang = 'en',
): string {
  const day = (d: string, text: string | undefined) => {
    try {
      return formatDate(d, lang);
    } catch {
      return text ?? d;
    }
  };
  const out = [
    `# ${t('changelog.title')}`,
    t('changelog.intro', {
      title,
      feed: `[${feed}](${feed})`,
      guide: `[${t('nav.apiChanges')}](${linkOf('/guides/api-changes/')})`,
    }),
  ];
  if (releases.length === 0) out.push(t('changelog.none'));
  for (const r of releases) {
    const counts =
      r.sections
        .map((s) => t(`changelog.count.${s.kind}` as 'changelog.count.added', { count: s.items.length }))
        .join(t('list.separator')) || t('changelog.count.none');
    out.push(
      `## ${r.version}`,
      `${t('changelog.released', { date: day(r.date, r.dateText) })} ${counts}.${r.breaking ? ` **${t('changelog.breakingRelease')}**` : ''}`,
    );
    const breaking = `**${t('changelog.breaking')}** `;
    for (const s of r.sections) {
      const lines = s.items.map((i) => {
        const name = `\`${i.method} ${i.path}\``;
        const sunset = i.sunset ? ` (${t('changelog.sunset', { date: day(i.sunset, i.sunsetText) })})` : '';
        let line = `- ${i.breaking ? breaking : ''}${i.url ? `[${name}](${linkOf(i.url)})` : name}${i.summary ? ` ${i.summary}` : ''}${sunset}`;
        for (const n of i.notes) line += `\n  - ${n.class === 'breaking' ? breaking : ''}${n.text}`;
        return line;
      });
      out.push(`### ${t(`changelog.section.${s.kind}` as 'changelog.section.added')}`, lines.join('\n'));
    }
    if (r.other.length) out.push(`### ${t('changelog.other')}`, r.other.map((n) => `- ${n.text}`).join('\n'));
  }
  return `${out.join('\n\n')}\n`;
}
