/**
 * The site's APIs as a command reads them: through the injected reader (apis/read.ts by default), with a
 * progress line on a terminal and what the configuration printed passed on to stderr.
 */
import { CONFIG_FILE, type ConfiguredApis, readConfiguredApis } from '../apis/read.ts';
import { UsageError } from '../errors.ts';
import { type Io, progressOn } from '../io.ts';

/** The description where nothing lists APIs. */
export const DEFAULT_HEAD = 'spec/openapi.yaml';
/** Its release record there. */
export const DEFAULT_CHANGELOG = 'spec/changelog.json';

/**
 * The site's APIs for a command's `--api` and `--config`.
 * @returns undefined where nothing lists APIs (no configuration file, neither PETSTORE_APIS nor PETSTORE_SPEC)
 *   and `--api` is not given: the command then works on its one-description defaults
 * @throws {UsageError} `config_not_found` for `--api` where nothing lists APIs, and as the reader
 */
export async function siteApis(
  command: { api?: string; config?: string },
  io: Io,
): Promise<ConfiguredApis | undefined> {
  const site = await (io.apis ?? readConfiguredApis)({
    cwd: io.cwd,
    env: io.env,
    ...(command.config !== undefined ? { config: command.config } : {}),
    ...progressOn(io),
  });
  if (!site && command.api !== undefined)
    throw new UsageError(
      `--api ${command.api}: no ${CONFIG_FILE} in ${io.cwd} and neither PETSTORE_APIS nor PETSTORE_SPEC set, so no list of APIs to take it from: run from the site's root, or pass --config <file>`,
      'config_not_found',
    );
  if (site?.printed) io.stderr.write(site.printed);
  return site;
}
