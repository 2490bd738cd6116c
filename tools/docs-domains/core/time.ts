/** Durations and instants for people. Pure. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A duration for people, never rounded down to zero: `23 hours` (not `0 days`), `13 days`, `45 minutes`.
 * Two days and more are whole days (rounded down), less in hours, under an hour in minutes (at least 1).
 * @param ms a duration in milliseconds (the sign is ignored)
 */
export function humanDuration(ms: number): string {
  const a = Math.abs(ms);
  if (a >= 2 * DAY) return plural(Math.floor(a / DAY), 'day');
  if (a >= HOUR) return plural(Math.floor(a / HOUR), 'hour');
  return plural(Math.max(1, Math.floor(a / MINUTE)), 'minute');
}

/** `2026-11-25 14:00 UTC` for an ISO 8601 instant (minutes kept: a certificate can start later the same day). */
export function utcMinute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
