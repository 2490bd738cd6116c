/**
 * The edges of spec-diff that read: descriptions from files through the shared loader (spec/loader/), and the
 * base description from a git revision.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { DescriptionError, type DescriptionProblem, readDescription, type YamlTree } from '../../spec/loader/index.ts';

type Obj = Record<string, unknown>;

/** A description as spec-diff uses it. */
export interface Description {
  /** How reports name it (a path relative to the working directory, or `<ref>:<path>`). */
  path: string;
  text: string;
  format: 'yaml' | 'json';
  /** `2.0`, `3.0.x`, `3.1.x` or `3.2.x`. */
  sourceVersion: string;
  /** The description in its own version, external `$ref`s bundled in. */
  source: Obj;
  /** The loader's internal form, OpenAPI 3.2. */
  document: Obj;
  /** The YAML syntax tree of `text` the loader parsed (YAML only): where changes are written, without a second parse. */
  tree?: YamlTree;
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
 * upgraded to 3.2). Not the loader's per-process cache: a base and a head may be the same path at two moments.
 * @param label how reports name the file (default: the path)
 * @throws {InputError} `file_unreadable` or `description_invalid`, naming the file and line
 */
export async function loadFile(path: string, label: string = path): Promise<Description> {
  try {
    const d = await readDescription(path, { entryTree: true });
    return {
      path: label,
      text: d.text,
      format: d.format,
      sourceVersion: family(d.sourceVersion),
      source: d.source,
      document: d.document,
      ...(d.entryTree ? { tree: d.entryTree } : {}),
    };
  } catch (err) {
    if (!(err instanceof DescriptionError)) throw err;
    const p = err.problems[0] as DescriptionProblem;
    const entry = resolve(path);
    const inEntry = resolve(p.file) === entry;
    const file = inEntry ? label : p.file;
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
 * The base description: a file when `base` names one, else the description at that git revision
 * (`git show <commit>:<path>`); without `base`, at the merge-base of HEAD with `origin/main` or `main`.
 *
 * Only the root file is read at a revision: a description split over several files (external `$ref`s) is not
 * assembled from git; check that revision out and pass its file instead.
 *
 * @param headPath the head description's file (its path inside the repository is the one read at the revision)
 * @throws {InputError} `base_not_found` (no such file or revision, no main branch), `git` (not a repository)
 */
export async function readBase(
  base: string | undefined,
  headPath: string,
  cwd: string,
  git: GitRunner = runGit,
): Promise<BaseSource> {
  if (base !== undefined && existsSync(resolve(cwd, base)) && statSync(resolve(cwd, base)).isFile())
    return { description: await loadFile(resolve(cwd, base), base), label: base };
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
    try {
      return { description: await loadFile(file, label), label, commit };
    } catch (err) {
      // Only the root file is there: a description split over several files cannot be read at a revision.
      if (err instanceof InputError && err.file !== label)
        throw new InputError(
          'base_not_found',
          `${label} refers to other files (${err.message.replace(dir, '…')}): a description split over several files cannot be read at a git revision; check the revision out and pass its file with --base`,
        );
      throw err;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
