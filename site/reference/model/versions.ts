/**
 * The published versions of the API and how their pages relate. Pure: the release record
 * (spec/changelog.json), the version of the working description, each version's reference model and
 * the build date in; decisions out.
 *
 * - Which versions are published ({@link selectPublished}): the current version (the working
 *   description) always; older releases by the `versions.publish` option (options.ts).
 * - Where a version's pages live ({@link versionBase}): the current version at the reference's `base`
 *   (today's URLs never change), every other one below `<base>/<version>/`.
 * - Which page of another version answers a page ({@link switchTargets}): the same operation (by
 *   operationId, else method and path), tag or schema; where the operation is not in that version, the
 *   page that says so ({@link absentPages}).
 */

import type { Changelog } from '../../../spec/changelog.ts';
import { compareVersions } from '../../../spec/changelog.ts';
import { formatDay } from '../../../spec/dates.ts';
import { releaseAnchor } from '../../changelog/model.ts';
import { type Translate, translator } from '../../i18n/catalogue.ts';
import { formatDate } from '../../i18n/format.ts';
import { richMessage } from '../../i18n/rich.ts';
import type { OperationSummary } from './views.ts';

/**
 * Which older releases are published besides the current version:
 * - `all`: every release the changelog lists;
 * - `before-sunset`: the releases none of whose sunset dates (`x-deprecated-sunset`) has passed on the
 *   build date: a client of that version still has every operation it was promised;
 * - `{ last: n }`: the n newest versions, the current one included (`{ last: 1 }`: the current only).
 */
export type PublishPolicy = 'all' | 'before-sunset' | { last: number };

/** A released version as the policy judges it. */
export interface ReleaseCandidate {
  version: string;
  /** The sunset dates (YYYY-MM-DD) of its deprecated operations. */
  sunsets: readonly string[];
}

/**
 * The older versions to publish, newest first: every candidate other than `current` that the policy
 * keeps. Pure.
 * @param current the working description's `info.version`
 * @param candidates the released versions (any order)
 * @param buildDate YYYY-MM-DD; a sunset on the build date has not passed (RFC 8594 §3: the resource
 *   answers until the `Sunset` time, the last second of that day)
 */
export function selectPublished(
  current: string,
  candidates: readonly ReleaseCandidate[],
  policy: PublishPolicy,
  buildDate: string,
): string[] {
  const older = candidates.filter((c) => c.version !== current).sort((a, b) => compareVersions(b.version, a.version));
  if (policy === 'all') return older.map((c) => c.version);
  if (policy === 'before-sunset') {
    return older.filter((c) => c.sunsets.every((s) => s >= buildDate)).map((c) => c.version);
  }
  return older.slice(0, Math.max(0, policy.last - 1)).map((c) => c.version);
}

/**
 * The release candidates a changelog describes, oldest first: each release with the sunset dates its
 * operations carry at that release (an entry with a `sunset` sets it, a `removed` entry drops it).
 * Pure.
 */
export function releaseCandidates(changelog: Changelog): ReleaseCandidate[] {
  const sunsets = new Map<string, string>();
  return [...changelog.releases]
    .sort((a, b) => compareVersions(a.version, b.version))
    .map((release) => {
      for (const op of release.operations) {
        const key = operationKey(op);
        if (op.change === 'removed') sunsets.delete(key);
        else if (op.sunset) sunsets.set(key, op.sunset);
      }
      return { version: release.version, sunsets: [...sunsets.values()] };
    });
}

/** Characters a version may have to be a URL segment of its own (SemVer's, RFC 3986 unreserved). */
const VERSION_SEGMENT = /^[0-9A-Za-z][0-9A-Za-z._~+-]*$/;

/**
 * Whether a version string can name a folder of pages (`1.0.0`, `2024-06-01`, `v2`); not `..`, no slash.
 */
export function isVersionSegment(version: string): boolean {
  return VERSION_SEGMENT.test(version) && !version.includes('..');
}

/**
 * The base path of a version's pages: the reference's `base` for the current version, `<base>/<version>`
 * for any other. Pure.
 */
