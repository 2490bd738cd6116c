/**
 * The configuration edge of the site's APIs: the one place that turns the reference integration's
 * options and the environment into {@link Api} values. Nothing else reads `PETSTORE_SPEC`,
 * `PETSTORE_APIS`, `PETSTORE_CHANGELOG`, `PETSTORE_VERSIONS` or chooses a default description (the
 * Petstore's, spec/path.ts, when the options name none).
 *
 * Two forms (site/reference/options.ts): one description (`description`, its reference at `base`, its
 * mock at `/api/mock`, downloads `/openapi.yaml` and `/openapi.json`, changelog `/changelog/`), or a list
 * (`apis`: each API's reference at `<base>/<id>/`, its mock at `/api/mock/<id>/`, its downloads at
 * `<base>/<id>/openapi.yaml` and `.json`, its changelog at `/changelog/<id>/`, a catalog at `base`).
 *
 * Environment (each overrides the options for one build, so the tests and CI build other sets):
 * - `PETSTORE_SPEC`: one description, relative to the working directory: a one-description site;
 * - `PETSTORE_APIS`: a YAML file listing APIs as `apis` does, paths relative to the file (list-file.ts);
 * - `PETSTORE_CHANGELOG`: the release record of the one description (default `changelog.json` beside it);
 * - `PETSTORE_VERSIONS`: `all`, `before-sunset` or `last:<n>` (every API's `versions.publish`).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isAsyncApiFileSync } from '../../descriptions/asyncapi/index.ts';
import { SPEC_PATH } from '../../spec/path.ts';
import { MOCK_BASE } from '../mock/route/mount.ts';
import type { Api, SiteApis } from './api.ts';
import { readApiList } from './list-file.ts';
import { type ApiEntry, PUBLISH_POLICY, type ReferenceOptions } from './options.ts';
import type { PublishPolicy } from './publish.ts';

/** The environment variables {@link siteApis} reads: a build made under other values shows other APIs. */
export const API_ENVIRONMENT = ['PETSTORE_SPEC', 'PETSTORE_APIS', 'PETSTORE_CHANGELOG', 'PETSTORE_VERSIONS'] as const;

/** The id of the one-description form's API when its options give none. */
export const DEFAULT_API_ID = 'api';

/** The site's configuration does not fit; the message names the option, variable or file and why. */
export class ApiConfigError extends Error {
  override name = 'ApiConfigError';
}

/** Where {@link siteApis} reads from: the environment and the folders relative paths start at. */
export interface ApiSources {
  /** The environment (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Where `PETSTORE_*` paths are relative to (default the working directory). */
  cwd?: string;
  /** Where the options' paths are relative to: the project root (default the working directory). */
  root?: string;
}

/**
 * The `versions.publish` policy: `PETSTORE_VERSIONS` when set, else the option.
 * @throws {ApiConfigError} on a `PETSTORE_VERSIONS` value other than `all`, `before-sunset`, `last:<n>` (n ≥ 1)
 */
export function publishPolicyOf(
  option: PublishPolicy,
  env: Record<string, string | undefined> = process.env,
): PublishPolicy {
  const value = env.PETSTORE_VERSIONS?.trim();
  if (!value) return option;
  const last = /^last:(\d+)$/.exec(value);
  const parsed = PUBLISH_POLICY.safeParse(last ? { last: Number(last[1]) } : value);
  if (!parsed.success) {
    throw new ApiConfigError(`PETSTORE_VERSIONS=${value}: expected all, before-sunset or last:<n> (n ≥ 1)`);
  }
  return parsed.data;
}

/** An entry's options over the site's: what the entry gives wins, field by field. */
function entryOptions(site: ReferenceOptions, entry: ApiEntry, base: string): ReferenceOptions {
  return {
    base,
    description: entry.description,
    sidebar: {
      // The API's own group: its label, else its title; '' leaves it to the description's `info.title`.
      label: entry.sidebar?.label ?? entry.title ?? '',
      threshold: entry.sidebar?.threshold ?? site.sidebar.threshold,
    },
    schemaPages: entry.schemaPages ?? site.schemaPages,
    operationCards: entry.operationCards ?? site.operationCards,
    codeSamples: { targets: entry.codeSamples?.targets ?? site.codeSamples.targets },
    versions: { publish: entry.versions?.publish ?? site.versions.publish },
    tryIt: { targets: entry.tryIt?.targets ?? site.tryIt.targets, persistAuth: site.tryIt.persistAuth },
    // Each API of several finds its translations beside its own description (`i18n/<locale>.overlay.yaml`).
    overlays: {},
  };
}

/** The release record beside a description, when there is one. */
function recordBeside(description: string): string | undefined {
  const beside = join(dirname(description), 'changelog.json');
  return existsSync(beside) ? beside : undefined;
}

