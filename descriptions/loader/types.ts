import type { Document, LineCounter } from 'yaml';
import type { JsonObject } from '../json.ts';

export type { JsonObject };

/**
 * An OpenAPI document in the loader's internal form: OpenAPI 3.2 (or 3.1, see
 * {@link LoadedDescription.warnings}), external `$ref`s bundled in, internal `$ref`s kept, path item
 * `$ref`s resolved in place. Typed loosely on purpose: the description is input we did not write, so
 * every consumer checks the shapes it reads.
 */
export type OpenApiDocument = JsonObject & { openapi: string };

/** A YAML file's syntax tree and the line starts of its text: positions of values without another parse. */
export interface YamlTree {
  document: Document.Parsed;
  lineCounter: LineCounter;
}

/** Stable codes of the problems that stop a description from loading. */
export type DescriptionErrorCode =
  /** the file (entry or `$ref`ed) cannot be read */
  | 'file-unreadable'
  /** YAML or JSON syntax error */
  | 'syntax'
  /** the entry is not an object with `openapi: 3.x` or `swagger: "2.0"` */
  | 'not-openapi'
  /** `openapi`/`swagger` names a version this loader does not read (e.g. 1.2, 4.0) */
  | 'unsupported-version'
  /** a `$ref` whose target does not exist */
  | 'dangling-ref'
  /** a `$ref` to a URL: the build reads no network */
  | 'remote-ref'
  /** a `$ref` that is not a valid reference (not a string, a malformed JSON pointer) */
  | 'invalid-ref'
  /** a value of the wrong shape where OpenAPI requires one (e.g. `paths` not an object) */
  | 'structure'
  /** the upgrade to the internal form failed */
  | 'upgrade'
  /** the entry is not an object with `asyncapi` (the AsyncAPI loader's counterpart of `not-openapi`) */
  | 'not-asyncapi'
  /** the description breaks its specification (the AsyncAPI parser's validation) */
  | 'invalid';

/** One problem of a description, with where it is. Messages are rendered from it, never parsed. */
export interface DescriptionProblem {
  code: DescriptionErrorCode;
  /** absolute path of the file the problem is in */
  file: string;
  /** 1-based line in `file`, when known */
  line?: number;
  /** 1-based column in `file`, when known */
  column?: number;
  /** JSON pointer (RFC 6901) of the offending value in `file`, when known (`/paths/~1pets/get`) */
  pointer?: string;
  /** the `$ref` value, for reference problems */
  ref?: string;
  /** what is wrong, in a few words, without the location (rendered after it) */
  detail: string;
}

/** What {@link loadDescription} returns. Shared by every consumer of a process: read-only. */
export interface LoadedDescription {
  /** absolute path of the entry file */
  path: string;
  /** the entry file's text, byte for byte */
  text: string;
  /** the entry file's syntax */
  format: 'yaml' | 'json';
  /** `swagger` or `openapi` as the entry file writes it (`2.0`, `3.0.3`, `3.1.0`, `3.2.0`) */
  sourceVersion: string;
  /** the internal form (see {@link OpenApiDocument}) */
  document: OpenApiDocument;
  /** the description in its own version with external `$ref`s bundled in: what `/openapi.json` serves */
  source: JsonObject;
  /** every file read, entry first (absolute paths) */
  files: string[];
  /** problems that did not stop the load (an upgrade incompatibility, a path item `$ref` cycle) */
  warnings: DescriptionProblem[];
  /** the entry file's YAML syntax tree, only from `readDescription(path, {entryTree: true})` of a YAML file */
  entryTree?: YamlTree;
}
