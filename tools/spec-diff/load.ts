/**
 * The edges of spec-diff that read: descriptions from files through the shared loader (descriptions/loader/), and the
 * base description from a git revision.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import {
  isAsyncApiFile,
  type LoadedEventDescription,
  loadEventDescription,
} from '../../descriptions/asyncapi/index.ts';
import type { JsonObject } from '../../descriptions/json.ts';
import {
  DescriptionError,
  type DescriptionProblem,
  type FileReader,
  readDescription,
  type YamlTree,
} from '../../descriptions/loader/index.ts';

/** A description as spec-diff uses it. */
export interface Description {
  /** How reports name it (a path relative to the working directory, or `<ref>:<path>`). */
  path: string;
  text: string;
  format: 'yaml' | 'json';
  /** `2.0`, `3.0.x`, `3.1.x` or `3.2.x`. */
  sourceVersion: string;
  /** The description in its own version, external `$ref`s bundled in. */
  source: JsonObject;
  /** The loader's internal form, OpenAPI 3.2. */
  document: JsonObject;
  /** The YAML syntax tree of `text` the loader parsed (YAML only): where changes are written, without a second parse. */
  tree?: YamlTree;
  /** Whether the description is split over several files (relative `$ref`s to other files). */
  split?: boolean;
  /** Stands for a description that does not exist at the base revision (core/run.ts `absentBase`). */
  absent?: true;
  /**
   * An event API's description (AsyncAPI 2.x or 3.x), as the AsyncAPI loader read it: then `source` is the
   * document as written, `document` its resolved 3.x form, and `sourceVersion` is `asyncapi <version>`.
   */
  event?: LoadedEventDescription;
}

/**
 * An input error (exit 2): a file that cannot be read, a description that is not one, a git revision that does not
 * exist. `code` is stable: `base_not_found`, `file_unreadable`, `description_invalid`, `git`.
 */
export class InputError extends Error {
  readonly code: 'base_not_found' | 'file_unreadable' | 'description_invalid' | 'git';
  readonly file?: string;
  readonly line?: number;
  constructor(code: InputError['code'], message: string, where: { file?: string; line?: number } = {}) {
    super(message);
    this.code = code;
    if (where.file !== undefined) this.file = where.file;
    if (where.line !== undefined) this.line = where.line;
  }
}

/** `3.0.3` → `3.0.x`; `2.0` stays. */
function family(version: string): string {
  const m = /^3\.([0-2])/.exec(version);
  return m ? `3.${m[1]}.x` : version;
}

/**
 * Reads a description file with the shared loader (YAML or JSON, Swagger 2.0 to OpenAPI 3.2, split files bundled,
 * upgraded to 3.2), or with the AsyncAPI loader when it is an event API's (an `asyncapi` field: 2.x upgraded to
 * 3.0, validated by `@asyncapi/parser`). Not the loader's per-process cache: a base and a head may be the same path at two moments.
 * @param label how reports name the file (default: the path)
 * @param from where the files come from, when not the file system: `read` (see the loader's `FileReader`) and
 *   `name`, how errors name a file other than the entry (`main:spec/schemas/pet.yaml`)
 * @throws {InputError} `file_unreadable` or `description_invalid`, naming the file and line
 */
export async function loadFile(
  path: string,
  label: string = path,
  from: { read?: FileReader; name?: (file: string) => string } = {},
): Promise<Description> {
  try {
    if (await isAsyncApiFile(path, from.read)) {
      const e = await loadEventDescription(path, from.read ? { read: from.read } : {});
      return {
        path: label,
        text: e.text,
        format: e.format,
        sourceVersion: `asyncapi ${e.sourceVersion}`,
        source: e.source,
        document: e.resolved,
        event: e,
      };
    }
    const d = await readDescription(path, { entryTree: true, ...(from.read ? { read: from.read } : {}) });
    return {
      path: label,
      text: d.text,
      format: d.format,
      sourceVersion: family(d.sourceVersion),
      source: d.source,
      document: d.document,
      ...(d.entryTree ? { tree: d.entryTree } : {}),
      ...(d.files.length > 1 ? { split: true } : {}),
    };
  } catch (err) {
    if (!(err instanceof DescriptionError)) throw err;
    const p = err.problems[0] as DescriptionProblem;
    const entry = resolve(path);
    const inEntry = resolve(p.file) === entry;
    const file = inEntry ? label : (from.name?.(p.file) ?? p.file);
    const where = `${file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}`;
    const more = err.problems.length > 1 ? ` (and ${err.problems.length - 1} more)` : '';
    const message = `${where}: ${p.detail}${p.pointer ? ` (at ${p.pointer})` : ''}${more}`;
    throw new InputError(p.code === 'file-unreadable' && inEntry ? 'file_unreadable' : 'description_invalid', message, {
      file,
      ...(p.line ? { line: p.line } : {}),
    });
  }
}

/** Runs git; injected so tests can stub it. Returns stdout, throws with stderr on a non-zero exit. */
export type GitRunner = (args: string[], cwd: string) => string;

/** The real git. */
export const runGit: GitRunner = (args, cwd) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });

function tryGit(git: GitRunner, args: string[], cwd: string): string | undefined {
  try {
    return git(args, cwd).trim();
  } catch {
    return undefined;
  }
}

/** Where the base description comes from. */
export interface BaseSource {
  description: Description;
  /** `<ref>:<path>` or the file path. */
  label: string;
  commit?: string;
}

/**
 * The base of a run, decided once for every description it compares: a file, or a commit of the repository.
 * `at` is how labels name the revision: the ref as given, or the merge-base's short hash.
 */
export type BaseRef =
  | { kind: 'file'; path: string; label: string }
  | { kind: 'revision'; top: string; ref: string; commit: string; at: string };

