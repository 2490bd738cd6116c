/**
 * Build-time edge of the published versions' pages: the versions this build publishes (site/apis/releases.ts
 * decides them from the release record, the description's version and the build date), each one's
 * reference data loaded through the one loader, and the switcher's and the absent pages' inputs. Computed once per
 * build and current reference data (the build's state, site/build-context.ts).
 */

import type { Changelog } from '../../descriptions/changelog.ts';
import type { Api } from '../apis/api.ts';
import { changelog as releaseRecord } from '../apis/record.ts';
import { publishedReleases } from '../apis/releases.ts';
import { buildSlot, currentBuild } from '../build-context.ts';
import { translator } from '../i18n/catalogue.ts';
import { localeOf, localizedPath } from '../i18n/locales.ts';
import { buildDate, type ReferenceData, referenceData } from './loaded-description.ts';
import { isVersionSegment } from './model/urls.ts';
import { type AbsentPage, absentPages } from './model/versions/absent.ts';
import { changesSinceUrl, olderVersionBanner } from './model/versions/banner.ts';
import { summaryKey } from './model/versions/keys.ts';
import type { PageRef, VersionPages } from './model/versions/pages.ts';
import { type SwitchTarget, switchTargets } from './model/versions/switcher.ts';
import type { ReferenceModel } from './model/views.ts';

/** One published version with its reference data. */
export interface PublishedVersion extends VersionPages {
  /** The release name given to {@link referenceData}: undefined for the current version. */
  release?: string;
  data: ReferenceData;
}

/** Every version this build publishes. */
export interface VersionSet {
  /** The current version first, then the older ones, newest first. */
  versions: PublishedVersion[];
  current: PublishedVersion;
  /** The "not in this version" pages of every version. */
  absent: AbsentPage[];
  changelog: Changelog;
}

/** The build's version sets, by the current version's reference data. */
const SETS = buildSlot('reference.versions', () => new WeakMap<ReferenceData, VersionSet>());

/** A version's pages as the switcher compares them. */
function pagesOf(model: ReferenceModel, version: string, current: boolean): VersionPages {
  return {
    version,
    current,
    base: model.base,
    operations: model.operations.map((op) => ({
      key: summaryKey(op),
      ...(op.hasOperationId ? { operationId: op.operationId } : {}),
      method: op.method,
      path: op.path,
      summary: op.summary,
      slug: op.slug,
      url: op.url,
      tag: op.tag,
      ...(op.deprecation?.sunset ? { sunset: op.deprecation.sunset } : {}),
      ...(op.deprecation?.successor?.operationId ? { successor: op.deprecation.successor.operationId } : {}),
    })),
    tags: new Map(model.tags.map((t) => [t.name, t.url])),
    schemas: new Map(model.schemas.map((s) => [s.name, s.url])),
    ...(model.webhooksUrl ? { webhooksUrl: model.webhooksUrl } : {}),
  };
}

/**
 * The versions of an API this build publishes, their data loaded.
 * @throws {DescriptionError} when a released description cannot be loaded
 * @throws {Error} when a published release's file is missing, a version cannot be a URL segment, or the
 *   changelog or `PETSTORE_VERSIONS` is invalid
 */
export async function versionSet(api: Api, locale?: string): Promise<VersionSet> {
  const currentData = await referenceData(api, undefined, locale);
  const store = currentBuild().state(SETS);
  const cached = store.get(currentData);
  if (cached) return cached;
  const changelog = releaseRecord(api);
  const currentVersion = currentData.model.version || 'current';
  const older = publishedReleases(api, currentVersion, buildDate()).older.map((r) => r.version);
  const current: PublishedVersion = { ...pagesOf(currentData.model, currentVersion, true), data: currentData };
  const versions: PublishedVersion[] = [current];
  for (const release of older) {
    if (!isVersionSegment(release)) {
      throw new Error(
        `Version ${JSON.stringify(release)} cannot name a folder of pages (letters, digits, '.', '-', '_', '~', '+')`,
      );
    }
    const data = await referenceData(api, release, locale);
    versions.push({ ...pagesOf(data.model, release, false), release, data });
  }
  const set: VersionSet = {
    versions,
    current,
    absent: versions.length > 1 ? absentPages(versions, changelog, api.changes.page) : [],
    changelog,
  };
  store.set(currentData, set);
  return set;
}

/** Everything a page shows about versions: the switcher's entries and, on an older version, the banner. */
export interface PageVersions {
  /** The version read (`info.version`). */
  reading: string;
  /** Whether it is the current version. */
  current: boolean;
  /** The switcher's entries; empty when one version is published. */
  targets: SwitchTarget[];
  /** Starlight's banner (HTML) on an older version's pages. */
  banner?: { content: string };
}

/**
 * What a page of a version shows about versions.
 * @param api the page's API
 * @param release the page's release, undefined for the current version
 * @param locale the page's locale key, undefined for the root locale
 */
export async function pageVersions(api: Api, page: PageRef, release?: string, locale?: string): Promise<PageVersions> {
  const set = await versionSet(api, locale);
  const version = set.versions.find((v) => v.release === release) ?? set.current;
  const targets = set.versions.length < 2 ? [] : switchTargets(page, version.version, set.versions, set.absent);
  if (version.current) return { reading: version.version, current: true, targets };
  const samePageUrl = targets.find((t) => t.current)?.href ?? `${set.current.base}/`;
  const since = changesSinceUrl(set.changelog, version.version, api.changes.page);
  const changesUrl = since ? localizedPath(since, locale) : undefined;
  return {
    reading: version.version,
    current: false,
    targets,
    banner: {
      content: olderVersionBanner(
        {
          title: version.data.model.title,
          reading: version.version,
          current: set.current.version,
          samePageUrl,
          ...(changesUrl ? { changesUrl } : {}),
        },
        translator(locale ? localeOf(locale).lang : 'en'),
      ),
    },
  };
}
