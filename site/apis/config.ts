/**
 * The configuration edge of the site's APIs: the one place that turns the reference integration's
 * options and the environment into {@link Api} values. Nothing else reads `PETSTORE_SPEC`,
 * `PETSTORE_CHANGELOG`, `PETSTORE_VERSIONS` or chooses a default description (the Petstore's,
 * spec/path.ts, when the options name none).
 *
 * Environment (each overrides an option for one build, so the tests and CI build other descriptions):
 * - `PETSTORE_SPEC`: the description file, relative to the working directory;
 * - `PETSTORE_CHANGELOG`: the release record, relative to the working directory (default:
 *   `changelog.json` beside the description, when there is one);
 * - `PETSTORE_VERSIONS`: `all`, `before-sunset` or `last:<n>` (the `versions.publish` option).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SPEC_PATH } from '../../spec/path.ts';
import { MOCK_BASE } from '../mock/hosts/mount.ts';
import type { PublishPolicy } from '../reference/model/versions.ts';
import { PUBLISH_POLICY, type ReferenceOptions } from '../reference/options.ts';
import type { Api } from './api.ts';

/** The environment variables {@link siteApis} reads: a build made under other values shows other APIs. */
export const API_ENVIRONMENT = ['PETSTORE_SPEC', 'PETSTORE_CHANGELOG', 'PETSTORE_VERSIONS'] as const;

/** An environment variable's value that does not fit; the message names the variable and what it accepts. */
export class ApiEnvironmentError extends Error {
  override name = 'ApiEnvironmentError';
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
 * @throws {ApiEnvironmentError} on a `PETSTORE_VERSIONS` value other than `all`, `before-sunset`, `last:<n>` (n ≥ 1)
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
    throw new ApiEnvironmentError(`PETSTORE_VERSIONS=${value}: expected all, before-sunset or last:<n> (n ≥ 1)`);
  }
  return parsed.data;
}

/**
 * The APIs of the site, from the reference's checked options and the environment.
 * @param options the reference integration's options, defaults filled in (site/reference/options.ts)
 * @returns the site's APIs (today one), every path absolute
 * @throws {ApiEnvironmentError} when an environment variable's value does not fit (names it)
 */
export function siteApis(options: ReferenceOptions, sources: ApiSources = {}): Api[] {
  const env = sources.env ?? process.env;
  const cwd = sources.cwd ?? process.cwd();
  const root = sources.root ?? cwd;
  const description = env.PETSTORE_SPEC
    ? resolve(cwd, env.PETSTORE_SPEC)
    : options.description
      ? resolve(root, options.description)
      : SPEC_PATH;
  const beside = join(dirname(description), 'changelog.json');
  const changelog = env.PETSTORE_CHANGELOG
    ? resolve(cwd, env.PETSTORE_CHANGELOG)
    : existsSync(beside)
      ? beside
      : undefined;
  return [
    {
      id: 'api',
      description,
      ...(changelog ? { changelog } : {}),
      publish: publishPolicyOf(options.versions.publish, env),
      base: options.base,
      mockBase: MOCK_BASE,
      downloads: { yaml: '/openapi.yaml', json: '/openapi.json' },
      options,
    },
  ];
}
