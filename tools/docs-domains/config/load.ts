/**
 * The edge of `config/`: reads the config file and the JSON Schema from disk and hands them to {@link validateConfig}.
 *
 * The bundled CLI (scripts/build-cli.mjs) also keeps each validation result in `node_modules/.cache/docs-domains/`,
 * under a hash of the bundle's build, the schema and the config text: parsing YAML with positions is the slowest
 * part of a run on a large config (1,000 redirects: longer than Node's start), and the result is a pure function of
 * those three. Run from the sources, nothing is cached. The validator itself (the YAML parser, the public suffix
 * list, the schema check) is loaded only when there is no cached result: a `validate` that finds one loads none
 * of them.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidationResult } from './validate.ts';

/** The repository root (this file is tools/docs-domains/config/load.ts). */
export const REPO_ROOT: string = fileURLToPath(new URL('../../../', import.meta.url));
/** Default config: site/domains.yaml of this repository. */
export const DEFAULT_CONFIG: string = fileURLToPath(new URL('../../../site/domains.yaml', import.meta.url));
/** The JSON Schema shipped for editors and used by `validate`. */
export const SCHEMA_PATH: string = fileURLToPath(new URL('../../../site/domains.schema.json', import.meta.url));
/** Where the bundled CLI keeps validation results. */
export const CACHE_DIR: string = join(REPO_ROOT, 'node_modules', '.cache', 'docs-domains');

/** A different string for every build of the bundle (esbuild `define`); not defined when run from the sources. */
declare const __DOCS_DOMAINS_BUILD__: string | undefined;

/** The file could not be read (missing, a directory, no permission): a usage error, exit 2. */
export class ConfigReadError extends Error {}

/** The cache file of a validation, or undefined when run from the sources. */
function cacheFile(schemaText: string, text: string): string | undefined {
  if (typeof __DOCS_DOMAINS_BUILD__ !== 'string') return undefined;
  // A CommonJS require: node:crypto's ES facade reads every export, the lazy WebCrypto ones too.
  const { createHash } = process.getBuiltinModule('node:crypto');
  const key = createHash('sha256').update(`${__DOCS_DOMAINS_BUILD__}\0${schemaText}\0${text}`).digest('hex');
  return join(CACHE_DIR, `${key}.json`);
}

/** A cached result, its problems naming `path`; undefined when there is none or it cannot be read. */
function readCached(file: string, path: string): ValidationResult | undefined {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as ValidationResult;
    for (const p of r.problems) p.file = path;
    return r;
  } catch {
    return undefined;
  }
}

/** Stores a result (its problems' file left empty); a cache that cannot be written is no error. */
function writeCached(file: string, result: ValidationResult): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ ...result, problems: result.problems.map((p) => ({ ...p, file: '' })) }));
    renameSync(tmp, file);
  } catch {
    // read-only checkout or full disk: the next run validates again
  }
}

/**
 * Reads and validates a config file.
 * @param path file path as given by the user (shown in problems)
 * @throws {ConfigReadError} when the file or the schema cannot be read
 */
export async function loadConfig(path: string): Promise<ValidationResult> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigReadError(
      `cannot read the config ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  let schemaText: string;
  let schema: object;
  try {
    schemaText = readFileSync(SCHEMA_PATH, 'utf8');
    schema = JSON.parse(schemaText) as object;
  } catch (err) {
    throw new ConfigReadError(`cannot read the schema ${SCHEMA_PATH}: ${(err as Error).message}`);
  }
  const file = cacheFile(schemaText, text);
  const cached = file && readCached(file, path);
  if (cached) return cached;
  const { validateConfig } = await import('./validate.ts');
  const result = validateConfig(text, path, schema);
  if (file) writeCached(file, result);
  return result;
}