/**
 * The entry description does not exist at the base revision (a file it refers to missing is a plain
 * {@link InputError}): on a site of several APIs, an API that is new since the base.
 */
export class AbsentAtBaseError extends InputError {
  /** How the base side is named: `<ref>:<path>`. */
  readonly label: string;
  constructor(message: string, label: string) {
    super('base_not_found', message);
    this.label = label;
  }
}

/**
 * Decides the base: a file when `base` names one, else a git revision; without `base`, the merge-base of HEAD
 * with `origin/main` or `main`.
 * @throws {InputError} `base_not_found` (no such file or revision, no main branch), `git` (not a repository)
 */
export function resolveBase(base: string | undefined, cwd: string, git: GitRunner = runGit): BaseRef {
  if (base !== undefined && existsSync(resolve(cwd, base)) && statSync(resolve(cwd, base)).isFile())
    return { kind: 'file', path: resolve(cwd, base), label: base };
  const top = tryGit(git, ['rev-parse', '--show-toplevel'], cwd);
  if (top === undefined)
    throw new InputError(
      base === undefined ? 'git' : 'base_not_found',
      base === undefined
        ? `no --base given and ${cwd} is not in a git repository: pass --base <file>`
        : `--base ${base}: no such file, and ${cwd} is not in a git repository to look it up as a revision`,
    );
  let ref = base;
  if (ref === undefined) {
    for (const branch of ['origin/main', 'main']) {
      const mb = tryGit(git, ['merge-base', 'HEAD', branch], cwd);
      if (mb) {
        ref = mb;
        break;
      }
    }
    if (ref === undefined)
      throw new InputError(
        'base_not_found',
        'no --base given and no merge-base of HEAD with origin/main or main (a shallow clone? fetch the base, or pass --base <ref|file>)',
      );
  }
  const commit = tryGit(git, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd);
  if (!commit) throw new InputError('base_not_found', `--base ${ref}: neither a file nor a git revision of ${top}`);
  return { kind: 'revision', top, ref, commit, at: base === undefined ? commit.slice(0, 12) : ref };
}

/**
 * The base description: a file when `base` names one, else the description at that git revision
 * (`git show <commit>:<path>`, for the entry and for every file it references by relative `$ref`, transitively);
 * without `base`, at the merge-base of HEAD with `origin/main` or `main`.
 *
 * @param headPath the head description's file (its path inside the repository is the one read at the revision)
 * @throws {InputError} `base_not_found` (no such file or revision, no main branch, the entry or a file it refers to
 *   missing at the revision: {@link AbsentAtBaseError} for the entry), `git` (not a repository),
 *   `description_invalid` (not a valid description there)
 */
export async function readBase(
  base: string | undefined,
  headPath: string,
  cwd: string,
  git: GitRunner = runGit,
): Promise<BaseSource> {
  return readBaseAt(resolveBase(base, cwd, git), headPath, cwd, git);
}

/**
 * The base description of `headPath` at a base {@link resolveBase} decided.
 * @param what how an error names the head when it lies outside the repository (default `--head <path>`)
 * @throws {InputError} as {@link readBase}
 */
export async function readBaseAt(
  base: BaseRef,
  headPath: string,
  cwd: string,
  git: GitRunner = runGit,
  what = `--head ${headPath}`,
): Promise<BaseSource> {
  if (base.kind === 'file') return { description: await loadFile(base.path, base.label), label: base.label };
  const { top, ref, commit, at } = base;
  const repoPath = relative(top, resolve(cwd, headPath)).split('\\').join('/');
  if (repoPath.startsWith('..'))
    throw new InputError('base_not_found', `${what} is outside the repository ${top}: pass --base <file>`);
  const label = `${at}:${repoPath}`;
  // Every file the description references is read at the revision too (`git show <commit>:<path>`), through the
  // shared loader's reader: paths inside the work tree stand for the same paths in the revision's tree.
  const missing: string[] = [];
  const inRepo = (file: string): string => relative(top, file).split(sep).join('/');
  const read: FileReader = async (file) => {
    const path = inRepo(file);
    if (path.startsWith('..')) {
      missing.push(file);
      throw Object.assign(new Error(`outside the repository ${top}`), { code: 'ENOENT' });
    }
    try {
      return git(['show', `${commit}:${path}`], top);
    } catch {
      missing.push(path);
      throw Object.assign(new Error(`no such file at ${at}`), { code: 'ENOENT' });
    }
  };
  try {
    const description = await loadFile(resolve(top, repoPath), label, { read, name: (f) => `${at}:${inRepo(f)}` });
    return { description, label, commit };
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    const [first] = missing;
    if (first === repoPath)
      throw new AbsentAtBaseError(`${repoPath} does not exist at ${ref} (commit ${commit.slice(0, 12)})`, label);
    if (first !== undefined)
      throw new InputError(
        'base_not_found',
        `${first} does not exist at ${ref} (commit ${commit.slice(0, 12)}), but ${err.file ?? label}${err.line ? `:${err.line}` : ''} refers to it there`,
        { ...(err.file ? { file: err.file } : {}), ...(err.line ? { line: err.line } : {}) },
      );
    throw err;
  }
}

/**
 * Refuses a comparison of an AsyncAPI description with an OpenAPI one: spec-diff compares two versions of one
 * kind of description.
 * @throws {InputError} `description_invalid`, naming both files and their kinds
 */
export function checkSameKind(base: Description, head: Description): void {
  if (Boolean(base.event) === Boolean(head.event)) return;
  const kind = (d: Description) => (d.event ? 'an AsyncAPI' : 'an OpenAPI');
  throw new InputError(
    'description_invalid',
    `${base.path} is ${kind(base)} description and ${head.path} ${kind(head)} one: spec-diff compares two versions of one kind of description`,
  );
}
