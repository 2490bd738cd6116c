/**
 * `spec-diff release <version>`: records a release of a description in its release record (the changelog the
 * site publishes) and keeps the released description in the `released/` folder beside it. Which description and
 * record: `--head`, `--changelog`, `--released` (the configuration is not read), else the site's API that
 * `--api` names (or its only one); without a configuration, spec/openapi.yaml and spec/changelog.json.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import {
  addRelease,
  type Changelog,
  compareVersions,
  formatChangelog,
  parseChangelog,
} from '../../../descriptions/changelog.ts';
import type { ConfiguredApi } from '../apis/read.ts';
import { checkRecordFolder, chooseApi, recordOf } from '../apis/select.ts';
import { initialRelease, releaseFromReport } from '../changelog/release.ts';
import { diffDescriptions } from '../core/run.ts';
import { UsageError } from '../errors.ts';
import { buildDate, type Io, shown } from '../io.ts';
import { checkSameKind, loadFile } from '../load.ts';
import {
  defaultReleasedDir,
  FileExistsError,
  findReleasedFile,
  RELEASED_EXTENSIONS,
  versionFileProblem,
  writeAllOrNothing,
} from '../released.ts';
import { apiName } from '../report/messages.ts';
import { formatText } from '../report/text.ts';
import { DEFAULT_CHANGELOG, DEFAULT_HEAD, siteApis } from './site.ts';

/** The options of `spec-diff release`, as the program parsed them. */
export interface ReleaseCommand {
  /** `--head`, `--changelog`, `--released`, when given. */
  head?: string;
  changelog?: string;
  released?: string;
  api?: string;
  config?: string;
  noticeDays: number;
  json?: boolean;
}

/** What is released where: the description, its record, the folder of released descriptions, and the API. */
interface Target {
  headPath: string;
  changelogPath: string;
  releasedDir: string;
  /** The site's API released, when the run names one (several APIs, or `--api`). */
  api?: ConfiguredApi;
}

/**
 * The files of a release: the flags' (`--head`, `--changelog`, `--released`), else the API's from the site's
 * configuration (its description, its record, `released/` beside the record).
 * @throws {UsageError} `api_required`, `api_unknown`, `config_not_found`, `config_invalid`, `record_shared`,
 *   or `usage` when file flags and `--api`/`--config` are mixed
 */
async function target(version: string, command: ReleaseCommand, io: Io): Promise<Target> {
  const files = (['head', 'changelog', 'released'] as const).filter((k) => command[k] !== undefined);
  if (files.length > 0) {
    for (const flag of ['api', 'config'] as const)
      if (command[flag] !== undefined)
        throw new UsageError(
          `--${files[0]} ${command[files[0] as (typeof files)[number]]} and --${flag} ${command[flag]}: the file flags (--head, --changelog, --released) name the files themselves, --${flag} takes them from the site's configuration; give one or the other`,
        );
    return flagged(command, io);
  }
  const site = await siteApis(command, io);
  if (!site) return flagged(command, io);
  const api = chooseApi(site, command.api, `npm run spec:release -- --api <id> ${version}`);
  checkRecordFolder(site, api);
  const changelogPath = recordOf(api);
  return {
    headPath: api.description,
    changelogPath,
    releasedDir: defaultReleasedDir(changelogPath),
    ...(command.api !== undefined || site.apis.length > 1 ? { api } : {}),
  };
}

/** The files the flags name, with today's defaults for the others. */
function flagged(command: ReleaseCommand, io: Io): Target {
  const changelogPath = resolve(io.cwd, command.changelog ?? DEFAULT_CHANGELOG);
  return {
    headPath: resolve(io.cwd, command.head ?? DEFAULT_HEAD),
    changelogPath,
    releasedDir: command.released !== undefined ? resolve(io.cwd, command.released) : defaultReleasedDir(changelogPath),
  };
}

/**
 * Runs `spec-diff release <version>`: refuses (exit 1, nothing written) a release the policy refuses or that
 * changes nothing; otherwise writes the record and the released file, all or nothing.
 * @returns the exit code: 0 recorded, 1 refused
 * @throws {UsageError} on a version that is not the description's or not newer than the latest release, a
 *   record that is not one, a released file already there, the newest release's file missing, and as
 *   {@link target}
 * @throws {InputError} on a description that cannot be read
 */
