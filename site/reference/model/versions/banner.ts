/**
 * The banner of an older version's pages (Starlight's `banner.content`): the version read, the current
 * one, the same page in the current version and what changed since. Pure.
 */

import type { Changelog } from '../../../../descriptions/changelog.ts';
import { compareVersions } from '../../../../descriptions/changelog.ts';
import { releaseUrl } from '../../../changelog/model.ts';
import { escapeHtml } from '../../../html.ts';
import { type Translate, translator } from '../../../i18n/catalogue.ts';
import { richMessage } from '../../../i18n/rich.ts';

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
 * @param page the API's changelog page (default the one API's, `/changelog/`)
 * @returns `/changelog/#v1-1-0`, or undefined when the changelog has no newer release
 */
export function changesSinceUrl(changelog: Changelog, version: string, page?: string): string | undefined {
  const next = changelog.releases
    .filter((r) => compareVersions(r.version, version) > 0)
    .sort((a, b) => compareVersions(a.version, b.version))[0];
  return next ? releaseUrl(next.version, page) : undefined;
}
