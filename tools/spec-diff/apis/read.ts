/**
 * The edge where spec-diff learns the site's APIs: the configuration the build uses (astro.config.mjs in the
 * working directory, or `--config <file>`), with the environment's overrides (PETSTORE_APIS, PETSTORE_SPEC,
 * PETSTORE_CHANGELOG), evaluated at run time in a child process (apis/configured.ts says why), never bundled.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.ts';

/** The configuration file spec-diff looks for in the working directory, as Astro does in its root. */
export const CONFIG_FILE = 'astro.config.mjs';

/** What spec-diff needs of an API the site documents (site/apis/api.ts `Api`). */
export interface ConfiguredApi {
  /** The API's id (URL-safe, unique in the site). */
  id: string;
  /** The API's configured title, when it has one. */
  title?: string;
  /** The description file: an absolute path. */
  description: string;
  /** The release record: an absolute path; undefined when there is none yet (default: beside the description). */
  changelog?: string;
}

/** What apis/configured.ts writes on its fd 3. */
export type ConfigurationAnswer = { apis: ConfiguredApi[] } | { error: { code: 'config_invalid'; message: string } };

/** The site's APIs and where they were read from. */
export interface ConfiguredApis {
  /** How messages name the source: `astro.config.mjs`, `PETSTORE_APIS (apis.yaml)`, `PETSTORE_SPEC (x.yaml)`. */
  from: string;
  /** The APIs in the configured order; at least one. */
  apis: ConfiguredApi[];
  /** What evaluating the configuration printed (warnings), for the CLI's stderr; usually ''. */
  printed: string;
}

/** Where to read the APIs: the working directory, the environment, `--config`. */
export interface ConfigurationRequest {
  cwd: string;
  env: Record<string, string | undefined>;
  /** `--config <file>`, relative to `cwd`; default astro.config.mjs in `cwd`. */
  config?: string;
  /** Told what is being read before the configuration is evaluated (seconds with large descriptions). */
  progress?: (message: string) => void;
}

/**
 * Reads the site's APIs; injected into the CLI (its `Io`) so tests can give a list without a site.
 * @returns undefined when there is nothing to read: no configuration file and neither PETSTORE_APIS nor
 *   PETSTORE_SPEC set (spec-diff then works on one description, spec/openapi.yaml)
 */
export type ApiReader = (request: ConfigurationRequest) => Promise<ConfiguredApis | undefined>;

/**
 * How messages name where the APIs come from: the variable that overrides the configuration, else the file.
 * Pure.
 */
export function sourceName(env: Record<string, string | undefined>, configLabel: string): string {
  const list = env.PETSTORE_APIS?.trim();
  if (list) return `PETSTORE_APIS (${list})`;
  const spec = env.PETSTORE_SPEC?.trim();
  if (spec) return `PETSTORE_SPEC (${spec})`;
  return configLabel;
}

/**
 * The site's APIs from its configuration, evaluated in a child process (`node apis/configured.ts`) with the
 * request's working directory and environment.
 * @throws {UsageError} `config_not_found` when `--config` names no file; `config_invalid` when the
 *   configuration does not evaluate (the message carries what it printed: the option, the list entry's
 *   file:line:col, or the description's file:line:col) or names no API
 */
export const readConfiguredApis: ApiReader = async ({ cwd, env, config, progress }) => {
  const file = resolve(cwd, config ?? CONFIG_FILE);
  const present = existsSync(file);
  if (config !== undefined && !present) throw new UsageError(`--config ${config}: no such file`, 'config_not_found');
  const shown = relative(cwd, file).startsWith('..') ? file : relative(cwd, file);
  if (!present && !env.PETSTORE_APIS?.trim() && !env.PETSTORE_SPEC?.trim()) return undefined;
  const from = sourceName(env, shown);
  progress?.(
    present
      ? `reading the site's APIs from ${shown}${from === shown ? '' : ` with ${from}`} (evaluated as the build does: Astro and every description)`
      : `reading the site's APIs from ${from}`,
  );
  const child = await evaluate(present ? file : undefined, cwd, env);
  if (child.answer && 'apis' in child.answer) return { from, apis: child.answer.apis, printed: child.output };
  if (child.answer) throw new UsageError(child.answer.error.message, 'config_invalid');
  const printed = child.output.trim();
  throw new UsageError(
    `${present ? `${shown}${from === shown ? '' : ` with ${from}`}` : from}: the site's configuration does not evaluate (${child.exit}); it said:\n${printed ? printed.replace(/^/gm, '  ') : '  (nothing)'}`,
    'config_invalid',
  );
};

/** The child's answer (undefined when it wrote none), everything it printed, and how it ended. */
async function evaluate(
  file: string | undefined,
  cwd: string,
  env: Record<string, string | undefined>,
): Promise<{ answer?: ConfigurationAnswer; output: string; exit: string }> {
  const script = fileURLToPath(new URL('../apis/configured.ts', import.meta.url));
  // Node 22.12 to 22.17 strips TypeScript types only when asked.
  const flags = process.features.typescript ? [] : ['--experimental-strip-types'];
  const child = spawn(
    process.execPath,
    [...flags, '--disable-warning=ExperimentalWarning', script, ...(file ? [file] : [])],
    { cwd, env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
  );
  const chunks: { out: Buffer[]; answer: Buffer[] } = { out: [], answer: [] };
  child.stdout?.on('data', (b: Buffer) => chunks.out.push(b));
  child.stderr?.on('data', (b: Buffer) => chunks.out.push(b));
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (b: Buffer) => chunks.answer.push(b));
  const exit = await new Promise<string>((done, fail) => {
    child.on('error', fail);
    child.on('close', (code, signal) => done(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  const text = Buffer.concat(chunks.answer).toString('utf8');
  return {
    ...(text ? { answer: JSON.parse(text) as ConfigurationAnswer } : {}),
    output: Buffer.concat(chunks.out).toString('utf8'),
    exit,
  };
}
