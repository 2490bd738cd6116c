/**
 * The edges of spec-diff that read: descriptions from files, and the base description from a git revision.
 *
 * `loadFile` is the one place that turns a file into a description. It emulates the shared loader's contract
 * (`spec/loader/`: `{path, text, format, sourceVersion, document, source}`, `document` upgraded to OpenAPI 3.2 by
 * @scalar/openapi-upgrader) until that loader is on the main branch; swapping it is a change to this function only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parse, YAMLParseError } from 'yaml';

type Obj = Record<string, unknown>;

/** A description as spec-diff uses it. */
export interface Description {
  path: string;
  text: string;
  format: 'yaml' | 'json';
  /** `2.0`, `3.0.x`, `3.1.x` or `3.2.x`. */
  sourceVersion: string;
  /** The description as written (its own OpenAPI version). */
  source: Obj;
  /** The description upgraded to OpenAPI 3.2: set by {@link withDocument} when a comparison needs it. */
  document?: Obj;
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

function versionFamily(doc: Obj): string | undefined {
  if (typeof doc.swagger === 'string' && doc.swagger.startsWith('2.')) return '2.0';
  const m = typeof doc.openapi === 'string' ? /^3\.([0-2])\./.exec(doc.openapi) : null;
  return m ? `3.${m[1]}.x` : undefined;
}

/**
 * Parses a description's text (JSON with `JSON.parse`, YAML with `yaml`) and checks it is an OpenAPI 2.0 or 3.x
 * description. Pure.
 * @param label the file name reports show
 * @throws {InputError} `description_invalid` with the line of a YAML or JSON syntax error when known
 */
export function parseDescription(text: string, label: string): Description {
  const format = text.trimStart().startsWith('{') ? 'json' : 'yaml';
  let source: unknown;
  try {
    source = format === 'json' ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
  } catch (err) {
    const line = err instanceof YAMLParseError ? err.linePos?.[0]?.line : undefined;
    throw new InputError(
      'description_invalid',
      `${label}${line ? `:${line}` : ''}: not valid ${format.toUpperCase()}: ${(err as Error).message.split('\n')[0]}`,
      { file: label, ...(line ? { line } : {}) },
    );
  }
  if (typeof source !== 'object' || source === null || Array.isArray(source))
    throw new InputError('description_invalid', `${label}: not an OpenAPI description (not an object)`, {
      file: label,
    });
  const doc = source as Obj;
  const sourceVersion = versionFamily(doc);
  if (!sourceVersion)
    throw new InputError(
      'description_invalid',
      `${label}: not an OpenAPI description: expected "openapi: 3.x.y" or "swagger: '2.0'" (found ${JSON.stringify(doc.openapi ?? doc.swagger ?? null)})`,
      { file: label },
    );
  if (typeof doc.paths !== 'object' && typeof doc.webhooks !== 'object')
    throw new InputError('description_invalid', `${label}: not an OpenAPI description: no "paths"`, { file: label });
  return { path: label, text, format, sourceVersion, source: doc };
}

/**
 * The description with its OpenAPI 3.2 form (`document`), upgraded by @scalar/openapi-upgrader as the shared loader
 * does. The upgrader is imported only here, on demand: most comparisons (both sides in the same 3.0 or 3.1
 * version) never need it, and loading it costs half a second.
 */
export async function withDocument(d: Description): Promise<Description> {
  if (d.document) return d;
  const { upgrade } = await import('@scalar/openapi-upgrader');
  const r = upgrade(structuredClone(d.source), '3.2', { onIncompatible: 'collect' }) as unknown as Obj;
  d.document = (isObj(r.document) ? r.document : r) as Obj;
  return d;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a description file. The swap point for the shared loader.
 * @param label how reports name the file (default: the path)
 * @throws {InputError} `file_unreadable` or `description_invalid`
 */
export function loadFile(path: string, label: string = path): Description {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new InputError(
      'file_unreadable',
      `cannot read ${label}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      {
        file: label,
      },
    );
  }
  return parseDescription(text, label);
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
 * The base description: a file when `base` names one, else the description at that git revision
 * (`git show <commit>:<path>`); without `base`, at the merge-base of HEAD with `origin/main` or `main`.
 *
 * Only the root file is read at a revision: a description split over several files (external `$ref`s) is not
 * assembled from git; check that revision out and pass its file instead.
 *
 * @param headPath the head description's file (its path inside the repository is the one read at the revision)
 * @throws {InputError} `base_not_found` (no such file or revision, no main branch), `git` (not a repository)
 */
export function readBase(base: string | undefined, headPath: string, cwd: string, git: GitRunner = runGit): BaseSource {
  if (base !== undefined && existsSync(resolve(cwd, base)) && statSync(resolve(cwd, base)).isFile())
    return { description: loadFile(resolve(cwd, base), base), label: base };
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
  const repoPath = relative(top, resolve(cwd, headPath)).split('\\').join('/');
  if (repoPath.startsWith('..'))
    throw new InputError('base_not_found', `--head ${headPath} is outside the repository ${top}: pass --base <file>`);
  let text: string;
  try {
    text = git(['show', `${commit}:${repoPath}`], top);
  } catch {
    throw new InputError('base_not_found', `${repoPath} does not exist at ${ref} (commit ${commit.slice(0, 12)})`);
  }
  const label = `${base === undefined ? commit.slice(0, 12) : ref}:${repoPath}`;
  // Through a file, so that the shared loader (which reads paths) can take over unchanged.
  const dir = mkdtempSync(join(tmpdir(), 'spec-diff-'));
  try {
    const file = join(dir, basename(repoPath));
    writeFileSync(file, text);
    return { description: loadFile(file, label), label, commit };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
