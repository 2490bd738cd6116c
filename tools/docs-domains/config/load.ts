/**
 * The edge of `config/`: reads the config file and the JSON Schema from disk and hands them to {@link validateConfig}.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ValidationResult, validateConfig } from './validate.ts';

/** The repository root (this file is tools/docs-domains/config/load.ts). */
export const REPO_ROOT: string = fileURLToPath(new URL('../../../', import.meta.url));
/** Default config: site/domains.yaml of this repository. */
export const DEFAULT_CONFIG: string = fileURLToPath(new URL('../../../site/domains.yaml', import.meta.url));
/** The JSON Schema shipped for editors and used by `validate`. */
export const SCHEMA_PATH: string = fileURLToPath(new URL('../../../site/domains.schema.json', import.meta.url));

/** The file could not be read (missing, a directory, no permission): a usage error, exit 2. */
export class ConfigReadError extends Error {}

/**
 * Reads and validates a config file.
 * @param path file path as given by the user (shown in problems)
 * @throws {ConfigReadError} when the file or the schema cannot be read
 */
export function loadConfig(path: string): ValidationResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigReadError(
      `cannot read the config ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  let schema: object;
  try {
    schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object;
  } catch (err) {
    throw new ConfigReadError(`cannot read the schema ${SCHEMA_PATH}: ${(err as Error).message}`);
  }
  return validateConfig(text, path, schema);
}
