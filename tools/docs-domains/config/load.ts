/**
 * The edge of `config/`: reads the config file and the JSON Schema from disk and hands them to `validateConfig`
 * (validate.ts).
 *
 * The bundled CLI (scripts/build-cli.mjs) also keeps each validation result in `node_modules/.cache/docs-domains/`,
 * named by a hash of the bundle's build, the schema and the config text, and holding them to compare before use:
 * parsing YAML with positions is the slowest part of a run on a large config (1,000 redirects: longer than Node's
 * start), and the result is a pure function of those three. Run from the sources, nothing is cached. The validator
 * itself (the YAML parser, the public suffix list, the schema check) is loaded only when there is no cached
 * result: a `validate` that finds one loads none of them.
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

/** A cache entry: where it is and the exact input it stands for. */
interface CacheKey {
  file: string;
  /** The build, the schema and the config text: a cached result is used only when they are equal. */
  input: string;
}

/**
 * FNV-1a over UTF-16 code units, twice with different offset bases: 16 hex digits that name a cache file. Not a
 * cryptographic hash (loading node:crypto costs more than a whole `validate` from the cache): a cache file also
 * holds the input it was made from, compared in full before use, so two inputs with the same name never mix.
 */
function fnv64(s: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The cache entry of a validation, or undefined when run from the sources. */
function cacheKey(schemaText: string, text: string): CacheKey | undefined {
  if (typeof __DOCS_DOMAINS_BUILD__ !== 'string') return undefined;
  const input = `${__DOCS_DOMAINS_BUILD__}\0${schemaText}\0${text}`;
  return { file: join(CACHE_DIR, `${fnv64(input)}.json`), input };
}

/** A cached result for exactly this input, its problems naming `path`; undefined when there is none. */
function readCached(key: CacheKey, path: string): ValidationResult | undefined {
  try {
    const { input, result } = JSON.parse(readFileSync(key.file, 'utf8')) as { input: string; result: ValidationResult };
    if (input !== key.input) return undefined;
    for (const p of result.problems) p.file = path;
    return result;
  } catch {
    return undefined;
  }
}

/** Stores a result (its problems' file left empty) with its input; a cache that cannot be written is no error. */
function writeCached(key: CacheKey, result: ValidationResult): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${key.file}.${process.pid}.tmp`;
    const stored = { ...result, problems: result.problems.map((p) => ({ ...p, file: '' })) };
    writeFileSync(tmp, JSON.stringify({ input: key.input, result: stored }));
    renameSync(tmp, key.file);
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
  const key = cacheKey(schemaText, text);
  const cached = key && readCached(key, path);
  if (cached) return cached;
  const { validateConfig } = await import('./validate.ts');
  const result = validateConfig(text, path, schema);
  if (key) writeCached(key, result);
  return result;
}
