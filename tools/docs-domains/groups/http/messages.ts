/**
 * The `redirect` check's sentences, rendered from a reason code and its facts (`checks/evaluate.ts` decides them).
 * Pure. The action follows the troubleshooting row "Redirects break: redirect chains may be cached; test in a
 * private window or with a header-only HTTP request".
 */

/** Every reason code of the `redirect` check (one per chain; the check takes the worst chain's). */
export const REDIRECT_CODES = [
  'redirect.ok',
  'redirect.extra_hop',
  'redirect.downgrade',
  'redirect.loop',
  'redirect.too_many',
  'redirect.no_location',
  'redirect.none',
  'redirect.upgrade_only',
  'redirect.chain',
  'redirect.wrong_destination',
  'redirect.not_preserved',
  'redirect.bad_certificate',
  'redirect.destination_bad_certificate',
  'redirect.request_failed',
  'redirect.destination_failed',
] as const;

export type RedirectCode = (typeof REDIRECT_CODES)[number];

/** One sentence about one chain. `d.seen` is the whole chain (`https://a/… → 301 → https://b/… → 200`). */
export function chainSummary(code: RedirectCode, d: Record<string, unknown>): string {
  const hop = `${d.from} → ${d.status} → ${d.dest}`;
  switch (code) {
    case 'redirect.ok':
      return hop;
    case 'redirect.extra_hop':
      return `an extra HTTP→HTTPS hop: ${d.seen} (${d.count} redirects where one would do)`;
    case 'redirect.downgrade':
      return `a downgrade from HTTPS to plain HTTP: ${d.hop} (in ${d.seen}); visitors leave HTTPS, and their path and cookies travel in the clear`;
    case 'redirect.loop':
      return `redirect loop: ${d.seen}`;
    case 'redirect.too_many':
      return `more than ${d.count} redirects without an end: ${d.seen}`;
    case 'redirect.no_location':
      return `${d.url} answered ${d.status} without a usable Location header${d.after ? ` (after ${d.seen})` : ''}`;
    case 'redirect.none':
      return `no redirect: ${d.url} answered ${d.status} (${d.method}) instead of redirecting to https://${d.to}/`;
    case 'redirect.upgrade_only':
      return `no redirect to https://${d.to}/: only an HTTP→HTTPS upgrade (${d.seen})`;
    case 'redirect.chain':
      return `a chain of ${d.count} redirects instead of one: ${d.seen}`;
    case 'redirect.wrong_destination':
      return `redirects to somewhere else: ${hop}, not https://${d.to}/`;
    case 'redirect.not_preserved':
      return `${hop}: ${(d.problems as string[]).join('; ')}`;
    case 'redirect.bad_certificate':
      return `${d.start} serves a certificate browsers refuse (${d.errorCode}: ${d.detail}), so no visitor reaches the redirect`;
    case 'redirect.destination_bad_certificate':
      return `the redirect is right, but ${d.url} serves a certificate browsers refuse (${d.errorCode}: ${d.detail})`;
    case 'redirect.request_failed':
      return `could not request ${d.start}: ${d.detail} (${d.errorCode})`;
    case 'redirect.destination_failed':
      return `the redirect is right, but ${d.url} could not be requested: ${d.detail} (${d.errorCode})`;
  }
}

const CACHE_NOTE =
  'Browsers cache redirects (301 and 308 permanently), so after a change test in a private window or with a ' +
  'header-only request';

/** The action when a chain could not be followed (status `error`). */
export function ACTION_ERROR(from: string): string {
  return (
    `Check that ${from} resolves to the platform (the \`cname\` or \`apex-alias\` check) and serves a valid ` +
    'certificate (the `tls` check), or the --connect, --port and --http-port values; then run the check again.'
  );
}

/** The action for a failing redirect, by the deciding code. */
export function redirectAction(
  code: RedirectCode,
  d: { from: string; to: string; status: number; curl: string },
): string {
  const fix =
    `Make ${d.from} redirect straight to https://${d.to} with status ${d.status} in one hop, keeping path and ` +
    `query: the \`redirects\` entry for ${d.from} in the domains config (to: ${d.to}, status: ${d.status}) and ` +
    `Project settings → Domains. ${CACHE_NOTE} (\`${d.curl}\`).`;
  if (code === 'redirect.downgrade')
    return `Never redirect from https:// to http://: every hop must stay on HTTPS. ${fix}`;
  if (code === 'redirect.bad_certificate' || code === 'redirect.destination_bad_certificate')
    return `Fix the certificate first (run the \`tls\` check for the host it names: it must be trusted and cover the name), then: ${fix}`;
  return fix;
}
