/**
 * The AsyncAPI loader: reads an AsyncAPI 2.0–2.6 or 3.0–3.1 document, validates it with
 * `@asyncapi/parser` (the AsyncAPI Initiative's parser: the specification's JSON Schemas and its Spectral
 * rules), upgrades a 2.x document to 3.0 with `@asyncapi/converter` (2.x `publish` becomes `receive`,
 * `subscribe` becomes `send`: both state the application's own side), and returns the normalized model
 * (model.ts). Problems are the description loader's: a {@link DescriptionError} with `file:line:col`,
 * the JSON pointer and a stable code.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isObject, type JsonObject } from '../json.ts';
import { DescriptionError } from '../loader/errors.ts';
import { parseFile, positionOf } from '../loader/parse.ts';
import type { DescriptionProblem } from '../loader/types.ts';
import { findRefs, refPointer } from '../loader/walk.ts';
import { escapePointerToken } from '../pointer.ts';
import { eventModel, plainValue } from './model.ts';
import type { EventModel } from './types.ts';

/** A loaded AsyncAPI description. Shared by every consumer of a process: read-only. */
export interface LoadedEventDescription {
  readonly kind: 'asyncapi';
  /** absolute path of the entry file */
  readonly path: string;
  /** the entry file byte for byte (what the site serves as the description's download) */
  readonly text: string;
  readonly format: 'yaml' | 'json';
  /** `asyncapi` as written (`2.6.0`, `3.1.0`) */
  readonly sourceVersion: string;
  /** the document as written, parsed (not resolved) */
  readonly source: JsonObject;
  /** the 3.x form the model was made from (a 2.x document's upgrade), not resolved */
  readonly upgraded: JsonObject;
  /**
   * the 3.x form resolved (`$ref`s followed, traits applied) as plain acyclic JSON without the parser's
   * `x-parser-*` fields ({@link plainValue}): what a comparison of two versions reads
   */
  readonly resolved: JsonObject;
  readonly model: EventModel;
  /** the validator's warnings, hints and the upgrade's notes: problems that did not stop the load */
  readonly warnings: readonly DescriptionProblem[];
}

/** Versions this loader reads (AsyncAPI 2.0.0–2.6.0, 3.0.0–3.1.0). */
const SUPPORTED = /^(2\.[0-6]\.\d+|3\.[01]\.\d+)$/;

/**
 * Whether a parsed description is an AsyncAPI document: an object with an `asyncapi` field at the top
 * (AsyncAPI 3.0.0 "AsyncAPI Object"; OpenAPI names its version `openapi`, Swagger `swagger`).
 */
export function isAsyncApi(value: unknown): value is JsonObject & { asyncapi: unknown } {
  return isObject(value) && value.asyncapi !== undefined && value.openapi === undefined && value.swagger === undefined;
}

/**
 * Whether the file at `path` holds an AsyncAPI document, from its text: the site decides with it which
 * loader reads an API. Reads the file; an unreadable or unparseable file is not AsyncAPI (the OpenAPI
 * loader then reports it).
 */
export async function isAsyncApiFile(
  path: string,
  read: (file: string) => Promise<string> = readText,
): Promise<boolean> {
  let text: string;
  try {
    text = await read(path);
  } catch {
    return false;
  }
  return isAsyncApiText(text, path);
}

/**
 * {@link isAsyncApiFile} without waiting: for the configuration edge, which sorts the site's APIs before
 * anything is loaded. An unreadable or unparseable file is not AsyncAPI (the OpenAPI loader reports it).
 */
export function isAsyncApiFileSync(path: string): boolean {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return false;
  }
  // Searched in the bytes first: decoding a large OpenAPI description (GitHub's, 11 MB with non-ASCII
  // prose) costs a quarter of a second, for a key it does not have.
  if (!bytes.includes(ASYNCAPI_WORD)) return false;
  return isAsyncApiText(bytes.toString('utf8'), path);
}

/** The word {@link ASYNCAPI_KEY} needs, as bytes: a file without it is not AsyncAPI. */
const ASYNCAPI_WORD = Buffer.from('asyncapi');

/** Whether a file's text is an AsyncAPI document: an `asyncapi` key, then a parse. Unparseable: not AsyncAPI. */
function isAsyncApiText(text: string, path: string): boolean {
  if (!ASYNCAPI_KEY.test(text)) return false;
  try {
    return isAsyncApi(parseFile(text, path).value);
  } catch {
    return false;
  }
}

