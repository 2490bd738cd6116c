/**
 * The registry of check groups that `docs-domains check` runs for each domain, in report order.
 *
 * A group lives in `groups/<name>/` (`group.ts` exporting a {@link CheckGroup}, `options.ts`, `checks/`, its
 * transport) and imports only `core/` and its own folder. To add one, add it here: cli.ts adds its options to
 * `check` (prefixed `[name]` in `--help`), `--only`/`--skip` accept its name.
 */

import type { CheckGroup } from '../core/types.ts';
import { dnsGroup } from './dns/group.ts';
import { httpGroup } from './http/group.ts';
import { tlsGroup } from './tls/group.ts';

/** Every available group, in report order. */
export const groups: readonly CheckGroup[] = [dnsGroup, tlsGroup, httpGroup];