export function versionBase(base: string, version: string, current: boolean): string {
  return current ? base : `${base}/${version}`;
}

/** An operation as the versions compare it. */
export interface VersionedOperation {
  /** `operationId` when the description gives one, else `METHOD path`. */
  key: string;
  operationId?: string;
  method: string;
  path: string;
  summary: string;
  slug: string;
  url: string;
  tag: string;
  /** `x-deprecated-sunset`, when deprecated with one. */
  sunset?: string;
  /** `x-successor.operationId`, when it names one. */
  successor?: string;
}

/** One published version's pages, as far as the switcher and the absent pages need them. */
export interface VersionPages {
  version: string;
  /** The working description's version. */
  current: boolean;
  /** Where its pages are (see {@link versionBase}); its index is `<base>/`. */
  base: string;
  operations: readonly VersionedOperation[];
  /** Tag name → page URL. */
  tags: ReadonlyMap<string, string>;
  /** Schema name → page URL (schemas with a page of their own). */
  schemas: ReadonlyMap<string, string>;
  /** The webhooks page, when the version has webhooks. */
  webhooksUrl?: string;
}

/** The key an operation is matched by across versions: operationId, else method and path. */
export function operationKey(op: { operationId?: string; method: string; path: string }): string {
  return op.operationId ? `id:${op.operationId}` : `${op.method.toUpperCase()} ${op.path}`;
}

/** The key of an operation of the reference model ({@link operationKey}: its operationId when it has one). */
export function summaryKey(op: Pick<OperationSummary, 'hasOperationId' | 'operationId' | 'method' | 'path'>): string {
  return operationKey({
    ...(op.hasOperationId ? { operationId: op.operationId } : {}),
    method: op.method,
    path: op.path,
  });
}

/** What a reference page is, for finding its counterpart in another version. */
export type PageRef =
  | { kind: 'index' }
  | { kind: 'schemas' }
  | { kind: 'webhooks' }
  | { kind: 'tag'; name: string }
  | { kind: 'schema'; name: string }
  | { kind: 'operation'; key: string; slug: string };

/** Why an operation has no page in a version. */
export type AbsenceReason =
  | { kind: 'added'; in: string }
  /** `date`: the removing release's date, when the changelog has it. */
  | { kind: 'removed'; in: string; sunset?: string; date?: string }
  /** Neither: the operation is in versions before and after this one but not in it. */
  | { kind: 'missing' };

/** A page saying an operation is not in a version, at the URL it would have there. */
export interface AbsentPage {
  version: string;
  slug: string;
  url: string;
  operation: VersionedOperation;
  /** The version whose page of the operation this one stands for. */
  from: string;
  reason: AbsenceReason;
  /** The changelog entry of the release that added or removed it, when the changelog has it. */
  changelogUrl?: string;
  /** The nearest page in this version: the successor, else the operation's tag, else the index. */
  closest: { url: string; title: string };
}

/** Versions oldest first. */
function ascending(versions: readonly VersionPages[]): VersionPages[] {
  return [...versions].sort((a, b) => compareVersions(a.version, b.version));
}

/**
 * Every page saying "not in this version": for each published version, each operation some other
 * published version has and it has not, at the URL that operation's page has in the other version
 * (the newest such version decides the slug), unless that URL is taken by another page. Pure.
 * @param changelog gives the release that added or removed the operation when it is not published
 */