/** An `asyncapi` key somewhere in the text: a cheap test before a parse. */
const ASYNCAPI_KEY = /(^|\n|[{,]\s*)["']?asyncapi["']?\s*:/;

function readText(file: string): Promise<string> {
  return readFile(file, 'utf8');
}

// One parser per process: creating it loads the specification's schemas and Spectral's rules.
type AsyncApiParser = import('@asyncapi/parser').Parser;
let parser: Promise<AsyncApiParser> | undefined;
function theParser(): Promise<AsyncApiParser> {
  parser ??= import('@asyncapi/parser').then(({ Parser }) => new Parser());
  return parser;
}

interface Diagnostic {
  code: string | number;
  message: string;
  path: readonly (string | number)[];
  severity: number;
  range?: { start: { line: number; character: number } };
  source?: string;
}

function pointerOf(path: readonly (string | number)[]): string {
  return path.map((t) => `/${escapePointerToken(String(t))}`).join('');
}

/** A validator's diagnostic as a problem of `file`; its position from the range, else from the pointer. */
function problemOf(d: Diagnostic, file: string, text: string, code: DescriptionProblem['code']): DescriptionProblem {
  const pointer = pointerOf(d.path);
  const where = d.range
    ? { line: d.range.start.line + 1, column: d.range.start.character + 1 }
    : (positionOf(text, pointer) ?? {});
  return { code, file, ...where, pointer, detail: `${d.message}${d.code ? ` [${d.code}]` : ''}` };
}

/**
 * Loads an AsyncAPI description.
 * @param path absolute path of a YAML or JSON file (relative `$ref`s are read beside it)
 * @param options `read` replaces the file system for the entry (a git revision's file)
 * @returns the loaded description with its normalized model
 * @throws {DescriptionError} `file-unreadable`, `syntax`, `not-asyncapi`, `unsupported-version`, `invalid`
 *   (each validation error at its line, column and pointer) or `upgrade`
 */
export async function loadEventDescription(
  path: string,
  options: { read?: (file: string) => Promise<string> } = {},
): Promise<LoadedEventDescription> {
  const read = options.read ?? readText;
  let text: string;
  try {
    text = await read(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new DescriptionError([
      { code: 'file-unreadable', file: path, detail: `cannot read the description: ${reason}` },
    ]);
  }
  const { value, format } = parseFile(text, path);
  if (!isAsyncApi(value)) {
    throw new DescriptionError([
      {
        code: 'not-asyncapi',
        file: path,
        pointer: '',
        detail: 'not an AsyncAPI description: no `asyncapi` field at the top',
      },
    ]);
  }
  const version = String(value.asyncapi);
  if (!SUPPORTED.test(version)) {
    throw new DescriptionError([
      {
        code: 'unsupported-version',
        file: path,
        pointer: '/asyncapi',
        ...positionOf(text, '/asyncapi'),
        detail: `asyncapi: "${version}" is not a version this site reads (AsyncAPI 2.0–2.6, 3.0–3.1)`,
      },
    ]);
  }
  // The build reads no network: a `$ref` to a URL is refused before the parser would fetch it.
  const remote = findRefs(value).filter((site) => /^[a-z][a-z0-9+.-]*:/i.test(site.ref) && !/^file:/i.test(site.ref));
  if (remote.length > 0) {
    throw new DescriptionError(
      remote.map((site) => {
        const pointer = refPointer(site);
        return {
          code: 'remote-ref',
          file: path,
          ...positionOf(text, pointer),
          pointer: pointer.replace(/\/\$ref$/, ''),
          ref: site.ref,
          detail: `$ref "${site.ref}" is a URL: the build reads no network; put the file beside the description and refer to it by a relative path`,
        };
      }),
    );
  }
  const p = await theParser();
  const first = await p.parse(text, { source: path });
  const diagnostics = first.diagnostics as unknown as Diagnostic[];
  const errors = diagnostics.filter((d) => d.severity === 0);
  if (!first.document || errors.length > 0) {
    const problems = (errors.length > 0 ? errors : diagnostics).map((d) => problemOf(d, path, text, 'invalid'));
    throw new DescriptionError(
      problems.length > 0
        ? problems
        : [{ code: 'invalid', file: path, detail: 'the AsyncAPI parser read no document' }],
    );
  }
  const warnings: DescriptionProblem[] = diagnostics
    .filter((d) => d.severity === 1)
    .map((d) => problemOf(d, path, text, 'invalid'));

  let resolved = first.document.json() as unknown as JsonObject;
  let upgraded = value as JsonObject;
  if (version.startsWith('2.')) {
    let converted: string;
    const notes: string[] = [];
    const { convert } = await import('@asyncapi/converter');
    const warn = console.warn;
    try {
      // The converter writes its notes (a parameter's schema it drops) to the console: kept as warnings.
      // `convert` is synchronous, so no other load's notes land here.
      console.warn = (...args: unknown[]) => notes.push(args.map(String).join(' '));
      converted = convert(text, '3.0.0') as string;
    } catch (error) {
      throw new DescriptionError([
        { code: 'upgrade', file: path, detail: `the upgrade to AsyncAPI 3.0 failed: ${(error as Error).message}` },
      ]);
    } finally {
      console.warn = warn;
    }
    for (const note of notes) warnings.push({ code: 'upgrade', file: path, detail: note.replace(/\s+/g, ' ').trim() });
    upgraded = parseFile(converted, path).value as JsonObject;
    // The 2.x document is valid; what its upgrade breaks is the converter's (a 2.x binding version the 3.0
    // schema no longer accepts): a warning, not a stop.
    const second = await p.parse(converted, {
      source: path,
      validateOptions: { allowedSeverity: { error: true, warning: true, info: true, hint: true } },
    });
    for (const d of second.diagnostics as unknown as Diagnostic[]) {
      if (d.severity !== 0) continue;
      warnings.push({
        code: 'upgrade',
        file: path,
        pointer: pointerOf(d.path),
        detail: `after the upgrade to 3.0: ${d.message}`,
      });
    }
    if (!second.document) {
      throw new DescriptionError([
        { code: 'upgrade', file: path, detail: 'the upgraded AsyncAPI 3.0 document could not be read' },
      ]);
    }
    resolved = second.document.json() as unknown as JsonObject;
  }
  return {
    kind: 'asyncapi',
    path,
    text,
    format,
    sourceVersion: version,
    source: value as JsonObject,
    upgraded,
    resolved: plainValue(resolved) as JsonObject,
    model: eventModel(resolved, version),
    warnings,
  };
}
