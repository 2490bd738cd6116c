/**
 * The pages saying an operation is not in a version: for each published version, each operation another
 * published version has and it has not, at the URL that operation's page would have there, with why
 * (added or removed in which release, after or before its sunset date) and the nearest page. Pure.
 */

import type { Changelog } from '../../../../descriptions/changelog.ts';
import { compareVersions } from '../../../../descriptions/changelog.ts';
import { releaseUrl } from '../../../changelog/model.ts';
import { type Translate, translator } from '../../../i18n/catalogue.ts';
import { formatDate } from '../../../i18n/format.ts';
import { operationKey } from './keys.ts';
import type { VersionedOperation, VersionPages } from './pages.ts';

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
 * @param page the API's changelog page, where the entries are (default the one API's, `/changelog/`)
 */
export function absentPages(versions: readonly VersionPages[], changelog: Changelog, page?: string): AbsentPage[] {
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
            ? releaseUrl(reason.in, page)
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