/**
 * The APIs of the site, from the reference's checked options and the environment.
 * @param options the reference integration's options, defaults filled in (site/reference/options.ts)
 * @returns the site's APIs, every path absolute, every URL path decided
 * @throws {ApiConfigError} when an environment variable's value does not fit, or two APIs would share a
 *   release record's folder (names them)
 * @throws {ApiListError} when the `PETSTORE_APIS` file does not fit (file:line:col of each problem)
 */
export function siteApis(options: ReferenceOptions, sources: ApiSources = {}): SiteApis {
  const env = sources.env ?? process.env;
  const cwd = sources.cwd ?? process.cwd();
  const root = sources.root ?? cwd;
  const spec = env.PETSTORE_SPEC?.trim();
  const list = env.PETSTORE_APIS?.trim();
  if (spec && list) {
    throw new ApiConfigError(
      'PETSTORE_SPEC and PETSTORE_APIS are both set: one description, or a list of APIs, not both',
    );
  }
  const entries = list
    ? readApiList(resolve(cwd, list))
    : spec
      ? undefined
      : options.apis?.map((e) => ({
          ...e,
          description: resolve(root, e.description),
          ...(e.changelog ? { changelog: resolve(root, e.changelog) } : {}),
        }));
  const label = options.sidebar.label;
  if (!entries) return { base: options.base, catalog: false, label, apis: [oneApi(options, env, cwd, root)] };
  if (env.PETSTORE_CHANGELOG?.trim()) {
    throw new ApiConfigError(
      'PETSTORE_CHANGELOG names the release record of one description; with several APIs each entry gives its `changelog`',
    );
  }
  const all = entries.map((entry): Api => {
    const base = `${options.base}/${entry.id}`;
    const changelog = entry.changelog ?? recordBeside(entry.description);
    return {
      id: entry.id,
      ...(entry.title ? { title: entry.title } : {}),
      ...(entry.category ? { category: entry.category } : {}),
      description: entry.description,
      ...(changelog ? { changelog } : {}),
      publish: publishPolicyOf(entry.versions?.publish ?? options.versions.publish, env),
      base,
      mockBase: `${MOCK_BASE}/${entry.id}`,
      downloads: { yaml: `${base}/openapi.yaml`, json: `${base}/openapi.json` },
      changes: { page: `/changelog/${entry.id}/`, feed: `/changelog/${entry.id}.xml` },
      options: entryOptions(options, entry, base),
      ...(isAsyncApiFileSync(entry.description) ? { kind: 'asyncapi' as const } : {}),
    };
  });
  // Event APIs (AsyncAPI) have pages, a mock and agents' files of their own (site/events/).
  const apis = all.filter((a) => a.kind !== 'asyncapi');
  const events = all.filter((a) => a.kind === 'asyncapi');
  if (apis.length === 0) {
    throw new ApiConfigError(
      `every API of the list is an AsyncAPI description (${events.map((a) => a.id).join(', ')}): the site needs at least one OpenAPI description beside its event APIs`,
    );
  }
  const folders = new Map<string, Api>();
  for (const api of all) {
    if (!api.changelog) continue;
    const folder = dirname(api.changelog);
    const other = folders.get(folder);
    if (other) {
      throw new ApiConfigError(
        `APIs "${other.id}" and "${api.id}" keep their release records in one folder (${folder}): each record and the released/ descriptions beside it need a folder of their own; give one of them a \`changelog\` in another folder`,
      );
    }
    folders.set(folder, api);
  }
  return {
    base: options.base,
    catalog: true,
    label,
    apis: apis as [Api, ...Api[]],
    ...(events.length > 0 ? { events } : {}),
  };
}

/** The one-description form's API. */
function oneApi(options: ReferenceOptions, env: Record<string, string | undefined>, cwd: string, root: string): Api {
  const spec = env.PETSTORE_SPEC?.trim();
  const description = spec ? resolve(cwd, spec) : options.description ? resolve(root, options.description) : SPEC_PATH;
  if (isAsyncApiFileSync(description)) {
    throw new ApiConfigError(
      `${spec ? `PETSTORE_SPEC=${spec}` : description} is an AsyncAPI description: name event APIs in a list (the \`apis\` option or PETSTORE_APIS), beside an OpenAPI one`,
    );
  }
  const record = env.PETSTORE_CHANGELOG?.trim();
  const changelog = record
    ? resolve(cwd, record)
    : options.changelog && !spec
      ? resolve(root, options.changelog)
      : recordBeside(description);
  return {
    id: options.id ?? DEFAULT_API_ID,
    ...(options.title ? { title: options.title } : {}),
    ...(options.category ? { category: options.category } : {}),
    description,
    ...(changelog ? { changelog } : {}),
    publish: publishPolicyOf(options.versions.publish, env),
    base: options.base,
    mockBase: MOCK_BASE,
    downloads: { yaml: '/openapi.yaml', json: '/openapi.json' },
    changes: { page: '/changelog/', feed: '/changelog.xml' },
    options: oneApiOptions(options),
  };
}

/** The one-description form's options without the (absent) list. */
function oneApiOptions({ apis: _list, ...options }: ReferenceOptions): ReferenceOptions {
  return options;
}