export async function runRelease(version: string, command: ReleaseCommand, io: Io): Promise<number> {
  const date = buildDate(io.env);
  const versionProblem = versionFileProblem(version);
  if (versionProblem) throw new UsageError(versionProblem);
  const { headPath, changelogPath, releasedDir, api: named } = await target(version, command, io);
  const headLabel = shown(headPath, io.cwd);
  const head = await loadFile(headPath, headLabel);
  const info = (head.source.info ?? {}) as Record<string, unknown>;
  // `partner (Partner Pets API)`: its configured title, else the description's.
  const title = named?.title ?? (typeof info.title === 'string' && info.title ? info.title : undefined);
  const api = named && apiName({ id: named.id, ...(title ? { title } : {}) });
  if (String(info.version) !== version)
    throw new UsageError(
      `${headLabel} says info.version ${JSON.stringify(info.version)}; set it to ${JSON.stringify(version)} before releasing ${version}${api ? ` of ${api}` : ''}`,
    );
  if (existsSync(releasedDir) && !statSync(releasedDir).isDirectory())
    throw new UsageError(
      `${command.released !== undefined ? '--released ' : ''}${shown(releasedDir, io.cwd)} is a file: the released folder keeps one <version>.yaml per release`,
    );
  let changelog: Changelog = {
    description:
      'Released versions of the API description, newest first. Written by npm run spec:release; read by the site.',
    releases: [],
  };
  if (existsSync(changelogPath)) {
    try {
      changelog = parseChangelog(readFileSync(changelogPath, 'utf8'));
    } catch (err) {
      throw new UsageError(`${shown(changelogPath, io.cwd)}: ${(err as Error).message}`, 'changelog_invalid');
    }
  }
  const latest = changelog.releases[0];
  if (latest && compareVersions(version, latest.version) <= 0)
    throw new UsageError(
      `version ${version} is not newer than the latest release ${latest.version}${api ? ` of ${api} (${shown(changelogPath, io.cwd)})` : ''}`,
    );
  const releasedPath = join(releasedDir, `${version}.yaml`);
  const stray = findReleasedFile(releasedDir, version);
  if (stray)
    throw new UsageError(
      `${shown(stray, io.cwd)} already exists, but ${shown(changelogPath, io.cwd)} has no release ${version}: a kept release is never overwritten; remove the file if it is left over from an unfinished release`,
      'released_exists',
    );
  let release: ReturnType<typeof initialRelease>;
  // What the changelog reads of a released description: an OpenAPI document, or an event API's model.
  const released = (d: typeof head) => (d.event ? { event: d.event.model } : d.source);
  if (!latest) release = initialRelease(released(head), version, date);
  else {
    const basePath = findReleasedFile(releasedDir, latest.version);
    if (!basePath) {
      const expected = RELEASED_EXTENSIONS.map((ext) => shown(join(releasedDir, `${latest.version}${ext}`), io.cwd));
      throw new UsageError(
        `${expected.join(' (or ')}) is missing: it is the description as released in ${latest.version}, the newest release of ${shown(changelogPath, io.cwd)}, and the base of ${version}. Restore it from git (git show <commit of the ${latest.version} release>:${shown(join(releasedDir, `${latest.version}.yaml`), io.cwd)}), or pass --released <dir> if the releases are kept elsewhere`,
        'base_not_found',
      );
    }
    const base = await loadFile(basePath, `${latest.version} (${shown(basePath, io.cwd)})`);
    checkSameKind(base, head);
    const report = diffDescriptions(base, head, {
      buildDate: date,
      noticeDays: command.noticeDays,
      baseLabel: base.path,
      headFile: headLabel,
    });
    const of = api ? ` of ${api}` : '';
    if (!report.ok) {
      io.stderr.write(formatText(report, false));
      io.stderr.write(`spec-diff: release ${version}${of} refused: fix the failing changes above first.\n`);
      return 1;
    }
    if (report.changes.length === 0) {
      io.stderr.write(`spec-diff: release ${version}${of} refused: nothing changed since ${latest.version}.\n`);
      return 1;
    }
    release = releaseFromReport(report, released(head), released(base), version, date);
  }
  const next = addRelease(changelog, release);
  // The release kept as one file that stands alone: a one-file YAML description byte for byte (comments kept);
  // otherwise the loader's bundled source (a split description's parts inlined), serialized as YAML.
  const keptText =
    head.format === 'yaml' && !head.split
      ? readFileSync(headPath, 'utf8')
      : stringifyYaml(head.source, { lineWidth: 0, aliasDuplicateObjects: false });
  try {
    writeAllOrNothing([
      { path: releasedPath, text: keptText, mode: 'create' },
      { path: changelogPath, text: formatChangelog(next), mode: 'replace' },
    ]);
  } catch (err) {
    if (err instanceof FileExistsError)
      throw new UsageError(
        `${shown(err.path, io.cwd)} appeared while releasing ${version}; nothing was written`,
        'released_exists',
      );
    throw err;
  }
  if (command.json) io.stdout.write(`${JSON.stringify(release, null, 2)}\n`);
  else {
    const counts = ['added', 'changed', 'deprecated', 'removed']
      .map((k) => [k, release.operations.filter((o) => o.change === k).length] as const)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`);
    io.stdout.write(
      `Released ${version}${api ? ` of ${api}` : ''} (${date})${release.breaking ? ', breaking' : ''}: ${counts.join(', ') || 'no operation changed'}${release.other.length ? `, ${release.other.length} other change${release.other.length === 1 ? '' : 's'}` : ''}.\n` +
        `Wrote ${shown(changelogPath, io.cwd)} and ${shown(releasedPath, io.cwd)}: review and commit both.\n`,
    );
  }
  return 0;
}
