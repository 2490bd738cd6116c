/**
 * Which versions of the API are published: the current version (the working description) always, older
 * releases by the `versions.publish` option (options.ts). Pure: the release record
 * (spec/changelog.json), the working description's version and the build date in; versions out.
 */

import { type Changelog, compareVersions, operationKey } from '../../descriptions/changelog.ts';

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
