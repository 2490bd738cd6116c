import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileInfo } from '@apidevtools/json-schema-ref-parser';
import { UpgradeIncompatibilityError, upgrade } from '@scalar/openapi-upgrader';
import { isObject } from '../json.ts';
import { escapePointerToken, parsePointer, resolvePointer } from '../pointer.ts';
import { DescriptionError } from './errors.ts';
import { parseFile, positionOf } from './parse.ts';
import { checkStructure } from './structure.ts';
import type { DescriptionProblem, JsonObject, LoadedDescription, OpenApiDocument, YamlTree } from './types.ts';
import { findRefs, refPointer } from './walk.ts';

/** At most this many problems are collected before the load stops (a broken file can have thousands). */
const MAX_PROBLEMS = 50;

/** A file read for the load: its text and parsed value. */
interface SourceFile {
  text: string;
  value: unknown;
  format: 'yaml' | 'json';
  tree?: YamlTree;
}

/** `https://…`, `http://…`, `urn:…`: a reference this loader will not fetch. */
function isRemote(filePart: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(filePart) && !/^file:/i.test(filePart) && !/^[a-z]:[\\/]/i.test(filePart);
}

/**
 * Reads a file's text for a load: the file system by default. A description as it was at a git revision
 * (spec-diff's `--base <ref>`) is read through another one. An error whose `code` is `ENOENT` means the
 * file does not exist; any other error's message is shown.
 */
export type FileReader = (file: string) => Promise<string>;

const readFromDisk: FileReader = (file) => readFile(file, 'utf8');