export function absentPages(versions: readonly VersionPages[], changelog: Changelog): AbsentPage[] {
  const order = ascending(versions);
  const pages: AbsentPage[] = [];
  for (const [index, version] of order.entries()) {
    const own = new Set(version.operations.map((o) => o.key));
    const taken = new Set(version.operations.map((o) => o.slug));
    // Newest first: the slug of the operation's newest page decides the absent page's URL.
    const others = [...order].reverse().filter((v) => v !== version);
    const seen = new Set<string>();
    for (const other of others) {
      for (const op of other.operations) {
        if (own.has(op.key) || seen.has(op.key)) continue;
        seen.add(op.key);
        if (taken.has(op.slug)) continue;
        taken.add(op.slug);
        const having = order.filter((v) => v.operations.some((o) => o.key === op.key));
        const last = having.at(-1);
        const first = having[0];
        const position = (v: VersionPages) => order.indexOf(v);
        let reason: AbsenceReason;
        if (first && index < position(first)) {
          reason = { kind: 'added', in: releaseOf(changelog, op, 'added', version.version, first.version).version };
        } else if (last && index > position(last)) {
          const lastOp = last.operations.find((o) => o.key === op.key);
          const next = order[position(last) + 1]?.version ?? version.version;
          const removed = releaseOf(changelog, op, 'removed', last.version, next);
          reason = {
            kind: 'removed',
            in: removed.version,
            ...(lastOp?.sunset ? { sunset: lastOp.sunset } : {}),
            ...(removed.date ? { date: removed.date } : {}),
          };
        } else {
          reason = { kind: 'missing' };
        }
        const changelogUrl =
          reason.kind !== 'missing' && changelog.releases.some((r) => r.version === reason.in)
            ? `/changelog/#${releaseAnchor(reason.in)}`
            : undefined;
        const successor = op.successor ? version.operations.find((o) => o.operationId === op.successor) : undefined;
        const tagUrl = version.tags.get(op.tag);
        const closest = successor
          ? { url: successor.url, title: successor.summary }
          : tagUrl
            ? { url: tagUrl, title: op.tag }
            : { url: `${version.base}/`, title: `API reference ${version.version}` };
        pages.push({
          version: version.version,
          slug: op.slug,
          url: `${version.base}/${op.slug}/`,
          operation: op,
          from: other.version,
          reason,
          ...(changelogUrl ? { changelogUrl } : {}),
          closest,
        });
      }
    }
  }
  return pages;
}

/**
 * The release that added (or removed) an operation: the changelog's release with that entry between
 * `after` (exclusive) and `until` (inclusive), else `until`, the first published version that shows it.
 */
function releaseOf(
  changelog: Changelog,
  op: VersionedOperation,
  change: 'added' | 'removed',
  after: string,
  until: string,
): { version: string; date?: string } {
  const key = operationKey(op);
  const found = changelog.releases.find(
    (r) =>
      compareVersions(r.version, after) > 0 &&
      compareVersions(r.version, until) <= 0 &&
      r.operations.some((o) => o.change === change && operationKey(o) === key),
  );
  return found ? { version: found.version, date: found.date } : { version: until };
}

/** One entry of the version switcher. */
export interface SwitchTarget {
  version: string;
  current: boolean;
  /** The version being read. */
  reading: boolean;
  href: string;
}

/**
 * For each published version (current first, then newest first), the page that answers `page` there:
 * the same operation (by operationId, else method and path), else the page saying it is not there,
 * else that version's index; the same tag, schema or index page, else the version's index (the schema
 * index for a schema). Pure.
 */
export function switchTargets(
  page: PageRef,
  reading: string,
  versions: readonly VersionPages[],
  absent: readonly AbsentPage[],
): SwitchTarget[] {
  const ordered = [
    ...versions.filter((v) => v.current),
    ...versions.filter((v) => !v.current).sort((a, b) => compareVersions(b.version, a.version)),
  ];
  return ordered.map((v) => ({
    version: v.version,
    current: v.current,
    reading: v.version === reading,
    href: counterpart(page, v, absent),
  }));
}

function counterpart(page: PageRef, v: VersionPages, absent: readonly AbsentPage[]): string {
  const index = `${v.base}/`;
  switch (page.kind) {
    case 'index':
      return index;
    case 'schemas':
      return `${v.base}/schemas/`;
    case 'webhooks':
      return v.webhooksUrl ?? index;
    case 'tag':
      return v.tags.get(page.name) ?? index;
    case 'schema':
      return v.schemas.get(page.name) ?? `${v.base}/schemas/`;
    case 'operation': {
      const op = v.operations.find((o) => o.key === page.key);
      if (op) return op.url;
      return absent.find((a) => a.version === v.version && a.operation.key === page.key)?.url ?? index;
    }
  }
}

