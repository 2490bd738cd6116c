/**
 * Which of the site's APIs a command works on, and where an API's release record is. Pure: decisions as
 * {@link UsageError}s with stable codes, the ids listed in the message.
 */
import { dirname, join } from 'node:path';
import { UsageError } from '../errors.ts';
import type { ConfiguredApi, ConfiguredApis } from './read.ts';

const ids = (apis: readonly ConfiguredApi[]): string => apis.map((a) => a.id).join(', ');

/**
 * The API `--api <id>` names; without `--api`, the site's only API.
 * @param id the value of `--api`, undefined when not given
 * @param command how the error tells the user to name one (`spec:release -- --api <id> 1.2.0`)
 * @throws {UsageError} `api_required` when the site has several APIs and `id` is undefined; `api_unknown`
 *   when no API has that id (both list the ids and where they were read)
 */
export function chooseApi(
  site: Pick<ConfiguredApis, 'from' | 'apis'>,
  id: string | undefined,
  command: string,
): ConfiguredApi {
  const { apis, from } = site;
  if (id === undefined) {
    const [only, ...more] = apis;
    if (only && more.length === 0) return only;
    throw new UsageError(
      `${from} configures ${apis.length} APIs (${ids(apis)}): name one with --api <id>, e.g. ${command.replace('<id>', apis[0]?.id ?? '<id>')}`,
      'api_required',
    );
  }
  const api = apis.find((a) => a.id === id);
  if (!api) throw new UsageError(`--api ${id}: no API has that id in ${from}; its APIs: ${ids(apis)}`, 'api_unknown');
  return api;
}

/**
 * The release record of an API: the configured (or existing) one, else `changelog.json` beside its description,
 * where the site will look for it (site/apis/config.ts).
 */
export function recordOf(api: ConfiguredApi): string {
  return api.changelog ?? join(dirname(api.description), 'changelog.json');
}

/**
 * Refuses a release that would leave two APIs one release record's folder: the site reads the `released/`
 * folder beside a record as that API's history, and refuses to build two records in one folder
 * (site/apis/config.ts). An API without a record would take `changelog.json` beside its description.
 * @throws {UsageError} `record_shared`, naming both APIs, the folder and the way out
 */
export function checkRecordFolder(site: Pick<ConfiguredApis, 'from' | 'apis'>, api: ConfiguredApi): void {
  const folder = dirname(recordOf(api));
  const other = site.apis.find((a) => a.id !== api.id && dirname(recordOf(a)) === folder);
  if (other)
    throw new UsageError(
      `APIs "${api.id}" and "${other.id}" would keep their release records in one folder (${folder}): the released/ descriptions beside a record are one API's history. Give one of them a \`changelog\` in a folder of its own (its entry in ${site.from})`,
      'record_shared',
    );
}
