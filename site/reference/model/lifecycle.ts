/**
 * The lifecycle extensions of an operation: `x-stability` (experimental, beta) and deprecation
 * (`deprecated`, `x-deprecated-sunset`, `x-deprecated-since`, `x-successor`; spec/README.md
 * "Deprecation policy"), judged against the build date. Pure: the date is a parameter.
 */

import { formatDay, parseDay } from '../../../descriptions/dates.ts';
import { isObject } from '../../../descriptions/json.ts';
import { type Translate, translator } from '../../i18n/catalogue.ts';
import { formatDate } from '../../i18n/format.ts';
import type { OperationRef } from './document.ts';

export { formatDay, parseDay };

/** Stability levels of `x-stability` (GitBook convention; spec/README.md "Extensions"). */
export type StabilityLevel = 'experimental' | 'beta';

export interface Deprecation extends OperationRef {
  /** `x-deprecated-sunset` as written (YYYY-MM-DD), or null when the operation has none. */
  sunset: string | null;
  /** The sunset date for people, e.g. `30 June 2027`; null without a sunset. */
  sunsetText: string | null;
  /** Whether the sunset is still ahead of the build date, on it, or already past; null without a sunset. */
  sunsetState: 'ahead' | 'today' | 'past' | null;
  /** Whole days from the build date to the sunset date (negative once past); null without a sunset. */
  daysToSunset: number | null;
  /** `x-deprecated-since` as written, or null. */
  since: string | null;
  /** The operation to use instead (`x-successor.operationId`, resolved in the document), or null. */
  successor: Pick<OperationRef, 'operationId' | 'method' | 'path' | 'summary' | 'anchor'> | null;
}

const DAY_MS = 86_400_000;

/**
 * Compares a sunset date with the build date.
 * @param sunset YYYY-MM-DD, the last day the operation answers (spec/README.md: `Sunset: … 23:59:59 GMT`)
 * @param buildDate YYYY-MM-DD
 * @returns `ahead` before the sunset day, `today` on it, `past` after it, and the days between (negative when past)
 */
export function sunsetState(sunset: string, buildDate: string): { state: 'ahead' | 'today' | 'past'; days: number } {
  const days = Math.round((parseDay(sunset) - parseDay(buildDate)) / DAY_MS);
  return { state: days > 0 ? 'ahead' : days === 0 ? 'today' : 'past', days };
}

export function stabilityOf(operation: Record<string, unknown>, where: string): StabilityLevel | null {
  const v = operation['x-stability'];
  if (v === undefined) return null;
  if (v === 'experimental' || v === 'beta') return v;
  throw new Error(`${where}: x-stability must be "experimental" or "beta", got ${JSON.stringify(v)}`);
}

/**
 * The deprecation of an operation: `deprecated: true` and/or `x-deprecated-sunset` (YYYY-MM-DD, the
 * last day it answers; spec/README.md "Deprecation policy"), `x-deprecated-since`, and `x-successor`
 * resolved among `ops`.
 * @returns null when the operation is not deprecated
 * @throws {Error} on a sunset that is not a YYYY-MM-DD date, or a successor naming no operation
 */
export function describeDeprecation(
  ref: OperationRef,
  operation: Record<string, unknown>,
  ops: readonly OperationRef[],
  buildDate: string,
  lang = 'en',
): Deprecation | null {
  const where = `${ref.method} ${ref.path} (${ref.operationId})`;
  const sunsetRaw = operation['x-deprecated-sunset'];
  if (operation.deprecated !== true && sunsetRaw === undefined) return null;
  let sunset: string | null = null;
  if (sunsetRaw !== undefined) {
    if (typeof sunsetRaw !== 'string') throw new Error(`${where}: x-deprecated-sunset must be a YYYY-MM-DD string`);
    try {
      parseDay(sunsetRaw);
    } catch (err) {
      throw new Error(`${where}: x-deprecated-sunset: ${(err as Error).message}`);
    }
    sunset = sunsetRaw;
  }
  const state = sunset ? sunsetState(sunset, buildDate) : null;
  const since = typeof operation['x-deprecated-since'] === 'string' ? operation['x-deprecated-since'] : null;
  const succ = operation['x-successor'];
  const succId = isObject(succ) && typeof succ.operationId === 'string' ? succ.operationId : null;
  const found = succId ? ops.find((o) => o.operationId === succId) : undefined;
  if (succId && !found) throw new Error(`${where}: x-successor names no operation: ${succId}`);
  return {
    ...ref,
    sunset,
    sunsetText: sunset ? formatDate(sunset, lang) : null,
    sunsetState: state?.state ?? null,
    daysToSunset: state?.days ?? null,
    since,
    successor: found
      ? {
          operationId: found.operationId,
          method: found.method,
          path: found.path,
          summary: found.summary,
          anchor: found.anchor,
        }
      : null,
  };
}

/** The title of a deprecation notice: "Deprecated since 1 March 2026", or "Deprecated". */
export function deprecationTitle(d: Pick<Deprecation, 'since'>, t: Translate = translator('en'), lang = 'en'): string {
  return d.since && /^\d{4}-\d{2}-\d{2}$/.test(d.since)
    ? t('ref.deprecated.since', { date: formatDate(d.since, lang) })
    : t('ref.deprecated.title');
}

/**
 * What a deprecation means for a reader, without the title: removal, or the sunset date against the
 * build date (Markdown: the policy is a link to the guide, `guide` being its URL path).
 */
export function deprecationBody(
  d: Deprecation,
  buildDate: string,
  t: Translate = translator('en'),
  lang = 'en',
  guide = '/guides/getting-started/',
): string {
  const policy = t('ref.deprecated.policy', {
    policy: `[${t('ref.deprecated.policyLink')}](${guide}#deprecation-policy)`,
  });
  if (!d.sunset || !d.sunsetText) return `${t('ref.deprecated.noSunset')} ${policy}`;
  const date = `**${d.sunsetText}**`;
  const built = formatDate(buildDate, lang);
  const when =
    d.sunsetState === 'past'
      ? t('ref.deprecated.past', { date, built })
      : d.sunsetState === 'today'
        ? t('ref.deprecated.today', { date })
        : t('ref.deprecated.ahead', { date, built, count: d.daysToSunset ?? 0 });
  return `${when} ${policy}`;
}

/** The sentence about a deprecation a reader sees at the top of the operation (title in bold, then the body). */
export function deprecationNotice(
  d: Deprecation,
  buildDate: string,
  t: Translate = translator('en'),
  lang = 'en',
): string {
  return `**${deprecationTitle(d, t, lang)}.** ${deprecationBody(d, buildDate, t, lang)}`;
}
