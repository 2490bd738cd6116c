/**
 * Child processes the build starts beside its own thread: their CPU priority and their environment.
 *
 * Those that work beside the build's own thread for most of its prerendering (the Open Graph cards'
 * drawing) run at a lower CPU priority than the build.
 *
 * Prerendering runs on the build's one thread, and the build's length is mostly that thread's. On a
 * machine with few cores (CI runners have two), a child that takes a core the thread wants slows every
 * page; a child at a lower priority still gets every cycle the thread leaves, so it finishes in the
 * build's time all the same, from the cores the build leaves idle. A short child whose memory should be
 * gone before the build's own grows (the in-browser mock's bundling of a large description) is better left
 * at the build's priority: slowed down, it ends beside the build's peak instead of before it.
 *
 * Every such child shares the build's compiled code ({@link childEnv}).
 */
import { getCompileCacheDir } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { basename, dirname } from 'node:path';

/** How much lower (in `nice` steps) a background child runs than the build. */
export const BACKGROUND_NICENESS = 10;

/** The lowest priority Linux and macOS give a process (`nice` 19). */
const LOWEST = 19;

/**
 * Lowers a child's CPU priority to {@link BACKGROUND_NICENESS} steps below this process's (at most
 * `nice` 19). Its own children inherit it.
 * @param pid the child's process id (undefined when it failed to start: nothing is done)
 * @returns whether the priority was lowered (false where the system refuses, as on some containers:
 *   the child then runs at the build's priority, which changes its speed, not its output)
 */
export function inBackground(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    setPriority(pid, Math.min(LOWEST, getPriority() + BACKGROUND_NICENESS));
    return true;
  } catch {
    return false;
  }
}

/**
 * The environment of a Node child process the build starts: this process's, with `extra` over it, and
 * Node's compile cache passed on (`NODE_COMPILE_CACHE`) when this process has one. Astro's command turns
 * the cache on for the build's own process (`module.enableCompileCache`, in the system's temporary folder),
 * but a child starts without it and compiles every module it loads again, TypeScript stripped of its types
 * included, which is much of a short child's CPU time (site/README.md "Build cost"). The cache holds
 * compiled code keyed by each file's contents, so a changed module is compiled again.
 * @param extra variables to set over this process's
 */
export function childEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  // Node names its own folder inside the one it was given, per Node version and architecture
  // (`<dir>/v24.1.0-x64-…`), and gives that folder back: a child given it would make another inside.
  const dir = getCompileCacheDir();
  const cache = dir && basename(dir).startsWith(`v${process.versions.node}-`) ? dirname(dir) : dir;
  return { ...process.env, ...(cache ? { NODE_COMPILE_CACHE: cache } : {}), ...extra };
}