async function readSource(file: string, read: FileReader, keepTree = false): Promise<SourceFile> {
  let text: string;
  try {
    text = await read(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new DescriptionError([{ code: 'file-unreadable', file, detail: `cannot read the description: ${reason}` }]);
  }
  return { text, ...parseFile(text, file, keepTree) };
}

/** A problem located at a `$ref` of a file: line and column from the file's text. */
function refProblem(
  code: DescriptionProblem['code'],
  file: string,
  source: SourceFile,
  at: string[],
  ref: string,
  detail: string,
): DescriptionProblem {
  const pointer = refPointer({ ref, at });
  return {
    code,
    file,
    ...positionOf(source.text, pointer),
    pointer: pointer.replace(/\/\$ref$/, '') || '/',
    ref,
    detail,
  };
}

/**
 * Reads every file the entry references, transitively, and checks every `$ref`: the file exists and
 * parses, the JSON pointer leads somewhere, nothing points at the network. Returns the files read.
 * @throws {DescriptionError} with every problem found (at most {@link MAX_PROBLEMS})
 */
async function collectFiles(
  entry: string,
  entrySource: SourceFile,
  read: FileReader,
): Promise<Map<string, SourceFile>> {
  const files = new Map<string, SourceFile>([[entry, entrySource]]);
  const problems: DescriptionProblem[] = [];
  const queue = [entry];
  while (queue.length > 0 && problems.length < MAX_PROBLEMS) {
    const file = queue.shift() as string;
    const source = files.get(file) as SourceFile;
    for (const site of findRefs(source.value)) {
      if (problems.length >= MAX_PROBLEMS) break;
      const hash = site.ref.indexOf('#');
      const filePart = hash === -1 ? site.ref : site.ref.slice(0, hash);
      const fragment = hash === -1 ? '' : site.ref.slice(hash + 1);
      if (filePart && isRemote(filePart)) {
        problems.push(
          refProblem(
            'remote-ref',
            file,
            source,
            site.at,
            site.ref,
            `$ref "${site.ref}" points to a URL; the build reads no network: save the file beside the description and reference it by a relative path`,
          ),
        );
        continue;
      }
      let target = file;
      if (filePart) {
        target = filePart.startsWith('file:') ? fileURLToPath(filePart) : resolve(dirname(file), decodeURI(filePart));
        if (!files.has(target)) {
          try {
            files.set(target, await readSource(target, read));
            queue.push(target);
          } catch (error) {
            if (!(error instanceof DescriptionError)) throw error;
            const [first] = error.problems;
            if (first?.code === 'file-unreadable') {
              problems.push(
                refProblem(
                  'dangling-ref',
                  file,
                  source,
                  site.at,
                  site.ref,
                  `$ref "${site.ref}" points to a file that cannot be read (${target})`,
                ),
              );
            } else problems.push(...error.problems);
            continue;
          }
        }
      }
      // `#name` is a JSON Schema anchor, not a pointer: resolved by the schema's own rules.
      if (fragment !== '' && !fragment.startsWith('/')) continue;
      let found: unknown;
      try {
        found = resolvePointer((files.get(target) as SourceFile).value, parsePointer(`#${fragment}`));
      } catch {
        problems.push(
          refProblem('invalid-ref', file, source, site.at, site.ref, `$ref "${site.ref}" is not a valid JSON pointer`),
        );
        continue;
      }
      if (found === undefined) {
        const inFile = filePart ? ` in ${target}` : '';
        problems.push(
          refProblem('dangling-ref', file, source, site.at, site.ref, `$ref "${site.ref}" points to nothing${inFile}`),
        );
      }
    }
  }
  if (problems.length > 0) throw new DescriptionError(problems);
  return files;
}

/**
 * Bundles the files of a split description into one document with json-schema-ref-parser: each
 * external value is inlined at its first use and later uses point there, so a schema keeps the name it
 * has under `components` and circular references across files stay finite. Reads nothing itself: the
 * files come from {@link collectFiles}. The library is loaded here, on the first split description: a
 * one-file description (the common case, and every run of a command-line tool on one) never loads it.
 */
async function bundleFiles(entry: string, files: Map<string, SourceFile>): Promise<JsonObject> {
  const { bundle: bundleRefs } = await import('@apidevtools/json-schema-ref-parser');
  const pathOf = (url: string): string => (url.startsWith('file:') ? fileURLToPath(url) : resolve(url));
  const fromCache = {
    order: 1,
    canRead: true,
    read: (info: FileInfo) => {
      const file = files.get(pathOf(info.url));
      if (!file) throw new Error(`not read by the loader: ${info.url}`);
      return file.text;
    },
  };
  const parsed = {
    order: 1,
    canParse: true,
    parse: (info: FileInfo) => structuredClone((files.get(pathOf(info.url)) as SourceFile).value),
  };
  const value = structuredClone((files.get(entry) as SourceFile).value);
  return (await bundleRefs(entry, value as JsonObject, {
    resolve: { external: true, http: false, file: false, cache: fromCache },
    parse: { json: false, yaml: false, text: false, binary: false, cache: parsed },
    mutateInputSchema: true,
  })) as JsonObject;
}

/**
 * Replaces each `$ref` Path Item Object under `paths`, `webhooks` and `components.pathItems` with the
 * object it points to (sibling `summary`/`description` win, OpenAPI 3.1 §4.8.9), following chains.
 * A cycle leaves an empty path item and a warning instead of a crash.
 */
function resolvePathItemRefs(doc: JsonObject, file: string, warnings: DescriptionProblem[]): void {
  const containers: Array<[string, unknown]> = [
    ['/paths', doc.paths],
    ['/webhooks', doc.webhooks],
    ['/components/pathItems', isObject(doc.components) ? doc.components.pathItems : undefined],
  ];
  for (const [base, container] of containers) {
    if (!isObject(container)) continue;
    for (const [key, item] of Object.entries(container)) {
      if (!isObject(item) || typeof item.$ref !== 'string') continue;
      const seen = new Set<string>();
      let current: unknown = item;
      while (isObject(current) && typeof current.$ref === 'string' && current.$ref.startsWith('#')) {
        if (seen.has(current.$ref)) {
          warnings.push({
            code: 'dangling-ref',
            file,
            pointer: `${base}/${escapePointerToken(key)}`,
            ref: item.$ref,
            detail: `path item $ref "${item.$ref}" is circular; the path item has no operations`,
          });
          current = {};
          break;
        }
        seen.add(current.$ref);
        current = resolvePointer(doc, current.$ref);
      }
      const { $ref: _ref, ...siblings } = item;
      container[key] = { ...(isObject(current) ? current : {}), ...siblings };
    }
  }
}

/** `openapi` or `swagger` of a parsed entry, checked. */
function versionOf(value: unknown, file: string, text: string): string {
  if (!isObject(value)) {
    throw new DescriptionError([
      {
        code: 'not-openapi',
        file,
        detail: 'not an OpenAPI description: the file must hold an object with `openapi` (3.x) or `swagger` ("2.0")',
      },
    ]);
  }
  const raw = value.openapi ?? value.swagger;
  const version = typeof raw === 'number' ? String(raw) : raw;
  if (typeof version !== 'string') {
    throw new DescriptionError([
      {
        code: 'not-openapi',
        file,
        pointer: '',
        detail: 'not an OpenAPI description: no `openapi` (3.x) or `swagger` ("2.0") field at the top',
      },
    ]);
  }
  const supported = value.openapi !== undefined ? /^3\.[0-2](\.\d+)?(-.+)?$/.test(version) : /^2\.0$/.test(version);
  if (!supported) {
    const field = value.openapi !== undefined ? 'openapi' : 'swagger';
    throw new DescriptionError([
      {
        code: 'unsupported-version',
        file,
        pointer: `/${field}`,
        ...positionOf(text, `/${field}`),
        detail: `${field}: "${version}" is not a version this site reads (Swagger 2.0, OpenAPI 3.0, 3.1, 3.2)`,
      },
    ]);
  }
  return version;
}

/**
 * The loader's internal form of a bundled description (OpenAPI 3.2, path item `$ref`s resolved in place):
 * the last step of a load, also run on a description changed after loading (a translation's overlay).
 * @param source the bundled description in its own version (not changed: the upgrade works on a copy)
 * @throws {DescriptionError} code `upgrade` when it cannot be upgraded
 */
export function internalForm(
  source: JsonObject,
  entry: string,
  sourceVersion: string,
): { document: OpenApiDocument; warnings: DescriptionProblem[] } {
  const warnings: DescriptionProblem[] = [];
  let document: JsonObject;
  try {
    const result = upgrade(source, '3.2', { onIncompatible: 'collect' });
    document = result.document as unknown as JsonObject;
    for (const diagnostic of result.diagnostics) {
      warnings.push({ code: 'upgrade', file: entry, detail: `kept as OpenAPI 3.1: ${diagnostic.message}` });
    }
  } catch (error) {
    const detail =
      error instanceof UpgradeIncompatibilityError || error instanceof Error ? error.message : String(error);
    throw new DescriptionError([
      { code: 'upgrade', file: entry, detail: `cannot upgrade from ${sourceVersion}: ${detail}` },
    ]);
  }
  resolvePathItemRefs(document, entry, warnings);
  return { document: document as OpenApiDocument, warnings };
}

/**
 * Reads, bundles, checks and upgrades a description (the steps, in order, are the contract in
 * index.ts). Not cached; see {@link loadDescription}.
 * @param options.entryTree also return the entry file's YAML syntax tree (`entryTree`), for a caller that
 *   places values on their lines (spec-diff) without parsing the text a second time
 * @param options.read reads the entry and every file it references, by absolute path (default: the file
 *   system; spec-diff reads a git revision's files with `git show`)
 * @throws {DescriptionError} for every problem that stops the load
 */
export async function readDescription(
  path: string,
  options: { entryTree?: boolean; read?: FileReader } = {},
): Promise<LoadedDescription> {
  const entry = resolve(path);
  const read = options.read ?? readFromDisk;
  const entrySource = await readSource(entry, read, options.entryTree);
  const sourceVersion = versionOf(entrySource.value, entry, entrySource.text);
  const files = await collectFiles(entry, entrySource, read);
  const source = files.size > 1 ? await bundleFiles(entry, files) : (entrySource.value as JsonObject);
  const structure = checkStructure(source);
  if (structure.length > 0) {
    throw new DescriptionError(
      structure.map((p) => ({
        ...p,
        file: entry,
        ...(files.size === 1 && p.pointer !== undefined ? positionOf(entrySource.text, p.pointer) : {}),
      })),
    );
  }
  const { document, warnings } = internalForm(source, entry, sourceVersion);
  return {
    path: entry,
    text: entrySource.text,
    format: entrySource.format,
    sourceVersion,
    document,
    source,
    files: [...files.keys()],
    warnings,
    ...(entrySource.tree ? { entryTree: entrySource.tree } : {}),
  };
}

/**
 * Loaded descriptions by entry file, each kept while the file's modification time is unchanged. A
 * caller that shares loads among modules (a build: site/build-context.ts) keeps one and passes it; the
 * loader's own default is one per module instance.
 */
export type DescriptionCache = Map<string, { mtimeMs: number; loaded: Promise<LoadedDescription> }>;

const moduleCache: DescriptionCache = new Map();

/**
 * The description at `path`, loaded once per cache and file version: every caller sharing `cache` (a
 * build's config, pages, integrations and mock) shares one result while the entry file's modification
 * time is unchanged.
 * @param path the entry file
 * @param cache where loads are kept; default: this module's own
 * @throws {DescriptionError} when the description cannot be loaded (see {@link readDescription})
 */
export function loadDescription(path: string, cache: DescriptionCache = moduleCache): Promise<LoadedDescription> {
  const entry = resolve(path);
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(entry).mtimeMs;
  } catch {
    /* readDescription names the file */
  }
  const hit = cache.get(entry);
  if (hit && hit.mtimeMs === mtimeMs) return hit.loaded;
  const loaded = readDescription(entry);
  cache.set(entry, { mtimeMs, loaded });
  loaded.catch(() => cache.delete(entry));
  return loaded;
}

/** Forgets every description of the loader's own cache (tests). */
export function clearDescriptionCache(): void {
  moduleCache.clear();
}
