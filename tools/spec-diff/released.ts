/**
 * The folder of released descriptions beside the changelog: `released/<version>.yaml` (or `.json`), one file per
 * release, each the bundled description as released. The site reads a history as the changelog file plus these
 * files; `spec:release` reads the newest as the base of the next release and adds one file per release, never
 * overwriting or deleting one. Writes are atomic: every file is written in full under a temporary name first.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The extensions a released description may have, in the order they are looked for. */
export const RELEASED_EXTENSIONS = ['.yaml', '.json'] as const;

/** The default folder of released descriptions: `released/` beside the changelog file. */
export function defaultReleasedDir(changelogPath: string): string {
  return join(dirname(changelogPath), 'released');
}

/**
 * Why `version` cannot name a file in the released folder, or undefined when it can: letters, digits, `.`, `_`, `+`
 * and `-`, starting with a letter or digit (every Semantic Versioning 2.0.0 version qualifies).
 */
export function versionFileProblem(version: string): string | undefined {
  if (/^[A-Za-z0-9][A-Za-z0-9._+-]*$/.test(version) && !version.includes('..')) return undefined;
  return `version ${JSON.stringify(version)} cannot name a file in the released folder: use letters, digits, ".", "_", "+" and "-" (e.g. 1.2.0)`;
}

/** The released description of `version` in `dir` that exists (`<version>.yaml` before `<version>.json`), if any. */
export function findReleasedFile(dir: string, version: string): string | undefined {
  return RELEASED_EXTENSIONS.map((ext) => join(dir, `${version}${ext}`)).find((f) => existsSync(f));
}

/** One file to write: `create` files must not exist yet; `replace` files may. */
export interface PlannedWrite {
  path: string;
  text: string;
  mode: 'create' | 'replace';
}

/** A `create` write whose file appeared meanwhile: nothing of the batch was written. */
export class FileExistsError extends Error {
  readonly path: string;
  constructor(path: string) {
    super(`${path} already exists`);
    this.path = path;
  }
}

/**
 * Writes files all or nothing, as far as a file system allows: each text goes to a temporary file beside its
 * target (a per-write name, so two runs never share one), then the `create` files are linked into place (a hard
 * link fails when the target exists, so nothing is overwritten), then the `replace` files are renamed over theirs.
 * When a step fails, the files already put in place by this call are removed again (a replaced file cannot be
 * restored, so `replace` files go last) and the temporary files are deleted.
 * @throws {FileExistsError} when a `create` target exists; any file system error otherwise
 */
export function writeAllOrNothing(writes: readonly PlannedWrite[]): void {
  const staged: { write: PlannedWrite; tmp: string }[] = [];
  const created: string[] = [];
  try {
    for (const write of writes) {
      mkdirSync(dirname(write.path), { recursive: true });
      const tmp = join(dirname(write.path), `.${basename(write.path)}.${randomUUID()}.tmp`);
      staged.push({ write, tmp });
      writeFileSync(tmp, write.text);
    }
    const ordered = [
      ...staged.filter((s) => s.write.mode === 'create'),
      ...staged.filter((s) => s.write.mode === 'replace'),
    ];
    for (const { write, tmp } of ordered) {
      if (write.mode === 'replace') {
        renameSync(tmp, write.path);
        continue;
      }
      try {
        linkSync(tmp, write.path);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') throw new FileExistsError(write.path);
        // A file system without hard links: check, then rename (not atomic against a concurrent writer).
        if (existsSync(write.path)) throw new FileExistsError(write.path);
        renameSync(tmp, write.path);
      }
      created.push(write.path);
    }
  } catch (err) {
    for (const path of created) rmSync(path, { force: true });
    throw err;
  } finally {
    for (const { tmp } of staged) rmSync(tmp, { force: true });
  }
}