/**
 * The sentence of an absent page saying why, e.g. "It was removed in 2.0.0, after its sunset date 30 June 2026."
 * Pure.
 */
export function absenceText(reason: AbsenceReason, t: Translate = translator('en'), lang = 'en'): string {
  switch (reason.kind) {
    case 'added':
      return t('ref.absent.added', { version: reason.in });
    case 'removed': {
      if (!reason.sunset) return t('ref.absent.removed', { version: reason.in });
      const date = formatDate(reason.sunset, lang);
      // RFC 8594 §3: the sunset day still belongs to the operation, so "after" means a later release day.
      if (!reason.date) return t('ref.absent.removedSunset', { version: reason.in, date });
      return reason.date > reason.sunset
        ? t('ref.absent.removedAfter', { version: reason.in, date })
        : t('ref.absent.removedBefore', { version: reason.in, date });
    }
    case 'missing':
      return t('ref.absent.missing');
  }
}

/** The links of an older version's banner (see {@link olderVersionBanner}). */
export interface BannerInput {
  /** The API's title. */
  title: string;
  /** The version read. */
  reading: string;
  /** The current version. */
  current: string;
  /** This page in the current version. */
  samePageUrl: string;
  /** What changed after the version read: the changelog entry of the next release, when there is one. */
  changesUrl?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The banner of an older version's pages, as HTML (Starlight's `banner.content`): the version read, the
 * current one, this page in the current version and what changed since. Pure; every value escaped.
 */
export function olderVersionBanner(input: BannerInput, t: Translate = translator('en')): string {
  const changes = input.changesUrl
    ? ` · <a href="${escapeHtml(input.changesUrl)}">${escapeHtml(t('ref.versions.changesSince', { version: input.reading }))}</a>`
    : '';
  const sentence = richMessage(t, 'ref.versions.banner', {
    reading: { html: `<strong>${escapeHtml(input.reading)}</strong>` },
    title: input.title,
    current: { html: `<strong>${escapeHtml(input.current)}</strong>` },
  });
  return `${sentence} <a href="${escapeHtml(input.samePageUrl)}">${escapeHtml(t('ref.versions.samePage', { version: input.current }))}</a>${changes}`;
}

/**
 * The changelog entry that starts what changed after a version: the oldest release newer than it. Pure.
 * @returns `/changelog/#v1-1-0`, or undefined when the changelog has no newer release
 */
export function changesSinceUrl(changelog: Changelog, version: string): string | undefined {
  const next = changelog.releases
    .filter((r) => compareVersions(r.version, version) > 0)
    .sort((a, b) => compareVersions(a.version, b.version))[0];
  return next ? `/changelog/#${releaseAnchor(next.version)}` : undefined;
}

/** What search knows of a page's version (Pagefind's `version` filter and meta). */
export interface SearchScope {
  /** The version search keeps to by default on this page: the page's own, the current one elsewhere. */
  reading: string;
  /** The page's `version` filter values: its version for a reference page, every version for any other page. */
  filters: string[];
  /** The version a result shows (Pagefind meta `version`): reference pages only. */
  meta?: string;
}

/**
 * The search scope of a page at a URL path: a page below an older version's base belongs to that
 * version, one below the reference's base to the current version, and any other page (guides, the
 * changelog, home) to every version, so that searching one version still finds the guides. Pure.
 * @param path the page's URL path (`/reference/1.0.0/list-pets/`)
 * @param versions the published versions (current first or not)
 * @returns undefined when fewer than two versions are published: search then has no version at all
 */
export function searchScope(
  path: string,
  versions: ReadonlyArray<Pick<VersionPages, 'version' | 'base' | 'current'>>,
): SearchScope | undefined {
  const current = versions.find((v) => v.current);
  if (versions.length < 2 || !current) return undefined;
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  const own = versions.find((v) => !v.current && under(v.base)) ?? (under(current.base) ? current : undefined);
  if (own) return { reading: own.version, filters: [own.version], meta: own.version };
  return { reading: current.version, filters: versions.map((v) => v.version) };
}
