/**
 * What the CLI's commands share: the injected I/O (tests run the CLI in-process), how paths are shown, the
 * build date, colour.
 */
import { relative } from 'node:path';
import { buildDate as dateOfBuild } from '../../descriptions/dates.ts';
import type { ApiReader } from './apis/read.ts';
import { UsageError } from './errors.ts';
import type { GitRunner } from './load.ts';

/** Where the CLI writes and what it reads (injected so tests run it in-process). */
export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /** git, for `--base <ref>` (default: the git on PATH). */
  git?: GitRunner;
  /** The site's APIs (default: the configuration evaluated in a child process, apis/read.ts). */
  apis?: ApiReader;
}

/** A path as messages show it: relative to the working directory when inside it, else absolute. */
export function shown(path: string, cwd: string): string {
  const r = relative(cwd, path);
  return r && !r.startsWith('..') ? r.split('\\').join('/') : path;
}

/** The date sunsets are judged against: `BUILD_DATE` (YYYY-MM-DD) or today (UTC). @throws {UsageError} */
export function buildDate(env: Record<string, string | undefined>, now: Date = new Date()): string {
  try {
    return dateOfBuild(env, now);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** Colour on a terminal, unless `NO_COLOR` is set (https://no-color.org). */
export const useColor = (io: Io): boolean =>
  Boolean(io.stdout.isTTY) && !(io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '');

/** A progress line on stderr, only on a terminal (scripts and CI logs read the result alone). */
export function progressOn(io: Io): { progress?: (message: string) => void } {
  return io.stderr.isTTY ? { progress: (message) => io.stderr.write(`spec-diff: ${message}…\n`) } : {};
}
