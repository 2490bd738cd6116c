/**
 * The usage errors of spec-diff: exit 2 with a stable code, printed as text, as JSON with `--json`
 * (`{ok: false, error: {code, message}}`) and as an annotation with `--format github`. Input errors (files,
 * descriptions, git) are load.ts's `InputError`.
 */

/**
 * Stable codes of usage errors: `usage` (flags, dates, versions), `changelog_invalid`, `released_exists`,
 * `base_not_found` (the newest release's file missing), and those of the site's APIs: `api_required` (several APIs and no `--api`), `api_unknown` (no API has that
 * id), `config_not_found` (no configuration to take `--api` from), `config_invalid` (the configuration does
 * not evaluate), `record_shared` (a release would give two APIs one release record's folder).
 */
export type UsageCode =
  | 'usage'
  | 'changelog_invalid'
  | 'released_exists'
  | 'base_not_found'
  | 'api_required'
  | 'api_unknown'
  | 'config_not_found'
  | 'config_invalid'
  | 'record_shared';

/** An exit-2 error with a stable {@link UsageCode}. */
export class UsageError extends Error {
  readonly code: UsageCode;
  constructor(message: string, code: UsageCode = 'usage') {
    super(message);
    this.code = code;
  }
}
